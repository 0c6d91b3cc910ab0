import { z } from 'zod';
import { ZOptionalId } from './cargo';
import { tripPageShape } from './trip-list-pages';
import { ZExportLang } from './list-query';
import { ZDashboardCargoFilters, ZDashboardIdList, ZDashboardPeriod, ZQueryFlag, periodInOrder } from './dashboard-filters';

/**
 * The Warehouse tab ('Warehouse Stats', spec 2.13, 3 "Warehouse rows", 6, 7): nine GET calls under
 * `/api/dashboard/warehouse/` and two Excel exports under `/api/reports-excel/{agencyId}/`. Permission: module
 * `WarehouseDashboard` (view), i.e. canViewWarehouseDashboard; `bindingVoyageId` needs the flag
 * canViewWarehouseDashboardAttachedVessel (else 403), the exports canViewWarehouseDashboardExcel.
 *
 * Figures come from the stock ledger within the user's data scope:
 * - quantity, committedQty, usableQty: stock on hand NOW at the warehouse (ON_HAND balances; usable = quantity -
 *   committed to pre-outs). The period (fromDate, toDate) does not change them.
 * - trips and their quantities (tripsIn/tripsInQty, tripsOut/tripsOutQty, portQuantity, inQty, outQty): movements
 *   whose business date is in the period (both ends inclusive; no period: all time), reversed ones left out.
 * Quantities are MT strings with 3 decimals ('12.500'); counts are integers.
 */

export const WAREHOUSE_DASHBOARD_MESSAGES = {
  warehouseRequired: 'Please Select Warehouse!',
  consigneeRequired: 'Please select a consignee!',
  consignmentRequired: 'Please select a LC/PO number!',
  siloRequired: 'Please select a silo!',
  silosExclusive: 'Open Area Only excludes the other silo choices.',
  attachedVesselForbidden: 'User is not Permitted Access to some data in this module.',
  agencyMismatch: 'User is not Permitted Access to some data in this module.',
} as const;

/** The filters of every warehouse call (spec 2.13 "Warehouse tab"): the shared cargo filters, the period, and the place. */
export const WAREHOUSE_FILTER_SHAPE = {
  ...ZDashboardCargoFilters.shape,
  ...ZDashboardPeriod.shape,
  /** The warehouse (a location of warehouse type). */
  locationId: ZOptionalId,
  /** Only these silos of the warehouse (`1,2`). Not together with `openAreaOnly` (400). */
  siloIds: ZDashboardIdList,
  /** Only the open area of the warehouse (stock in no silo). Not together with `siloIds` (400). */
  openAreaOnly: ZQueryFlag,
};

type FilterValues = { fromDate?: string | undefined; toDate?: string | undefined; siloIds?: readonly number[] | undefined; openAreaOnly?: boolean | undefined };

/** The period in order, and Open Area Only alone: applied to every warehouse query schema. */
export function warehouseFiltersValid(value: FilterValues, ctx: z.RefinementCtx): void {
  periodInOrder(value, ctx);
  if (value.openAreaOnly === true && value.siloIds !== undefined && value.siloIds.length > 0) {
    ctx.addIssue({ code: 'custom', message: WAREHOUSE_DASHBOARD_MESSAGES.silosExclusive, path: ['openAreaOnly'] });
  }
}

/** `get-warehouse-stats` and `get-warehouse-detail`'s base query: the filters. */
export const ZWarehouseDashboardQuery = z.object(WAREHOUSE_FILTER_SHAPE).superRefine(warehouseFiltersValid);
export type TWarehouseDashboardQuery = z.input<typeof ZWarehouseDashboardQuery>;

/** The filters plus `siloId`: one silo (optional) for the silo variants of the drill-downs. */
const SILO_SHAPE = {
  /** One silo of the warehouse (the silo variant of a panel); absent: the whole warehouse (within `siloIds`/`openAreaOnly`). */
  siloId: ZOptionalId,
};

