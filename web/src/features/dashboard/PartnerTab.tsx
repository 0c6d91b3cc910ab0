import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Flex, Row, Spin, Statistic, Tag, Typography, type TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  COMPANY_TYPE_IDS,
  ZPartnerInQtyList,
  ZPartnerOutQtyList,
  ZPartnerStats,
  ZPartnerTripList,
  type TPartnerInQtyRow,
  type TPartnerLocationRow,
  type TPartnerOutQtyRow,
  type TPartnerTripRow,
} from '@tonnage/contracts';
import { apiOrThrow } from '../../app/api';
import { dashboardKey } from '../../app/dashboard-flags';
import { formatDateTime, formatQuantity } from '../../app/format';
import { usePickerData } from '../../components/pickers/picker-data';
import { isolatedStatisticValue } from '../../components/QuantityText';
import { BarChart } from './charts';
import { DashboardFilters, type DashboardFilterValues } from './DashboardFilters';
import { DashboardTable, DrillDownCard, TripsCell, tonnesColumn, useDrillDown, usePagedTrucks } from './drill-down';

/*
 * The Consignee tab and the Customer tab (spec 2.13): one pattern, two partners. A consignee (or a shipment manager,
 * marked SM in the picker) or a customer filter and a Clear button above a table of its locations (Trips In and Trips
 * Out with their quantities) beside the Total Quantity chart; level 1 lists a location's trucks in or out, level 2 its
 * in- or out-quantity by type. Nothing is asked before a partner is picked (spec 5); a new partner closes the panels.
 */

export type PartnerKind = 'consignee' | 'customer';

/** The calls of one tab (spec 7); the Customer tab has no trips-out and no out-quantity detail. */
const CALLS = {
  consignee: {
    stats: '/api/dashboard/consignee/get-consignee-stats',
    tripsIn: '/api/dashboard/consignee/get-consignee-trips-in-detail',
    tripsOut: '/api/dashboard/consignee/get-consignee-trips-out-detail',
    inQty: '/api/dashboard/consignee/get-consignee-in-qty-detail',
    outQty: '/api/dashboard/consignee/get-consignee-out-qty-detail',
  },
  customer: {
    stats: '/api/dashboard/customer/get-customer-stats',
    tripsIn: '/api/dashboard/customer/get-customer-trips-in-detail',
    tripsOut: undefined,
    inQty: '/api/dashboard/customer/get-customer-in-qty-detail',
    outQty: undefined,
  },
} as const;

/** Each tab's own texts, named key by key. */
const KIND_TEXTS = {
  consignee: { title: 'dashboard.panels.consignee', location: 'dashboardPartners.consignee.location', pick: 'dashboardPartners.consignee.pick' },
  customer: { title: 'dashboard.panels.customer', location: 'dashboardPartners.customer.location', pick: 'dashboardPartners.customer.pick' },
} as const;

/** Each panel's title. */
const PANEL_TITLES = {
  tripsIn: 'dashboardPartners.tripsInTitle',
  tripsOut: 'dashboardPartners.tripsOutTitle',
  inQty: 'dashboardPartners.inQtyTitle',
  outQty: 'dashboardPartners.outQtyTitle',
} as const;

type Panel = { level: 1; key: string; view: 'tripsIn' | 'tripsOut'; locationId: number; name: string } | { level: 2; key: string; view: 'inQty' | 'outQty'; locationId: number; name: string };

/** The query of the picked partner: its id (and, for a shipment manager, `isShipmentManager=true`). */
function usePartnerQuery(kind: PartnerKind, filters: DashboardFilterValues): Record<string, string> | null {
  const { companies } = usePickerData();
  return useMemo((): Record<string, string> | null => {
    if (kind === 'customer') return filters.customerId === undefined ? null : { customerId: String(filters.customerId) };
    if (filters.consigneeId === undefined) return null;
    const company = companies.find((c) => c.id === filters.consigneeId);
    const query: Record<string, string> = { consigneeId: String(filters.consigneeId) };
    if (company?.companyTypeId === COMPANY_TYPE_IDS.shipmentManager) query.isShipmentManager = 'true';
    return query;
  }, [kind, filters.consigneeId, filters.customerId, companies]);
}

function Failed() {
  const { t } = useTranslation();
  return <Alert type="error" showIcon title={t('dashboardShared.failed')} />;
}

