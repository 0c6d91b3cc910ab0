import {
  kgToTonnes,
  RECONCILIATION_BREAKS,
  RECONCILIATION_STEPS,
  type ReconciliationBreakKind,
  type ReconciliationRecordKind,
  type TReconciliationBreak,
  type TReconciliationSlip,
  type TReconciliationBreaks,
  type TReconciliationSlips,
  type TReconciliationStep,
  type TReconciliationView,
} from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { consignmentCondition } from '../../identity/data-scope';
import type { ReadActor } from '../../kit/actor';
import { queryRows, type Db } from '../../platform/db/client';
import { notFound } from '../../platform/errors';

/*
 * The reconciliation of one LC/PO (issue 16; docs/decisions.md "The LC/PO reconciliation" defines every step and
 * break). Three reads, each one statement:
 *  - `slipLines`: every live port loading slip of the LC/PO with its arrival ticket, receipt, the ledger's in-transit
 *    and transit-loss balances of its trip, the handling-loss allowance at its place, and its breaks;
 *  - the chain's figures: the ledger's kept balances of the LC/PO's accounts, and its receipts' and dispatches'
 *    entries (reversals net out: a reversal keeps its original's type), the BLs' and out-turns' records;
 *  - the breaks: the slip lines' breaks and the out-turns not approved.
 * The LC/PO must be of the agency and in the user's data scope (its shipment manager and BL consignee, as every
 * consignment screen): otherwise 404.
 */

type Key = { agencyId: number; consignmentId: number };

interface ConsignmentRow {
  id: number;
  lc_po: string;
  ref_number: string | null;
  cargo_type: string;
  bl_consignee: string;
  shipment_manager: string | null;
  quantity_kg: string;
}

/** The LC/PO in the actor's agency and scope, else 404. */
async function consignmentOf(tx: Db, actor: ReadActor, consignmentId: number): Promise<ConsignmentRow> {
  const scoped = consignmentCondition(actor.scope, { shipmentManager: sql`c.shipment_manager_id`, blConsignee: sql`c.bl_consignee_id` });
  const [row] = await queryRows<ConsignmentRow>(
    tx,
    sql`select c.id, coalesce(c.lc_number, c.po_number, '') as lc_po, c.ref_number, ct.name as cargo_type, bc.name as bl_consignee, sm.name as shipment_manager,
               c.quantity_kg::text as quantity_kg
        from consignments c
        join cargo_types ct on ct.id = c.cargo_type_id
        join companies bc on bc.id = c.bl_consignee_id
        left join companies sm on sm.id = c.shipment_manager_id
        where c.agency_id = ${actor.agencyId}::integer and c.id = ${consignmentId}::integer and c.status = 'Active'${scoped ? sql` and ${scoped}` : sql``}`,
  );
  if (!row) throw notFound();
  return row;
}

/**
 * One row per live port loading slip of the LC/PO (see the file's comment). Columns: the slip, its BL, voyage, truck,
 * destination; `ticket_*` (the arrival's ticket: the receipt's pre in or typed ticket, else a live pre in), `receipt_*`,
 * manual weighings, the trip's `in_transit_kg` and `loss_kg` (ledger balances), `allowed_kg` (null: no rule), and the
 * break flags `not_received`, `without_ticket`, `above_allowance`.
 */