type RequiredField = 'locationId' | 'consigneeId' | 'consignmentId' | 'siloId';
const REQUIRED_MESSAGES: Record<RequiredField, string> = {
  locationId: WAREHOUSE_DASHBOARD_MESSAGES.warehouseRequired,
  consigneeId: WAREHOUSE_DASHBOARD_MESSAGES.consigneeRequired,
  consignmentId: WAREHOUSE_DASHBOARD_MESSAGES.consignmentRequired,
  siloId: WAREHOUSE_DASHBOARD_MESSAGES.siloRequired,
};

/** The filters' checks plus the ids a call needs (400 with the spec-style message, e.g. 'Please Select Warehouse!', checked in this order). */
function requiring(fields: readonly RequiredField[]) {
  return (value: FilterValues & Partial<Record<RequiredField, number | undefined>>, ctx: z.RefinementCtx): void => {
    for (const field of fields) if (value[field] === undefined) ctx.addIssue({ code: 'custom', message: REQUIRED_MESSAGES[field], path: [field] });
    warehouseFiltersValid(value, ctx);
  };
}

const DETAIL_SHAPE = { ...WAREHOUSE_FILTER_SHAPE, ...SILO_SHAPE };

/** `get-warehouse-detail`, `get-warehouse-silo-detail`: the filters; `locationId` required ('Please Select Warehouse!'); `siloId` optional. */
export const ZWarehouseDetailQuery = z.object(DETAIL_SHAPE).superRefine(requiring(['locationId']));
export type TWarehouseDetailQuery = z.input<typeof ZWarehouseDetailQuery>;

/** `get-consignee-consignments`: the filters; `locationId` and `consigneeId` required; `siloId` optional. */
export const ZConsigneeConsignmentsQuery = z.object(DETAIL_SHAPE).superRefine(requiring(['locationId', 'consigneeId']));
export type TConsigneeConsignmentsQuery = z.input<typeof ZConsigneeConsignmentsQuery>;

/**
 * `get-consignment-trips-in-detail`, `get-consignment-trips-out-detail`, `get-consignment-in-qty-detail`:
 * `locationId` and `consignmentId` required; `consigneeId`, `siloId` optional.
 */
export const ZConsignmentDetailQuery = z.object(DETAIL_SHAPE).superRefine(requiring(['locationId', 'consignmentId']));
export type TConsignmentDetailQuery = z.input<typeof ZConsignmentDetailQuery>;

/**
 * `get-consignment-trips-in-detail`, `get-consignment-trips-out-detail`: as `ZConsignmentDetailQuery`, and a page
 * (`limit`, `before`: trip-list-pages.ts). With `limit` the rows are a page, newest first (trips out: the pending
 * pre-outs first, on the first page only); without it (the spec's client) every row, oldest first. The totals are
 * always the whole list's.
 */
export const ZConsignmentTripsQuery = z.object({ ...DETAIL_SHAPE, ...tripPageShape }).superRefine(requiring(['locationId', 'consignmentId']));
export type TConsignmentTripsQuery = z.input<typeof ZConsignmentTripsQuery>;

/** `get-silo-detail`: `locationId` and `siloId` required. */
export const ZSiloDetailQuery = z.object(DETAIL_SHAPE).superRefine(requiring(['locationId', 'siloId']));
export type TSiloDetailQuery = z.input<typeof ZSiloDetailQuery>;

/**
 * How stock came into or left a warehouse position, by the posting that moved it (in-quantity and out-quantity
 * detail, spec 2.13):
 * - port: received from the port (a warehouse-in of a truck loaded at the port; in only);
 * - warehouseTransfer: trucks from or to another warehouse (in: received from a warehouse; out: not used);
 * - warehouseOut: trucks leaving for a consignee or customer location or another warehouse (out only);
 * - loan / loanReturn: consignee-to-SM loans and their returns (in the same warehouse or by truck);
 * - sale: sold to a customer (out) / bought (in);
 * - ownershipTransfer, consigneeTransfer, swapCargo, siloTransfer: in-place changes of owner, LC/PO, attached voyage or silo;
 * - handlingLoss (out), handlingExcess (in);
 * - correction: a vessel quantity approval's excess or shortage, or another adjustment.
 */
