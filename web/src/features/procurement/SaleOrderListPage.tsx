import { useState } from 'react';
import { Button, Select, Tooltip } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { saleOrderTransaction, type TSaleOrder } from '@tonnage/contracts';
import { formatDate } from '../../app/format';
import { useAgencyPath } from '../../app/navigation';
import { transactionKeys } from '../../components/transactions/hooks';
import { TransactionListPage } from '../../components/transactions/TransactionListPage';
import { procurementKeys } from './procurement-api';
import { useCompanyOptions } from './procurement-options';
import { SaleOrderDrawer } from './SaleOrderDrawer';

const idOf = (text: string | undefined): number | undefined => (text !== undefined && /^\d+$/.test(text) ? Number(text) : undefined);

/** A company filter (sellers or buyers of the agency data), bound to the list's URL. */
function CompanyFilter({ type, value, onChange, placeholder, label, testId }: { type: 'seller' | 'buyer'; value: string | undefined; onChange: (id: number | undefined) => void; placeholder: string; label: string; testId: string }) {
  const companies = useCompanyOptions(type);
  return (
    <Select<number>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      value={idOf(value)}
      onChange={(id) => onChange(id)}
      options={companies.options}
      loading={companies.loading}
      placeholder={placeholder}
      aria-label={label}
      className="list-filter"
      data-testid={testId}
    />
  );
}

/** `saleOrder`: the declared list; add and edit in a drawer, reverse with a reason, and the documents of each order. */
export default function SaleOrderListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const agencyPath = useAgencyPath();
  const [editing, setEditing] = useState<TSaleOrder | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const openDrawer = (row: TSaleOrder | null) => {
    setEditing(row);
    setDrawerOpen(true);
  };

  return (
    <TransactionListPage
      declaration={saleOrderTransaction}
      renderers={{
        delivery: (row) => (row.deliveryFrom || row.deliveryTo ? <bdi>{`${formatDate(row.deliveryFrom)} – ${formatDate(row.deliveryTo)}`}</bdi> : ''),
      }}
      filterControls={{
        sellerId: (value, set) => <CompanyFilter type="seller" value={value} onChange={set} placeholder={t('procurement.allSellers')} label={t('procurement.seller')} testId="sale-orders-filter-seller" />,
        buyerId: (value, set) => <CompanyFilter type="buyer" value={value} onChange={set} placeholder={t('procurement.allBuyers')} label={t('procurement.buyer')} testId="sale-orders-filter-buyer" />,
      }}
      onAdd={() => openDrawer(null)}
      onEdit={openDrawer}
      rowActions={(row) => (
        <Tooltip title={t('procurement.documents')}>
          <Link to={agencyPath(`saleOrder/${row.id}/documents`)} aria-label={t('procurement.documents')} data-testid="sale-order-documents">
            <Button type="text" icon={<FileTextOutlined />} />
          </Link>
        </Tooltip>
      )}
      reverse={{ title: (row) => t('procurement.reverseSaleOrder', { number: row.number }) }}
    >
      <SaleOrderDrawer
        open={drawerOpen}
        saleOrder={editing}
        onClose={() => setDrawerOpen(false)}
        onSaved={() => {
          setDrawerOpen(false);
          // The list, and the sale order pickers of the consignment drawer.
          for (const queryKey of [transactionKeys(saleOrderTransaction).all, procurementKeys.saleOrders]) void queryClient.invalidateQueries({ queryKey });
        }}
      />
    </TransactionListPage>
  );
}