/** The tab's body: the filter, the prompt or the location table and chart, and the open panels. */
export function PartnerTab({ kind }: { kind: PartnerKind }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<DashboardFilterValues>({});
  const drill = useDrillDown<Panel>();
  const partner = usePartnerQuery(kind, filters);
  const testId = `dashboard-${kind}`;
  const calls = CALLS[kind];

  const stats = useQuery({
    queryKey: [...dashboardKey(kind), 'stats', partner],
    queryFn: () => apiOrThrow(calls.stats, { schema: ZPartnerStats, query: partner ?? {} }),
    enabled: partner !== null,
  });

  const onFilters = (next: DashboardFilterValues) => {
    // A new partner (or none) closes every panel (spec 2.13).
    if (next.consigneeId !== filters.consigneeId || next.customerId !== filters.customerId) drill.reset();
    setFilters(next);
  };
  const field = kind === 'consignee' ? 'consigneeId' : 'customerId';
  const rows = stats.data?.tableRows ?? [];

  const columns: TableColumnType<TPartnerLocationRow>[] = [
    { title: t(KIND_TEXTS[kind].location), dataIndex: 'name', key: 'name' },
    {
      title: t('dashboardPartners.columns.tripsIn'),
      key: 'tripsIn',
      render: (_: unknown, row) => (
        <Button type="link" size="small" style={{ padding: 0 }} data-testid={`${testId}-trips-in-${row.locationId}`} onClick={() => drill.open({ level: 1, key: `tripsIn:${row.locationId}`, view: 'tripsIn', locationId: row.locationId, name: row.name })}>
          <span dir="ltr" style={{ unicodeBidi: 'isolate' }}>
            <TripsCell trips={row.tripsIn} quantity={row.tripsInQty} />
          </span>
        </Button>
      ),
    },
    ...(calls.tripsOut
      ? [
          {
            title: t('dashboardPartners.columns.tripsOut'),
            key: 'tripsOut',
            render: (_: unknown, row: TPartnerLocationRow) => (
              <Button type="link" size="small" style={{ padding: 0 }} data-testid={`${testId}-trips-out-${row.locationId}`} onClick={() => drill.open({ level: 1, key: `tripsOut:${row.locationId}`, view: 'tripsOut', locationId: row.locationId, name: row.name })}>
                <span dir="ltr" style={{ unicodeBidi: 'isolate' }}>
                  <TripsCell trips={row.tripsOut} quantity={row.tripsOutQty} />
                </span>
              </Button>
            ),
          },
        ]
      : []),
    tonnesColumn<TPartnerLocationRow>(t('dashboardPartners.columns.quantity'), 'quantity'),
    tonnesColumn<TPartnerLocationRow>(t('dashboardPartners.columns.inTransit'), 'inTransitQty'),
  ];

  return (
    <Card title={t(KIND_TEXTS[kind].title)} data-testid={`dashboard-panel-${kind}`}>
      <DashboardFilters fields={[field]} value={filters} onChange={onFilters} testId={`${testId}-filters`} />
      {partner === null ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(KIND_TEXTS[kind].pick)} data-testid={`${testId}-pick`} />
      ) : stats.isError ? (
        <Failed />
      ) : stats.isPending ? (
        <Spin data-testid={`${testId}-loading`} />
      ) : (
        <>
          <Flex wrap gap="large" style={{ marginBlockEnd: 12 }} data-testid={`${testId}-totals`}>
            <Statistic title={t('dashboardPartners.atConsigneeLocations')} value={formatQuantity(stats.data.overAllQuantityInConsigneeLocs)} valueRender={isolatedStatisticValue} />
            <Statistic title={t('dashboardPartners.atCustomerLocations')} value={formatQuantity(stats.data.overAllQuantityInCustomerLocs)} valueRender={isolatedStatisticValue} />
          </Flex>
          <Row gutter={[16, 16]}>
            <Col xs={24} xxl={14}>
              <DashboardTable<TPartnerLocationRow> rowKey={(row) => String(row.locationId)} columns={columns} dataSource={rows} data-testid={`${testId}-table`} />
            </Col>
            <Col xs={24} xxl={10}>
              <Typography.Title level={5}>{t('dashboardPartners.chartTitle')}</Typography.Title>
              <BarChart
                title={t('dashboardPartners.chartTitle')}
                testId={`${testId}-chart`}
                categories={stats.data.chartData.map((c) => c.name)}
                series={[{ key: 'quantity', label: t('dashboardPartners.totalQuantity'), values: stats.data.chartData.map((c) => Number(c.quantity)) }]}
              />
            </Col>
          </Row>
        </>
      )}
      {partner !== null &&
        drill.panels.map((panel) => (
          <PanelView key={panel.key} kind={kind} panel={panel} partner={partner} onClose={drill.close} onOpen={drill.open} />
        ))}
    </Card>
  );
}

