import { useMemo, useState } from 'react';
import { App, Button, Input, Select, Space, Statistic, Table, Tag, Tooltip, Typography, type TableColumnsType, type TableProps } from 'antd';
import { FileTextOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CONSIGNMENT_SORT_FIELDS, saleOrderTransaction, type LcPoType, type TConsignment } from '@tonnage/contracts';
import { useDebouncedValue } from '../../app/debounce';
import { sortParams, useListSort } from '../../app/list-sort';
import { formatQuantity } from '../../app/format';
import { entryPermission, useCan } from '../../app/guards';
import { translateMessage } from '../../app/i18n';
import { useAgencyPath } from '../../app/navigation';
import { serverPagination } from '../../app/pagination';
import { ReasonModal } from '../../components/cargo/ReasonModal';
import { nextPage, RecordActions, RecordStatusFilter, RecordStatusTag } from '../../components/cargo/record-parts';
import { ConsigneePicker } from '../../components/pickers';
import { ExportButton } from '../../components/ExportButton';
import { PageHeader } from '../../components/PageHeader';
import { TransactionListError } from '../../components/transactions/TransactionListError';
import { transactionKeys } from '../../components/transactions/hooks';
import { ConsignmentDrawer } from './ConsignmentDrawer';
import { procurementKeys, reverseConsignment, useConsignmentList, useConsignmentTotal } from './procurement-api';
import {
  consignmentListQuery,
  consignmentTotalQuery,
  effectiveSearch,
  initialConsignmentListState,
  type ConsignmentListState,
} from './procurement-form';
import { SaleOrderSelect, useCargoOptions } from './procurement-options';

