import type { warehouseMonthlyReport } from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Actor, ReportFilters, ReportSource } from '../../kit';
import { ledgerAccounts } from '../../ledger/ledger.schema';
import { agencyToday, agencyZone, DISPATCH_TYPES, RECEIPT_TYPES, warehouseOnHand } from './report-sql';

type Filters = ReportFilters<(typeof warehouseMonthlyReport)['filters']>;

/**
 * Warehouse Monthly Stats (docs/decisions.md, "Reports"): the ON_HAND entries at the agency's warehouses within the
 * user's scope (`accountScope`) and filters, by the calendar month of their transaction's business time in the
 * agency's zone, classified by the posting's type (a reversal keeps its original's type and so takes back its
 * figure in the month it is made): in = receipts, out = dispatches, handling loss and excess, ownership changes =
 * everything else (in-place postings: loans, returns, sales, ownership and consignee transfers, swaps, silo
 * transfers; nil for a whole warehouse). Closing = every entry up to the month's end (a running sum from the
 * warehouse's first month), opening = closing − the month's net. Transit loss = the TRANSIT_LOSS entries of the
 * receipts into the warehouse in the month (the trucks' loss on the way, outside the warehouse's stock). Every month
 * from the warehouse's first movement to the period's end (the agency's current month without one) is a row, whole
 * months, from the period's first month; months with nothing in any column are left out.
 */
function rows(actor: Actor, filters: Filters): SQL {
  const a = ledgerAccounts;
  const conditions = warehouseOnHand(actor, filters);
  const lastMonth = sql`date_trunc('month', ${filters.toDate ? sql`${filters.toDate}::date` : agencyToday(actor)})::date`;
  const firstMonth = filters.fromDate ? sql`date_trunc('month', ${filters.fromDate}::date)::date` : sql`'-infinity'::date`;
  return sql`with moves as (
                select ${a.locationId} as location_id, date_trunc('month', x.created_at at time zone ${agencyZone(actor)})::date as month,
                       x.type, e.transaction_id, e.quantity_kg as kg
                from ${a} join ledger_entries e on e.account_id = ${a.id}
                join ledger_transactions x on x.id = e.transaction_id
                where ${sql.join(conditions, sql` and `)}),
             monthly as (
                select location_id, month, sum(kg) as net,
                       coalesce(sum(kg) filter (where type in ${RECEIPT_TYPES}), 0) as received,
                       coalesce(-sum(kg) filter (where type in ${DISPATCH_TYPES}), 0) as dispatched,
                       coalesce(-sum(kg) filter (where type = 'handlingLoss'), 0) as handling_loss,
                       coalesce(sum(kg) filter (where type = 'handlingExcess'), 0) as excess
                from moves group by 1, 2),
             transit as (
                select r.location_id, r.month, sum(le.quantity_kg) as loss
                from (select distinct location_id, month, transaction_id from moves where type in ${RECEIPT_TYPES}) r
                join ledger_entries le on le.transaction_id = r.transaction_id
                join ledger_accounts la on la.id = le.account_id and la.kind = 'TRANSIT_LOSS'
                group by 1, 2),
             months as (
                select s.location_id, gs::date as month
                from (select location_id, min(month) as first from monthly group by 1) s
                cross join lateral generate_series(s.first::timestamp, ${lastMonth}::timestamp, interval '1 month') gs),
             running as (
                select mo.location_id, mo.month, coalesce(m.net, 0) as net, coalesce(m.received, 0) as received, coalesce(m.dispatched, 0) as dispatched,
                       coalesce(m.handling_loss, 0) as handling_loss, coalesce(m.excess, 0) as excess, coalesce(t.loss, 0) as transit_loss,
                       sum(coalesce(m.net, 0)) over (partition by mo.location_id order by mo.month) as closing
                from months mo
                left join monthly m on m.location_id = mo.location_id and m.month = mo.month
                left join transit t on t.location_id = mo.location_id and t.month = mo.month)
             select r.location_id as "locationId", l.name as "warehouse", to_char(r.month, 'YYYY-MM') as "month",
                    r.closing - r.net as "opening", r.received as "received", r.dispatched as "dispatched", r.transit_loss as "transitLoss",
                    r.handling_loss as "handlingLoss", r.excess as "excess", r.net - r.received + r.dispatched + r.handling_loss - r.excess as "inPlace",
                    r.closing as "closing"
             from running r join locations l on l.id = r.location_id
             where r.month >= ${firstMonth} and (r.closing <> 0 or r.net <> 0 or r.received <> 0 or r.dispatched <> 0 or r.handling_loss <> 0 or r.excess <> 0 or r.transit_loss <> 0)`;
}

export const warehouseMonthlySource: ReportSource<(typeof warehouseMonthlyReport)['filters']> = {
  rows,
  tieBreak: ['locationId', 'month'],
};
