import { z } from 'zod';
import { emptyToUndefined, TRANSPORTATION_TYPES, ZOptionalDate, ZOptionalId } from './cargo';
import { DASHBOARD_PERIOD_MESSAGE, ZDashboardCargoFilters, ZQueryFlag } from './dashboard-filters';

/**
 * The IN/OUT Stats tab (spec 2.13 "IN/OUT Stats tab", 3 "IN/OUT stats response" and "Stats filter fields", 7
 * `GET /api/dashboard/stats`): truck trips that left the port, the warehouses and the consignee locations in a
 * period, and what of those trips was received at warehouses, consignee locations and customer locations.
 */

/** What cargo a trip carried (spec 3 `quantityType`): the owner's own, a loan, a loan return, a sale. */
export const STATS_QUANTITY_TYPES = ['bl', 'loan', 'loanReturn', 'sale'] as const;
export type StatsQuantityType = (typeof STATS_QUANTITY_TYPES)[number];

/** Whether a trip was received at its destination (spec 3 `deliveryStatus`). */
export const STATS_DELIVERY_STATUSES = ['Delivered', 'Undelivered'] as const;
export type StatsDeliveryStatus = (typeof STATS_DELIVERY_STATUSES)[number];

/** The three groups of cards, in the spec's order: trips leaving the port, warehouses, consignee locations. */
export const STATS_GROUPS = ['port', 'warehouse', 'consignee'] as const;
export type StatsGroup = (typeof STATS_GROUPS)[number];

/** The figures of a group, in the cards' order (spec 2.13): OUT, then Warehouse IN, Consignee IN, Customer IN. */
export const STATS_FIGURES = ['outQty', 'warehouseInQty', 'consigneeInQty', 'customerInQty'] as const;
export type StatsFigure = (typeof STATS_FIGURES)[number];

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) => z.preprocess(emptyToUndefined, z.enum(values, { error: message }).optional());

/**
 * The query of `GET /api/dashboard/stats` (spec 3 "Stats filter fields"; empty values are no filter). The cargo
 * filters mean what they mean on every tab (`ZDashboardCargoFilters`); the period is business dates in the agency's
 * time zone, both inclusive, each defaulting to today (spec 9).
 */
export const ZDashboardStatsQuery = ZDashboardCargoFilters.pick({ voyageId: true, bindingVoyageId: true, consignmentId: true, smIds: true })
  .extend({
    /** The place the trips left (a warehouse or a consignee location); port trips leave none and are left out. */
    fromLocationId: ZOptionalId,
    /** The BL consignee of the trips' consignment. */
    blConsigneeId: ZOptionalId,
    quantityType: optionalEnum(STATS_QUANTITY_TYPES, 'Please select bl, loan, loanReturn or sale.'),
    /** The place the trips were sent to. */
    toLocationId: ZOptionalId,
    deliveryStatus: optionalEnum(STATS_DELIVERY_STATUSES, 'Please select Delivered or Undelivered.'),
    /** What the destination is (spec "Transportation types"): a warehouse, a consignee location, a customer location. */
    transportedTo: optionalEnum(TRANSPORTATION_TYPES, 'Please select warehouse, directDelivery or customerDelivery.'),
    /** Trips whose dispatch weight was typed by hand (true) or read from the weighbridge (false): Warehouse Outs only. */
    isManualQuantity: ZQueryFlag,
    /** A transporter company: the port loading's named transporter, else the truck's. */
    transporter: ZOptionalId,
    startDate: ZOptionalDate,
    endDate: ZOptionalDate,
    /** Owner kinds of the cargo on the truck: any true flag keeps its kind; none true keeps every kind. */
    consigneeOut: ZQueryFlag,
    customerOut: ZQueryFlag,
    smOut: ZQueryFlag,
    /** true: only trips of a grouped Warehouse Out; false: none of them. */
    groupedOut: ZQueryFlag,
  })
  .superRefine((value, ctx) => {
    if (value.startDate && value.endDate && value.endDate < value.startDate) ctx.addIssue({ code: 'custom', message: DASHBOARD_PERIOD_MESSAGE, path: ['endDate'] });
  });
export type TDashboardStatsQuery = z.input<typeof ZDashboardStatsQuery>;
export type TDashboardStatsFilters = z.output<typeof ZDashboardStatsQuery>;

/**
 * One group of cards: what left (OUT) and, of those trips, what was received at each kind of place (IN, after
 * transit loss), in MT with 3 decimals; beside each quantity its number of trips.
 */
export const ZStatsGroupFigures = z.object({
  outQty: z.string(),
  warehouseInQty: z.string(),
  consigneeInQty: z.string(),
  customerInQty: z.string(),
  outTrips: z.number().int(),
  warehouseInTrips: z.number().int(),
  consigneeInTrips: z.number().int(),
  customerInTrips: z.number().int(),
});
export type TStatsGroupFigures = z.infer<typeof ZStatsGroupFigures>;

/** `GET /api/dashboard/stats`: the three groups and the period they cover (the defaults filled in). */
export const ZDashboardStats = z.object({
  startDate: z.string(),
  endDate: z.string(),
  port: ZStatsGroupFigures,
  warehouse: ZStatsGroupFigures,
  consignee: ZStatsGroupFigures,
});
export type TDashboardStats = z.infer<typeof ZDashboardStats>;
