import type { lcWiseReport } from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Actor, ReportFilters, ReportSource } from '../../kit';
import { consignmentScope } from '../procurement/consignments.service';
import { consignmentFlow } from './consignment-flow';

type Filters = ReportFilters<(typeof lcWiseReport)['filters']>;

/**
 * LC Wise Report (docs/decisions.md "Reports"): the live LCs/POs in the user's scope (`consignmentScope`, the
 * consignment list's rule), each with `consignmentFlow`'s BL quantity, discharged and delivered per kind of place;
 * loans outstanding = the live loans of its cargo less their live returns (the loan records, as the loan statement
 * reads them: a loan of cargo on board posts nothing); sold = the live sales of its cargo to customers; remaining =
 * quantity − delivered. `consignments` is named unaliased: the scope condition names it so.
 */
function rows(actor: Actor, filters: Filters): SQL {
  const agency = sql`${actor.agencyId}::integer`;
  const conditions: SQL[] = [sql`consignments.agency_id = ${agency}`, sql`consignments.status = 'Active'`];
  const scoped = consignmentScope(actor.scope);
  if (scoped) conditions.push(scoped);
  if (filters.consignmentId !== undefined) conditions.push(sql`consignments.id = ${filters.consignmentId}::integer`);
  if (filters.saleOrderId !== undefined) conditions.push(sql`consignments.sale_order_id = ${filters.saleOrderId}::integer`);
  if (filters.consigneeId !== undefined) conditions.push(sql`consignments.bl_consignee_id = ${filters.consigneeId}::integer`);
  if (filters.shipmentManagerId !== undefined) conditions.push(sql`consignments.shipment_manager_id = ${filters.shipmentManagerId}::integer`);
  if (filters.cargoTypeId !== undefined) conditions.push(sql`consignments.cargo_type_id = ${filters.cargoTypeId}::integer`);
  const lcs = sql`select consignments.id from consignments where ${sql.join(conditions, sql` and `)}`;
  return sql`with flow as (${consignmentFlow(actor.agencyId, lcs, { split: true })}),
    loans as (
      select l.consignment_id, sum(l.quantity_kg - coalesce((select sum(r.quantity_kg) from loan_returns r where r.loan_id = l.id and r.status = 'Active'), 0)) as outstanding
      from consignee_to_shipment_manager_loans l
      where l.agency_id = ${agency} and l.status = 'Active' and l.consignment_id in (${lcs})
      group by 1),
    sales as (
      select s.consignment_id, sum(s.quantity_kg) as sold from consignee_to_customer_sales s
      where s.agency_id = ${agency} and s.status = 'Active' and s.consignment_id in (${lcs})
      group by 1)
    select c.id as "consignmentId", coalesce(c.lc_number, c.po_number) as "lcPo", so.number as "saleOrder", consignee.name as "blConsignee",
           sm.name as "shipmentManager", ct.name as "cargoType", c.quantity_kg as "quantity", f.bl as "blQuantity", f.discharged as "discharged",
           f.to_warehouses as "toWarehouses", f.to_consignees as "toConsignees", f.to_customers as "toCustomers",
           coalesce(loans.outstanding, 0) as "loaned", coalesce(sales.sold, 0) as "sold", c.quantity_kg - f.delivered as "remaining"
    from flow f
    join consignments c on c.id = f.consignment_id
    left join sale_orders so on so.id = c.sale_order_id
    left join companies consignee on consignee.id = c.bl_consignee_id
    left join companies sm on sm.id = c.shipment_manager_id
    left join cargo_types ct on ct.id = c.cargo_type_id
    left join loans on loans.consignment_id = c.id
    left join sales on sales.consignment_id = c.id`;
}

export const lcWiseSource: ReportSource<(typeof lcWiseReport)['filters']> = { rows, tieBreak: ['consignmentId'] };