function slipLines({ agencyId, consignmentId }: Key): SQL {
  const agency = sql`${agencyId}::integer`;
  const consignment = sql`${consignmentId}::integer`;
  return sql`select l.*,
      (l.receipt_id is null) as not_received,
      (l.receipt_id is not null and l.ticket_missing) as without_ticket,
      (l.receipt_id is not null and l.allowed_percent is not null and l.loss_kg * 100 > l.quantity_kg * l.allowed_percent) as above_allowance,
      case when l.allowed_percent is null then null else floor(l.quantity_kg * l.allowed_percent / 100)::bigint end as allowed_kg
    from (
      select ls.id as slip_id, ls.slip_number::text as slip_number, ls.loaded_at, ls.quantity_kg, ls.wbt_number as port_ticket,
             sh.bl_number, ve.name || ' / ' || v.voyage_number as voyage, tk.plate_number as truck, dl.name as destination,
             coalesce(wi.id, ci.id, cu.id) as receipt_id,
             case when wi.id is not null then 'warehouseIn' when ci.id is not null then 'consigneeIn' when cu.id is not null then 'customerIn' end as receipt_kind,
             coalesce(wi.created_at, ci.received_at, cu.received_at) as received_at,
             case when wi.id is not null then wpi.id when ci.id is not null then ci.id when cu.id is not null then cu.id else pi.id end as ticket_id,
             case when wi.id is not null then 'warehousePreIn' when ci.id is not null then 'consigneeIn' when cu.id is not null then 'customerIn' when pi.id is not null then 'warehousePreIn' end as ticket_kind,
             case when wi.id is not null then wpi.ticket_number::text when ci.id is not null then btrim(ci.wbt_number) when cu.id is not null then btrim(cu.wbt_number) else pi.ticket_number::text end as ticket_number,
             case when wi.id is not null then (wpi.id is null or wpi.status <> 'Active' or wpi.slip_kind <> 'loadingSlip' or wpi.slip_id <> ls.id)
                  when ci.id is not null then btrim(ci.wbt_number) = ''
                  when cu.id is not null then btrim(cu.wbt_number) = ''
                  else false end as ticket_missing,
             pi.id as pre_in_id, pi.ticket_number::text as pre_in_number, coalesce(pi.manual, false) as pre_in_manual, pi.manual_reason as pre_in_reason, pi.kg as pre_in_kg, pi.captured_at as pre_in_at,
             coalesce(wi.manual, false) as in_manual, wi.manual_reason as in_reason, wi.kg as in_kg, wi.captured_at as in_at,
             tr.in_transit_kg, tr.loss_kg, ls.quantity_kg - tr.in_transit_kg - tr.loss_kg as received_kg,
             rule.allowed_loss_percent as allowed_percent
      from (select ls.* from port_loadings pl0 join loading_slips ls on ls.port_loading_id = pl0.id
            where pl0.agency_id = ${agency} and pl0.consignment_id = ${consignment} and ls.status = 'Active' offset 0) ls
      join port_loadings pl on pl.id = ls.port_loading_id
      join consignments c on c.id = pl.consignment_id
      join shipments sh on sh.id = pl.shipment_id
      join voyages v on v.id = sh.voyage_id
      join vessels ve on ve.id = v.vessel_id
      join trucks tk on tk.id = ls.truck_id
      left join warehouse_pre_ins pi on pi.slip_kind = 'loadingSlip' and pi.slip_id = ls.id and pi.status = 'Active'
      left join warehouse_ins wi on ls.received_table = 'warehouse_ins' and wi.id = ls.received_id and wi.status = 'Active'
      left join warehouse_pre_ins wpi on wpi.id = wi.pre_in_id
      left join consignee_ins ci on ls.received_table = 'consignee_ins' and ci.id = ls.received_id and ci.status = 'Active'
      left join customer_ins cu on ls.received_table = 'customer_ins' and cu.id = ls.received_id and cu.status = 'Active'
      left join locations dl on dl.id = coalesce(wpi.warehouse_id, ci.location_id, cu.location_id, pi.warehouse_id, pl.to_location_id)
      cross join lateral (
        select coalesce(sum(a.balance_kg) filter (where a.kind = 'IN_TRANSIT'), 0)::bigint as in_transit_kg,
               coalesce(sum(a.balance_kg) filter (where a.kind = 'TRANSIT_LOSS'), 0)::bigint as loss_kg
        from ledger_accounts a
        where a.agency_id = ${agency} and a.voyage_id = sh.voyage_id and a.consignment_id = c.id and a.trip_id = ls.trip_id
          and a.kind in ('IN_TRANSIT', 'TRANSIT_LOSS') and a.balance_kg <> 0) tr
      left join lateral (
        select r.allowed_loss_percent from handling_loss_rules r
        where r.agency_id = ${agency} and r.is_active and r.cargo_type_id = c.cargo_type_id and (r.location_id is null or r.location_id = dl.id)
        order by r.location_id nulls last, r.id limit 1) rule on true
      where ls.agency_id = ${agency}) l`;
}

