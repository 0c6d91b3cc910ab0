import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Descriptions, Flex, Table, Tag, Typography, type TableColumnType } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  ZConsigneeConsignments,
  ZSiloDetail,
  ZWarehouseDetail,
  ZWarehouseInQtyDetail,
  ZWarehouseOutQtyDetail,
  ZWarehouseSiloDetail,
  ZWarehouseTripsIn,
  ZWarehouseTripsOut,
  type TConsigneeConsignmentRow,
  type TWarehouseConsigneeRow,
  type TWarehouseSiloConsigneeRow,
  type TWarehouseSiloRow,
  type TWarehouseTripInRow,
  type TWarehouseOutQtyDetail,
  type TWarehouseTripOutRow,
  type WarehouseMoveType,
} from '@tonnage/contracts';
import { useAgencyDateTime } from '../../../app/agency-time';
import { QuantityText } from '../../../components/QuantityText';
import { serverPagination } from '../../../app/pagination';
import { useSession } from '../../../app/session';
import { downloadFile } from '../../../components/resources/resource-api';
import { declarationLanguage } from '../../../components/resources/resource-text';
import { BarChart } from '../charts';
import { DashboardTable, DrillDownCard, tonnesColumn, TripsCell, usePagedTrucks, type DrillPanel } from '../drill-down';
import { fillLabel, freeCapacity } from './silo-fill';
import { fetchWarehouseCall, useWarehouseCall, warehouseExcelUrl, warehouseKey, type WarehouseQuery } from './warehouse-api';

/*
 * The Warehouse tab's drill-down panels (spec 2.13 "Warehouse tab"). Each panel is opened from a click in the one
 * above it, one level deeper; its call gets the tab's filters plus the ids of the path (warehouse, silo, consignee
 * and cargo, LC/PO), which take the place of the same filters.
 */

/** The warehouse a path starts from. */
export interface Place {
  locationId: number;
  name: string;
}

/** A silo of the warehouse (the silo variants of the panels). */
export interface SiloRef {
  siloId: number;
  name: string;
}

/** A consignee's stock of one cargo type. */
export interface Holder {
  consigneeId: number;
  consignee: string;
  cargoId: number;
}

/** An LC/PO of that stock. */
export interface Lot {
  consignmentId: number;
  LCPONumber: string;
}

export type LotPanelKind = 'tripsIn' | 'tripsOut' | 'inQty' | 'outQty' | 'handlingLoss';

/** An open panel of the tab: what it shows and the path that leads to it. */
export type WarehousePanel = DrillPanel &
  (
    | { kind: 'warehouse'; place: Place }
    | { kind: 'siloConsignees'; place: Place }
    | { kind: 'silo'; place: Place; silo: SiloRef }
    | { kind: 'consignments'; place: Place; silo?: SiloRef; holder: Holder }
    | { [K in LotPanelKind]: { kind: K; place: Place; silo?: SiloRef; holder: Holder; lot: Lot } }[LotPanelKind]
  );

/** A panel as its opener describes it; the host gives it the next level. */
export type PanelRequest = WarehousePanel extends infer P ? (P extends WarehousePanel ? Omit<P, 'level'> : never) : never;

/** The query of a panel's call: the filters, then the path's ids in their place. */
export function panelQuery(filters: WarehouseQuery, panel: WarehousePanel): WarehouseQuery {
  const query: Record<string, string> = { ...filters, locationId: String(panel.place.locationId) };
  if ('silo' in panel && panel.silo) query.siloId = String(panel.silo.siloId);
  if ('holder' in panel) {
    query.consigneeId = String(panel.holder.consigneeId);
    query.cargoId = String(panel.holder.cargoId);
  }
  if ('lot' in panel) query.consignmentId = String(panel.lot.consignmentId);
  return query;
}

export interface PanelProps<K extends WarehousePanel['kind']> {
  panel: WarehousePanel & { kind: K };
  filters: WarehouseQuery;
  onOpen: (next: PanelRequest) => void;
  onClose: (level: number) => void;
  /** The user holds canViewWarehouseDashboardExcel. */
  canExcel: boolean;
}

