import type { warehouseVesselDetailReport } from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Actor, ReportFilters, ReportSource } from '../../kit';
import { ledgerAccounts } from '../../ledger/ledger.schema';
import { DISPATCH_TYPES, RECEIPT_TYPES, warehouseOnHand } from './report-sql';

type Filters = ReportFilters<(typeof warehouseVesselDetailReport)['filters']>;

/**
 * Warehouse Vessel Detail (docs/decisions.md, "Reports"): the ON_HAND entries at the agency's warehouses within the
 * user's scope (`accountScope`) and filters, per warehouse and the voyage the cargo came on (the position's voyage),
 * classified by posting type as the monthly stats: received = receipts, dispatched = dispatches, handling and
 * ownership = the rest (handling excess − loss and in-place changes, net), on hand = every entry (the balance now).
 * "Hide empty" leaves out the lines with nothing on hand.
 */
function rows(actor: Actor, filters: Filters): SQL {
  const a = ledgerAccounts;
  const conditions = warehouseOnHand(actor, filters);
  return sql`select g.location_id as "locationId", g.voyage_id as "voyageId", l.name as "warehouse", ve.name as "vessel", v.voyage_number as "voyageNumber",
                    to_char(v.arrival_date, 'YYYY-MM-DD') as "arrivalDate", g.received as "received", g.dispatched as "dispatched",
                    g.net - g.received + g.dispatched as "adjusted", g.net as "onHand"
             from (select ${a.locationId} as location_id, ${a.voyageId} as voyage_id, sum(e.quantity_kg) as net,
                          coalesce(sum(e.quantity_kg) filter (where x.type in ${RECEIPT_TYPES}), 0) as received,
                          coalesce(-sum(e.quantity_kg) filter (where x.type in ${DISPATCH_TYPES}), 0) as dispatched
                   from ${a} join ledger_entries e on e.account_id = ${a.id}
                   join ledger_transactions x on x.id = e.transaction_id
                   where ${sql.join(conditions, sql` and `)}
                   group by 1, 2
                   ${filters.hideEmpty ? sql`having sum(e.quantity_kg) <> 0` : sql``}) g
             join locations l on l.id = g.location_id
             left join voyages v on v.id = g.voyage_id
             left join vessels ve on ve.id = v.vessel_id`;
}

export const warehouseVesselDetailSource: ReportSource<(typeof warehouseVesselDetailReport)['filters']> = {
  rows,
  tieBreak: ['locationId', 'voyageId'],
};
