import { z } from 'zod';
import { ZOptionalId } from './cargo';
import { requiredId } from './ids';
import { ZDashboardCargoFilters, ZDashboardPeriod, ZQueryFlag, periodInOrder } from './dashboard-filters';
import { SaleMessages } from './sales';
import { tripPageShape } from './trip-list-pages';

/**
 * The Consignee tab ('Consignee Stats') and the Customer tab ('Customer Stats') (spec 2.13, 3 "Consignee/customer
 * dashboard rows" and "Stats response", 5 pickers, 6, 7), all GET:
 * - `/api/dashboard/consignee/get-consignee-stats`, `get-consignee-trips-in-detail`, `get-consignee-trips-out-detail`,
 *   `get-consignee-in-qty-detail`, `get-consignee-out-qty-detail` (module `ConsigneeDashboard`, view:
 *   canViewConsigneeDashboard);
 * - `/api/dashboard/customer/get-customer-stats`, `get-customer-trips-in-detail`, `get-customer-in-qty-detail` (module
 *   `CustomerDashboard`, view: canViewCustomerDashboard).
 *
 * The subject (the "partner") is the consignee (or, with `isShipmentManager=true`, a shipment manager picked in the
 * consignee picker) or the customer: the owner of the stock. Its locations are the delivery locations of the tab's
 * kind (consignee locations on the Consignee tab, customer locations on the Customer tab): its own, and any other of
 * that kind where it holds stock or had trips. Figures come from the stock ledger within the user's data scope:
 * - quantity: the subject's stock on hand NOW at the location (ON_HAND balances); the period does not change it;
 * - trips (tripsIn/tripsInQty, tripsOut/tripsOutQty) and the quantity details: movements whose business date is in the
 *   period (both ends inclusive; none: all time), reversed ones left out;
 * - inTransitQty / pending: cargo on trucks now (IN_TRANSIT balances) travelling to (or from) the location.
 * Quantities are MT strings with 3 decimals ('12.500'); counts are integers. `rowKey` is made on the client.
 */

export const PartnerDashboardMessages = {
  consigneeRequired: 'Please select a consignee!',
  customerRequired: SaleMessages.customerRequired,
  locationRequired: 'Please select a location!',
  typeInvalid: 'Please give a valid type.',
} as const;

/**
 * How stock came to or left a partner's location, by the posting that moved it (the quantity details, spec 2.13):
 * - port: a truck loaded at the port (direct or customer delivery), received here;
 * - warehouseOut: a truck from a warehouse (in) ;
 * - consigneeOut: a truck from a consignee location to a customer location (in at the customer, out at the consignee);
 * - warehouseTransfer, loan, loanReturn, sale, consigneeTransfer: a transfer slip (by truck) of that flow, or the
 *   flow's change in place (loan, loanReturn, sale, consigneeTransfer);
 * - ownershipTransfer, swapCargo, siloTransfer: in-place changes of owner, LC/PO or silo;
 * - handlingLoss (out), handlingExcess (in); correction: any other posting.
 */
export const PARTNER_MOVE_TYPES = [
  'port',
  'warehouseOut',
  'consigneeOut',
  'warehouseTransfer',
  'loan',
  'loanReturn',
  'sale',
  'consigneeTransfer',
  'ownershipTransfer',
  'swapCargo',
  'siloTransfer',
  'handlingLoss',
  'handlingExcess',
  'correction',
] as const;
export type PartnerMoveType = (typeof PARTNER_MOVE_TYPES)[number];

const ZMoveType = z.preprocess((v) => (v === '' ? undefined : v), z.enum(PARTNER_MOVE_TYPES, { error: PartnerDashboardMessages.typeInvalid }).optional());

/** The cargo filters and the period, shared by both tabs. `consigneeId` of the cargo filters is the Consignee tab's subject. */
const FILTER_SHAPE = {
  ...ZDashboardCargoFilters.shape,
  ...ZDashboardPeriod.shape,
  /** Only this location (a table row's): required by the detail calls. */
  locationId: ZOptionalId,
  /** Only this silo of the location (absent: the whole location). */
  siloId: ZOptionalId,
  /** The details: only rows of this move type. */
  type: ZMoveType,
};

type Located = { locationId?: number | undefined };
const needLocation = (value: Located, ctx: z.RefinementCtx) => {
  if (value.locationId === undefined) ctx.addIssue({ code: 'custom', message: PartnerDashboardMessages.locationRequired, path: ['locationId'] });
};

