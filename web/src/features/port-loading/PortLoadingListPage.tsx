import { useMemo, useState } from 'react';
import { Button, DatePicker, Select, Space, Table, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DATE_FORMAT, PORT_LOADING_SORT_FIELDS, TRANSPORTATION_TYPES, type TPortLoading } from '@tonnage/contracts';
import { formatDate, formatQuantity } from '../../app/format';
import { sortParams, useListSort } from '../../app/list-sort';
import { entryPermission, useCan } from '../../app/guards';
import { useAgencyPath } from '../../app/navigation';
import { serverPagination } from '../../app/pagination';
import { ExportButton } from '../../components/ExportButton';
import { PageHeader } from '../../components/PageHeader';
import { nextPage, RecordActions, RecordStatusFilter, RecordStatusTag } from '../../components/cargo/record-parts';
import { WarehousePicker } from '../../components/pickers';
import { ReferenceSelect } from '../../components/resources/ReferenceSelect';
import { portLoadingKeys, usePortLoadingList } from './port-loading-api';
import { PortLoadingReverseModal } from './PortLoadingReverseModal';
import { VoyagePicker } from './selects';
import { initialPortLoadingFilters, portLoadingListQuery, type PortLoadingFilters } from './list-query';

/** `portLoading`: filters, paging, loaded / in transit / remaining per row, edit and reverse with a reason. */
export default function PortLoadingListPage() {
  const { t } = useTranslation();
  const agencyPath = useAgencyPath();
  const queryClient = useQueryClient();
  const canAdd = useCan(entryPermission('portLoading', 'add'));
  const canEdit = useCan(entryPermission('portLoading', 'edit'));
  const canReverse = useCan(entryPermission('portLoading', 'reverse'));
  const [filters, setFilters] = useState<PortLoadingFilters>(initialPortLoadingFilters);
  const listSort = useListSort(PORT_LOADING_SORT_FIELDS);
  const query = useMemo(() => ({ ...portLoadingListQuery(filters), ...sortParams(listSort.sort) }), [filters, listSort.sort]);
  const list = usePortLoadingList(query);
  const [reversing, setReversing] = useState<TPortLoading | null>(null);
  const update = (changes: Partial<PortLoadingFilters>) => setFilters((previous) => ({ ...previous, page: 1, ...changes }));

  const columns: TableColumnsType<TPortLoading> = [
    { ...listSort.column('vesselName'), title: t('portLoading.vesselVoyage'), render: (_v, row) => `${row.vesselName} / ${row.voyageNumber}` },
    { ...listSort.column('lcPoNumber'), title: t('portLoading.lcPo'), dataIndex: 'lcPoNumber' },
    { key: 'port', title: t('portLoading.port'), dataIndex: 'portName' },
    { key: 'type', title: t('portLoading.transportationType'), render: (_v, row) => t(`portLoading.types.${row.transportationType}`) },
    { ...listSort.column('toLocationName'), title: t('portLoading.destinationLabel'), dataIndex: 'toLocationName' },
    { ...listSort.column('transporterName'), title: t('portLoading.transporter'), render: (_v, row) => (row.transporterKind === 'self' ? t('portLoading.kinds.self') : (row.transporterName ?? row.thirdPartyName ?? '')) },
    { ...listSort.column('loadingDate'), title: t('portLoading.loadingDate'), render: (_v, row) => formatDate(row.loadingDate) },
    { ...listSort.column('quantity'), title: t('portLoading.quantity'), align: 'end', render: (_v, row) => <bdi className="quantity">{formatQuantity(row.quantity)}</bdi> },
    { key: 'loaded', title: t('portLoading.loaded'), align: 'end', render: (_v, row) => <bdi className="quantity" data-testid="pl-loaded">{formatQuantity(row.loadedQuantity)}</bdi> },
    { key: 'trips', title: t('portLoading.trips'), align: 'end', dataIndex: 'trips' },
    { key: 'inTransit', title: t('portLoading.inTransit'), align: 'end', render: (_v, row) => <bdi className="quantity">{formatQuantity(row.inTransitQuantity)}</bdi> },
    { key: 'remaining', title: t('portLoading.remaining'), align: 'end', render: (_v, row) => <bdi className="quantity" data-testid="pl-remaining">{formatQuantity(row.remainingQuantity)}</bdi> },
    { key: 'status', title: t('cargo.status'), render: (_v, row) => <RecordStatusTag record={row} testId="pl-status" /> },
    {
      key: 'actions',
      title: t('common.actions'),
      // Pinned to the end: the row's actions stay in sight when the table scrolls sideways.
      fixed: 'end',
      render: (_v, row) => (
        <RecordActions record={row} testIdPrefix="pl" edit={canEdit ? { to: agencyPath(`portLoading/${row.id}/edit`) } : undefined} onReverse={canReverse ? () => setReversing(row) : undefined} />
      ),
    },
  ];

  return (
    <div className="page" data-testid="port-loading-page">
      <PageHeader
        title={t('portLoading.title')}
        actions={
          <Space wrap>
            <ExportButton listPath="/api/portLoading" query={query} fileName="port-loadings.xlsx" testId="pl-export" />
            {canAdd && (
              <Link to={agencyPath('portLoading/add')}>
                <Button type="primary" icon={<PlusOutlined />} data-testid="pl-add">
                  {t('portLoading.add')}
                </Button>
              </Link>
            )}
          </Space>
        }
      />
      <Space wrap className="list-filters" style={{ marginBlockEnd: 16 }}>
        <VoyagePicker value={filters.voyageId ?? null} onChange={(voyageId) => update({ voyageId })} data-testid="pl-filter-voyage" />
        <Select
          allowClear
          style={{ minWidth: 180 }}
          placeholder={t('portLoading.transportationType')}
          value={filters.transportationType}
          onChange={(transportationType) => update({ transportationType })}
          options={TRANSPORTATION_TYPES.map((type) => ({ value: type, label: t(`portLoading.types.${type}`) }))}
          data-testid="pl-filter-type"
        />
        <WarehousePicker allowAll style={{ minWidth: 180 }} placeholder={t('portLoading.destinationLabel')} value={filters.toLocationId ?? null} onChange={(v) => update({ toLocationId: typeof v === 'number' ? v : undefined })} data-testid="pl-filter-destination" />
        <ReferenceSelect resourceKey="transporter" allowClear placeholder={t('portLoading.transporter')} value={filters.transporterId ?? null} onChange={(transporterId) => update({ transporterId })} data-testid="pl-filter-transporter" />
        <RecordStatusFilter style={{ minWidth: 120 }} value={filters.status} onChange={(status) => update({ status })} data-testid="pl-filter-status" />
        <DatePicker.RangePicker
          format={DATE_FORMAT}
          onChange={(range) => update({ fromDate: range?.[0]?.format('YYYY-MM-DD'), toDate: range?.[1]?.format('YYYY-MM-DD') })}
          data-testid="pl-filter-dates"
        />
      </Space>
      <Table<TPortLoading>
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
        data-testid="pl-table"
      />
      <PortLoadingReverseModal portLoading={reversing} onClose={() => setReversing(null)} onReversed={() => queryClient.invalidateQueries({ queryKey: portLoadingKeys.all })} />
    </div>
  );
}
