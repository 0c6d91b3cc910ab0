import { useState, type MouseEvent, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Row, Spin, Statistic, Table, Typography, type TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ZLcDetail,
  ZPortDetail,
  ZVesselDetail,
  ZVesselStats,
  type LcDetailType,
  type TLcDetail,
  type TPortDetail,
  type TVesselDetail,
  type TVesselDetailStats,
  type TVesselLcRow,
  type TVesselStatsRow,
} from '@tonnage/contracts';
import { apiOrThrow, type Schema } from '../../app/api';
import { dashboardKey } from '../../app/dashboard-flags';
import { formatQuantity, isolatedQuantity } from '../../app/format';
import { isolatedStatisticValue, QuantityText } from '../../components/QuantityText';
import { BarChart } from './charts';
import { DashboardFilters, filterQuery, type DashboardFilterField, type DashboardFilterValues } from './DashboardFilters';
import { DashboardTable, DrillDownCard, tonnesColumn, TripsCell, useDrillDown } from './drill-down';

/** The VESSEL tab's queries, under the dashboard's key convention (the reload banner invalidates them). */
export const vesselKey = dashboardKey('vessel');

const FIELDS: readonly DashboardFilterField[] = ['voyageId', 'consignmentId', 'consigneeId', 'smIds', 'cargoId'];

/** The drill-down: level 1 a voyage, level 2 a BL's port loadings, level 3 a port loading. */
type VesselPanel =
  | { level: 1; key: string; kind: 'vessel'; vesselId: number; voyageId: number; name: string }
  | { level: 2; key: string; kind: 'lc'; shipmentId: number; consignmentId: number; type: LcDetailType; name: string }
  | { level: 3; key: string; kind: 'port'; cargoLoadingOutId: number; portId: number; name: string };

type Open = (panel: VesselPanel) => void;

/** One of the tab's calls, its answer checked against the contract. */
function get<T>(path: string, query: Record<string, string>, schema: Schema<T>): Promise<T> {
  return apiOrThrow(`/api/dashboard/vessels/${path}`, { query, schema });
}

/** A clickable table cell that opens a deeper panel (the row click does the same; this one can be reached by keyboard). */
function OpenLink({ children, onClick, testId }: { children: ReactNode; onClick: () => void; testId: string }) {
  return (
    <Button
      type="link"
      size="small"
      style={{ padding: 0, height: 'auto' }}
      data-testid={testId}
      onClick={(event: MouseEvent) => {
        event.stopPropagation();
        onClick();
      }}
    >
      {children}
    </Button>
  );
}

function Failed() {
  const { t } = useTranslation();
  return <Alert type="error" showIcon title={t('dashboardShared.failed')} />;
}

// -------------------------------------------------------------------------------------------------------------
// Summary

