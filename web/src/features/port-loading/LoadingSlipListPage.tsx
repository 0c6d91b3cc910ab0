import { useMemo, useState } from 'react';
import { Button, DatePicker, Input, Select, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { PrinterOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DATE_FORMAT, LOADING_SLIP_SORT_FIELDS, permissionFlag, type TLoadingSlip } from '@tonnage/contracts';
import { useDebouncedValue } from '../../app/debounce';
import { useAgencyDateTime } from '../../app/agency-time';
import { formatQuantity } from '../../app/format';
import { useCan } from '../../app/guards';
import { sortParams, useListSort } from '../../app/list-sort';
import { nextPage, RecordStatusFilter } from '../../components/cargo/record-parts';
import { useAgencyPath } from '../../app/navigation';
import { serverPagination } from '../../app/pagination';
import { ExportButton } from '../../components/ExportButton';
import { PageHeader } from '../../components/PageHeader';
import { WarehousePicker } from '../../components/pickers';
import { ReferenceSelect } from '../../components/resources/ReferenceSelect';
import { useLoadingSlipList } from './port-loading-api';
import { initialLoadingSlipFilters, loadingSlipListQuery, type LoadingSlipFilters } from './list-query';
import { VoyagePicker, isolate } from './selects';

/** `loadingSlips`: every truck trip of the port loadings, filtered and paged, with the filter's total quantity. */
export default function LoadingSlipListPage() {
  const { t } = useTranslation();
  const dateTime = useAgencyDateTime();
  const agencyPath = useAgencyPath();
  const [filters, setFilters] = useState<LoadingSlipFilters>(initialLoadingSlipFilters);
  const search = useDebouncedValue(filters.search);
  // The export needs the module's export flag besides the list's view flag (the server checks both).
  const canExport = useCan(permissionFlag('LoadingSlips', 'export'));
  const listSort = useListSort(LOADING_SLIP_SORT_FIELDS);
  const query = useMemo(() => ({ ...loadingSlipListQuery({ ...filters, search }), ...sortParams(listSort.sort) }), [filters, search, listSort.sort]);
  const list = useLoadingSlipList(query);
  const update = (changes: Partial<LoadingSlipFilters>) => setFilters((previous) => ({ ...previous, page: 1, ...changes }));

  const columns: TableColumnsType<TLoadingSlip> = [
    { ...listSort.column('slipNumber'), title: t('portLoading.slipNumber'), dataIndex: 'slipNumber' },
    { ...listSort.column('loadedAt'), title: t('portLoading.loadedAt'), render: (_v, row) => dateTime(row.loadedAt) },
    { ...listSort.column('vesselName'), title: t('portLoading.vesselVoyage'), render: (_v, row) => `${row.vesselName} / ${row.voyageNumber}` },
    { ...listSort.column('lcPoNumber'), title: t('portLoading.lcPo'), dataIndex: 'lcPoNumber' },
    { ...listSort.column('toLocationName'), title: t('portLoading.destinationLabel'), dataIndex: 'toLocationName' },
    { key: 'transporter', title: t('portLoading.transporter'), render: (_v, row) => (row.transporterKind === 'self' ? t('portLoading.kinds.self') : (row.transporterName ?? '')) },
    { ...listSort.column('truckPlate'), title: t('portLoading.truck'), dataIndex: 'truckPlate' },
    { ...listSort.column('driverName'), title: t('portLoading.driver'), dataIndex: 'driverName' },
    { ...listSort.column('wbtNumber'), title: t('portLoading.wbtNumber'), dataIndex: 'wbtNumber' },
    { ...listSort.column('quantity'), title: t('cargo.quantityMt'), align: 'end', render: (_v, row) => <bdi className="quantity">{formatQuantity(row.quantity)}</bdi> },
    { key: 'status', title: t('cargo.status'), render: (_v, row) => <Tag>{row.status === 'Active' ? (row.received ? t('portLoading.delivered') : t('portLoading.inTransitTag')) : t('cargo.reversed')}</Tag> },
    {
      key: 'print',
      title: t('common.actions'),
      fixed: 'end',
      render: (_v, row) => (
        <Tooltip title={t('cargo.print')}>
          <Link to={agencyPath(`loadingSlips/${row.id}/print`)} aria-label={t('cargo.print')} data-testid="slips-print">
            <Button type="text" icon={<PrinterOutlined />} />
          </Link>
        </Tooltip>
      ),
    },
  ];

  return (
    <div className="page" data-testid="loading-slips-page">
      <PageHeader title={t('portLoading.slipsTitle')} actions={canExport && <ExportButton listPath="/api/loadingSlips" query={query} fileName="loading-slips.xlsx" testId="slips-export" />} />
      <Space wrap style={{ marginBlockEnd: 16 }}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('portLoading.searchSlips')}
          value={filters.search}
          onChange={(event) => update({ search: event.target.value })}
          data-testid="slips-search"
        />
        <VoyagePicker value={filters.voyageId ?? null} onChange={(voyageId) => update({ voyageId })} data-testid="slips-filter-voyage" />
        <ReferenceSelect resourceKey="transporter" allowClear placeholder={t('portLoading.transporter')} value={filters.transporterId ?? null} onChange={(transporterId) => update({ transporterId })} data-testid="slips-filter-transporter" />
        <ReferenceSelect resourceKey="truck" allowClear placeholder={t('portLoading.truck')} value={filters.truckId ?? null} onChange={(truckId) => update({ truckId })} data-testid="slips-filter-truck" />
        <ReferenceSelect resourceKey="driver" allowClear placeholder={t('portLoading.driver')} value={filters.driverId ?? null} onChange={(driverId) => update({ driverId })} data-testid="slips-filter-driver" />
        <WarehousePicker allowAll style={{ minWidth: 180 }} placeholder={t('portLoading.destinationLabel')} value={filters.toLocationId ?? null} onChange={(v) => update({ toLocationId: typeof v === 'number' ? v : undefined })} data-testid="slips-filter-destination" />
        <Select
          allowClear
          style={{ minWidth: 140 }}
          placeholder={t('portLoading.delivery')}
          value={filters.received}
          onChange={(received) => update({ received })}
          options={[
            { value: 'inTransit', label: t('portLoading.inTransitTag') },
            { value: 'delivered', label: t('portLoading.delivered') },
          ]}
          data-testid="slips-filter-received"
        />
        <RecordStatusFilter style={{ minWidth: 120 }} value={filters.status} onChange={(status) => update({ status })} data-testid="slips-filter-status" />
        <DatePicker.RangePicker format={DATE_FORMAT} onChange={(range) => update({ fromDate: range?.[0]?.format('YYYY-MM-DD'), toDate: range?.[1]?.format('YYYY-MM-DD') })} data-testid="slips-filter-dates" />
      </Space>
      <Typography.Paragraph strong data-testid="slips-total">
        {t('portLoading.totalQuantity', { quantity: isolate(formatQuantity(list.data?.totalQuantity ?? '0')) })}
      </Typography.Paragraph>
      <Table<TLoadingSlip>
        rowKey="id"
        size="middle"
        scroll={{ x: true }}
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        columns={columns}
        pagination={serverPagination({ page: filters.page, limit: filters.limit, total: list.data?.count ?? 0, totalText: (total) => t('portLoading.total', { count: total }) })}
        onChange={(pagination, _filters, sorter) => {
          const restart = listSort.apply(sorter);
          setFilters((previous) => ({ ...nextPage(previous, pagination), ...(restart ? { page: 1 } : {}) }));
        }}
        data-testid="slips-table"
      />
    </div>
  );
}
