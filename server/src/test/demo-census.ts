import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../platform/db/client';
import { inAgency } from '../platform/db/tenancy';

/**
 * What the demo season holds, counted (its documents by kind and state, the ledger's transactions): one query in the
 * agency (row-level security on), so two seeds can be compared.
 */
export async function demoCensus(db: Db, agencyId: number): Promise<Record<string, string>> {
  const [row] = await inAgency(db, agencyId, (tx) => queryRows<Record<string, string>>(tx, sql`select
      (select count(*) from sale_orders where status = 'Active')::text as sale_orders,
      (select count(*) from consignments where status = 'Active')::text as consignments,
      (select count(*) from consignments where po_number is not null)::text as pos,
      (select count(distinct shipment_manager_id) from consignments)::text as managers,
      (select count(*) from voyages)::text as voyages,
      (select count(*) from shipments where status = 'Active')::text as shipments,
      (select count(*) from voyage_approvals where status = 'Approved')::text as voyage_approvals,
      (select count(*) from quantity_approvals where status = 'Approved')::text as quantity_approvals,
      (select count(*) from port_loadings where status = 'Active')::text as port_loadings,
      (select count(*) from loading_slips where status = 'Active' and received_table is null)::text as slips_in_transit,
      (select count(*) from port_loadings pl join consignee_to_shipment_manager_loans l on l.id = pl.loan_id
        where pl.status = 'Active' and pl.quantity_type = 'loan' and pl.owner_company_id = l.borrower_company_id and l.shipment_id = pl.shipment_id
          and exists (select 1 from loading_slips s where s.port_loading_id = pl.id and s.status = 'Active'))::text as loan_port_loadings,
      (select count(*) from consignee_to_shipment_manager_loans where status = 'Active' and shipment_id is not null and location_id is null)::text as loans_on_board,
      (select count(*) from warehouse_ins where status = 'Active')::text as warehouse_ins,
      (select count(*) from consignee_ins where status = 'Active')::text as consignee_ins,
      (select count(*) from customer_ins where status = 'Active')::text as customer_ins,
      (select count(*) from warehouse_pre_outs where status = 'Active')::text as pre_outs,
      (select count(*) from warehouse_outs where status = 'Active')::text as warehouse_outs,
      (select count(*) from consignee_outs where status = 'Active')::text as consignee_outs,
      (select count(*) from consignee_to_shipment_manager_loans where status = 'Active')::text as loans,
      (select count(*) from loan_returns where status = 'Active')::text as loan_returns,
      (select count(*) from consignee_to_shipment_manager_loans l join transfer_slips t on t.id = l.transfer_slip_id where l.status = 'Active' and t.received_table = 'consignee_ins')::text as loans_delivered,
      (select count(*) from ownership_transfers where status = 'Active' and kind = 'ownershipTransfer')::text as ownership_transfers,
      (select count(*) from ownership_transfers where status = 'Active' and kind = 'consigneeTransfer')::text as consignee_transfers,
      (select count(*) from consignee_to_customer_sales where status = 'Active')::text as sales,
      (select count(*) from consignee_to_customer_sales s join transfer_slips t on t.id = s.transfer_slip_id where s.status = 'Active' and t.source_kind = 'sale' and t.received_table = 'customer_ins')::text as sales_delivered,
      (select count(*) from consignee_to_customer_sales s join companies c on c.id = s.seller_company_id where s.status = 'Active' and c.company_type_id = 5
        and exists (select 1 from consignee_to_shipment_manager_loans l where l.borrower_company_id = s.seller_company_id and l.location_id = s.location_id and l.consignment_id = s.consignment_id and l.silo_id is not distinct from s.silo_id))::text as sm_sales_of_loan,
      (select count(*) from silo_transfers where status = 'Active')::text as silo_transfers,
      (select count(*) from cargo_swaps where status = 'Active')::text as cargo_swaps,
      (select count(*) from handling_records where kind = 'handlingLoss' and approval_status = 'Approved')::text as handling_losses,
      (select count(*) from handling_records where kind = 'handlingLoss' and approval_status = 'Approved' and not within_allowance)::text as losses_approved_above,
      (select count(*) from handling_records where kind = 'handlingExcess' and approval_status = 'Approved')::text as handling_excesses,
      (select count(*) from transfer_slips where source_kind = 'warehouseTransfer' and status = 'Active')::text as warehouse_transfers,
      (select count(*) from transfer_slips where source_kind = 'warehouseTransfer' and status = 'Active' and received_table = 'warehouse_ins')::text as warehouse_transfers_received,
      (select count(*) from ledger_transactions)::text as ledger_transactions`));
  return row ?? {};
}
