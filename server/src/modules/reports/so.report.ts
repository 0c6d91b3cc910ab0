import type { soReport } from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Actor, ReportFilters, ReportSource } from '../../kit';
import { consignmentScope } from '../procurement/consignments.service';
import { saleOrderScope } from '../procurement/sale-orders.service';
import { consignmentFlow } from './consignment-flow';

type Filters = ReportFilters<(typeof soReport)['filters']>;

/**
 * Sale Order report (docs/decisions.md "Reports"): the live sale orders the user may see (`saleOrderScope`, the sale
 * order list's rule), each with the figures of its live LCs/POs in the user's scope (`consignmentScope`): their count
 * and quantity, and from `consignmentFlow` their BL quantity, what was discharged off the vessel onto trucks and what
 * those trucks delivered; remaining = the sale order's quantity − delivered (negative when more was delivered).
 * `sale_orders` and `consignments` are named unaliased: the scope conditions name them so.
 */
function rows(actor: Actor, filters: Filters): SQL {
  const agency = sql`${actor.agencyId}::integer`;
  const lcConditions: SQL[] = [sql`consignments.agency_id = ${agency}`, sql`consignments.status = 'Active'`];
  const lcScope = consignmentScope(actor.scope);
  if (lcScope) lcConditions.push(lcScope);
  const soConditions: SQL[] = [sql`sale_orders.agency_id = ${agency}`, sql`sale_orders.status = 'Active'`];
  const soScope = saleOrderScope(actor.scope, actor.userId);
  if (soScope) soConditions.push(soScope);
  if (filters.saleOrderId !== undefined) soConditions.push(sql`sale_orders.id = ${filters.saleOrderId}::integer`);
  if (filters.sellerId !== undefined) soConditions.push(sql`sale_orders.seller_id = ${filters.sellerId}::integer`);
  if (filters.buyerId !== undefined) soConditions.push(sql`sale_orders.buyer_id = ${filters.buyerId}::integer`);
  if (filters.cargoTypeId !== undefined) soConditions.push(sql`sale_orders.cargo_type_id = ${filters.cargoTypeId}::integer`);
  if (filters.fromDate) soConditions.push(sql`sale_orders.order_date >= ${filters.fromDate}::date`);
  if (filters.toDate) soConditions.push(sql`sale_orders.order_date <= ${filters.toDate}::date`);
  const soWhere = sql.join(soConditions, sql` and `);
  // The LCs/POs of the matching sale orders only, so a filter narrows the ledger's work too.
  const lcs = sql`select consignments.id from consignments where ${sql.join(lcConditions, sql` and `)}
                  and consignments.sale_order_id in (select sale_orders.id from sale_orders where ${soWhere})`;
  return sql`with flow as (${consignmentFlow(actor.agencyId, lcs, { split: false })}),
    per_so as (
      select lc.sale_order_id, count(*) as lc_count, sum(lc.quantity_kg) as lc_quantity, sum(f.bl) as bl, sum(f.discharged) as discharged, sum(f.delivered) as delivered
      from flow f join consignments lc on lc.id = f.consignment_id
      group by 1)
    select sale_orders.id as "saleOrderId", sale_orders.number as "saleOrder", to_char(sale_orders.order_date, 'YYYY-MM-DD') as "orderDate",
           seller.name as "seller", buyer.name as "buyer", ct.name as "cargoType",
           sale_orders.quantity_kg as "quantity", coalesce(p.lc_count, 0) as "lcCount", coalesce(p.lc_quantity, 0) as "lcQuantity",
           coalesce(p.bl, 0) as "blQuantity", coalesce(p.discharged, 0) as "discharged", coalesce(p.delivered, 0) as "delivered",
           sale_orders.quantity_kg - coalesce(p.delivered, 0) as "remaining"
    from sale_orders
    left join per_so p on p.sale_order_id = sale_orders.id
    left join companies seller on seller.id = sale_orders.seller_id
    left join companies buyer on buyer.id = sale_orders.buyer_id
    left join cargo_types ct on ct.id = sale_orders.cargo_type_id
    where ${soWhere}`;
}

export const soSource: ReportSource<(typeof soReport)['filters']> = { rows, tieBreak: ['saleOrderId'] };