/** A figure that opens a panel. */
function OpenLink({ children, onClick, testId }: { children: ReactNode; onClick: () => void; testId: string }) {
  return (
    <Typography.Link onClick={onClick} data-testid={testId}>
      {children}
    </Typography.Link>
  );
}

function Failed({ show }: { show: boolean }) {
  const { t } = useTranslation();
  return show ? <Alert type="error" showIcon title={t('dashboardShared.failed')} style={{ marginBottom: 12 }} /> : null;
}

/** The totals row of a table: the label in the first cell, then one cell per column (empty where nothing sums). */
export function TotalsRow({ cells, label }: { cells: readonly ReactNode[]; label?: string }) {
  const { t } = useTranslation();
  return (
    <Table.Summary fixed>
      <Table.Summary.Row data-testid="totals-row">
        <Table.Summary.Cell index={0}>
          <Typography.Text strong>{label ?? t('dashboardShared.total')}</Typography.Text>
        </Table.Summary.Cell>
        {cells.map((cell, index) => (
          <Table.Summary.Cell key={index} index={index + 1} align={cell === null ? undefined : 'end'}>
            <Typography.Text strong>{cell}</Typography.Text>
          </Table.Summary.Cell>
        ))}
      </Table.Summary.Row>
    </Table.Summary>
  );
}

/** An Excel export of the tab (spec 7): downloads the file with the query, in the user's language. */
export function ExcelLink({ file, query, label, testId, fileName }: { file: 'summary' | 'lc'; query: WarehouseQuery; label: string; testId: string; fileName: string }) {
  const { i18n } = useTranslation();
  const { selectedAgencyId } = useSession();
  const [busy, setBusy] = useState(false);
  if (selectedAgencyId === null) return null;
  const lang = declarationLanguage(i18n.language);
  return (
    <Button
      type="link"
      icon={<FileExcelOutlined />}
      loading={busy}
      data-testid={testId}
      onClick={() => {
        setBusy(true);
        void downloadFile(warehouseExcelUrl(selectedAgencyId, file, query, lang), `${fileName}.xlsx`).finally(() => setBusy(false));
      }}
    >
      {label}
    </Button>
  );
}

/** The stock columns (quantity, committed, usable) of a row type. */
function stockColumns<T extends { quantity: string; committedQty: string; usableQty: string }>(t: (key: string) => string): TableColumnType<T>[] {
  return [
    tonnesColumn<T>(t('dashboardWarehouse.columns.quantity'), 'quantity'),
    tonnesColumn<T>(t('dashboardWarehouse.columns.committedQty'), 'committedQty'),
    tonnesColumn<T>(t('dashboardWarehouse.columns.usableQty'), 'usableQty'),
  ];
}

/** The consignee's name, with the SM tag when a shipment manager holds the stock. */
function ConsigneeName({ row }: { row: { consignee: string; isShipmentManager: boolean } }) {
  const { t } = useTranslation();
  return (
    <>
      {row.consignee}
      {row.isShipmentManager ? (
        <Tag color="blue" style={{ marginInlineStart: 6 }}>
          {t('dashboardWarehouse.sm')}
        </Tag>
      ) : null}
    </>
  );
}