/** The breaks of the chain (one row each), ordered by kind, then date and record. */
function breakLines(key: Key): SQL {
  const order = sql.raw(`case kind ${RECONCILIATION_BREAKS.map((kind, i) => `when '${kind}' then ${i}`).join(' ')} end`);
  return sql`with l as (${slipLines(key)})
    select b.*, ${order} as kind_order from (
      select 'outturnNotApproved' as kind, 'quantityApproval' as record_kind, qa.id as record_id, sh.bl_number as record_number,
             null::integer as slip_id, null::text as slip_number, sh.bl_number, qa.created_at as at,
             (qa.discharged_kg - qa.bl_quantity_kg)::bigint as quantity_kg, qa.discharged_kg::bigint as reference_kg, qa.status as note
      from quantity_approvals qa join shipments sh on sh.id = qa.shipment_id and sh.status = 'Active'
      where qa.agency_id = ${key.agencyId}::integer and sh.consignment_id = ${key.consignmentId}::integer and qa.status in ('Pending', 'Rejected')
      union all
      select 'slipNotReceived', 'loadingSlip', slip_id, slip_number, slip_id, slip_number, bl_number, loaded_at, quantity_kg, null, destination from l where not_received
      union all
      select 'receiptWithoutTicket', receipt_kind, receipt_id, receipt_id::text, slip_id, slip_number, bl_number, received_at, received_kg, null, destination from l where without_ticket
      union all
      select 'manualWeight', 'warehousePreIn', pre_in_id, pre_in_number, slip_id, slip_number, bl_number, pre_in_at, pre_in_kg, null, pre_in_reason from l where pre_in_manual
      union all
      select 'manualWeight', 'warehouseIn', receipt_id, receipt_id::text, slip_id, slip_number, bl_number, in_at, in_kg, null, in_reason from l where in_manual and receipt_kind = 'warehouseIn'
      union all
      select 'lossAboveAllowance', receipt_kind, receipt_id, receipt_id::text, slip_id, slip_number, bl_number, received_at, loss_kg, allowed_kg, destination from l where above_allowance
    ) b order by kind_order, b.at, b.record_id`;
}

