import type { consigneeStockReport } from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Actor, ReportFilters, ReportSource } from '../../kit';
import { accountScope } from '../../ledger/ledger.scope';
import { ledgerAccounts } from '../../ledger/ledger.schema';
import { loanScope } from '../loans/loans.queries';

type Filters = ReportFilters<(typeof consigneeStockReport)['filters']>;

/**
 * Consignee Stock (docs/decisions.md "Reports"): one consignee's (or shipment manager's) position now, by place and
 * cargo type: own = its ON_HAND balances there (the ledger's kept balances, within `accountScope`); lent / borrowed =
 * its live loans as lender / borrower made at that place, less their live returns (`loanScope`); a loan of cargo on
 * board has no place but its voyage (the row names the vessel); net = own + lent − borrowed. Places where all four
 * are zero are left out. The loans table is selected unaliased (the scope names it so).
 */
function rows(actor: Actor, filters: Filters): SQL {
  const agency = sql`${actor.agencyId}::integer`;
  const company = sql`${filters.consigneeId}::integer`;
  const a = ledgerAccounts;
  const onHand: SQL[] = [sql`${a.agencyId} = ${agency}`, sql`${a.kind} = 'ON_HAND'`, sql`${a.ownerCompanyId} = ${company}`, sql`${a.balanceKg} <> 0`];
  const stockScope = accountScope(a, 'ON_HAND', actor.scope);
  if (stockScope) onHand.push(stockScope);
  if (filters.cargoTypeId !== undefined) onHand.push(sql`${a.cargoTypeId} = ${filters.cargoTypeId}::integer`);
  const L = sql.raw('consignee_to_shipment_manager_loans');
  const loanConditions: SQL[] = [sql`${L}.agency_id = ${agency}`, sql`${L}.status = 'Active'`, sql`(${L}.lender_company_id = ${company} or ${L}.borrower_company_id = ${company})`];
  const loans = loanScope(actor.scope);
  if (loans) loanConditions.push(loans);
  if (filters.cargoTypeId !== undefined) loanConditions.push(sql`${L}.cargo_type_id = ${filters.cargoTypeId}::integer`);
  return sql`with lines as (
      select ${a.locationId} as location_id, null::integer as voyage_id, ${a.cargoTypeId} as cargo_type_id, ${a.balanceKg} as own, 0::bigint as lent, 0::bigint as borrowed
      from ${a} where ${sql.join(onHand, sql` and `)}
      union all
      select ${L}.location_id, case when ${L}.location_id is null then ${L}.voyage_id end, ${L}.cargo_type_id, 0,
             case when ${L}.lender_company_id = ${company} then outstanding else 0 end,
             case when ${L}.borrower_company_id = ${company} then outstanding else 0 end
      from ${L}
      cross join lateral (select ${L}.quantity_kg - coalesce((select sum(r.quantity_kg) from loan_returns r where r.loan_id = ${L}.id and r.status = 'Active'), 0) as outstanding) o
      where ${sql.join(loanConditions, sql` and `)}),
    g as (select location_id, voyage_id, cargo_type_id, sum(own) as own, sum(lent) as lent, sum(borrowed) as borrowed from lines group by 1, 2, 3)
    select g.location_id as "locationId", g.voyage_id as "voyageId", coalesce(l.name, ve.name || ' / ' || v.voyage_number) as "place",
           g.cargo_type_id as "cargoTypeId", ct.name as "cargoType", g.own as "own", g.lent as "lent", g.borrowed as "borrowed", g.own + g.lent - g.borrowed as "net"
    from g
    left join locations l on l.id = g.location_id
    left join voyages v on v.id = g.voyage_id
    left join vessels ve on ve.id = v.vessel_id
    left join cargo_types ct on ct.id = g.cargo_type_id
    where g.own <> 0 or g.lent <> 0 or g.borrowed <> 0`;
}

export const consigneeStockSource: ReportSource<(typeof consigneeStockReport)['filters']> = { rows, tieBreak: ['locationId', 'voyageId', 'cargoTypeId'] };