/** The consignee table of a warehouse or a silo: a consignee opens its LC/PO panel. */
function ConsigneeTable<T extends TWarehouseConsigneeRow>({
  rows,
  loading,
  onHolder,
  withSilo,
  totals,
  testId,
}: {
  rows: readonly T[];
  loading: boolean;
  onHolder: (row: T) => void;
  withSilo?: boolean;
  totals?: { quantity: string; committedQty: string; usableQty: string };
  testId: string;
}) {
  const { t } = useTranslation();
  const columns: TableColumnType<T>[] = [
    ...(withSilo ? [{ title: t('dashboardWarehouse.columns.silo'), key: 'silo', render: (_: unknown, row: T) => ('silo' in row ? String(row.silo) : '') }] : []),
    {
      title: t('dashboardWarehouse.columns.consignee'),
      key: 'consignee',
      render: (_: unknown, row: T) => (
        <OpenLink onClick={() => onHolder(row)} testId={`warehouse-consignee-${row.consigneeId}-${row.cargoId}`}>
          <ConsigneeName row={row} />
        </OpenLink>
      ),
    },
    { title: t('dashboardWarehouse.columns.cargo'), dataIndex: 'cargo', key: 'cargo' },
    ...stockColumns<T>(t),
  ];
  const lead = withSilo ? [null, null] : [null];
  return (
    <DashboardTable<T>
      data-testid={testId}
      rowKey={(row) => `${'siloId' in row ? String(row.siloId) : ''}-${row.consigneeId}-${row.cargoId}`}
      columns={columns}
      dataSource={[...rows]}
      loading={loading}
      summary={totals ? () => <TotalsRow cells={[...lead, <QuantityText value={totals.quantity} />, <QuantityText value={totals.committedQty} />, <QuantityText value={totals.usableQty} />]} /> : undefined}
    />
  );
}

/** The silos of a warehouse (and its open area): a silo opens its panel; the open area has none. */
function SiloTable({ rows, loading, onSilo }: { rows: readonly TWarehouseSiloRow[]; loading: boolean; onSilo: (silo: SiloRef) => void }) {
  const { t } = useTranslation();
  const columns: TableColumnType<TWarehouseSiloRow>[] = [
    {
      title: t('dashboardWarehouse.columns.silo'),
      key: 'silo',
      render: (_: unknown, row) => {
        const siloId = row.siloId;
        return siloId === null ? (
          t('dashboardWarehouse.openArea')
        ) : (
          <OpenLink onClick={() => onSilo({ siloId, name: row.name })} testId={`warehouse-silo-${siloId}`}>
            {row.name}
          </OpenLink>
        );
      },
    },
    { title: t('dashboardWarehouse.columns.capacity'), key: 'capacity', align: 'end', render: (_: unknown, row) => (row.capacity === null ? '' : <QuantityText value={row.capacity} />) },
    ...stockColumns<TWarehouseSiloRow>(t),
  ];
  return <DashboardTable<TWarehouseSiloRow> data-testid="warehouse-silo-table" rowKey={(row) => String(row.siloId ?? 'open')} columns={columns} dataSource={[...rows]} loading={loading} />;
}

/**
 * How full each silo is: its quantity with its free capacity stacked on top, so a bar's height is the silo's capacity
 * and its filled part the cargo in it (the open area, with no capacity, shows its quantity only).
 */
function SiloChart({ rows }: { rows: readonly { siloId: number | null; name: string; quantity: string; capacity: string | null }[] }) {
  const { t } = useTranslation();
  const name = (row: { siloId: number | null; name: string }) => (row.siloId === null ? t('dashboardWarehouse.openArea') : row.name);
  return (
    <BarChart
      title={t('dashboardWarehouse.panels.siloChart')}
      testId="warehouse-silo-chart"
      stacked
      categories={rows.map(name)}
      barLabels={rows.map(fillLabel)}
      series={[
        { key: 'quantity', label: t('dashboardWarehouse.columns.quantity'), values: rows.map((row) => Number(row.quantity)) },
        { key: 'freeCapacity', label: t('dashboardWarehouse.columns.freeCapacity'), color: '#d9d9d9', values: rows.map((row) => freeCapacity(row)) },
      ]}
    />
  );
}