const consigneeShape = {
  ...FILTER_SHAPE,
  /** The consignee (or shipment manager, with `isShipmentManager`) whose stock the tab shows: required ('Please select a consignee!'). */
  consigneeId: requiredId(PartnerDashboardMessages.consigneeRequired),
  /** The picked party is a shipment manager (marked SM in the consignee picker): the SM's own stock. */
  isShipmentManager: ZQueryFlag,
};

/** `get-consignee-stats`: the filters; `consigneeId` required. */
export const ZConsigneeDashboardQuery = z.object(consigneeShape).superRefine(periodInOrder);
export type TConsigneeDashboardQuery = z.input<typeof ZConsigneeDashboardQuery>;

/** The consignee's details (trips in / out, in / out quantity): the filters; `consigneeId` and `locationId` required. */
export const ZConsigneeDetailQuery = z.object(consigneeShape).superRefine((value, ctx) => {
  periodInOrder(value, ctx);
  needLocation(value, ctx);
});
export type TConsigneeDetailQuery = z.input<typeof ZConsigneeDetailQuery>;

/** The consignee's trucks lists (trips in / out): the details' query and a page (`limit`, `before`). */
export const ZConsigneeTripsQuery = z.object({ ...consigneeShape, ...tripPageShape }).superRefine((value, ctx) => {
  periodInOrder(value, ctx);
  needLocation(value, ctx);
});
export type TConsigneeTripsQuery = z.input<typeof ZConsigneeTripsQuery>;

const customerShape = {
  ...FILTER_SHAPE,
  /** The customer whose stock the tab shows: required ('Please select a customer!'). */
  customerId: requiredId(PartnerDashboardMessages.customerRequired),
};

/** `get-customer-stats`: the filters; `customerId` required. */
export const ZCustomerDashboardQuery = z.object(customerShape).superRefine(periodInOrder);
export type TCustomerDashboardQuery = z.input<typeof ZCustomerDashboardQuery>;

/** The customer's details (trips in, in quantity): the filters; `customerId` and `locationId` required. */
export const ZCustomerDetailQuery = z.object(customerShape).superRefine((value, ctx) => {
  periodInOrder(value, ctx);
  needLocation(value, ctx);
});
export type TCustomerDetailQuery = z.input<typeof ZCustomerDetailQuery>;

/** The customer's trucks list (trips in): the details' query and a page (`limit`, `before`). */
export const ZCustomerTripsQuery = z.object({ ...customerShape, ...tripPageShape }).superRefine((value, ctx) => {
  periodInOrder(value, ctx);
  needLocation(value, ctx);
});
export type TCustomerTripsQuery = z.input<typeof ZCustomerTripsQuery>;

// ---------------------------------------------------------------------------------------------------------------
// Responses (spec 3 "Consignee/customer dashboard rows": name, locationId, type, tripsIn, tripsInQty, tripsOutQty,
// quantity, outQty, inTransitQty, inQty, pending, toConsignee, LCPONumber, refNumber, To_LCPONumber, To_refNumber,
// source, cargo, vesselVoyage, consignmentId, siloId).

/** A quantity in MT, 3 decimals ('12.500'). */
const ZQty = z.string();

/** A row of the location table: one location of the subject. */
export const ZPartnerLocationRow = z.object({
  locationId: z.number().int(),
  /** The location's name (column 'Consignee Location' / 'Customer Location'). */
  name: z.string(),
  /** The subject's stock on hand there now, MT. */
  quantity: ZQty,
  /** Trucks received there for the subject over the period, and the MT they delivered. */
  tripsIn: z.number().int(),
  tripsInQty: ZQty,
  /** Trucks that left there with the subject's cargo over the period, and the MT they took. */
  tripsOut: z.number().int(),
  tripsOutQty: ZQty,
  /** MT of the subject's cargo on trucks now on their way there. */
  inTransitQty: ZQty,
});
export type TPartnerLocationRow = z.infer<typeof ZPartnerLocationRow>;

/** A location with the subject's quantity on hand there (the chart's bars; the per-kind lists). */
export const ZPartnerLocationQty = z.object({ locationId: z.number().int(), name: z.string(), quantity: ZQty });
export type TPartnerLocationQty = z.infer<typeof ZPartnerLocationQty>;

/**
 * `get-consignee-stats` / `get-customer-stats` (spec 3 "Stats response"): `tableRows` (the tab's locations, by name),
 * `chartData` (Total Quantity per table location), and the subject's stock at each kind of delivery location:
 * `consigneeLocationQty` / `customerLocationQty` (per location with stock) and their totals
 * `overAllQuantityInConsigneeLocs` / `overAllQuantityInCustomerLocs`.
 */