function Summary({ filters, open }: { filters: DashboardFilterValues; open: Open }) {
  const { t } = useTranslation();
  const query = filterQuery(filters);
  const stats = useQuery({ queryKey: [...vesselKey, 'stats', query], queryFn: () => get('get-vessel-stats', query, ZVesselStats) });
  const openRow = (row: TVesselStatsRow) =>
    open({ level: 1, key: `vessel-${row.voyageId}`, kind: 'vessel', vesselId: row.vesselId, voyageId: row.voyageId, name: row.vesselVoyage });
  const columns: TableColumnType<TVesselStatsRow>[] = [
    {
      title: t('dashboardVessel.summary.vesselVoyage'),
      dataIndex: 'vesselVoyage',
      key: 'vesselVoyage',
      render: (_: unknown, row) => (
        <OpenLink testId={`vessel-open-${row.voyageId}-${row.consignmentId}`} onClick={() => openRow(row)}>
          {row.vesselVoyage}
        </OpenLink>
      ),
    },
    { title: t('dashboardVessel.summary.lcPo'), dataIndex: 'LCPONumber', key: 'LCPONumber' },
    { title: t('dashboardVessel.summary.port'), dataIndex: 'port', key: 'port' },
    tonnesColumn<TVesselStatsRow>(t('dashboardVessel.summary.quantity'), 'quantity'),
    tonnesColumn<TVesselStatsRow>(t('dashboardVessel.summary.loaded'), 'loadedQuantity'),
    tonnesColumn<TVesselStatsRow>(t('dashboardVessel.summary.inTransit'), 'inTransitQuantity'),
    tonnesColumn<TVesselStatsRow>(t('dashboardVessel.summary.delivered'), 'dlvQuantity'),
    tonnesColumn<TVesselStatsRow>(t('dashboardVessel.summary.remaining'), 'remainingQuantity'),
  ];
  const data = stats.data;
  const chart = data?.chartData ?? [];
  return (
    <>
      {stats.isError ? <Failed /> : null}
      <DashboardTable<TVesselStatsRow>
        data-testid="vessel-summary"
        rowKey={(row) => `${row.voyageId}-${row.consignmentId}`}
        loading={stats.isPending}
        columns={columns}
        dataSource={data?.rows ?? []}
        locale={{ emptyText: t('dashboardVessel.summary.empty') }}
        onRow={(row) => ({ onClick: () => openRow(row), style: { cursor: 'pointer' } })}
        summary={() =>
          data && data.rows.length > 0 ? (
            <Table.Summary fixed>
              <Table.Summary.Row data-testid="vessel-summary-totals">
                <Table.Summary.Cell index={0} colSpan={3}>
                  <Typography.Text strong>{t('dashboardShared.total')}</Typography.Text>
                </Table.Summary.Cell>
                {(['quantity', 'loadedQuantity', 'inTransitQuantity', 'dlvQuantity', 'remainingQuantity'] as const).map((field, index) => (
                  <Table.Summary.Cell key={field} index={3 + index} align="end">
                    <Typography.Text strong data-total={field}>
                      <QuantityText value={data.totals[field]} />
                    </Typography.Text>
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
      />
      {chart.length > 0 ? (
        <div style={{ marginBlockStart: 16 }}>
          <BarChart
            testId="vessel-chart"
            title={t('dashboardVessel.chart.title')}
            categories={chart.map((bar) => bar.shortVesselName)}
            series={[
              { key: 'loaded', label: t('dashboardVessel.chart.loaded'), values: chart.map((bar) => Number(bar.totalLoadedQuantity)) },
              { key: 'remaining', label: t('dashboardVessel.chart.remaining'), values: chart.map((bar) => Number(bar.totalRemainingQuantity)) },
            ]}
          />
        </div>
      ) : null}
    </>
  );
}

// -------------------------------------------------------------------------------------------------------------
// Level 1

const CARDS: readonly (keyof TVesselDetailStats)[] = [
  'totalVesselQuantity',
  'totalQuantityOnBoard',
  'totalQuantityLoaded',
  'totalQuantityDD',
  'totalQuantityWarehouse',
  'totalQuantityInTransit',
  'totalLoanQuantity',
  'totalLoanReturnedQuantity',
  'totalDifferenceQuantity',
];

function StatCards({ stats }: { stats: TVesselDetailStats }) {
  const { t } = useTranslation();
  return (
    <Row gutter={[12, 12]} data-testid="vessel-cards">
      {CARDS.map((card) => (
        <Col key={card} xs={24} sm={12} md={8}>
          <Card size="small" data-testid={`vessel-card-${card}`}>
            <Statistic title={t(`dashboardVessel.detail.cards.${card}`)} value={formatQuantity(stats[card])} valueRender={isolatedStatisticValue} />
            {card === 'totalQuantityInTransit' ? (
              <Typography.Text type="secondary">
                {t('dashboardVessel.detail.inTransitSplit', { warehouse: isolatedQuantity(stats.totalWarehouseDeliveredInTransit), direct: isolatedQuantity(stats.totalDirectDeliveredInTransit) })}
              </Typography.Text>
            ) : null}
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function VesselDetailPanel({ panel, open }: { panel: Extract<VesselPanel, { kind: 'vessel' }>; open: Open }) {
  const { t } = useTranslation();
  const query = { vesselId: String(panel.vesselId), voyageId: String(panel.voyageId) };
  const detail = useQuery<TVesselDetail>({ queryKey: [...vesselKey, 'detail', query], queryFn: () => get('get-vessel-detail', query, ZVesselDetail) });
  const openLc = (row: TVesselLcRow, type: LcDetailType) =>
    open({ level: 2, key: `lc-${row.shipmentId}-${type}`, kind: 'lc', shipmentId: row.shipmentId, consignmentId: row.consignmentId, type, name: `${row.LCPONumber} · ${row.blNumber}` });
  const linked = (field: 'toBlConsignee' | 'toNonBlConsignee', type: LcDetailType): TableColumnType<TVesselLcRow> =>
    tonnesColumn<TVesselLcRow>(t(`dashboardVessel.detail.${field}`), field, {
      render: (value: string, row) => (
        <OpenLink testId={`vessel-lc-${type}-${row.shipmentId}`} onClick={() => openLc(row, type)}>
          <QuantityText value={value} />
        </OpenLink>
      ),
    });
  const columns: TableColumnType<TVesselLcRow>[] = [
    {
      title: t('dashboardVessel.detail.lcPo'),
      dataIndex: 'LCPONumber',
      key: 'LCPONumber',
      render: (_: unknown, row) => (
        <OpenLink testId={`vessel-lc-all-${row.shipmentId}`} onClick={() => openLc(row, 'all')}>
          {row.LCPONumber}
        </OpenLink>
      ),
    },
    { title: t('dashboardVessel.detail.blNumber'), dataIndex: 'blNumber', key: 'blNumber' },
    { title: t('dashboardVessel.detail.blConsignee'), dataIndex: 'blConsignee', key: 'blConsignee' },
    tonnesColumn<TVesselLcRow>(t('dashboardVessel.detail.quantity'), 'quantity'),
    tonnesColumn<TVesselLcRow>(t('dashboardVessel.detail.excessShortage'), 'excessShortage'),
    tonnesColumn<TVesselLcRow>(t('dashboardVessel.detail.discharged'), 'discharged'),
    { title: t('dashboardVessel.detail.cargoType'), dataIndex: 'cargoType', key: 'cargoType' },
    tonnesColumn<TVesselLcRow>(t('dashboardVessel.detail.loanIssued'), 'loanIssued'),
    tonnesColumn<TVesselLcRow>(t('dashboardVessel.detail.loanReturned'), 'loanReturned'),
    tonnesColumn<TVesselLcRow>(t('dashboardVessel.detail.customerSale'), 'customerSale'),
    linked('toBlConsignee', 'blConsignee'),
    linked('toNonBlConsignee', 'nonBlConsignee'),
  ];
  if (detail.isError) return <Failed />;
  if (!detail.data) return <Spin />;
  return (
    <>
      <StatCards stats={detail.data.stats} />
      <Typography.Title level={5} style={{ marginBlock: 16 }}>
        {t('dashboardVessel.detail.lcTable')}
      </Typography.Title>
      <DashboardTable<TVesselLcRow>
        data-testid="vessel-lc-table"
        rowKey="shipmentId"
        columns={columns}
        dataSource={detail.data.rows}
        locale={{ emptyText: t('dashboardVessel.detail.empty') }}
        onRow={(row) => ({ onClick: () => openLc(row, 'all'), style: { cursor: 'pointer' } })}
      />
    </>
  );
}

// -------------------------------------------------------------------------------------------------------------
// Level 2

type LcRow = TLcDetail['rows'][number];

function LcDetailPanel({ panel, open }: { panel: Extract<VesselPanel, { kind: 'lc' }>; open: Open }) {
  const { t } = useTranslation();
  const query = { shipmentId: String(panel.shipmentId), consignmentId: String(panel.consignmentId), type: panel.type };
  const detail = useQuery({ queryKey: [...vesselKey, 'lc', query], queryFn: () => get('get-lc-detail', query, ZLcDetail) });
  const openPort = (row: LcRow) =>
    open({ level: 3, key: `port-${row.cargoLoadingOutId}`, kind: 'port', cargoLoadingOutId: row.cargoLoadingOutId, portId: row.portId, name: `${row.port} · ${row.toLocation}` });
  const columns: TableColumnType<LcRow>[] = [
    {
      title: t('dashboardVessel.lc.port'),
      dataIndex: 'port',
      key: 'port',
      render: (_: unknown, row) => (
        <OpenLink testId={`vessel-port-open-${row.cargoLoadingOutId}`} onClick={() => openPort(row)}>
          {row.port}
        </OpenLink>
      ),
    },
    { title: t('dashboardVessel.lc.toLcPo'), dataIndex: 'toLCPONumber', key: 'toLCPONumber' },
    { title: t('dashboardVessel.lc.toCompany'), dataIndex: 'toCompany', key: 'toCompany' },
    { title: t('dashboardVessel.lc.toLocation'), dataIndex: 'toLocation', key: 'toLocation' },
    tonnesColumn<LcRow>(t('dashboardVessel.lc.issued'), 'issuedQuantity'),
    { title: t('dashboardVessel.lc.loadedTrips'), key: 'loaded', align: 'end', render: (_: unknown, row) => <TripsCell trips={row.trips} quantity={row.loadedQuantity} /> },
    tonnesColumn<LcRow>(t('dashboardVessel.lc.remaining'), 'remainingQuantity'),
  ];
  if (detail.isError) return <Failed />;
  return (
    <DashboardTable<LcRow>
      data-testid="vessel-lc-detail-table"
      rowKey="cargoLoadingOutId"
      loading={detail.isPending}
      columns={columns}
      dataSource={detail.data?.rows ?? []}
      locale={{ emptyText: t('dashboardVessel.lc.empty') }}
      onRow={(row) => ({ onClick: () => openPort(row), style: { cursor: 'pointer' } })}
    />
  );
}

// -------------------------------------------------------------------------------------------------------------
// Level 3

type PortRow = TPortDetail['rows'][number];

function PortDetailPanel({ panel }: { panel: Extract<VesselPanel, { kind: 'port' }> }) {
  const { t } = useTranslation();
  const query = { cargoLoadingOutId: String(panel.cargoLoadingOutId), portId: String(panel.portId) };
  const detail = useQuery({ queryKey: [...vesselKey, 'port', query], queryFn: () => get('get-port-detail', query, ZPortDetail) });
  const columns: TableColumnType<PortRow>[] = [
    { title: t('dashboardVessel.port.toLocation'), dataIndex: 'location', key: 'location' },
    { title: t('dashboardVessel.port.loadedTrips'), key: 'loaded', align: 'end', render: (_: unknown, row) => <TripsCell trips={row.trips} quantity={row.loadedQuantity} /> },
    tonnesColumn<PortRow>(t('dashboardVessel.port.delivered'), 'deliveredQuantity'),
    tonnesColumn<PortRow>(t('dashboardVessel.port.inTransit'), 'inTransitQuantity'),
  ];
  if (detail.isError) return <Failed />;
  const transporters = detail.data?.transporters ?? [];
  return (
    <>
      <DashboardTable<PortRow>
        data-testid="vessel-port-table"
        rowKey="locationId"
        loading={detail.isPending}
        columns={columns}
        dataSource={detail.data?.rows ?? []}
        locale={{ emptyText: t('dashboardVessel.port.empty') }}
      />
      {transporters.length > 0 ? (
        <div style={{ marginBlockStart: 16 }}>
          <BarChart
            testId="vessel-transporter-chart"
            title={t('dashboardVessel.port.transporters')}
            categories={transporters.map((row) => row.transporter)}
            series={[
              { key: 'loaded', label: t('dashboardVessel.chart.loaded'), values: transporters.map((row) => Number(row.loadedQuantity)) },
              { key: 'delivered', label: t('dashboardVessel.port.delivered'), values: transporters.map((row) => Number(row.deliveredQuantity)) },
              { key: 'inTransit', label: t('dashboardVessel.port.inTransit'), values: transporters.map((row) => Number(row.inTransitQuantity)) },
            ]}
          />
        </div>
      ) : null}
    </>
  );
}

// -------------------------------------------------------------------------------------------------------------

function PanelTitle({ panel }: { panel: VesselPanel }) {
  const { t } = useTranslation();
  if (panel.kind === 'vessel') return <>{t('dashboardVessel.detail.title', { name: panel.name })}</>;
  if (panel.kind === 'port') return <>{t('dashboardVessel.port.title', { name: panel.name })}</>;
  const key = panel.type === 'blConsignee' ? 'titleBl' : panel.type === 'nonBlConsignee' ? 'titleNonBl' : 'title';
  return <>{t(`dashboardVessel.lc.${key}`, { name: panel.name })}</>;
}

/**
 * The dashboard's VESSEL tab (spec 2.13 "Vessel Stats tab"): the filters, the summary per voyage and LC/PO with
 * totals and the chart of loaded versus remaining per vessel; a row opens the vessel detail (level 1: nine stat
 * cards and the LC table), an LC row its port loadings (level 2), a port loading its destinations and transporters
 * (level 3). Opening a panel hides those at its level or deeper.
 */
export default function VesselTab() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<DashboardFilterValues>({});
  const drill = useDrillDown<VesselPanel>();
  const { reset, open, close } = drill;
  const onFilters = (next: DashboardFilterValues) => {
    setFilters(next);
    reset();
  };
  const { panels } = drill;
  return (
    <Card title={t('dashboard.panels.vessel')} data-testid="dashboard-panel-vessel">
      <DashboardFilters fields={FIELDS} value={filters} onChange={onFilters} testId="vessel-filters" />
      <Summary filters={filters} open={open} />
      {panels.map((panel) => (
        <DrillDownCard key={panel.key} title={<PanelTitle panel={panel} />} level={panel.level} onClose={close} testId={`vessel-level-${panel.level}`}>
          {panel.kind === 'vessel' ? (
            <VesselDetailPanel panel={panel} open={open} />
          ) : panel.kind === 'lc' ? (
            <LcDetailPanel panel={panel} open={open} />
          ) : (
            <PortDetailPanel panel={panel} />
          )}
        </DrillDownCard>
      ))}
    </Card>
  );
}
