import { useMemo, useState } from 'react';
import { App, Button, DatePicker, Input, Select, Space, Table, Tooltip, Typography, type TableColumnsType, type TableProps } from 'antd';
import { FileTextOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DATE_FORMAT, SALE_ORDER_SORT_FIELDS, type TSaleOrder } from '@tonnage/contracts';
import { useDebouncedValue } from '../../app/debounce';
import { sortParams, useListSort } from '../../app/list-sort';
import { formatDate, formatQuantity } from '../../app/format';
import { translateMessage } from '../../app/i18n';
import { entryPermission, useCan } from '../../app/guards';
import { useAgencyPath } from '../../app/navigation';
import { serverPagination } from '../../app/pagination';
import { ReasonModal } from '../../components/cargo/ReasonModal';
import { nextPage, RecordActions, RecordStatusFilter, RecordStatusTag } from '../../components/cargo/record-parts';
import { ExportButton } from '../../components/ExportButton';
import { PageHeader } from '../../components/PageHeader';
import { TransactionListError } from '../../components/transactions/TransactionListError';
import { procurementKeys, reverseSaleOrder, useSaleOrderList } from './procurement-api';
import { effectiveSearch, initialSaleOrderListState, saleOrderListQuery, type SaleOrderListState } from './procurement-form';
import { useCargoOptions, useCompanyOptions } from './procurement-options';
import { SaleOrderDrawer } from './SaleOrderDrawer';

