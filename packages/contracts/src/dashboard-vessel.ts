import { z } from 'zod';
import { ZDashboardCargoFilters } from './dashboard-filters';
import { requiredId } from './ids';

/**
 * The dashboard's VESSEL tab (spec 2.13 "Vessel Stats tab", 3 "Vessel dashboard rows" and "Vessel stats", 7
 * "Dashboards: Vessel"), all GET under `/api/dashboard/vessels/`, behind canViewDashboard. Quantities are MT strings
 * with 3 decimals (the ledger's integer kilograms at the edge). Three drill-down levels: the vessel detail (level
 * 1), an LC/BL's port loadings (level 2), a port loading's destinations and transporters (level 3).
 */

export const VesselDashboardMessages = {
  vesselRequired: 'Please select a vessel!',
  voyageRequired: 'Please select a vessel voyage!',
  shipmentRequired: 'Please select a BL!',
  consignmentRequired: 'Please select an LC/PO!',
  portLoadingRequired: 'Please select a port loading!',
  portRequired: 'Please select a port!',
  type: 'Please give blConsignee, nonBlConsignee or all.',
} as const;

const tonnes = z.string();

/** `get-vessel-stats`: the cargo filters (vessel/voyage, LC/PO, consignee, shipment managers, cargo type); no attached voyage. */
export const ZVesselStatsQuery = ZDashboardCargoFilters.omit({ bindingVoyageId: true });
export type TVesselStatsQuery = z.input<typeof ZVesselStatsQuery>;

/** One summary row: a BL's LC/PO on a voyage (spec 3 "Vessel dashboard rows"). */
export const ZVesselStatsRow = z.object({
  vesselVoyage: z.string(),
  voyageId: z.number().int(),
  vesselId: z.number().int(),
  consignmentId: z.number().int(),
  LCPONumber: z.string(),
  port: z.string(),
  /** What the vessel gave on board: the BL quantity plus the approved out-turn excess or shortage. */
  quantity: tonnes,
  /** What left the vessel on loading slips (live). */
  loadedQuantity: tonnes,
  /** On the trucks of those slips, not yet received. */
  inTransitQuantity: tonnes,
  /** Received at a place (warehouse, consignee or customer location) from those slips. */
  dlvQuantity: tonnes,
  /** Still on board. */
  remainingQuantity: tonnes,
  shortVesselName: z.string(),
});
export type TVesselStatsRow = z.infer<typeof ZVesselStatsRow>;

/** One bar group of the chart: a vessel's voyage, loaded versus remaining. */
export const ZVesselChartRow = z.object({
  voyageId: z.number().int(),
  vesselVoyage: z.string(),
  shortVesselName: z.string(),
  totalLoadedQuantity: tonnes,
  totalRemainingQuantity: tonnes,
});
export type TVesselChartRow = z.infer<typeof ZVesselChartRow>;

export const ZVesselStatsTotals = z.object({
  quantity: tonnes,
  loadedQuantity: tonnes,
  inTransitQuantity: tonnes,
  dlvQuantity: tonnes,
  remainingQuantity: tonnes,
});

export const ZVesselStats = z.object({ rows: z.array(ZVesselStatsRow), chartData: z.array(ZVesselChartRow), totals: ZVesselStatsTotals });
export type TVesselStats = z.infer<typeof ZVesselStats>;

/** `get-vessel-detail`: the voyage (and its vessel), both required. */
export const ZVesselDetailQuery = z.object({
  vesselId: requiredId(VesselDashboardMessages.vesselRequired),
  voyageId: requiredId(VesselDashboardMessages.voyageRequired),
});
export type TVesselDetailQuery = z.input<typeof ZVesselDetailQuery>;

/** The nine stat cards (spec 3 "Vessel stats") and the out-turn difference. */
export const ZVesselDetailStats = z.object({
  totalVesselQuantity: tonnes,
  totalQuantityOnBoard: tonnes,
  totalQuantityLoaded: tonnes,
  /** Received at consignee or customer locations (direct and customer delivery) from the port. */
  totalQuantityDD: tonnes,
  /** Received at warehouses from the port. */
  totalQuantityWarehouse: tonnes,
  totalQuantityInTransit: tonnes,
  totalDirectDeliveredInTransit: tonnes,
  totalWarehouseDeliveredInTransit: tonnes,
  totalLoanQuantity: tonnes,
  totalLoanReturnedQuantity: tonnes,
  /** The approved out-turn excess (positive) or shortage (negative): what the vessel gave less the BL quantities. */
  totalDifferenceQuantity: tonnes,
});
export type TVesselDetailStats = z.infer<typeof ZVesselDetailStats>;