/** Level 1: a warehouse's consignees; for a silo-type warehouse its silos, their chart and the Excel export too. */
export function WarehouseDetailPanel({ panel, filters, onOpen, onClose, canExcel }: PanelProps<'warehouse'>) {
  const { t } = useTranslation();
  const query = panelQuery(filters, panel);
  const detail = useWarehouseCall('detail', query, ZWarehouseDetail);
  const data = detail.data;
  const { place } = panel;
  return (
    <DrillDownCard
      title={t('dashboardWarehouse.panels.warehouse', { name: place.name })}
      level={panel.level}
      onClose={onClose}
      testId="warehouse-panel-warehouse"
      extra={
        data?.isSilo && canExcel ? (
          <ExcelLink file="lc" query={query} label={t('dashboardWarehouse.excelLc')} fileName={t('dashboardWarehouse.excelLcFile')} testId="warehouse-detail-excel" />
        ) : null
      }
    >
      <Failed show={detail.isError} />
      <Typography.Title level={5}>{t('dashboardWarehouse.panels.consignees')}</Typography.Title>
      <ConsigneeTable
        testId="warehouse-consignee-table"
        rows={data?.consignees ?? []}
        loading={detail.isPending}
        totals={data?.totals}
        onHolder={(row) => onOpen({ kind: 'consignments', key: `consignments-${row.consigneeId}-${row.cargoId}`, place, holder: { consigneeId: row.consigneeId, consignee: row.consignee, cargoId: row.cargoId } })}
      />
      {data?.isSilo ? (
        <>
          <Flex justify="space-between" align="center" style={{ marginBlock: 16 }}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('dashboardWarehouse.panels.silos')}
            </Typography.Title>
            <Button onClick={() => onOpen({ kind: 'siloConsignees', key: `silo-consignees-${place.locationId}`, place })} data-testid="warehouse-silo-consignees-open">
              {t('dashboardWarehouse.showSiloConsignees')}
            </Button>
          </Flex>
          <SiloTable rows={data.silos} loading={false} onSilo={(silo) => onOpen({ kind: 'silo', key: `silo-${silo.siloId}`, place, silo })} />
          <div style={{ marginBlockStart: 16 }}>
            <Typography.Title level={5}>{t('dashboardWarehouse.panels.siloChart')}</Typography.Title>
            <SiloChart rows={data.chartData} />
          </div>
        </>
      ) : null}
    </DrillDownCard>
  );
}

/** Level 2 (silo variant of the consignee panel): every silo's consignees, the silos and their chart. */
export function SiloConsigneesPanel({ panel, filters, onOpen, onClose }: PanelProps<'siloConsignees'>) {
  const { t } = useTranslation();
  const detail = useWarehouseCall('siloDetailOfWarehouse', panelQuery(filters, panel), ZWarehouseSiloDetail);
  const { place } = panel;
  const openHolder = (row: TWarehouseSiloConsigneeRow) => {
    const holder = { consigneeId: row.consigneeId, consignee: row.consignee, cargoId: row.cargoId };
    const siloId = row.siloId;
    onOpen(
      siloId === null
        ? { kind: 'consignments', key: `consignments-open-${row.consigneeId}-${row.cargoId}`, place, holder }
        : { kind: 'consignments', key: `consignments-${siloId}-${row.consigneeId}-${row.cargoId}`, place, silo: { siloId, name: row.silo }, holder },
    );
  };
  return (
    <DrillDownCard title={t('dashboardWarehouse.panels.siloConsignees', { name: place.name })} level={panel.level} onClose={onClose} testId="warehouse-panel-siloConsignees">
      <Failed show={detail.isError} />
      <ConsigneeTable testId="warehouse-silo-consignee-table" withSilo rows={detail.data?.consignees ?? []} loading={detail.isPending} onHolder={openHolder} />
      {detail.data ? (
        <div style={{ marginBlockStart: 16 }}>
          <Typography.Title level={5}>{t('dashboardWarehouse.panels.siloChart')}</Typography.Title>
          <SiloChart rows={detail.data.chartData} />
        </div>
      ) : null}
    </DrillDownCard>
  );
}

