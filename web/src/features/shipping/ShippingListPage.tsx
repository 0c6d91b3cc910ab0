import { useMemo, useState } from 'react';
import { App, Button, Card, DatePicker, Input, Space, Statistic, Table, Typography, type TableColumnsType, type TableProps } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_FORMAT, SEARCH_MIN_CHARS, SHIPMENT_SORT_FIELDS, vesselVoyageLabel, type TShipment } from '@tonnage/contracts';
import { useDebouncedValue } from '../../app/debounce';
import { sortParams, useListSort } from '../../app/list-sort';
import { formatDate, formatQuantity } from '../../app/format';
import { entryPermission, useCan } from '../../app/guards';
import { serverPagination } from '../../app/pagination';
import { ReasonModal } from '../../components/cargo/ReasonModal';
import { nextPage, RecordActions, RecordStatusFilter, RecordStatusTag } from '../../components/cargo/record-parts';
import { VoyageSelect } from '../../components/cargo/VoyageSelect';
import { ExportButton } from '../../components/ExportButton';
import { PageHeader } from '../../components/PageHeader';
import { TransactionListError } from '../../components/transactions/TransactionListError';
import { ConsigneePicker } from '../../components/pickers';
import { ConsignmentSelect } from './ConsignmentSelect';
import { ShipmentDrawer } from './ShipmentDrawer';
import { reverseShipment, shippingKeys, useShipmentList, useShipmentTotal } from './shipping-api';
import { INITIAL_SHIPMENT_LIST, shipmentListQuery, shipmentTotalQuery, type ShipmentListState } from './shipping-form';

const toIso = (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : undefined);
/** A quantity kept in reading order inside right-to-left text ('1,000.000 MT', never 'MT 1,000.000'). */
const quantity = (value: string) => <bdi className="quantity">{formatQuantity(value)}</bdi>;