export const ZPartnerStats = z.object({
  tableRows: z.array(ZPartnerLocationRow),
  chartData: z.array(ZPartnerLocationQty),
  overAllQuantityInConsigneeLocs: ZQty,
  overAllQuantityInCustomerLocs: ZQty,
  consigneeLocationQty: z.array(ZPartnerLocationQty),
  customerLocationQty: z.array(ZPartnerLocationQty),
});
export type TPartnerStats = z.infer<typeof ZPartnerStats>;

/**
 * A truck of the trips-in or trips-out detail (level 1): the slip that carried it, when, the truck, the other end
 * (`source` for trips in, `destination` for trips out), the cargo's LC/PO, voyage and cargo type, the MT (`quantity`:
 * what the place received or gave; `inTransitQty`: still on the truck), and `pending` (still in transit: not yet
 * received here, or not yet received at its destination).
 */
export const ZPartnerTripRow = z.object({
  tripId: z.number().int(),
  type: z.enum(PARTNER_MOVE_TYPES),
  slipNumber: z.string(),
  /** When the truck was received (in) or left (out); for a truck still coming, when it left. ISO date-time. */
  date: z.string(),
  truck: z.string(),
  /** Trips in: where the truck came from (a port, a warehouse, a location). */
  source: z.string(),
  /** Trips out: where the truck is going. */
  destination: z.string(),
  /** Trips out: the owner on arrival when it is another party (a loan, a sale, a consignee transfer), else null. */
  toConsignee: z.string().nullable(),
  consignmentId: z.number().int(),
  LCPONumber: z.string(),
  refNumber: z.string(),
  vesselVoyage: z.string(),
  cargo: z.string(),
  siloId: z.number().int().nullable(),
  quantity: ZQty,
  inTransitQty: ZQty,
  pending: z.boolean(),
});
export type TPartnerTripRow = z.infer<typeof ZPartnerTripRow>;
/**
 * A trips-in or trips-out list is read a page at a time (`tripPageShape`, trip-list-pages.ts): newest first, by
 * the date to the millisecond, then the trip; the spec's client, asking for no page, gets the newest TRIP_LIST_LIMIT.
 */
export const ZPartnerTripList = z.array(ZPartnerTripRow);
export type TPartnerTripList = z.infer<typeof ZPartnerTripList>;

/**
 * In-quantity detail (level 2), one row per source type, LC/PO and voyage: `quantity` what was sent (trucks: their
 * slips; in place: what changed hands), `inQty` what reached the subject's stock here, `transitLossQty` the difference
 * on trucks (quantity - inQty), `inTransitQty` what is still on the road here now.
 */
export const ZPartnerInQtyRow = z.object({
  source: z.enum(PARTNER_MOVE_TYPES),
  consignmentId: z.number().int(),
  LCPONumber: z.string(),
  refNumber: z.string(),
  vesselVoyage: z.string(),
  cargo: z.string(),
  trips: z.number().int(),
  quantity: ZQty,
  inQty: ZQty,
  transitLossQty: ZQty,
  inTransitQty: ZQty,
});
export type TPartnerInQtyRow = z.infer<typeof ZPartnerInQtyRow>;
export const ZPartnerInQtyList = z.array(ZPartnerInQtyRow);

/**
 * Out-quantity detail (level 2), one row per type, LC/PO, receiving party and its LC/PO: `outQty` what left the
 * subject's stock here; `inTransitQty` of it still on trucks now; `toConsignee` the receiving party when another
 * (a loan's SM, a sale's customer, a transfer's consignee; null: the subject itself, or a loss); `To_LCPONumber` /
 * `To_refNumber` the LC/PO it became when it differs (a swap), else null.
 */
export const ZPartnerOutQtyRow = z.object({
  type: z.enum(PARTNER_MOVE_TYPES),
  consignmentId: z.number().int(),
  LCPONumber: z.string(),
  refNumber: z.string(),
  vesselVoyage: z.string(),
  cargo: z.string(),
  toConsignee: z.string().nullable(),
  To_LCPONumber: z.string().nullable(),
  To_refNumber: z.string().nullable(),
  trips: z.number().int(),
  outQty: ZQty,
  inTransitQty: ZQty,
});
export type TPartnerOutQtyRow = z.infer<typeof ZPartnerOutQtyRow>;
export const ZPartnerOutQtyList = z.array(ZPartnerOutQtyRow);
