import { z } from 'zod';
import { emptyToUndefined, ZOptionalDate, ZOptionalId } from './cargo';
import { recordIdList } from './ids';

/**
 * The filters the dashboard's tabs share (spec 2.13, 3 "Stats filter fields", 7: filters go in the query string,
 * empty values dropped). Each tab's query schema extends `ZDashboardCargoFilters` with its own fields, so a filter
 * means the same on every tab and is parsed (and refused with the same message) one way.
 */

/** `1,2,3` in a query string: at most 500 ids; an empty value means no filter. */
export const ZDashboardIdList = z.preprocess(emptyToUndefined, recordIdList('Please give ids separated by commas.').optional());

/** `true` / `false` in a query string (anything else is refused); absent or empty means no filter. */
export const ZQueryFlag = z.preprocess(emptyToUndefined, z.enum(['true', 'false'], { error: 'Please give true or false.' }).optional()).transform((v) =>
  v === undefined ? undefined : v === 'true',
);

/** The message of a period whose end comes before its start. */
export const DASHBOARD_PERIOD_MESSAGE = 'The to date can not be before the from date.';

/**
 * The cargo filters of the vessel, warehouse, consignee and customer tabs and the IN/OUT stats: which cargo (its
 * voyage, attached voyage, LC/PO, BL consignee or owner, shipment managers, cargo type).
 */
export const ZDashboardCargoFilters = z.object({
  /** The vessel/voyage the cargo came on. */
  voyageId: ZOptionalId,
  /** The attached vessel/voyage (spec `bindingVoyageId`), behind the tab's attached-vessel permission. */
  bindingVoyageId: ZOptionalId,
  /** The LC/PO (consignment). */
  consignmentId: ZOptionalId,
  /** The consignee (the stock's owner, or the BL consignee of cargo that has no owner yet). */
  consigneeId: ZOptionalId,
  /** Shipment managers (multi-select): cargo of their consignments, or owned by them or a consignee under them. */
  smIds: ZDashboardIdList,
  /** Cargo type. */
  cargoId: ZOptionalId,
});
export type TDashboardCargoFilters = z.input<typeof ZDashboardCargoFilters>;

/** A period of business dates, both inclusive (YYYY-MM-DD in the agency's time zone). */
export const ZDashboardPeriod = z.object({ fromDate: ZOptionalDate, toDate: ZOptionalDate });

/** Refuses a period whose end is before its start (400 on `toDate`); apply to any schema with the period's fields. */
export function periodInOrder(value: { fromDate?: string | undefined; toDate?: string | undefined }, ctx: z.RefinementCtx): void {
  if (value.fromDate && value.toDate && value.toDate < value.fromDate) ctx.addIssue({ code: 'custom', message: DASHBOARD_PERIOD_MESSAGE, path: ['toDate'] });
}