/** Level 2: one silo, its figures and the consignees with stock in it. */
export function SiloPanel({ panel, filters, onOpen, onClose }: PanelProps<'silo'>) {
  const { t } = useTranslation();
  const detail = useWarehouseCall('siloDetail', panelQuery(filters, panel), ZSiloDetail);
  const { place, silo } = panel;
  const figures = detail.data?.silo;
  return (
    <DrillDownCard title={t('dashboardWarehouse.panels.silo', { name: silo.name })} level={panel.level} onClose={onClose} testId="warehouse-panel-silo">
      <Failed show={detail.isError} />
      {figures ? (
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 4 }}
          style={{ marginBottom: 12 }}
          data-testid="warehouse-silo-figures"
          items={[
            { key: 'capacity', label: t('dashboardWarehouse.columns.capacity'), children: figures.capacity === null ? '' : <QuantityText value={figures.capacity} /> },
            { key: 'quantity', label: t('dashboardWarehouse.columns.quantity'), children: <QuantityText value={figures.quantity} /> },
            { key: 'committedQty', label: t('dashboardWarehouse.columns.committedQty'), children: <QuantityText value={figures.committedQty} /> },
            { key: 'usableQty', label: t('dashboardWarehouse.columns.usableQty'), children: <QuantityText value={figures.usableQty} /> },
          ]}
        />
      ) : null}
      <ConsigneeTable
        testId="warehouse-silo-consignees"
        rows={detail.data?.consignees ?? []}
        loading={detail.isPending}
        onHolder={(row) => onOpen({ kind: 'consignments', key: `consignments-${silo.siloId}-${row.consigneeId}-${row.cargoId}`, place, silo, holder: { consigneeId: row.consigneeId, consignee: row.consignee, cargoId: row.cargoId } })}
      />
    </DrillDownCard>
  );
}

/** A consignee's LC/POs at the warehouse (or in one silo): each figure opens its detail one level deeper. */
export function ConsignmentsPanel({ panel, filters, onOpen, onClose }: PanelProps<'consignments'>) {
  const { t } = useTranslation();
  const result = useWarehouseCall('consigneeConsignments', panelQuery(filters, panel), ZConsigneeConsignments);
  const { place, silo, holder } = panel;
  const open = (kind: LotPanelKind, row: TConsigneeConsignmentRow) => {
    const lot = { consignmentId: row.consignmentId, LCPONumber: row.LCPONumber };
    onOpen(silo ? { kind, key: `${kind}-${row.consignmentId}`, place, silo, holder, lot } : { kind, key: `${kind}-${row.consignmentId}`, place, holder, lot });
  };
  const link = (kind: LotPanelKind, row: TConsigneeConsignmentRow, content: ReactNode) => (
    <OpenLink onClick={() => open(kind, row)} testId={`warehouse-lot-${row.consignmentId}-${kind}`}>
      {content}
    </OpenLink>
  );
  const columns: TableColumnType<TConsigneeConsignmentRow>[] = [
    { title: t('dashboardWarehouse.columns.lcpo'), dataIndex: 'LCPONumber', key: 'LCPONumber' },
    { title: t('dashboardWarehouse.columns.vesselVoyage'), dataIndex: 'vesselVoyage', key: 'vesselVoyage' },
    { title: t('dashboardWarehouse.columns.cargo'), dataIndex: 'cargo', key: 'cargo' },
    ...stockColumns<TConsigneeConsignmentRow>(t),
    { title: t('dashboardWarehouse.columns.tripsIn'), key: 'tripsIn', align: 'end', render: (_: unknown, row) => link('tripsIn', row, <TripsCell trips={row.tripsIn} quantity={row.tripsInQty} />) },
    { title: t('dashboardWarehouse.columns.tripsOut'), key: 'tripsOut', align: 'end', render: (_: unknown, row) => link('tripsOut', row, <TripsCell trips={row.tripsOut} quantity={row.tripsOutQty} />) },
    { title: t('dashboardWarehouse.columns.inQty'), key: 'inQty', align: 'end', render: (_: unknown, row) => link('inQty', row, <QuantityText value={row.inQty} />) },
    { title: t('dashboardWarehouse.columns.outQty'), key: 'outQty', align: 'end', render: (_: unknown, row) => link('outQty', row, <QuantityText value={row.outQty} />) },
  ];
  const where = silo ? `${place.name} / ${silo.name}` : place.name;
  return (
    <DrillDownCard title={t('dashboardWarehouse.panels.consignments', { consignee: holder.consignee, place: where })} level={panel.level} onClose={onClose} testId="warehouse-panel-consignments">
      <Failed show={result.isError} />
      <DashboardTable<TConsigneeConsignmentRow>
        data-testid="warehouse-consignment-table"
        rowKey={(row) => String(row.consignmentId)}
        columns={columns}
        dataSource={result.data?.rows ?? []}
        loading={result.isPending}
      />
    </DrillDownCard>
  );
}

