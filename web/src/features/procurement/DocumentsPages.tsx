import { Button } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { entryPermission, parseId, useCan } from '../../app/guards';
import { useAgencyPath } from '../../app/navigation';
import { DocumentsPanel } from '../../components/cargo/documents/DocumentsPanel';
import { PageHeader } from '../../components/PageHeader';
import { useConsignment, useSaleOrder } from './procurement-api';

function BackLink({ to }: { to: string }) {
  const { t, i18n } = useTranslation();
  const agencyPath = useAgencyPath();
  // The arrow points back in the reading direction.
  const icon = i18n.dir() === 'rtl' ? <ArrowRightOutlined /> : <ArrowLeftOutlined />;
  return (
    <Link to={agencyPath(to)} aria-label={t('procurement.back')} data-testid="documents-back">
      <Button type="text" icon={icon} />
    </Link>
  );
}

/** `saleOrder/{saleOrderId}/documents`. */
export function SaleOrderDocumentsPage() {
  const { t } = useTranslation();
  const id = parseId(useParams().saleOrderId);
  const saleOrder = useSaleOrder(id);
  const canAttach = useCan(`${entryPermission('saleOrder', 'add')},${entryPermission('saleOrder', 'edit')}`);
  const canDelete = useCan(`${entryPermission('saleOrder', 'edit')},${entryPermission('saleOrder', 'reverse')}`);
  if (id === null) return null;
  return (
    <div className="page" data-testid="sale-order-documents-page">
      <PageHeader back={<BackLink to="saleOrder" />} title={t('procurement.saleOrderDocuments', { number: saleOrder.data?.number ?? '' })} />
      <DocumentsPanel base={`/api/saleOrder/${id}`} canAttach={canAttach && saleOrder.data?.status === 'Active'} canDelete={canDelete} testIdPrefix="sale-order-document" />
    </div>
  );
}

/** `consignments/{consignmentId}/documents`. */
export function ConsignmentDocumentsPage() {
  const { t } = useTranslation();
  const id = parseId(useParams().consignmentId);
  const consignment = useConsignment(id);
  const canAttach = useCan(`${entryPermission('consignments', 'add')},${entryPermission('consignments', 'edit')}`);
  const canDelete = useCan(`${entryPermission('consignments', 'edit')},${entryPermission('consignments', 'reverse')}`);
  if (id === null) return null;
  return (
    <div className="page" data-testid="consignment-documents-page">
      <PageHeader back={<BackLink to="consignments" />} title={t('procurement.consignmentDocuments', { number: consignment.data?.LCPONumber ?? '' })} />
      <DocumentsPanel base={`/api/consignments/${id}`} canAttach={canAttach && consignment.data?.status === 'Active'} canDelete={canDelete} testIdPrefix="consignment-document" />
    </div>
  );
}
