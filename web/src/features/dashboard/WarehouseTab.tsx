import { useCallback, useMemo, useState } from 'react';
import { Alert, Card, Col, Row, Typography, type TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasPermission, ZWarehouseStats, type TWarehouseStatsRow } from '@tonnage/contracts';
import { QuantityText } from '../../components/QuantityText';
import { useUserContext } from '../../app/session';
import { PieChart } from './charts';
import { DashboardFilters, filterQuery, type DashboardFilterField, type DashboardFilterValues } from './DashboardFilters';
import { DashboardTable, tonnesColumn, TripsCell, useDrillDown } from './drill-down';
import { ExcelLink, TotalsRow, WarehousePanelView, type PanelRequest, type Place, type WarehousePanel } from './warehouse/panels';
import { useWarehouseCall, type WarehouseQuery } from './warehouse/warehouse-api';

/** The flags of spec 6 that change the tab: the Excel exports and the attached vessel/voyage filter. */
export const WAREHOUSE_EXCEL_FLAG = 'canViewWarehouseDashboardExcel';
export const WAREHOUSE_ATTACHED_VESSEL_FLAG = 'canViewWarehouseDashboardAttachedVessel';

/** The tab's filters in the spec's order; the attached vessel/voyage only with its flag. */
export function warehouseFilterFields(attachedVessel: boolean): DashboardFilterField[] {
  return ['locationId', 'silos', 'voyageId', ...(attachedVessel ? (['bindingVoyageId'] as const) : []), 'consignmentId', 'consigneeId', 'smIds', 'cargoId', 'fromDate', 'toDate'];
}

/** The summary: per warehouse and cargo type, with the totals row; a warehouse opens its detail. */
function WarehouseSummary({ query, onWarehouse }: { query: WarehouseQuery; onWarehouse: (place: Place) => void }) {
  const { t } = useTranslation();
  const stats = useWarehouseCall('stats', query, ZWarehouseStats);
  const data = stats.data;
  const columns: TableColumnType<TWarehouseStatsRow>[] = [
    {
      title: t('dashboardWarehouse.columns.warehouse'),
      key: 'name',
      sorter: (a, b) => a.name.localeCompare(b.name),
      render: (_: unknown, row) => (
        <Typography.Link onClick={() => onWarehouse({ locationId: row.locationId, name: row.name })} data-testid={`warehouse-open-${row.locationId}`}>
          {row.name}
        </Typography.Link>
      ),
    },
    { title: t('dashboardWarehouse.columns.cargo'), dataIndex: 'cargo', key: 'cargo' },
    tonnesColumn<TWarehouseStatsRow>(t('dashboardWarehouse.columns.quantity'), 'quantity'),
    tonnesColumn<TWarehouseStatsRow>(t('dashboardWarehouse.columns.portQuantity'), 'portQuantity'),
    { title: t('dashboardWarehouse.columns.tripsIn'), key: 'tripsIn', align: 'end', render: (_: unknown, row) => <TripsCell trips={row.tripsIn} quantity={row.tripsInQty} /> },
    { title: t('dashboardWarehouse.columns.tripsOut'), key: 'tripsOut', align: 'end', render: (_: unknown, row) => <TripsCell trips={row.tripsOut} quantity={row.tripsOutQty} /> },
  ];
  const totals = data?.totals;
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        {stats.isError ? <Alert type="error" showIcon title={t('dashboardShared.failed')} style={{ marginBottom: 12 }} /> : null}
        <DashboardTable<TWarehouseStatsRow>
          data-testid="warehouse-summary"
          rowKey={(row) => `${row.locationId}-${row.cargoId}`}
          columns={columns}
          dataSource={data?.rows ?? []}
          loading={stats.isPending}
          summary={
            totals && (data?.rows.length ?? 0) > 0
              ? () => (
                  <TotalsRow
                    cells={[
                      null,
                      <QuantityText value={totals.quantity} />,
                      <QuantityText value={totals.portQuantity} />,
                      <TripsCell key="in" trips={totals.tripsIn} quantity={totals.tripsInQty} />,
                      <TripsCell key="out" trips={totals.tripsOut} quantity={totals.tripsOutQty} />,
                    ]}
                  />
                )
              : undefined
          }
        />
      </Col>
      <Col xs={24} md={12} xxl={8}>
        <Typography.Title level={5}>{t('dashboardWarehouse.chart')}</Typography.Title>
        <PieChart
          title={t('dashboardWarehouse.chart')}
          testId="warehouse-pie"
          slices={(data?.chartData ?? []).map((slice) => ({ key: String(slice.locationId), label: slice.name, value: Number(slice.quantity) }))}
        />
      </Col>
    </Row>
  );
}

/**
 * The dashboard's Warehouse tab ('Warehouse Stats', spec 2.13): the filter form with a Clear button and the Excel
 * exports (canViewWarehouseDashboardExcel), the summary per warehouse and cargo type with its totals and the pie chart
 * of each warehouse's quantity, and the drill-down panels below it, one path at a time. Every query lives under
 * `dashboardKey('warehouse')`, so the reload banner reloads them all. Loaded lazily with its tab.
 */
export default function WarehouseTab() {
  const { t } = useTranslation();
  const context = useUserContext();
  const canExcel = hasPermission(context, WAREHOUSE_EXCEL_FLAG);
  const attachedVessel = hasPermission(context, WAREHOUSE_ATTACHED_VESSEL_FLAG);
  const [filters, setFilters] = useState<DashboardFilterValues>({});
  const drill = useDrillDown<WarehousePanel>();
  const { reset, open, close } = drill;
  const query = useMemo(() => filterQuery(attachedVessel ? filters : { ...filters, bindingVoyageId: undefined }), [filters, attachedVessel]);

  // New filters start a new path: the panels of the old figures close.
  const changeFilters = useCallback(
    (next: DashboardFilterValues) => {
      setFilters(next);
      reset();
    },
    [reset],
  );
  const openBelow = (level: number) => (next: PanelRequest) => open({ ...next, level: level + 1 });

  return (
    <>
      <Card title={t('dashboard.panels.warehouse')} data-testid="dashboard-panel-warehouse">
        <DashboardFilters
          testId="warehouse-filters"
          fields={warehouseFilterFields(attachedVessel)}
          value={filters}
          onChange={changeFilters}
          extra={
            canExcel ? (
              <>
                <ExcelLink file="summary" query={query} label={t('dashboardWarehouse.excel')} fileName={t('dashboardWarehouse.excelFile')} testId="warehouse-excel" />
                <ExcelLink file="lc" query={query} label={t('dashboardWarehouse.excelLc')} fileName={t('dashboardWarehouse.excelLcFile')} testId="warehouse-excel-lc" />
              </>
            ) : null
          }
        />
        <WarehouseSummary query={query} onWarehouse={(place) => open({ kind: 'warehouse', level: 1, key: `warehouse-${place.locationId}`, place })} />
      </Card>
      {drill.panels.map((panel) => (
        <WarehousePanelView key={`${panel.level}-${panel.key}`} panel={panel} filters={query} onOpen={openBelow(panel.level)} onClose={close} canExcel={canExcel} />
      ))}
    </>
  );
}