/** The title of an LC/PO panel. */
function lotTitle(t: (key: string, values: Record<string, string>) => string, panel: WarehousePanel & { kind: LotPanelKind; lot: Lot }): string {
  return t(`dashboardWarehouse.panels.${panel.kind}`, { lcpo: panel.lot.LCPONumber });
}

/** The trucks that brought the LC/PO's cargo into the warehouse over the period, newest first, a page at a time; the totals row the whole list's. */
export function TripsInPanel({ panel, filters, onClose }: PanelProps<'tripsIn'>) {
  const { t } = useTranslation();
  const dateTime = useAgencyDateTime();
  const query = panelQuery(filters, panel);
  const list = usePagedTrucks({
    queryKey: [...warehouseKey, 'tripsIn', query],
    fetchPage: (page) => fetchWarehouseCall('tripsIn', { ...query, ...page }, ZWarehouseTripsIn),
    trucksOf: (page) => page.rows,
    testId: 'warehouse-trips-in',
  });
  const columns: TableColumnType<TWarehouseTripInRow>[] = [
    { title: t('dashboardWarehouse.columns.slipNumber'), dataIndex: 'slipNumber', key: 'slipNumber' },
    { title: t('dashboardWarehouse.columns.date'), key: 'date', render: (_: unknown, row) => dateTime(row.date) },
    { title: t('dashboardWarehouse.columns.truck'), dataIndex: 'truck', key: 'truck' },
    { title: t('dashboardWarehouse.columns.source'), dataIndex: 'source', key: 'source' },
    tonnesColumn<TWarehouseTripInRow>(t('dashboardWarehouse.columns.quantity'), 'quantity'),
  ];
  const [first] = list.pages;
  const rows = useMemo(() => list.pages.flatMap((page) => page.rows), [list.pages]);
  return (
    <DrillDownCard title={lotTitle(t, panel)} level={panel.level} onClose={onClose} testId="warehouse-panel-tripsIn">
      <Failed show={list.isError} />
      <DashboardTable<TWarehouseTripInRow>
        data-testid="warehouse-trips-in-table"
        rowKey={(row) => `${row.sourceTable}-${row.sourceId}-${row.tripId}-${row.siloId ?? 'open'}`}
        columns={columns}
        dataSource={rows}
        loading={list.isPending}
        summary={first ? () => <TotalsRow label={t('dashboardWarehouse.tripsTotal', { count: first.trips })} cells={[null, null, null, <QuantityText value={first.quantity} />]} /> : undefined}
        {...list.tableProps}
      />
    </DrillDownCard>
  );
}

