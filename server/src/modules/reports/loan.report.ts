import type { loanReport } from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Actor, ReportFilters, ReportSource } from '../../kit';
import { loanScope } from '../loans/loans.queries';

/** The loans table, unaliased: `loanScope` names its columns by the table's name. */
const L = sql.raw('consignee_to_shipment_manager_loans');

type Filters = ReportFilters<(typeof loanReport)['filters']>;

/**
 * Loan Statement (docs/decisions.md, "Reports"): the live consignee-to-SM loans (L, at `loan_at`) and their live
 * returns (LR, at `return_at`) of the user's scope (`loanScope`, the loan screens' rule), as signed movements (a
 * return negative), summed per lender, borrower, LC/PO and cargo type: opening = movements before the period,
 * issued / returned = loans / returns in it, closing = opening + issued − returned. The period's dates are business
 * dates of the agency's time zone, both inclusive; an open end is unbounded. Lines with nothing in any column are
 * left out.
 */
function rows(actor: Actor, filters: Filters): SQL {
  const conditions: SQL[] = [sql`${L}.agency_id = ${actor.agencyId}::integer`, sql`${L}.status = 'Active'`];
  const scoped = loanScope(actor.scope);
  if (scoped) conditions.push(scoped);
  if (filters.lenderId !== undefined) conditions.push(sql`${L}.lender_company_id = ${filters.lenderId}::integer`);
  if (filters.borrowerId !== undefined) conditions.push(sql`${L}.borrower_company_id = ${filters.borrowerId}::integer`);
  if (filters.consignmentId !== undefined) conditions.push(sql`${L}.consignment_id = ${filters.consignmentId}::integer`);
  const where = sql.join(conditions, sql` and `);
  const zone = sql`(select timezone from agencies where id = ${actor.agencyId}::integer)`;
  const fromAt = filters.fromDate ? sql`((${filters.fromDate}::date)::timestamp at time zone ${zone})` : sql`'-infinity'::timestamptz`;
  const toAt = filters.toDate ? sql`((${filters.toDate}::date + 1)::timestamp at time zone ${zone})` : sql`'infinity'::timestamptz`;
  // `loanScope` names the loans table by its name: the movements select from it unaliased.
  return sql`select g.lender_id as "lenderId", lender.name as "lender", g.borrower_id as "borrowerId", borrower.name as "borrower",
                    g.consignment_id as "consignmentId", coalesce(c.lc_number, c.po_number) as "lcPo", g.cargo_type_id as "cargoTypeId", ct.name as "cargoType",
                    g.opening as "opening", g.issued as "issued", g.returned as "returned", g.opening + g.issued - g.returned as "closing"
             from (select m.lender_id, m.borrower_id, m.consignment_id, m.cargo_type_id,
                          coalesce(sum(m.kg) filter (where m.at < ${fromAt}), 0) as opening,
                          coalesce(sum(m.kg) filter (where m.at >= ${fromAt} and m.kind = 'loan'), 0) as issued,
                          coalesce(-sum(m.kg) filter (where m.at >= ${fromAt} and m.kind = 'return'), 0) as returned
                   from (select ${L}.lender_company_id as lender_id, ${L}.borrower_company_id as borrower_id, ${L}.consignment_id, ${L}.cargo_type_id,
                                'loan' as kind, ${L}.loan_at as at, ${L}.quantity_kg as kg
                         from ${L} where ${where}
                         union all
                         select ${L}.lender_company_id, ${L}.borrower_company_id, ${L}.consignment_id, ${L}.cargo_type_id, 'return', r.return_at, -r.quantity_kg
                         from loan_returns r join ${L} on ${L}.id = r.loan_id
                         where r.status = 'Active' and r.agency_id = ${actor.agencyId}::integer and ${where}) m
                   where m.at < ${toAt}
                   group by 1, 2, 3, 4) g
             left join companies lender on lender.id = g.lender_id
             left join companies borrower on borrower.id = g.borrower_id
             left join consignments c on c.id = g.consignment_id
             left join cargo_types ct on ct.id = g.cargo_type_id
             where g.opening <> 0 or g.issued <> 0 or g.returned <> 0`;
}

export const loanSource: ReportSource<(typeof loanReport)['filters']> = {
  rows,
  tieBreak: ['lenderId', 'borrowerId', 'consignmentId', 'cargoTypeId'],
};