export const WAREHOUSE_MOVE_TYPES = [
  'port',
  'warehouseTransfer',
  'warehouseOut',
  'loan',
  'loanReturn',
  'sale',
  'ownershipTransfer',
  'consigneeTransfer',
  'swapCargo',
  'siloTransfer',
  'handlingLoss',
  'handlingExcess',
  'correction',
] as const;
export type WarehouseMoveType = (typeof WAREHOUSE_MOVE_TYPES)[number];

/** `get-consignment-out-qty-detail`: as `ZConsignmentDetailQuery` (locationId, consignmentId required), plus `type` (one type's rows) and paging of the handling-loss list. */
export const ZConsignmentOutQtyQuery = z
  .object({
    ...DETAIL_SHAPE,
    /** `handlingLoss`: also list the handling-loss records, paginated (page, limit). Other types: only that type's total. */
    type: z.preprocess((v) => (v === '' ? undefined : v), z.enum(WAREHOUSE_MOVE_TYPES, { error: 'Please give a valid type.' }).optional()),
    /** Page of the handling-loss list, from 1. */
    page: z.coerce.number({ error: 'Page must be a number.' }).int('Page must be a whole number.').min(1, 'Page must be 1 or more.').default(1),
    /** Page size of the handling-loss list: 20, 30, 40, 50 or 100 (spec 9), 20 by default. */
    limit: z.coerce
      .number({ error: 'Page size must be one of 20, 30, 40, 50, 100' })
      .int()
      .refine((v) => [20, 30, 40, 50, 100].includes(v), 'Page size must be one of 20, 30, 40, 50, 100')
      .default(20),
  })
  .superRefine(requiring(['locationId', 'consignmentId']));
export type TConsignmentOutQtyQuery = z.input<typeof ZConsignmentOutQtyQuery>;

/** The Excel exports' query: the filters plus the sheet's language (`lang=en|ar`, Arabic sheets right-to-left). */
export const ZWarehouseExcelQuery = z.object({ ...WAREHOUSE_FILTER_SHAPE, lang: ZExportLang }).superRefine(warehouseFiltersValid);
export type TWarehouseExcelQuery = z.input<typeof ZWarehouseExcelQuery>;

// ---------------------------------------------------------------------------------------------------------------
// Responses.

/** A quantity in MT, 3 decimals ('12.500'). */
const ZQty = z.string();

/** Stock on hand now: quantity (on hand), committedQty (promised to pre-outs), usableQty (quantity - committed). */
const STOCK_SHAPE = {
  /** On hand now, MT. */
  quantity: ZQty,
  /** Of the quantity, what pre-outs have committed (pending trucks), MT. */
  committedQty: ZQty,
  /** quantity - committedQty, MT. */
  usableQty: ZQty,
};

/** Trips over the period: counts and the quantities that reached (in) or left (out) the warehouse. */
const TRIPS_SHAPE = {
  /** Trucks received over the period. */
  tripsIn: z.number().int(),
  /** MT those trucks delivered into the warehouse. */
  tripsInQty: ZQty,
  /** Trucks that left over the period. */
  tripsOut: z.number().int(),
  /** MT those trucks took out. */
  tripsOutQty: ZQty,
};

/** A summary row of `get-warehouse-stats` (spec 3 "Warehouse rows"): one warehouse and cargo type. */
export const ZWarehouseStatsRow = z.object({
  locationId: z.number().int(),
  /** The warehouse's name. */
  name: z.string(),
  cargoId: z.number().int(),
  /** The cargo type's name. */
  cargo: z.string(),
  ...STOCK_SHAPE,
  /** MT received from the port over the period (warehouse-ins of trucks loaded at the port), with `portTrips` trucks. */
  portQuantity: ZQty,
  portTrips: z.number().int(),
  ...TRIPS_SHAPE,
});
export type TWarehouseStatsRow = z.infer<typeof ZWarehouseStatsRow>;