/** `consignments`: LCs and POs with filters, paging and the total quantity; add and edit in a drawer; reverse; documents. */
export default function ConsignmentListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const agencyPath = useAgencyPath();
  const canAdd = useCan(entryPermission('consignments', 'add'));
  const canEdit = useCan(entryPermission('consignments', 'edit'));
  const canReverse = useCan(entryPermission('consignments', 'reverse'));
  const cargo = useCargoOptions();
  const [state, setState] = useState<ConsignmentListState>(initialConsignmentListState);
  const search = useDebouncedValue(state.search);
  const listSort = useListSort(CONSIGNMENT_SORT_FIELDS);
  const query = useMemo(() => ({ ...consignmentListQuery({ ...state, search }), ...sortParams(listSort.sort) }), [state, search, listSort.sort]);
  const totalQuery = useMemo(() => consignmentTotalQuery({ ...state, search }), [state, search]);
  const list = useConsignmentList(query);
  const total = useConsignmentTotal(totalQuery);
  const [editing, setEditing] = useState<TConsignment | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [reversing, setReversing] = useState<TConsignment | null>(null);

  const update = (changes: Partial<ConsignmentListState>) => setState((previous) => ({ ...previous, page: 1, ...changes }));
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: procurementKeys.consignments });
    await Promise.all([procurementKeys.saleOrders, transactionKeys(saleOrderTransaction).all].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  };
  const openDrawer = (row: TConsignment | null) => {
    setEditing(row);
    setDrawerOpen(true);
  };
  const onTableChange: TableProps<TConsignment>['onChange'] = (pagination, _filters, sorter) => {
    const restart = listSort.apply(sorter);
    setState((previous) => ({ ...nextPage(previous, pagination), ...(restart ? { page: 1 } : {}) }));
  };
  const singleId = (value: number | number[] | undefined) => (typeof value === 'number' ? value : undefined);

  const quantity = (value: string) => <bdi className="quantity">{formatQuantity(value)}</bdi>;
  const name = (value: string | null) => (value ? <bdi>{value}</bdi> : '');
  const columns: TableColumnsType<TConsignment> = [
    { ...listSort.column('LCPONumber'), title: t('procurement.lcPoNumber'), dataIndex: 'LCPONumber', render: (value: string) => <span data-testid="consignment-row-number">{value}</span> },
    { key: 'type', title: t('procurement.lcPoType'), dataIndex: 'type', render: (type: LcPoType) => <Tag color={type === 'lc' ? 'blue' : 'purple'}>{t(`procurement.${type}`)}</Tag> },
    { ...listSort.column('refNumber'), title: t('procurement.refNumber'), dataIndex: 'refNumber', render: (value: string | null) => value ?? '' },
    { ...listSort.column('saleOrderNumber'), title: t('procurement.saleOrder'), dataIndex: 'saleOrderNumber' },
    { ...listSort.column('blConsigneeName'), title: t('procurement.blConsignee'), dataIndex: 'blConsigneeName', render: name },
    { ...listSort.column('shipmentManagerName'), title: t('procurement.shipmentManager'), dataIndex: 'shipmentManagerName', render: name },
    { ...listSort.column('cargoTypeName'), title: t('procurement.cargoType'), dataIndex: 'cargoTypeName' },
    { ...listSort.column('quantity'), title: t('procurement.quantity'), dataIndex: 'quantity', align: 'end', render: quantity },
    { key: 'shipped', title: t('procurement.shipped'), dataIndex: 'shippedQuantity', align: 'end', render: quantity },
    { key: 'remaining', title: t('procurement.remaining'), dataIndex: 'remainingQuantity', align: 'end', render: quantity },
    { key: 'status', title: t('procurement.status'), render: (_value, row) => <RecordStatusTag record={row} testId="consignment-status" /> },
    {
      key: 'actions',
      title: t('common.actions'),
      // Pinned to the end: the row's actions stay in sight when the table scrolls sideways.
      fixed: 'end',
      render: (_value, row) => (
        <RecordActions record={row} testIdPrefix="consignment" edit={canEdit ? { onClick: () => openDrawer(row) } : undefined} onReverse={canReverse ? () => setReversing(row) : undefined}>
          <Tooltip title={t('procurement.documents')}>
              <Link to={agencyPath(`consignments/${row.id}/documents`)} aria-label={t('procurement.documents')} data-testid="consignment-documents">
                <Button type="text" icon={<FileTextOutlined />} />
              </Link>
          </Tooltip>
        </RecordActions>
      ),
    },
  ];

  const searchTooShort = state.search.trim() !== '' && effectiveSearch(state.search) === undefined;
  return (
    <div className="page" data-testid="consignments-page">
      <PageHeader
        title={t('procurement.consignments')}
        actions={
          <Space wrap>
            <ExportButton listPath="/api/consignments" query={query} fileName="consignments.xlsx" testId="consignments-export" />
            {canAdd && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => openDrawer(null)} data-testid="consignment-add">
                {t('procurement.addConsignment')}
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
          placeholder={t('procurement.searchConsignments')}
          aria-label={t('procurement.searchConsignments')}
          status={searchTooShort ? 'warning' : undefined}
          className="list-search"
          data-testid="consignments-search"
        />
        <Select<LcPoType | 'all'>
          value={state.type ?? 'all'}
          onChange={(type) => update({ type: type === 'all' ? undefined : type })}
          options={[
            { value: 'all', label: t('procurement.allTypes') },
            { value: 'lc', label: t('procurement.lc') },
            { value: 'po', label: t('procurement.po') },
          ]}
          aria-label={t('procurement.lcPoType')}
          className="list-filter"
          data-testid="consignments-filter-type"
        />
        <SaleOrderSelect
          allowClear
          value={state.saleOrderId ?? null}
          onChange={(saleOrderId) => update({ saleOrderId })}
          placeholder={t('procurement.allSaleOrders')}
          aria-label={t('procurement.saleOrder')}
          className="list-filter"
          data-testid="consignments-filter-sale-order"
        />
        <ConsigneePicker
          mode="consignee"
          value={state.blConsigneeId ?? null}
          onChange={(value) => update({ blConsigneeId: singleId(value) })}
          placeholder={t('procurement.allConsignees')}
          aria-label={t('procurement.blConsignee')}
          className="list-filter"
          data-testid="consignments-filter-consignee"
        />
        <ConsigneePicker
          mode="sm"
          value={state.shipmentManagerId ?? null}
          onChange={(value) => update({ shipmentManagerId: singleId(value) })}
          placeholder={t('procurement.allShipmentManagers')}
          aria-label={t('procurement.shipmentManager')}
          className="list-filter"
          data-testid="consignments-filter-shipment-manager"
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
          data-testid="consignments-filter-cargo"
        />
        <RecordStatusFilter value={state.status} onChange={(status) => update({ status })} data-testid="consignments-filter-status" />
        <Button onClick={() => setState(initialConsignmentListState)} data-testid="consignments-clear">
          {t('procurement.clearFilters')}
        </Button>
      </div>
      {searchTooShort && (
        <Typography.Text type="secondary" className="list-hint">
          {t('procurement.searchHint')}
        </Typography.Text>
      )}
      <Space size="large" className="list-summary" data-testid="consignments-total">
        <Statistic
          title={t('procurement.totalQuantity')}
          value={total.isError ? '—' : formatQuantity(total.data?.totalQuantity ?? '0')}
          loading={total.isPending}
          valueRender={(node) => <bdi data-testid="consignments-total-quantity">{node}</bdi>}
        />
        <Statistic title={t('procurement.consignments')} value={total.isError ? '—' : (total.data?.count ?? 0)} loading={total.isPending} valueRender={(node) => <bdi data-testid="consignments-total-count">{node}</bdi>} />
      </Space>
      {list.isError ? (
        <TransactionListError onRetry={() => void list.refetch()} testId="consignments" />
      ) : (
        <Table<TConsignment>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.rows ?? []}
          loading={list.isFetching}
          onChange={onTableChange}
          scroll={{ x: 'max-content' }}
          pagination={serverPagination({ page: state.page, limit: state.limit, total: list.data?.count ?? 0, totalText: (n) => t('procurement.totalConsignments', { n }) })}
          data-testid="consignments-table"
        />
      )}
      <ConsignmentDrawer
        open={drawerOpen}
        consignment={editing}
        onClose={() => setDrawerOpen(false)}
        onSaved={() => {
          setDrawerOpen(false);
          void refresh();
        }}
      />
      <ReasonModal
        open={reversing !== null}
        title={t('procurement.reverseConsignment', { number: reversing?.LCPONumber ?? '' })}
        okText={t('procurement.reverse')}
        testIdPrefix="consignment-reverse"
        onClose={() => setReversing(null)}
        onConfirm={async (reason) => {
          if (!reversing) return true;
          const result = await reverseConsignment(reversing.id, reason);
          if (!result) return false;
          void message.success(translateMessage(result.message));
          await refresh();
          return true;
        }}
      />
    </div>
  );
}