/** `saleOrder`: sale orders with filters and paging; add and edit in a drawer; reverse with a reason; documents. */
export default function SaleOrderListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const agencyPath = useAgencyPath();
  const canAdd = useCan(entryPermission('saleOrder', 'add'));
  const canEdit = useCan(entryPermission('saleOrder', 'edit'));
  const canReverse = useCan(entryPermission('saleOrder', 'reverse'));
  const sellers = useCompanyOptions('seller');
  const buyers = useCompanyOptions('buyer');
  const cargo = useCargoOptions();
  const [state, setState] = useState<SaleOrderListState>(initialSaleOrderListState);
  const search = useDebouncedValue(state.search);
  const listSort = useListSort(SALE_ORDER_SORT_FIELDS);
  const query = useMemo(() => ({ ...saleOrderListQuery({ ...state, search }), ...sortParams(listSort.sort) }), [state, search, listSort.sort]);
  const list = useSaleOrderList(query);
  const [editing, setEditing] = useState<TSaleOrder | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [reversing, setReversing] = useState<TSaleOrder | null>(null);

  const update = (changes: Partial<SaleOrderListState>) => setState((previous) => ({ ...previous, page: 1, ...changes }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: procurementKeys.saleOrders });
  const openDrawer = (row: TSaleOrder | null) => {
    setEditing(row);
    setDrawerOpen(true);
  };

  const onTableChange: TableProps<TSaleOrder>['onChange'] = (pagination, _filters, sorter) => {
    const restart = listSort.apply(sorter);
    setState((previous) => ({ ...nextPage(previous, pagination), ...(restart ? { page: 1 } : {}) }));
  };

  const quantity = (value: string) => <bdi className="quantity">{formatQuantity(value)}</bdi>;
  // Company names are data in any script: isolated, so 'Najd Feed Imports Co.' keeps its full stop at its end in Arabic.
  const name = (value: string) => <bdi>{value}</bdi>;
  const columns: TableColumnsType<TSaleOrder> = [
    { ...listSort.column('number'), title: t('procurement.number'), dataIndex: 'number', render: (value: string) => <span data-testid="sale-order-row-number">{value}</span> },
    { ...listSort.column('orderDate'), title: t('procurement.orderDate'), dataIndex: 'orderDate', render: (value: string) => <bdi>{formatDate(value)}</bdi> },
    { ...listSort.column('sellerName'), title: t('procurement.seller'), dataIndex: 'sellerName', render: name },
    { ...listSort.column('buyerName'), title: t('procurement.buyer'), dataIndex: 'buyerName', render: name },
    { ...listSort.column('cargoTypeName'), title: t('procurement.cargoType'), dataIndex: 'cargoTypeName' },
    { ...listSort.column('quantity'), title: t('procurement.quantity'), dataIndex: 'quantity', align: 'end', render: quantity },
    { key: 'consigned', title: t('procurement.consigned'), dataIndex: 'consignedQuantity', align: 'end', render: quantity },
    { key: 'remaining', title: t('procurement.remaining'), dataIndex: 'remainingQuantity', align: 'end', render: quantity },
    {
      key: 'delivery',
      title: t('procurement.deliveryPeriod'),
      render: (_value, row) => (row.deliveryFrom || row.deliveryTo ? <bdi>{`${formatDate(row.deliveryFrom)} – ${formatDate(row.deliveryTo)}`}</bdi> : ''),
    },
    { key: 'status', title: t('procurement.status'), render: (_value, row) => <RecordStatusTag record={row} testId="sale-order-status" /> },
    {
      key: 'actions',
      title: t('common.actions'),
      // Pinned to the end: the row's actions stay in sight when the table scrolls sideways.
      fixed: 'end',
      render: (_value, row) => (
        <RecordActions record={row} testIdPrefix="sale-order" edit={canEdit ? { onClick: () => openDrawer(row) } : undefined} onReverse={canReverse ? () => setReversing(row) : undefined}>
          <Tooltip title={t('procurement.documents')}>
              <Link to={agencyPath(`saleOrder/${row.id}/documents`)} aria-label={t('procurement.documents')} data-testid="sale-order-documents">
                <Button type="text" icon={<FileTextOutlined />} />
              </Link>
          </Tooltip>
        </RecordActions>
      ),
    },
  ];

  const searchTooShort = state.search.trim() !== '' && effectiveSearch(state.search) === undefined;
  return (
    <div className="page" data-testid="sale-orders-page">
      <PageHeader
        title={t('procurement.saleOrders')}
        actions={
          <Space wrap>
            <ExportButton listPath="/api/saleOrder" query={query} fileName="sale-orders.xlsx" testId="sale-orders-export" />
            {canAdd && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => openDrawer(null)} data-testid="sale-order-add">
                {t('procurement.addSaleOrder')}
              </Button>
            )}
          </Space>
        }
      />
      <div className="list-filters">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          value={state.search}
          onChange={(event) => update({ search: event.target.value })}
          placeholder={t('procurement.searchSaleOrders')}
          aria-label={t('procurement.searchSaleOrders')}
          status={searchTooShort ? 'warning' : undefined}
          className="list-search"
          data-testid="sale-orders-search"
        />
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={state.sellerId}
          onChange={(sellerId) => update({ sellerId })}
          options={sellers.options}
          placeholder={t('procurement.allSellers')}
          aria-label={t('procurement.seller')}
          className="list-filter"
          data-testid="sale-orders-filter-seller"
        />
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={state.buyerId}
          onChange={(buyerId) => update({ buyerId })}
          options={buyers.options}
          placeholder={t('procurement.allBuyers')}
          aria-label={t('procurement.buyer')}
          className="list-filter"
          data-testid="sale-orders-filter-buyer"
        />
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={state.cargoTypeId}
          onChange={(cargoTypeId) => update({ cargoTypeId })}
          options={cargo.options}
          placeholder={t('procurement.allCargoTypes')}
          aria-label={t('procurement.cargoType')}
          className="list-filter"
          data-testid="sale-orders-filter-cargo"
        />
        <DatePicker
          value={state.fromDate ?? null}
          onChange={(fromDate) => update({ fromDate })}
          format={DATE_FORMAT}
          placeholder={t('procurement.fromDate')}
          aria-label={t('procurement.fromDate')}
          data-testid="sale-orders-filter-from"
        />
        <DatePicker
          value={state.toDate ?? null}
          onChange={(toDate) => update({ toDate })}
          format={DATE_FORMAT}
          placeholder={t('procurement.toDate')}
          aria-label={t('procurement.toDate')}
          data-testid="sale-orders-filter-to"
        />
        <RecordStatusFilter value={state.status} onChange={(status) => update({ status })} data-testid="sale-orders-filter-status" />
        <Button onClick={() => setState(initialSaleOrderListState)} data-testid="sale-orders-clear">
          {t('procurement.clearFilters')}
        </Button>
      </div>
      {searchTooShort && (
        <Typography.Text type="secondary" className="list-hint">
          {t('procurement.searchHint')}
        </Typography.Text>
      )}
      {list.isError ? (
        <TransactionListError onRetry={() => void list.refetch()} testId="sale-orders" />
      ) : (
        <Table<TSaleOrder>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.rows ?? []}
          loading={list.isFetching}
          onChange={onTableChange}
          scroll={{ x: 'max-content' }}
          pagination={serverPagination({ page: state.page, limit: state.limit, total: list.data?.count ?? 0, totalText: (total) => t('procurement.totalSaleOrders', { n: total }) })}
          data-testid="sale-orders-table"
        />
      )}
      <SaleOrderDrawer
        open={drawerOpen}
        saleOrder={editing}
        onClose={() => setDrawerOpen(false)}
        onSaved={() => {
          setDrawerOpen(false);
          void refresh();
        }}
      />
      <ReasonModal
        open={reversing !== null}
        title={t('procurement.reverseSaleOrder', { number: reversing?.number ?? '' })}
        okText={t('procurement.reverse')}
        testIdPrefix="sale-order-reverse"
        onClose={() => setReversing(null)}
        onConfirm={async (reason) => {
          if (!reversing) return true;
          const result = await reverseSaleOrder(reversing.id, reason);
          if (!result) return false;
          void message.success(translateMessage(result.message));
          await refresh();
          return true;
        }}
      />
    </div>
  );
}