/** The totals row: the sums of the rows' columns. */
export const ZWarehouseStatsTotals = z.object({ ...STOCK_SHAPE, portQuantity: ZQty, portTrips: z.number().int(), ...TRIPS_SHAPE });

/** A slice of the pie chart: one warehouse's total quantity on hand (all cargo types). */
export const ZWarehouseChartSlice = z.object({ locationId: z.number().int(), name: z.string(), quantity: ZQty });

/**
 * `GET /api/dashboard/warehouse/get-warehouse-stats`: rows per warehouse and cargo type (any non-zero figure), by
 * warehouse name then cargo name; the totals row; the pie chart's slices (warehouses with stock on hand).
 */
export const ZWarehouseStats = z.object({
  rows: z.array(ZWarehouseStatsRow),
  totals: ZWarehouseStatsTotals,
  chartData: z.array(ZWarehouseChartSlice),
});
export type TWarehouseStats = z.infer<typeof ZWarehouseStats>;

/** A consignee row of a warehouse (or a silo): the stock's owner, a cargo type, on hand now. */
export const ZWarehouseConsigneeRow = z.object({
  consigneeId: z.number().int(),
  /** The owner's name (a consignee, or a shipment manager holding the stock: `isShipmentManager`). */
  consignee: z.string(),
  isShipmentManager: z.boolean(),
  cargoId: z.number().int(),
  cargo: z.string(),
  ...STOCK_SHAPE,
});
export type TWarehouseConsigneeRow = z.infer<typeof ZWarehouseConsigneeRow>;

/** A silo of the warehouse (or its open area, `siloId` null, name 'Open Area'): on hand now and its capacity. */
export const ZWarehouseSiloRow = z.object({
  siloId: z.number().int().nullable(),
  name: z.string(),
  /** The silo's capacity in MT; null for the open area. */
  capacity: ZQty.nullable(),
  ...STOCK_SHAPE,
});
export type TWarehouseSiloRow = z.infer<typeof ZWarehouseSiloRow>;

/** A bar group of the silo chart: one silo's quantity against its capacity. */
export const ZWarehouseSiloChartRow = z.object({ siloId: z.number().int().nullable(), name: z.string(), quantity: ZQty, capacity: ZQty.nullable() });

/**
 * `GET /api/dashboard/warehouse/get-warehouse-detail` (locationId required: 'Please Select Warehouse!'): the
 * consignee table; for a silo-type warehouse (storage type 1 or 3, `isSilo`) every silo (empty ones too) and the
 * open area when it holds stock, with the chart's data; for an open-area warehouse `silos` and `chartData` are empty.
 */
export const ZWarehouseDetail = z.object({
  locationId: z.number().int(),
  name: z.string(),
  isSilo: z.boolean(),
  consignees: z.array(ZWarehouseConsigneeRow),
  totals: z.object(STOCK_SHAPE),
  silos: z.array(ZWarehouseSiloRow),
  chartData: z.array(ZWarehouseSiloChartRow),
});
export type TWarehouseDetail = z.infer<typeof ZWarehouseDetail>;

/** A consignee row within one silo (the silo variant of the consignee table). */
export const ZWarehouseSiloConsigneeRow = ZWarehouseConsigneeRow.extend({ siloId: z.number().int().nullable(), silo: z.string() });
export type TWarehouseSiloConsigneeRow = z.infer<typeof ZWarehouseSiloConsigneeRow>;

/**
 * `GET /api/dashboard/warehouse/get-warehouse-silo-detail` (locationId required; siloId optional): per silo (and
 * the open area), the silo rows with capacity, the consignees in each silo, and the chart's data.
 */
