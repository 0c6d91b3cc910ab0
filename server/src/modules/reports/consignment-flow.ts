import { sql, type SQL } from 'drizzle-orm';

/*
 * What the ledger says of LCs/POs' cargo from the vessel to its first place (the sale order and LC wise reports;
 * docs/decisions.md "Reports"), per consignment, in kilograms:
 *
 * - bl: the live shipments' BL quantity (a document figure);
 * - outturn: what the VESSEL accounts gave (minus their balance): the BLs and their approved out-turn differences;
 * - on_board: the ON_BOARD balances; discharged = outturn − on_board (cargo leaves the vessel only on loading slips'
 *   trucks: ON_BOARD -> IN_TRANSIT);
 * - in_transit, loss: the IN_TRANSIT and TRANSIT_LOSS balances of the port's trips (trips whose load came off
 *   ON_BOARD); delivered = discharged − in_transit − loss (what those trucks handed to a place);
 * - with `split`: the ON_HAND entries of the transactions that took a port trip's cargo off its truck (the receipts
 *   and their reversals), by the place: a warehouse, a consignee's site, a customer's site. They add up to delivered.
 *
 * `consignments` is a statement selecting the consignments' ids (already in the agency and the reader's scope).
 */
export function consignmentFlow(agencyId: number, consignments: SQL, options: { split: boolean }): SQL {
  const agency = sql`${agencyId}::integer`;
  const portTrips = sql`select distinct t.trip_id from ledger_accounts o
      join ledger_entries oe on oe.account_id = o.id
      join ledger_entries te on te.transaction_id = oe.transaction_id
      join ledger_accounts t on t.id = te.account_id and t.kind = 'IN_TRANSIT'
      where o.agency_id = ${agency} and o.kind = 'ON_BOARD' and o.consignment_id in (${consignments})`;
  const split = options.split
    ? sql`, received as (
          select h.consignment_id,
                 coalesce(sum(he.quantity_kg) filter (where hl.location_kind_id = 1), 0) as to_warehouses,
                 coalesce(sum(he.quantity_kg) filter (where hl.location_kind_id <> 1 and hl.consignee_id is not null), 0) as to_consignees,
                 coalesce(sum(he.quantity_kg) filter (where hl.location_kind_id <> 1 and hl.customer_id is not null), 0) as to_customers
          from ledger_entries he
          join ledger_accounts h on h.id = he.account_id and h.kind = 'ON_HAND'
          join locations hl on hl.id = h.location_id
          where h.agency_id = ${agency} and h.consignment_id in (${consignments})
            and he.transaction_id in (select te.transaction_id from ledger_entries te join ledger_accounts t on t.id = te.account_id
                                      where t.agency_id = ${agency} and t.kind = 'IN_TRANSIT' and t.trip_id in (select trip_id from port_trips))
          group by 1)`
    : sql``;
  return sql`with port_trips as (${portTrips}),
    -- Accounts with a balance only (emptied trips add nothing): the live indexes of ledger_accounts serve it.
    balances as (
      select a.consignment_id,
             coalesce(-sum(a.balance_kg) filter (where a.kind = 'VESSEL'), 0) as outturn,
             coalesce(sum(a.balance_kg) filter (where a.kind = 'ON_BOARD'), 0) as on_board,
             coalesce(sum(a.balance_kg) filter (where a.kind = 'IN_TRANSIT' and a.trip_id in (select trip_id from port_trips)), 0) as in_transit,
             coalesce(sum(a.balance_kg) filter (where a.kind = 'TRANSIT_LOSS' and a.trip_id in (select trip_id from port_trips)), 0) as loss
      from ledger_accounts a
      where a.agency_id = ${agency} and a.kind in ('VESSEL', 'ON_BOARD', 'IN_TRANSIT', 'TRANSIT_LOSS') and a.consignment_id in (${consignments})
        and a.balance_kg <> 0
      group by 1),
    bls as (select s.consignment_id, sum(s.bl_quantity_kg) as bl from shipments s
            where s.agency_id = ${agency} and s.status = 'Active' and s.consignment_id in (${consignments}) group by 1)${split}
    select c.id as consignment_id, coalesce(bls.bl, 0) as bl, coalesce(b.outturn, 0) as outturn, coalesce(b.on_board, 0) as on_board,
           coalesce(b.outturn - b.on_board, 0) as discharged, coalesce(b.in_transit, 0) as in_transit, coalesce(b.loss, 0) as loss,
           coalesce(b.outturn - b.on_board - b.in_transit - b.loss, 0) as delivered
           ${options.split ? sql`, coalesce(r.to_warehouses, 0) as to_warehouses, coalesce(r.to_consignees, 0) as to_consignees, coalesce(r.to_customers, 0) as to_customers` : sql``}
    from (${consignments}) c(id)
    left join balances b on b.consignment_id = c.id
    left join bls on bls.consignment_id = c.id
    ${options.split ? sql`left join received r on r.consignment_id = c.id` : sql``}`;
}