/** The pre-outs still committed, then the trucks that took the LC/PO's cargo out over the period, newest first, a page at a time; the totals row the whole list's. */
export function TripsOutPanel({ panel, filters, onClose }: PanelProps<'tripsOut'>) {
  const { t } = useTranslation();
  const dateTime = useAgencyDateTime();
  const query = panelQuery(filters, panel);
  const list = usePagedTrucks({
    queryKey: [...warehouseKey, 'tripsOut', query],
    fetchPage: (page) => fetchWarehouseCall('tripsOut', { ...query, ...page }, ZWarehouseTripsOut),
    trucksOf: (page) => page.rows.filter((row) => !row.pending),
    testId: 'warehouse-trips-out',
  });
  const columns: TableColumnType<TWarehouseTripOutRow>[] = [
    { title: t('dashboardWarehouse.columns.slipNumber'), dataIndex: 'slipNumber', key: 'slipNumber' },
    { title: t('dashboardWarehouse.columns.date'), key: 'date', render: (_: unknown, row) => dateTime(row.date) },
    { title: t('dashboardWarehouse.columns.truck'), dataIndex: 'truck', key: 'truck' },
    { title: t('dashboardWarehouse.columns.destination'), dataIndex: 'destination', key: 'destination' },
    tonnesColumn<TWarehouseTripOutRow>(t('dashboardWarehouse.columns.quantity'), 'quantity'),
    tonnesColumn<TWarehouseTripOutRow>(t('dashboardWarehouse.columns.committedQty'), 'committedQty'),
    { title: t('dashboardWarehouse.columns.status'), key: 'pending', render: (_: unknown, row) => (row.pending ? <Tag color="orange">{t('dashboardWarehouse.pending')}</Tag> : null) },
  ];
  const [first] = list.pages;
  const rows = useMemo(() => list.pages.flatMap((page) => page.rows), [list.pages]);
  return (
    <DrillDownCard title={lotTitle(t, panel)} level={panel.level} onClose={onClose} testId="warehouse-panel-tripsOut">
      <Failed show={list.isError} />
      <DashboardTable<TWarehouseTripOutRow>
        data-testid="warehouse-trips-out-table"
        rowKey={(row) => `${row.sourceTable}-${row.sourceId}-${row.tripId ?? 'pending'}`}
        columns={columns}
        dataSource={rows}
        loading={list.isPending}
        summary={
          first
            ? () => <TotalsRow label={t('dashboardWarehouse.tripsTotal', { count: first.trips })} cells={[null, null, null, <QuantityText value={first.quantity} />, <QuantityText value={first.committedQty} />, null]} />
            : undefined
        }
        {...list.tableProps}
      />
    </DrillDownCard>
  );
}

interface TypeRow {
  type: WarehouseMoveType;
  quantity: string;
}

/** A table of quantities per move type with its total; `onType` makes a type's row open something. */
function TypeTable({ rows, total, loading, testId, onType }: { rows: readonly TypeRow[]; total: string | undefined; loading: boolean; testId: string; onType?: (type: WarehouseMoveType) => ReactNode }) {
  const { t } = useTranslation();
  const columns: TableColumnType<TypeRow>[] = [
    { title: t('dashboardWarehouse.columns.type'), key: 'type', render: (_: unknown, row) => onType?.(row.type) ?? t(`dashboardWarehouse.moveTypes.${row.type}`) },
    tonnesColumn<TypeRow>(t('dashboardWarehouse.columns.quantity'), 'quantity'),
  ];
  return (
    <DashboardTable<TypeRow>
      data-testid={testId}
      rowKey={(row) => row.type}
      columns={columns}
      dataSource={[...rows]}
      loading={loading}
      summary={total === undefined ? undefined : () => <TotalsRow cells={[<QuantityText value={total} />]} />}
    />
  );
}

/** What came into the LC/PO's position over the period, by source. */
export function InQtyPanel({ panel, filters, onClose }: PanelProps<'inQty'>) {
  const { t } = useTranslation();
  const result = useWarehouseCall('inQty', panelQuery(filters, panel), ZWarehouseInQtyDetail);
  const rows = (result.data?.rows ?? []).map((row) => ({ type: row.type, quantity: row.inQty }));
  return (
    <DrillDownCard title={lotTitle(t, panel)} level={panel.level} onClose={onClose} testId="warehouse-panel-inQty">
      <Failed show={result.isError} />
      <TypeTable testId="warehouse-in-qty-table" rows={rows} total={result.data?.inQty} loading={result.isPending} />
    </DrillDownCard>
  );
}