export const ZWarehouseSiloDetail = z.object({
  locationId: z.number().int(),
  name: z.string(),
  silos: z.array(ZWarehouseSiloRow),
  consignees: z.array(ZWarehouseSiloConsigneeRow),
  chartData: z.array(ZWarehouseSiloChartRow),
});
export type TWarehouseSiloDetail = z.infer<typeof ZWarehouseSiloDetail>;

/** A consignment (LC/PO) row of a consignee at a warehouse: on hand now and the trips of the period. */
export const ZConsigneeConsignmentRow = z.object({
  consignmentId: z.number().int(),
  /** The LC or PO number. */
  LCPONumber: z.string(),
  /** The reference LC number (RefLC), empty when none. */
  refNumber: z.string(),
  voyageId: z.number().int(),
  /** 'Vessel name / voyage number' of the voyage the cargo came on. */
  vesselVoyage: z.string(),
  cargoId: z.number().int(),
  cargo: z.string(),
  ...STOCK_SHAPE,
  ...TRIPS_SHAPE,
  /** MT that came in over the period by any way (trucks and in-place moves: see the in-quantity detail). */
  inQty: ZQty,
  /** MT that left over the period by any way (trucks, in-place moves, handling loss: see the out-quantity detail). */
  outQty: ZQty,
});
export type TConsigneeConsignmentRow = z.infer<typeof ZConsigneeConsignmentRow>;

/** `GET /api/dashboard/warehouse/get-consignee-consignments` (locationId, consigneeId required; siloId optional). */
export const ZConsigneeConsignments = z.object({ rows: z.array(ZConsigneeConsignmentRow) });
export type TConsigneeConsignments = z.infer<typeof ZConsigneeConsignments>;

/** One truck into the warehouse (trips-in detail). */
export const ZWarehouseTripInRow = z.object({
  tripId: z.number().int(),
  /** The receipt (business record) that posted it: table and id. */
  sourceTable: z.string(),
  sourceId: z.number().int(),
  /** The slip number of the truck (loading or transfer slip), or the receipt's ticket number. */
  slipNumber: z.string(),
  /** When it was received (ISO date-time). */
  date: z.string(),
  /** The truck's plate number, empty when unknown. */
  truck: z.string(),
  /** Where the truck was loaded: the port (vessel/voyage) or a warehouse. */
  source: z.string(),
  /** MT received into the warehouse. */
  quantity: ZQty,
  /** The silo it went into (null: open area). */
  siloId: z.number().int().nullable(),
});
export type TWarehouseTripInRow = z.infer<typeof ZWarehouseTripInRow>;

/**
 * `GET /api/dashboard/warehouse/get-consignment-trips-in-detail`: every truck oldest first, or a page newest first
 * (`ZConsignmentTripsQuery`); `trips` and `quantity` the whole list's (the distinct trucks, the MT they brought).
 */
export const ZWarehouseTripsIn = z.object({ rows: z.array(ZWarehouseTripInRow), trips: z.number().int(), quantity: ZQty });
export type TWarehouseTripsIn = z.infer<typeof ZWarehouseTripsIn>;

/** One truck out of the warehouse, or a pre-out still pending (committed, not yet loaded). */
export const ZWarehouseTripOutRow = z.object({
  /** The trip (null for a pending pre-out). */
  tripId: z.number().int().nullable(),
  sourceTable: z.string(),
  sourceId: z.number().int(),
  slipNumber: z.string(),
  /** When it left, or when the pre-out was made (ISO date-time). */
  date: z.string(),
  truck: z.string(),
  /** Where it is going: the destination location's name. */
  destination: z.string(),
  /** MT loaded (0 for a pending pre-out). */
  quantity: ZQty,
  /** MT the pre-out still holds committed (pending rows only; 0 otherwise). */
  committedQty: ZQty,
  /** A pre-out whose truck has not left yet. */
  pending: z.boolean(),
});
export type TWarehouseTripOutRow = z.infer<typeof ZWarehouseTripOutRow>;

