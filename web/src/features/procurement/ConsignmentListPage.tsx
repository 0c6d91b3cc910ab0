import { useState } from 'react';
import { Button, Space, Statistic, Tag, Tooltip } from 'antd';
import { AuditOutlined, FileTextOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { consignmentTransaction, LC_RECONCILIATION_KEY, LC_RECONCILIATION_MODULE, permissionFlag, saleOrderTransaction, ZConsignmentTotal, type TConsignment } from '@tonnage/contracts';
import { apiOrThrow, type Query } from '../../app/api';
import { formatQuantity } from '../../app/format';
import { useCan } from '../../app/guards';
import { useAgencyPath } from '../../app/navigation';
import { ConsigneePicker } from '../../components/pickers';
import { transactionKeys } from '../../components/transactions/hooks';
import { TransactionListPage } from '../../components/transactions/TransactionListPage';
import { ConsignmentDrawer } from './ConsignmentDrawer';
import { procurementKeys } from './procurement-api';
import { SaleOrderSelect } from './procurement-options';

const idOf = (text: string | undefined): number | undefined => (text !== undefined && /^\d+$/.test(text) ? Number(text) : undefined);
const singleId = (value: number | number[] | undefined): number | undefined => (typeof value === 'number' ? value : undefined);

/** The list's filters without its page: what the total is asked for. */
function withoutPage(query: Readonly<Record<string, unknown>>): Query {
  const { page: _page, limit: _limit, ...filters } = query;
  return filters as Query;
}

/** `GET /api/consignments/total-quantity` for the list's filters: total MT and count, '—' when it cannot be loaded. */
function ConsignmentTotals({ query }: { query: Readonly<Record<string, unknown>> }) {
  const { t } = useTranslation();
  const filters = withoutPage(query);
  const total = useQuery({
    queryKey: [...transactionKeys(consignmentTransaction).all, 'total', filters],
    queryFn: ({ signal }) => apiOrThrow('/api/consignments/total-quantity', { schema: ZConsignmentTotal, signal, query: filters }),
    placeholderData: keepPreviousData,
  });
  return (
    <Space size="large" className="list-summary" data-testid="consignments-total">
      <Statistic
        title={t('procurement.totalQuantity')}
        value={total.isError ? '—' : formatQuantity(total.data?.totalQuantity ?? '0')}
        loading={total.isPending}
        valueRender={(node) => <bdi data-testid="consignments-total-quantity">{node}</bdi>}
      />
      <Statistic title={t('procurement.consignments')} value={total.isError ? '—' : (total.data?.count ?? 0)} loading={total.isPending} valueRender={(node) => <bdi data-testid="consignments-total-count">{node}</bdi>} />
    </Space>
  );
}

/** `consignments`: the declared list of LCs and POs with the total quantity; add and edit in a drawer; reverse; documents. */
export default function ConsignmentListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const agencyPath = useAgencyPath();
  const [, setParams] = useSearchParams();
  const [editing, setEditing] = useState<TConsignment | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const mayReconcile = useCan(permissionFlag(LC_RECONCILIATION_MODULE, 'view'));
  const openDrawer = (row: TConsignment | null) => {
    setEditing(row);
    setDrawerOpen(true);
  };

  return (
    <TransactionListPage
      declaration={consignmentTransaction}
      renderers={{
        type: (row) => <Tag color={row.type === 'lc' ? 'blue' : 'purple'}>{t(row.type === 'lc' ? 'procurement.lc' : 'procurement.po')}</Tag>,
      }}
      filterControls={{
        saleOrderId: (value, set) => (
          <SaleOrderSelect
            allowClear
            value={idOf(value) ?? null}
            onChange={(saleOrderId) => set(saleOrderId ?? undefined)}
            placeholder={t('procurement.allSaleOrders')}
            aria-label={t('procurement.saleOrder')}
            className="list-filter"
            data-testid="consignments-filter-sale-order"
          />
        ),
        blConsigneeId: (value, set) => (
          <ConsigneePicker
            mode="consignee"
            value={idOf(value) ?? null}
            onChange={(picked) => set(singleId(picked))}
            placeholder={t('procurement.allConsignees')}
            aria-label={t('procurement.blConsignee')}
            className="list-filter"
            data-testid="consignments-filter-consignee"
          />
        ),
        shipmentManagerId: (value, set) => (
          <ConsigneePicker
            mode="sm"
            value={idOf(value) ?? null}
            onChange={(picked) => set(singleId(picked))}
            placeholder={t('procurement.allShipmentManagers')}
            aria-label={t('procurement.shipmentManager')}
            className="list-filter"
            data-testid="consignments-filter-shipment-manager"
          />
        ),
      }}
      extraFilters={
        <Button onClick={() => setParams(new URLSearchParams())} data-testid="consignments-clear">
          {t('procurement.clearFilters')}
        </Button>
      }
      summary={(_list, query) => <ConsignmentTotals query={query} />}
      onAdd={() => openDrawer(null)}
      onEdit={openDrawer}
      rowActions={(row) => (
        <>
          <Tooltip title={t('procurement.documents')}>
            <Link to={agencyPath(`consignments/${row.id}/documents`)} aria-label={t('procurement.documents')} data-testid="consignment-documents">
              <Button type="text" icon={<FileTextOutlined />} />
            </Link>
          </Tooltip>
          {mayReconcile && (
            <Tooltip title={t('reports.lcReconciliation.open')}>
              <Link to={agencyPath(`${LC_RECONCILIATION_KEY}?consignmentId=${row.id}`)} aria-label={t('reports.lcReconciliation.open')} data-testid="consignment-reconciliation">
                <Button type="text" icon={<AuditOutlined />} />
              </Link>
            </Tooltip>
          )}
        </>
      )}
      reverse={{
        title: (row) => t('procurement.reverseConsignment', { number: row.LCPONumber }),
        // A reversed consignment gives its quantity back to its sale order.
        alsoInvalidate: [procurementKeys.saleOrders, transactionKeys(saleOrderTransaction).all],
      }}
    >
      <ConsignmentDrawer
        open={drawerOpen}
        consignment={editing}
        onClose={() => setDrawerOpen(false)}
        onSaved={() => {
          setDrawerOpen(false);
          // The sale orders' consigned and remaining quantities change with a consignment.
          for (const queryKey of [procurementKeys.saleOrders, transactionKeys(saleOrderTransaction).all]) void queryClient.invalidateQueries({ queryKey });
        }}
      />
    </TransactionListPage>
  );
}