/** What left the LC/PO's position over the period, by type; the handling loss opens its records (paged). */
export function OutQtyPanel({ panel, filters, onOpen, onClose }: PanelProps<'outQty'>) {
  const { t } = useTranslation();
  const result = useWarehouseCall('outQty', panelQuery(filters, panel), ZWarehouseOutQtyDetail);
  const rows = (result.data?.rows ?? []).map((row) => ({ type: row.type, quantity: row.outQty }));
  const { place, silo, holder, lot } = panel;
  const openLoss = () => onOpen(silo ? { kind: 'handlingLoss', key: `handlingLoss-${lot.consignmentId}`, place, silo, holder, lot } : { kind: 'handlingLoss', key: `handlingLoss-${lot.consignmentId}`, place, holder, lot });
  return (
    <DrillDownCard title={lotTitle(t, panel)} level={panel.level} onClose={onClose} testId="warehouse-panel-outQty">
      <Failed show={result.isError} />
      <TypeTable
        testId="warehouse-out-qty-table"
        rows={rows}
        total={result.data?.outQty}
        loading={result.isPending}
        onType={(type) =>
          type === 'handlingLoss' ? (
            <OpenLink onClick={openLoss} testId="warehouse-out-handling-loss">
              {t('dashboardWarehouse.moveTypes.handlingLoss')}
            </OpenLink>
          ) : undefined
        }
      />
    </DrillDownCard>
  );
}

type LossRow = NonNullable<TWarehouseOutQtyDetail['handlingLoss']>['rows'][number];

/** The handling-loss records of the LC/PO's position, newest first, paged on the server (spec: the one paged list). */
export function HandlingLossPanel({ panel, filters, onClose }: PanelProps<'handlingLoss'>) {
  const { t } = useTranslation();
  const dateTime = useAgencyDateTime();
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const query = { ...panelQuery(filters, panel), type: 'handlingLoss', page: String(paging.page), limit: String(paging.limit) };
  const result = useWarehouseCall('outQty', query, ZWarehouseOutQtyDetail);
  const loss = result.data?.handlingLoss;
  const columns: TableColumnType<LossRow>[] = [
    { title: t('dashboardWarehouse.columns.date'), key: 'date', render: (_: unknown, row) => dateTime(row.date) },
    tonnesColumn<LossRow>(t('dashboardWarehouse.columns.quantity'), 'quantity', { sorter: undefined }),
  ];
  return (
    <DrillDownCard title={lotTitle(t, panel)} level={panel.level} onClose={onClose} testId="warehouse-panel-handlingLoss">
      <Failed show={result.isError} />
      <DashboardTable<LossRow>
        data-testid="warehouse-handling-loss-table"
        rowKey={(row) => String(row.transactionId)}
        columns={columns}
        dataSource={loss?.rows ?? []}
        loading={result.isPending}
        pagination={serverPagination({ page: paging.page, limit: paging.limit, total: loss?.count ?? 0, totalText: (total) => String(total) })}
        onChange={(pagination) => setPaging({ page: pagination.current ?? 1, limit: pagination.pageSize ?? 20 })}
      />
    </DrillDownCard>
  );
}

/** The panel of a kind. */
export function WarehousePanelView({ panel, ...common }: { panel: WarehousePanel } & Omit<PanelProps<WarehousePanel['kind']>, 'panel'>) {
  switch (panel.kind) {
    case 'warehouse':
      return <WarehouseDetailPanel panel={panel} {...common} />;
    case 'siloConsignees':
      return <SiloConsigneesPanel panel={panel} {...common} />;
    case 'silo':
      return <SiloPanel panel={panel} {...common} />;
    case 'consignments':
      return <ConsignmentsPanel panel={panel} {...common} />;
    case 'tripsIn':
      return <TripsInPanel panel={panel} {...common} />;
    case 'tripsOut':
      return <TripsOutPanel panel={panel} {...common} />;
    case 'inQty':
      return <InQtyPanel panel={panel} {...common} />;
    case 'outQty':
      return <OutQtyPanel panel={panel} {...common} />;
    case 'handlingLoss':
      return <HandlingLossPanel panel={panel} {...common} />;
  }
}