/**
 * `GET /api/dashboard/warehouse/get-consignment-trips-out-detail`: the trucks of the period oldest first, then the
 * pending pre-outs; or, paged (`ZConsignmentTripsQuery`), the pending pre-outs (first page only) then a page of
 * trucks newest first. `trips`, `quantity` and `committedQty` are the whole list's.
 */
export const ZWarehouseTripsOut = z.object({ rows: z.array(ZWarehouseTripOutRow), trips: z.number().int(), quantity: ZQty, committedQty: ZQty });
export type TWarehouseTripsOut = z.infer<typeof ZWarehouseTripsOut>;

/** The quantity of one move type. */
export const ZWarehouseMoveQty = z.object({ type: z.enum(WAREHOUSE_MOVE_TYPES), quantity: ZQty });

/** `GET /api/dashboard/warehouse/get-consignment-in-qty-detail`: MT that came in over the period, per source type (non-zero), and the total. */
export const ZWarehouseInQtyDetail = z.object({
  rows: z.array(z.object({ type: z.enum(WAREHOUSE_MOVE_TYPES), inQty: ZQty })),
  inQty: ZQty,
});
export type TWarehouseInQtyDetail = z.infer<typeof ZWarehouseInQtyDetail>;

/** A handling-loss record of the position. */
export const ZWarehouseHandlingLossRow = z.object({
  transactionId: z.number().int(),
  sourceTable: z.string(),
  sourceId: z.number().int(),
  date: z.string(),
  siloId: z.number().int().nullable(),
  /** MT lost. */
  quantity: ZQty,
});

/**
 * `GET /api/dashboard/warehouse/get-consignment-out-qty-detail`: MT that left over the period, per type (non-zero;
 * only `type` when given), the total; with `type=handlingLoss` also the handling-loss records, page `page` of size
 * `limit` (spec 9: 20 by default), newest first, with their count.
 */
export const ZWarehouseOutQtyDetail = z.object({
  rows: z.array(z.object({ type: z.enum(WAREHOUSE_MOVE_TYPES), outQty: ZQty })),
  outQty: ZQty,
  handlingLoss: z
    .object({ rows: z.array(ZWarehouseHandlingLossRow), count: z.number().int(), page: z.number().int(), limit: z.number().int() })
    .nullable(),
});
export type TWarehouseOutQtyDetail = z.infer<typeof ZWarehouseOutQtyDetail>;

/** `GET /api/dashboard/warehouse/get-silo-detail` (locationId, siloId required): the silo and the consignees with stock in it. */
export const ZSiloDetail = z.object({
  silo: ZWarehouseSiloRow,
  consignees: z.array(ZWarehouseConsigneeRow),
});
export type TSiloDetail = z.infer<typeof ZSiloDetail>;

/** The calls' paths under `/api/dashboard/warehouse/`. */
export const WAREHOUSE_DASHBOARD_CALLS = {
  stats: 'get-warehouse-stats',
  detail: 'get-warehouse-detail',
  siloDetailOfWarehouse: 'get-warehouse-silo-detail',
  consigneeConsignments: 'get-consignee-consignments',
  tripsIn: 'get-consignment-trips-in-detail',
  inQty: 'get-consignment-in-qty-detail',
  tripsOut: 'get-consignment-trips-out-detail',
  outQty: 'get-consignment-out-qty-detail',
  siloDetail: 'get-silo-detail',
} as const;

/** The Excel exports: `/api/reports-excel/{agencyId}/<file>?<filters>&lang=en|ar&token=...`. */
export const WAREHOUSE_DASHBOARD_EXCEL = {
  summary: 'warehouse-dashboard-excel-report.xlsx',
  lc: 'warehouse-dashboard-lc-excel-report.xlsx',
} as const;