/** `shipping`: shipments with filters, the total BL quantity, paging, add/edit in a drawer and reversal. */
export default function ShippingListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canAdd = useCan(entryPermission('shipping', 'add'));
  const canEdit = useCan(entryPermission('shipping', 'edit'));
  const canReverse = useCan(entryPermission('shipping', 'reverse'));
  const [state, setState] = useState<ShipmentListState>(INITIAL_SHIPMENT_LIST);
  const search = useDebouncedValue(state.search);
  const listSort = useListSort(SHIPMENT_SORT_FIELDS);
  const query = useMemo(() => ({ ...shipmentListQuery({ ...state, search }), ...sortParams(listSort.sort) }), [state, search, listSort.sort]);
  const totalQuery = useMemo(() => shipmentTotalQuery({ ...state, search }), [state, search]);
  const list = useShipmentList({ ...query });
  const total = useShipmentTotal({ ...totalQuery });
  const [drawer, setDrawer] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const [reversing, setReversing] = useState<TShipment | null>(null);

  const update = (changes: Partial<ShipmentListState>) => setState((previous) => ({ ...previous, page: 1, ...changes }));
  const onTableChange: TableProps<TShipment>['onChange'] = (pagination, _filters, sorter) => {
    const restart = listSort.apply(sorter);
    setState((previous) => ({ ...nextPage(previous, pagination), ...(restart ? { page: 1 } : {}) }));
  };

  const confirmReverse = async (reason: string) => {
    if (!reversing) return false;
    const result = await reverseShipment(reversing.id, reason);
    if (!result) return false;
    void message.success(t('shipping.reversedDone'));
    await queryClient.invalidateQueries({ queryKey: shippingKeys.all });
    return true;
  };

  const columns: TableColumnsType<TShipment> = [
    { ...listSort.column('vesselName'), title: t('shipping.vesselVoyage'), render: (_v, row) => <span data-testid="shipment-vessel-voyage">{vesselVoyageLabel(row.voyage)}</span> },
    { key: 'port', title: t('shipping.port'), render: (_v, row) => [row.voyage.portName, row.voyage.berthName].filter(Boolean).join(' / ') },
    { ...listSort.column('arrivalDate'), title: t('shipping.arrivalDate'), render: (_v, row) => formatDate(row.voyage.arrivalDate) },
    { ...listSort.column('lcPoNumber'), title: t('shipping.lcPo'), render: (_v, row) => row.Consignment.LC.LCPONumber },
    { key: 'ref', title: t('shipping.refNumber'), render: (_v, row) => row.Consignment.RefLC.refNumber ?? '' },
    { ...listSort.column('blNumber'), title: t('shipping.blNumber'), dataIndex: 'blNumber', render: (bl: string) => <span data-testid="shipment-bl">{bl}</span> },
    { ...listSort.column('blDate'), title: t('shipping.blDate'), dataIndex: 'blDate', render: (value: string | null) => formatDate(value) },
    { ...listSort.column('blQuantity'), title: t('shipping.blQuantity'), dataIndex: 'blQuantity', align: 'end', render: quantity },
    { ...listSort.column('blConsigneeName'), title: t('shipping.blConsignee'), dataIndex: 'blConsigneeName' },
    {
      key: 'onBoard',
      title: t('shipping.onBoard'),
      dataIndex: 'onBoardQuantity',
      align: 'end',
      render: (value: string) => (
        <bdi className="quantity" data-testid="shipment-on-board">
          {formatQuantity(value)}
        </bdi>
      ),
    },
    { key: 'loaded', title: t('shipping.loaded'), dataIndex: 'loadedQuantity', align: 'end', render: quantity },
    { key: 'status', title: t('shipping.status'), render: (_v, row) => <RecordStatusTag record={row} testId="shipment-status" /> },
    {
      key: 'actions',
      title: t('common.actions'),
      // Pinned to the end: the row's actions stay in sight when the table scrolls sideways.
      fixed: 'end',
      render: (_v, row) => (
        <RecordActions
          record={row}
          testIdPrefix="shipment"
          edit={canEdit ? { onClick: () => setDrawer({ open: true, id: row.id }) } : undefined}
          onReverse={canReverse ? () => setReversing(row) : undefined}
        />
      ),
    },
  ];

  // From what is typed, not from the debounced query: a long search never flashes the 'type more' hint.
  const searchTooShort = state.search.trim() !== '' && state.search.trim().length <= SEARCH_MIN_CHARS;
  return (
    <div className="page" data-testid="shipping-page">
      <PageHeader
        title={t('shipping.title')}
        actions={
          <Space wrap>
            <ExportButton listPath="/api/shipments" query={query} fileName="shipments.xlsx" testId="shipments-export" />
            {canAdd && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({ open: true, id: null })} data-testid="shipment-add">
                {t('shipping.add')}
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
          placeholder={t('shipping.search')}
          aria-label={t('shipping.search')}
          status={searchTooShort ? 'warning' : undefined}
          className="list-search"
          data-testid="shipping-search"
        />
        <VoyageSelect value={state.voyageId} onChange={(voyageId) => update({ voyageId })} className="list-filter" aria-label={t('shipping.voyage')} data-testid="shipping-filter-voyage" />
        <ConsignmentSelect
          value={state.consignmentId}
          onChange={(consignmentId) => update({ consignmentId })}
          className="list-filter"
          aria-label={t('shipping.consignment')}
          data-testid="shipping-filter-consignment"
        />
        <ConsigneePicker
          mode="consignee"
          value={state.blConsigneeId}
          onChange={(value) => update({ blConsigneeId: typeof value === 'number' ? value : undefined })}
          className="list-filter"
          aria-label={t('shipping.consignee')}
          data-testid="shipping-filter-consignee"
        />
        <RecordStatusFilter value={state.status} onChange={(status) => update({ status })} data-testid="shipping-filter-status" />
        <DatePicker
          allowClear
          format={DATE_FORMAT}
          value={state.fromDate ? dayjs(state.fromDate) : null}
          onChange={(value: Dayjs | null) => update({ fromDate: toIso(value) })}
          placeholder={t('shipping.fromDate')}
          aria-label={t('shipping.fromDate')}
          className="list-filter"
          data-testid="shipping-filter-from"
        />
        <DatePicker
          allowClear
          format={DATE_FORMAT}
          value={state.toDate ? dayjs(state.toDate) : null}
          onChange={(value: Dayjs | null) => update({ toDate: toIso(value) })}
          placeholder={t('shipping.toDate')}
          aria-label={t('shipping.toDate')}
          className="list-filter"
          data-testid="shipping-filter-to"
        />
      </div>
      {searchTooShort && (
        <Typography.Text type="secondary" className="list-hint" data-testid="shipping-search-hint">
          {t('shipping.searchHint')}
        </Typography.Text>
      )}
      <Card size="small" className="list-summary" data-testid="shipping-summary">
        <Space size="large" wrap>
          <Statistic title={t('shipping.totalQuantity')} value={total.isError ? '—' : formatQuantity(total.data?.totalQuantity ?? '0')} data-testid="shipping-total-quantity" />
          <Statistic title={t('shipping.shipmentsCount')} value={total.isError ? '—' : (total.data?.count ?? 0)} data-testid="shipping-total-count" />
        </Space>
      </Card>
      {list.isError ? (
        <TransactionListError onRetry={() => void list.refetch()} testId="shipping" />
      ) : (
        <Table<TShipment>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.rows ?? []}
          loading={list.isFetching}
          onChange={onTableChange}
          scroll={{ x: 'max-content' }}
          pagination={serverPagination({ page: state.page, limit: state.limit, total: list.data?.count ?? 0, totalText: (n) => t('shipping.total', { n }) })}
          data-testid="shipping-table"
        />
      )}
      <ShipmentDrawer open={drawer.open} shipmentId={drawer.id} onClose={() => setDrawer({ open: false, id: null })} />
      <ReasonModal
        open={reversing !== null}
        title={t('shipping.reverseTitle', { bl: reversing?.blNumber ?? '' })}
        okText={t('shipping.reverse')}
        onConfirm={confirmReverse}
        onClose={() => setReversing(null)}
        testIdPrefix="shipment-reverse"
      />
    </div>
  );
}