interface BreakRow {
  kind: ReconciliationBreakKind;
  record_kind: ReconciliationRecordKind;
  record_id: number;
  record_number: string;
  slip_id: number | null;
  slip_number: string | null;
  bl_number: string;
  at: Date | string;
  quantity_kg: string | number;
  reference_kg: string | number | null;
  note: string | null;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
const mt = (kg: string | number | bigint | null): string => kgToTonnes(BigInt(kg ?? 0));

function answerBreak(row: BreakRow): TReconciliationBreak {
  return {
    kind: row.kind,
    record: { kind: row.record_kind, id: Number(row.record_id), number: row.record_number },
    slip: row.slip_id === null ? null : { kind: 'loadingSlip', id: Number(row.slip_id), number: row.slip_number ?? '' },
    blNumber: row.bl_number,
    at: iso(row.at) ?? '',
    quantity: mt(row.quantity_kg),
    reference: row.reference_kg === null ? null : mt(row.reference_kg),
    note: row.note,
  };
}

interface FiguresRow {
  bl_kg: string;
  bl_count: number;
  outturn_kg: string;
  approved_count: number;
  pending_kg: string;
  on_board_kg: string;
  slip_count: number;
  weighed_kg: string;
  weighed_count: number;
  received_count: number;
  port_in_transit_kg: string;
  port_loss_kg: string;
  at_warehouses_kg: string;
  direct_kg: string;
  dispatched_kg: string;
  from_warehouses_kg: string;
  delivered_count: number;
}

/** The chain's figures in one statement (see the file's comment and docs/decisions.md). */
function figuresStatement(key: Key): SQL {
  const agency = sql`${key.agencyId}::integer`;
  const consignment = sql`${key.consignmentId}::integer`;
  return sql`with l as (${slipLines(key)}),
    bl as (select coalesce(sum(bl_quantity_kg), 0)::bigint as kg, count(*)::int as n from shipments where agency_id = ${agency} and consignment_id = ${consignment} and status = 'Active'),
    qa as (select count(*) filter (where qa.status = 'Approved')::int as approved,
                  coalesce(sum(qa.discharged_kg - qa.bl_quantity_kg) filter (where qa.status = 'Pending'), 0)::bigint as pending_kg
           from quantity_approvals qa join shipments sh on sh.id = qa.shipment_id and sh.status = 'Active'
           where qa.agency_id = ${agency} and sh.consignment_id = ${consignment}),
    acc as (select coalesce(-sum(a.balance_kg) filter (where a.kind = 'VESSEL'), 0)::bigint as outturn_kg,
                   coalesce(sum(a.balance_kg) filter (where a.kind = 'ON_BOARD'), 0)::bigint as on_board_kg,
                   coalesce(sum(a.balance_kg) filter (where a.kind = 'IN_TRANSIT' and t.kind = 'loadingSlip'), 0)::bigint as port_in_transit_kg,
                   coalesce(sum(a.balance_kg) filter (where a.kind = 'TRANSIT_LOSS' and t.kind = 'loadingSlip'), 0)::bigint as port_loss_kg
            from ledger_accounts a left join trips t on t.id = a.trip_id
            where a.agency_id = ${agency} and a.consignment_id = ${consignment} and a.kind in ('VESSEL', 'ON_BOARD', 'IN_TRANSIT', 'TRANSIT_LOSS') and a.balance_kg <> 0),
    oh as materialized (select id, location_id from ledger_accounts where agency_id = ${agency} and consignment_id = ${consignment} and kind = 'ON_HAND'),
    moves as (
      select lt.type, loc.location_kind_id as place_kind, tk.trip_kind, e.quantity_kg, lt.id as transaction_id, lt.reverses_id,
             exists (select 1 from ledger_transactions r where r.reverses_id = lt.id) as reversed
      from oh
      join ledger_entries e on e.account_id = oh.id
      join ledger_transactions lt on lt.id = e.transaction_id and lt.type in ('warehouseIn', 'consigneeIn', 'customerIn', 'warehouseOut')
      join locations loc on loc.id = oh.location_id
      cross join lateral (
        select min(t.kind) as trip_kind from ledger_entries te join ledger_accounts it on it.id = te.account_id and it.kind = 'IN_TRANSIT'
        join trips t on t.id = it.trip_id where te.transaction_id = lt.id) tk
    ),
    mv as (select
      coalesce(sum(quantity_kg) filter (where type = 'warehouseIn' and place_kind = 1 and trip_kind = 'loadingSlip'), 0)::bigint as at_warehouses_kg,
      coalesce(sum(quantity_kg) filter (where type in ('consigneeIn', 'customerIn') and trip_kind = 'loadingSlip'), 0)::bigint as direct_kg,
      coalesce(-sum(quantity_kg) filter (where type = 'warehouseOut' and trip_kind = 'warehouseOut'), 0)::bigint as dispatched_kg,
      coalesce(sum(quantity_kg) filter (where type in ('consigneeIn', 'customerIn') and trip_kind = 'warehouseOut'), 0)::bigint as from_warehouses_kg,
      count(distinct transaction_id) filter (where type in ('consigneeIn', 'customerIn') and trip_kind in ('loadingSlip', 'warehouseOut') and reverses_id is null and not reversed)::int as delivered_count
      from moves),
    sl as (select count(*)::int as slip_count,
                  coalesce(sum(quantity_kg) filter (where ticket_id is not null), 0)::bigint as weighed_kg,
                  count(*) filter (where ticket_id is not null)::int as weighed_count,
                  count(*) filter (where receipt_id is not null)::int as received_count
           from l)
    select bl.kg::text as bl_kg, bl.n as bl_count, acc.outturn_kg::text as outturn_kg, qa.approved as approved_count, qa.pending_kg::text as pending_kg,
           acc.on_board_kg::text as on_board_kg, sl.slip_count, sl.weighed_kg::text as weighed_kg, sl.weighed_count, sl.received_count,
           acc.port_in_transit_kg::text as port_in_transit_kg, acc.port_loss_kg::text as port_loss_kg,
           mv.at_warehouses_kg::text as at_warehouses_kg, mv.direct_kg::text as direct_kg, mv.dispatched_kg::text as dispatched_kg,
           mv.from_warehouses_kg::text as from_warehouses_kg, mv.delivered_count
    from bl, qa, acc, mv, sl`;
}

/** The view: the LC/PO, the chain's steps and figures, and how many breaks of each kind. */
export async function reconciliationView(tx: Db, actor: ReadActor, consignmentId: number): Promise<TReconciliationView> {
  const c = await consignmentOf(tx, actor, consignmentId);
  const key = { agencyId: actor.agencyId, consignmentId };
  const [f] = await queryRows<FiguresRow>(tx, figuresStatement(key));
  if (!f) throw new Error('the figures statement answers one row');
  const outturn = BigInt(f.outturn_kg);
  const loaded = outturn - BigInt(f.on_board_kg);
  const received = loaded - BigInt(f.port_in_transit_kg) - BigInt(f.port_loss_kg);
  const delivered = BigInt(f.direct_kg) + BigInt(f.from_warehouses_kg);
  const quantities: Record<(typeof RECONCILIATION_STEPS)[number], [bigint, number]> = {
    bl: [BigInt(f.bl_kg), Number(f.bl_count)],
    outturn: [outturn, Number(f.approved_count)],
    loaded: [loaded, Number(f.slip_count)],
    weighed: [BigInt(f.weighed_kg), Number(f.weighed_count)],
    received: [received, Number(f.received_count)],
    delivered: [delivered, Number(f.delivered_count)],
  };
  let previous: bigint | null = null;
  const steps: TReconciliationStep[] = RECONCILIATION_STEPS.map((step) => {
    const [kg, count] = quantities[step];
    const answer = { key: step, quantity: mt(kg), count, difference: previous === null ? null : mt(kg - previous) };
    previous = kg;
    return answer;
  });
  const counted = await queryRows<{ kind: ReconciliationBreakKind; n: number }>(tx, sql`select kind, count(*)::int as n from (${breakLines(key)}) b group by kind`);
  const breakCounts = Object.fromEntries(RECONCILIATION_BREAKS.map((kind) => [kind, Number(counted.find((c) => c.kind === kind)?.n ?? 0)])) as Record<ReconciliationBreakKind, number>;
  return {
    consignment: {
      id: Number(c.id),
      lcPoNumber: c.lc_po,
      refNumber: c.ref_number,
      cargoType: c.cargo_type,
      blConsignee: c.bl_consignee,
      shipmentManager: c.shipment_manager,
      quantity: mt(c.quantity_kg),
    },
    steps,
    figures: {
      onBoard: mt(f.on_board_kg),
      pendingOutturn: mt(f.pending_kg),
      notWeighed: mt(loaded - BigInt(f.weighed_kg)),
      inTransit: mt(f.port_in_transit_kg),
      transitLoss: mt(f.port_loss_kg),
      receivedAtWarehouses: mt(f.at_warehouses_kg),
      deliveredDirect: mt(f.direct_kg),
      dispatchedFromWarehouses: mt(f.dispatched_kg),
      deliveredFromWarehouses: mt(f.from_warehouses_kg),
    },
    breakCounts,
  };
}

interface SlipRow {
  slip_id: number;
  slip_number: string;
  loaded_at: Date | string;
  quantity_kg: string | number;
  port_ticket: string;
  bl_number: string;
  voyage: string;
  truck: string;
  destination: string | null;
  receipt_id: number | null;
  receipt_kind: ReconciliationRecordKind | null;
  received_at: Date | string | null;
  ticket_id: number | null;
  ticket_kind: ReconciliationRecordKind | null;
  ticket_number: string | null;
  pre_in_manual: boolean;
  in_manual: boolean;
  in_transit_kg: string | number;
  loss_kg: string | number;
  received_kg: string | number;
  allowed_kg: string | number | null;
  not_received: boolean;
  without_ticket: boolean;
  above_allowance: boolean;
}

function answerSlip(row: SlipRow): TReconciliationSlip {
  const manual = row.pre_in_manual || row.in_manual;
  const breaks: ReconciliationBreakKind[] = [];
  if (row.not_received) breaks.push('slipNotReceived');
  if (row.without_ticket) breaks.push('receiptWithoutTicket');
  if (manual) breaks.push('manualWeight');
  if (row.above_allowance) breaks.push('lossAboveAllowance');
  return {
    slip: { kind: 'loadingSlip', id: Number(row.slip_id), number: row.slip_number },
    loadedAt: iso(row.loaded_at) ?? '',
    blNumber: row.bl_number,
    voyage: row.voyage,
    truck: row.truck,
    destination: row.destination ?? '',
    portTicket: row.port_ticket,
    ticket: row.ticket_id === null || row.ticket_kind === null ? null : { kind: row.ticket_kind, id: Number(row.ticket_id), number: row.ticket_number ?? '' },
    manual,
    receipt: row.receipt_id === null || row.receipt_kind === null ? null : { kind: row.receipt_kind, id: Number(row.receipt_id), number: String(row.receipt_id) },
    receivedAt: iso(row.received_at),
    quantity: mt(row.quantity_kg),
    received: mt(row.received_kg),
    inTransit: mt(row.in_transit_kg),
    loss: mt(row.loss_kg),
    allowedLoss: row.allowed_kg === null ? null : mt(row.allowed_kg),
    breaks,
  };
}

/** The slips of the LC/PO ordered by slip number, every one (`undefined` page) or a page. */
function slipStatement(key: Key, page?: { limit: number; offset: number }): SQL {
  const paging = page ? sql` limit ${page.limit}::integer offset ${page.offset}::integer` : sql``;
  return sql`select * from (${slipLines(key)}) s order by s.slip_number::bigint, s.slip_id${paging}`;
}

/** A page of the LC/PO's slips (404 outside the agency or the scope). */
export async function reconciliationSlips(tx: Db, actor: ReadActor, params: { consignmentId: number; page: number; limit: number }): Promise<TReconciliationSlips> {
  await consignmentOf(tx, actor, params.consignmentId);
  const key = { agencyId: actor.agencyId, consignmentId: params.consignmentId };
  const rows = await queryRows<SlipRow>(tx, slipStatement(key, { limit: params.limit, offset: (params.page - 1) * params.limit }));
  const [count] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from loading_slips ls join port_loadings pl on pl.id = ls.port_loading_id
      where ls.agency_id = ${actor.agencyId}::integer and pl.consignment_id = ${params.consignmentId}::integer and ls.status = 'Active'`);
  return { rows: rows.map(answerSlip), count: Number(count?.n ?? 0) };
}

/** A page of the breaks (of one kind, or all), in the view's order: kind, then date and record. */
export async function reconciliationBreaks(
  tx: Db,
  actor: ReadActor,
  params: { consignmentId: number; kind?: ReconciliationBreakKind | undefined; page: number; limit: number },
): Promise<TReconciliationBreaks> {
  await consignmentOf(tx, actor, params.consignmentId);
  const key = { agencyId: actor.agencyId, consignmentId: params.consignmentId };
  const ofKind = params.kind ? sql`where b.kind = ${params.kind}` : sql``;
  const rows = await queryRows<BreakRow & { total: number }>(
    tx,
    sql`select b.*, count(*) over ()::int as total from (${breakLines(key)}) b ${ofKind}
      order by b.kind_order, b.at, b.record_id limit ${params.limit} offset ${(params.page - 1) * params.limit}`,
  );
  let count = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && params.page > 1) {
    const [counted] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from (${breakLines(key)}) b ${ofKind}`);
    count = Number(counted?.n ?? 0);
  }
  return { rows: rows.map(answerBreak), count };
}

/** The export's statements: the breaks and every slip, in the view's orders (the chain's rows come from the view). */
export const reconciliationStatements = {
  figures: (key: Key) => figuresStatement(key),
  breaks: (key: Key) => breakLines(key),
  slips: (key: Key) => slipStatement(key),
  answerBreak: (row: unknown) => answerBreak(row as BreakRow),
  answerSlip: (row: unknown) => answerSlip(row as SlipRow),
  consignmentOf,
};
