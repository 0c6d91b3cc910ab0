import { SLIP_KINDS, type SlipKind } from '@tonnage/contracts';
import { or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { cargoPartyCondition, type DataScope } from '../../identity/data-scope';
import { queryRows, type Db } from '../../platform/db/client';

/*
 * The cargo side of a receipt's data scope (spec 6; issue 13): besides its place (the warehouse or delivery location,
 * `locationIds`), a Pre In, In, Consignee In or Customer In is seen, changed and picked only by a party of the cargo
 * its slip carries: the slip's owner or its consignment in the user's shipment managers and consignees
 * (`cargoPartyCondition`). The slip is named by kind and id, so each slip kind says here where its cargo's owner and
 * consignment are: a new slip kind adds one entry (the Record fails to compile without it).
 */

/** Per slip kind: the ids of its slips whose cargo passes the condition, as a subquery (aliases `scope_*`). */
const SLIP_CARGO: Record<SlipKind, (scope: DataScope) => SQL | undefined> = {
  loadingSlip: (scope) => {
    const party = cargoPartyCondition(scope, { owner: sql`scope_pl.owner_company_id`, shipmentManager: sql`scope_c.shipment_manager_id`, blConsignee: sql`scope_c.bl_consignee_id` });
    return (
      party &&
      sql`select scope_s.id from loading_slips scope_s join port_loadings scope_pl on scope_pl.id = scope_s.port_loading_id
          join consignments scope_c on scope_c.id = scope_pl.consignment_id where ${party}`
    );
  },
  warehouseLoadingSlip: (scope) => {
    // A warehouse slip (the Warehouse Out row) carries the cargo of the position its Pre Out committed.
    const party = cargoPartyCondition(scope, { owner: sql`scope_po.owner_company_id`, shipmentManager: sql`scope_c.shipment_manager_id`, blConsignee: sql`scope_c.bl_consignee_id` });
    return (
      party &&
      sql`select scope_o.id from warehouse_outs scope_o join warehouse_pre_outs scope_po on scope_po.id = scope_o.pre_out_id
          join consignments scope_c on scope_c.id = scope_po.consignment_id where ${party}`
    );
  },
  consigneeLoadingSlip: (scope) => {
    // A consignee slip (the Consignee Out row) carries its own position's owner and consignment.
    const party = cargoPartyCondition(scope, { owner: sql`scope_co.owner_company_id`, shipmentManager: sql`scope_c.shipment_manager_id`, blConsignee: sql`scope_c.bl_consignee_id` });
    return party && sql`select scope_co.id from consignee_outs scope_co join consignments scope_c on scope_c.id = scope_co.consignment_id where ${party}`;
  },
  transferSlip: (scope) => {
    // A transfer slip carries its position's consignment to its arrival owner.
    const party = cargoPartyCondition(scope, { owner: sql`scope_ts.to_owner_company_id`, shipmentManager: sql`scope_c.shipment_manager_id`, blConsignee: sql`scope_c.bl_consignee_id` });
    return party && sql`select scope_ts.id from transfer_slips scope_ts join consignments scope_c on scope_c.id = scope_ts.consignment_id where ${party}`;
  },
};

/** The condition on a record's `(slip_kind, slip_id)`: its slip's cargo is the user's; undefined when nothing restricts. */
export function slipCargoScope(scope: DataScope, slip: { kind: AnyPgColumn | SQL; id: AnyPgColumn | SQL }): SQL | undefined {
  const parts: SQL[] = [];
  for (const kind of SLIP_KINDS) {
    const ids = SLIP_CARGO[kind](scope);
    if (ids) parts.push(sql`(${slip.kind} = ${kind} and ${slip.id} in (${ids}))`);
  }
  if (parts.length === 0) return undefined;
  return parts.length === 1 ? parts[0] : or(...parts);
}

/** True when the user is a party of the cargo of this slip (a command's check before it receives the slip). */
export async function slipInScope(tx: Db, scope: DataScope, kind: SlipKind, id: number): Promise<boolean> {
  const condition = slipCargoScope(scope, { kind: sql`${kind}::text`, id: sql`${id}::integer` });
  if (!condition) return true;
  const rows = await queryRows<{ ok: number }>(tx, sql`select 1 as ok where ${condition}`);
  return rows.length > 0;
}