/** One open panel: level 1 trucks in or out, level 2 quantity in or out. */
function PanelView({ kind, panel, partner, onClose, onOpen }: { kind: PartnerKind; panel: Panel; partner: Record<string, string>; onClose: (level: number) => void; onOpen: (panel: Panel) => void }) {
  const { t } = useTranslation();
  const testId = `dashboard-${kind}-${panel.view}`;
  const query = { ...partner, locationId: String(panel.locationId) };
  const calls = CALLS[kind];
  const next: Panel | null =
    panel.view === 'tripsIn'
      ? { level: 2, key: `inQty:${panel.locationId}`, view: 'inQty', locationId: panel.locationId, name: panel.name }
      : panel.view === 'tripsOut' && calls.outQty
        ? { level: 2, key: `outQty:${panel.locationId}`, view: 'outQty', locationId: panel.locationId, name: panel.name }
        : null;
  const extra = next ? (
    <Button size="small" onClick={() => onOpen(next)} data-testid={`${testId}-more`}>
      {t(next.view === 'inQty' ? 'dashboardPartners.inQtyButton' : 'dashboardPartners.outQtyButton')}
    </Button>
  ) : undefined;
  return (
    <DrillDownCard title={t(PANEL_TITLES[panel.view], { name: panel.name })} level={panel.level} onClose={onClose} extra={extra} testId={testId}>
      {panel.view === 'tripsIn' || panel.view === 'tripsOut' ? (
        <TripsTable kind={kind} direction={panel.view} path={panel.view === 'tripsIn' ? calls.tripsIn : (calls.tripsOut ?? calls.tripsIn)} query={query} testId={testId} />
      ) : panel.view === 'inQty' ? (
        <InQtyTable kind={kind} path={calls.inQty} query={query} testId={testId} />
      ) : (
        <OutQtyTable kind={kind} path={calls.outQty ?? calls.inQty} query={query} testId={testId} />
      )}
    </DrillDownCard>
  );
}

function useTypeLabel() {
  const { t } = useTranslation();
  return (type: string) => t(`dashboardPartners.types.${type}`);
}

/** A trucks list, newest first, read a page at a time (`usePagedTrucks`). */
function TripsTable({ kind, direction, path, query, testId }: { kind: PartnerKind; direction: 'tripsIn' | 'tripsOut'; path: string; query: Record<string, string>; testId: string }) {
  const { t } = useTranslation();
  const typeLabel = useTypeLabel();
  const list = usePagedTrucks({
    queryKey: [...dashboardKey(kind), direction, query],
    fetchPage: (page) => apiOrThrow(path, { schema: ZPartnerTripList, query: { ...query, ...page } }),
    trucksOf: (page) => page,
    testId,
  });
  const data = useMemo(() => list.pages.flat(), [list.pages]);
  if (list.isError) return <Failed />;
  const columns: TableColumnType<TPartnerTripRow>[] = [
    { title: t('dashboardPartners.columns.slip'), dataIndex: 'slipNumber', key: 'slip' },
    { title: t('dashboardPartners.columns.date'), dataIndex: 'date', key: 'date', render: (value: string) => formatDateTime(value) },
    { title: t('dashboardPartners.columns.truck'), dataIndex: 'truck', key: 'truck' },
    tonnesColumn<TPartnerTripRow>(t('dashboardPartners.columns.quantity'), 'quantity'),
    {
      title: t('dashboardPartners.columns.status'),
      key: 'status',
      render: (_: unknown, row) =>
        row.pending ? <Tag color="orange">{t('dashboardPartners.pending')}</Tag> : <Tag color="green">{t(direction === 'tripsIn' ? 'dashboardPartners.received' : 'dashboardPartners.delivered')}</Tag>,
    },
    { title: t('dashboardPartners.columns.type'), dataIndex: 'type', key: 'type', render: typeLabel },
    direction === 'tripsIn'
      ? { title: t('dashboardPartners.columns.source'), dataIndex: 'source', key: 'source' }
      : { title: t('dashboardPartners.columns.destination'), dataIndex: 'destination', key: 'destination' },
    ...(direction === 'tripsOut' ? [{ title: t('dashboardPartners.columns.toConsignee'), dataIndex: 'toConsignee', key: 'toConsignee' }] : []),
    { title: t('dashboardPartners.columns.lcpo'), dataIndex: 'LCPONumber', key: 'lcpo' },
    { title: t('dashboardPartners.columns.vesselVoyage'), dataIndex: 'vesselVoyage', key: 'voyage' },
    { title: t('dashboardPartners.columns.cargo'), dataIndex: 'cargo', key: 'cargo' },
  ];
  return (
    <DashboardTable<TPartnerTripRow>
      loading={list.isPending}
      rowKey={(row) => `${row.tripId}-${row.date}-${row.pending ? 'p' : 'r'}`}
      columns={columns}
      dataSource={data}
      {...list.tableProps}
      data-testid={`${testId}-table`}
    />
  );
}

