import { COMPANY_TYPE_IDS, type consigneeCargoStatsReport } from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { cargoOwnerCondition } from '../../identity/data-scope';
import type { Actor, ReportFilters, ReportSource } from '../../kit';
import { accountScope } from '../../ledger/ledger.scope';
import { ledgerAccounts } from '../../ledger/ledger.schema';
import { loanScope } from '../loans/loans.queries';
import { consignmentScope } from '../procurement/consignments.service';
import { saleScope } from '../sales/sales.queries';

type Filters = ReportFilters<(typeof consigneeCargoStatsReport)['filters']>;

/**
 * Consignee Cargo Stats (docs/decisions.md "Reports"): one row per consignee or shipment manager of the user's scope
 * (the owner rule of cargo) with anything to show:
 * - BL quantity: the live BLs of the live LCs/POs it is the BL consignee of (`consignmentScope`);
 * - received: what port trucks handed into its ownership (the ON_HAND entries of the transactions taking a port
 *   trip's cargo off its truck: receipts and their reversals), anywhere;
 * - in warehouses: its ON_HAND balances at warehouses now;
 * - delivered to own sites: the ON_HAND entries of Consignee In receipts (trucks from the port or a warehouse received
 *   at a consignee's site) into its ownership;
 * - lent / borrowed: its live loans as lender / borrower less their live returns (`loanScope`);
 * - sold: its live sales to customers as the seller (`saleScope`).
 * Ledger figures read the ON_HAND accounts of the scope (`accountScope`). Tables the scope conditions name by their
 * own name (`ledger_accounts`, the loans, the sales, `consignments`) are selected unaliased.
 */
function rows(actor: Actor, filters: Filters): SQL {
  const agency = sql`${actor.agencyId}::integer`;
  const companyConditions: SQL[] = [sql`co.agency_id = ${agency}`, sql`co.company_type_id in (${COMPANY_TYPE_IDS.consignee}::integer, ${COMPANY_TYPE_IDS.shipmentManager}::integer)`];
  const owners = cargoOwnerCondition(actor.scope, sql`co.id`);
  if (owners) companyConditions.push(owners);
  if (filters.consigneeId !== undefined) companyConditions.push(sql`co.id = ${filters.consigneeId}::integer`);
  if (filters.shipmentManagerId !== undefined) companyConditions.push(sql`(co.id = ${filters.shipmentManagerId}::integer or co.shipment_manager_id = ${filters.shipmentManagerId}::integer)`);
  const companies = sql`select co.id from companies co where ${sql.join(companyConditions, sql` and `)}`;
  const a = ledgerAccounts;
  const onHand: SQL[] = [sql`${a.agencyId} = ${agency}`, sql`${a.kind} = 'ON_HAND'`, sql`${a.ownerCompanyId} in (${companies})`];
  const stockScope = accountScope(a, 'ON_HAND', actor.scope);
  if (stockScope) onHand.push(stockScope);
  const onHandWhere = sql.join(onHand, sql` and `);
  const lcScope = consignmentScope(actor.scope);
  const loans = loanScope(actor.scope);
  const sales = saleScope(actor.scope);
  return sql`with bl as (
      select consignments.bl_consignee_id as company_id, sum(s.bl_quantity_kg) as kg
      from shipments s join consignments on consignments.id = s.consignment_id
      where s.agency_id = ${agency} and s.status = 'Active' and consignments.status = 'Active' and consignments.bl_consignee_id in (${companies}) ${lcScope ? sql`and ${lcScope}` : sql``}
      group by 1),
    port_trips as (
      select distinct t.trip_id from ledger_accounts o
      join ledger_entries oe on oe.account_id = o.id
      join ledger_entries te on te.transaction_id = oe.transaction_id
      join ledger_accounts t on t.id = te.account_id and t.kind = 'IN_TRANSIT'
      where o.agency_id = ${agency} and o.kind = 'ON_BOARD'),
    received as (
      select ${a.ownerCompanyId} as company_id, sum(e.quantity_kg) as kg
      from ledger_entries e join ${a} on ${a.id} = e.account_id
      where ${onHandWhere}
        and e.transaction_id in (select te.transaction_id from ledger_entries te join ledger_accounts t on t.id = te.account_id
                                 where t.agency_id = ${agency} and t.kind = 'IN_TRANSIT' and t.trip_id in (select trip_id from port_trips))
      group by 1),
    warehouses as (
      select ${a.ownerCompanyId} as company_id, sum(${a.balanceKg}) as kg
      from ${a} join locations l on l.id = ${a.locationId}
      where ${onHandWhere} and ${a.balanceKg} <> 0 and l.location_kind_id = 1
      group by 1),
    delivered as (
      select ${a.ownerCompanyId} as company_id, sum(e.quantity_kg) as kg
      from ledger_entries e join ${a} on ${a.id} = e.account_id join ledger_transactions x on x.id = e.transaction_id
      where ${onHandWhere} and x.type = 'consigneeIn'
      group by 1),
    loan_lines as (
      select consignee_to_shipment_manager_loans.lender_company_id as lender, consignee_to_shipment_manager_loans.borrower_company_id as borrower,
             consignee_to_shipment_manager_loans.quantity_kg - coalesce((select sum(r.quantity_kg) from loan_returns r where r.loan_id = consignee_to_shipment_manager_loans.id and r.status = 'Active'), 0) as outstanding
      from consignee_to_shipment_manager_loans
      where consignee_to_shipment_manager_loans.agency_id = ${agency} and consignee_to_shipment_manager_loans.status = 'Active' ${loans ? sql`and ${loans}` : sql``}),
    lent as (select lender as company_id, sum(outstanding) as kg from loan_lines group by 1),
    borrowed as (select borrower as company_id, sum(outstanding) as kg from loan_lines group by 1),
    sold as (
      select consignee_to_customer_sales.seller_company_id as company_id, sum(consignee_to_customer_sales.quantity_kg) as kg
      from consignee_to_customer_sales
      where consignee_to_customer_sales.agency_id = ${agency} and consignee_to_customer_sales.status = 'Active' ${sales ? sql`and ${sales}` : sql``}
      group by 1),
    figures as (
      select co.id as company_id, coalesce(bl.kg, 0) as bl, coalesce(received.kg, 0) as received, coalesce(warehouses.kg, 0) as warehouses,
             coalesce(delivered.kg, 0) as delivered, coalesce(lent.kg, 0) as lent, coalesce(borrowed.kg, 0) as borrowed, coalesce(sold.kg, 0) as sold
      from (${companies}) co
      left join bl on bl.company_id = co.id
      left join received on received.company_id = co.id
      left join warehouses on warehouses.company_id = co.id
      left join delivered on delivered.company_id = co.id
      left join lent on lent.company_id = co.id
      left join borrowed on borrowed.company_id = co.id
      left join sold on sold.company_id = co.id)
    select f.company_id as "companyId", c.name as "consignee", sm.name as "shipmentManager",
           f.bl as "blQuantity", f.received as "received", f.warehouses as "inWarehouses", f.delivered as "delivered",
           f.lent as "lent", f.borrowed as "borrowed", f.sold as "sold"
    from figures f
    join companies c on c.id = f.company_id
    left join companies sm on sm.id = c.shipment_manager_id
    where f.bl <> 0 or f.received <> 0 or f.warehouses <> 0 or f.delivered <> 0 or f.lent <> 0 or f.borrowed <> 0 or f.sold <> 0`;
}

export const consigneeCargoStatsSource: ReportSource<(typeof consigneeCargoStatsReport)['filters']> = { rows, tieBreak: ['companyId'] };