/** One LC table row: a BL (shipment) of the voyage. */
export const ZVesselLcRow = z.object({
  shipmentId: z.number().int(),
  consignmentId: z.number().int(),
  blNumber: z.string(),
  LCPONumber: z.string(),
  blConsignee: z.string(),
  blConsigneeId: z.number().int(),
  cargoType: z.string(),
  quantity: tonnes,
  excessShortage: tonnes,
  /** Discharged: what left the vessel on loading slips. */
  discharged: tonnes,
  loanIssued: tonnes,
  loanReturned: tonnes,
  customerSale: tonnes,
  /** Of what is still on board: what is left for the BL consignee ... */
  toBlConsignee: tonnes,
  /** ... and what port loadings to others (customers, the shipment manager's loans) and unloaded loans still plan. */
  toNonBlConsignee: tonnes,
});
export type TVesselLcRow = z.infer<typeof ZVesselLcRow>;

export const ZVesselDetail = z.object({ stats: ZVesselDetailStats, rows: z.array(ZVesselLcRow) });
export type TVesselDetail = z.infer<typeof ZVesselDetail>;

/** Which port loadings of a BL level 2 lists: to its BL consignee, to anyone else, or all. */
export const LC_DETAIL_TYPES = ['all', 'blConsignee', 'nonBlConsignee'] as const;
export type LcDetailType = (typeof LC_DETAIL_TYPES)[number];

/** `get-lc-detail`: a BL (shipmentId) of an LC/PO (consignmentId), and which destinations (type, default all). */
export const ZLcDetailQuery = z.object({
  shipmentId: requiredId(VesselDashboardMessages.shipmentRequired),
  consignmentId: requiredId(VesselDashboardMessages.consignmentRequired),
  type: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(LC_DETAIL_TYPES, { error: VesselDashboardMessages.type }).default('all')),
});
export type TLcDetailQuery = z.input<typeof ZLcDetailQuery>;

/** One level-2 row: a port loading of the BL. */
export const ZLcDetailRow = z.object({
  cargoLoadingOutId: z.number().int(),
  portId: z.number().int(),
  port: z.string(),
  toLCPONumber: z.string(),
  /** Who owns the cargo at the destination (the BL consignee, the shipment manager on a loan, a customer). */
  toCompany: z.string(),
  toLocation: z.string(),
  transportationType: z.string(),
  issuedQuantity: tonnes,
  loadedQuantity: tonnes,
  trips: z.number().int(),
  remainingQuantity: tonnes,
});
export type TLcDetailRow = z.infer<typeof ZLcDetailRow>;
export const ZLcDetail = z.object({ rows: z.array(ZLcDetailRow) });
export type TLcDetail = z.infer<typeof ZLcDetail>;

/** `get-port-detail`: a port loading (cargoLoadingOutId) at its port. */
export const ZPortDetailQuery = z.object({
  cargoLoadingOutId: requiredId(VesselDashboardMessages.portLoadingRequired),
  portId: requiredId(VesselDashboardMessages.portRequired),
});
export type TPortDetailQuery = z.input<typeof ZPortDetailQuery>;

const ZTripFigures = {
  loadedQuantity: tonnes,
  trips: z.number().int(),
  deliveredQuantity: tonnes,
  inTransitQuantity: tonnes,
};

/** One level-3 row: a destination of the port loading. */
export const ZPortDetailRow = z.object({ locationId: z.number().int(), location: z.string(), ...ZTripFigures });
/** The transporter chart: one bar group per transporter (a company, Self or the third party's name). */
export const ZPortTransporterRow = z.object({ transporter: z.string(), ...ZTripFigures });
export const ZPortDetail = z.object({ rows: z.array(ZPortDetailRow), transporters: z.array(ZPortTransporterRow) });
export type TPortDetail = z.infer<typeof ZPortDetail>;