function InQtyTable({ kind, path, query, testId }: { kind: PartnerKind; path: string; query: Record<string, string>; testId: string }) {
  const { t } = useTranslation();
  const typeLabel = useTypeLabel();
  const list = useQuery({ queryKey: [...dashboardKey(kind), 'inQty', query], queryFn: () => apiOrThrow(path, { schema: ZPartnerInQtyList, query }) });
  if (list.isError) return <Failed />;
  const columns: TableColumnType<TPartnerInQtyRow>[] = [
    { title: t('dashboardPartners.columns.source'), dataIndex: 'source', key: 'source', render: typeLabel },
    { title: t('dashboardPartners.columns.lcpo'), dataIndex: 'LCPONumber', key: 'lcpo' },
    { title: t('dashboardPartners.columns.vesselVoyage'), dataIndex: 'vesselVoyage', key: 'voyage' },
    { title: t('dashboardPartners.columns.cargo'), dataIndex: 'cargo', key: 'cargo' },
    { title: t('dashboardPartners.columns.trips'), dataIndex: 'trips', key: 'trips', align: 'end' },
    tonnesColumn<TPartnerInQtyRow>(t('dashboardPartners.columns.sent'), 'quantity'),
    tonnesColumn<TPartnerInQtyRow>(t('dashboardPartners.columns.inQty'), 'inQty'),
    tonnesColumn<TPartnerInQtyRow>(t('dashboardPartners.columns.transitLoss'), 'transitLossQty'),
    tonnesColumn<TPartnerInQtyRow>(t('dashboardPartners.columns.inTransit'), 'inTransitQty'),
  ];
  return (
    <DashboardTable<TPartnerInQtyRow>
      loading={list.isPending}
      rowKey={(row) => `${row.source}-${row.consignmentId}-${row.vesselVoyage}-${row.cargo}`}
      columns={columns}
      dataSource={list.data ?? []}
      data-testid={`${testId}-table`}
    />
  );
}

function OutQtyTable({ kind, path, query, testId }: { kind: PartnerKind; path: string; query: Record<string, string>; testId: string }) {
  const { t } = useTranslation();
  const typeLabel = useTypeLabel();
  const list = useQuery({ queryKey: [...dashboardKey(kind), 'outQty', query], queryFn: () => apiOrThrow(path, { schema: ZPartnerOutQtyList, query }) });
  if (list.isError) return <Failed />;
  const columns: TableColumnType<TPartnerOutQtyRow>[] = [
    { title: t('dashboardPartners.columns.type'), dataIndex: 'type', key: 'type', render: typeLabel },
    { title: t('dashboardPartners.columns.lcpo'), dataIndex: 'LCPONumber', key: 'lcpo' },
    { title: t('dashboardPartners.columns.vesselVoyage'), dataIndex: 'vesselVoyage', key: 'voyage' },
    { title: t('dashboardPartners.columns.toConsignee'), dataIndex: 'toConsignee', key: 'toConsignee' },
    { title: t('dashboardPartners.columns.toLcpo'), dataIndex: 'To_LCPONumber', key: 'toLcpo' },
    { title: t('dashboardPartners.columns.trips'), dataIndex: 'trips', key: 'trips', align: 'end' },
    tonnesColumn<TPartnerOutQtyRow>(t('dashboardPartners.columns.outQty'), 'outQty'),
    tonnesColumn<TPartnerOutQtyRow>(t('dashboardPartners.columns.inTransit'), 'inTransitQty'),
  ];
  return (
    <DashboardTable<TPartnerOutQtyRow>
      loading={list.isPending}
      rowKey={(row) => `${row.type}-${row.consignmentId}-${row.vesselVoyage}-${row.cargo}-${row.toConsignee ?? ''}-${row.To_LCPONumber ?? ''}`}
      columns={columns}
      dataSource={list.data ?? []}
      data-testid={`${testId}-table`}
    />
  );
}
