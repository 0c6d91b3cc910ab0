import { Tag, Tooltip } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { transferSlipPrintRoute, type TransactionDeclaration, type TSlipDelivery } from '@tonnage/contracts';
import { useAgencyPath } from '../../app/navigation';

/**
 * "Delivered to" of a record that may travel on a transfer slip (a loan, a loan return, a sale, a consignee transfer):
 * the slip's destination and number, in transit or received, and the link to the slip's print page; "In place" when
 * the record moved nothing.
 */
export function DeliveredTo({
  declaration,
  recordId,
  delivery,
  testId,
}: {
  declaration: Pick<TransactionDeclaration, 'route'>;
  recordId: number;
  delivery: Pick<TSlipDelivery, 'toLocationName' | 'slipNumber' | 'received'> | null;
  testId: string;
}) {
  const { t } = useTranslation();
  const agencyPath = useAgencyPath();
  if (delivery === null) return <span data-testid={`${testId}-in-place`}>{t('loans.inPlace')}</span>;
  return (
    <span data-testid={testId} style={{ whiteSpace: 'nowrap', paddingInlineEnd: 8 }}>
      <bdi>{t('warehouseTransfer.deliveredToLine', { place: delivery.toLocationName, slip: delivery.slipNumber })}</bdi>{' '}
      <Tag color={delivery.received ? 'green' : 'gold'}>{t(delivery.received ? 'warehouseTransfer.receivedStates.delivered' : 'warehouseTransfer.receivedStates.inTransit')}</Tag>
      <Tooltip title={t('warehouseTransfer.printSlip')}>
        <Link to={agencyPath(transferSlipPrintRoute(declaration, recordId))} aria-label={t('warehouseTransfer.printSlip')} data-testid={`${testId}-print`}>
          <PrinterOutlined />
        </Link>
      </Tooltip>
    </span>
  );
}
