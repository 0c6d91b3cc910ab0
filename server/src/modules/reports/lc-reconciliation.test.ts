import {
  kgToTonnes,
  LC_RECONCILIATION_KEY,
  LC_RECONCILIATION_MODULE,
  RECONCILIATION_BREAKS,
  RECONCILIATION_TEXTS,
  ZReconciliationSlips,
  ZReconciliationBreaks,
  ZReconciliationView,
  type TReconciliationSlip,
  type ReconciliationBreakKind,
  type TReconciliationBreak,
  type TReconciliationView,
} from '@tonnage/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, loginAs } from '../../test/fixtures';
import { withReportWorld, sumKg, tonnesToKg, type ReportCaller, type ReportQueryValues, type ReportWorld } from './report.test-support';

/**
 * The LC/PO reconciliation (`GET /api/reports/lc-reconciliation`, `/slips`, the export): every step, figure, slip and
 * break against the test's own reading of `ledger_entries` and the records (receipts found through the ledger's
 * postings on each slip's trip, not the slip's receipt pointer), on the demo season and a generated season where the
 * test makes each kind of break and sees it flagged; a clean chain has none; scope, bad parameters, permission.
 */
let w: ReportWorld;

withReportWorld({ key: LC_RECONCILIATION_KEY, permissionModule: LC_RECONCILIATION_MODULE, columns: [] } as never, (world) => {
  w = world;
});

/** The view, with every break read through its paged route (20 a page). */
type View = TReconciliationView & { breaks: TReconciliationBreak[] };

/** Every row of a paged sub-route (20 a page, each 200): as many as its count. */
async function everyPage<T>(who: ReportCaller, query: ReportQueryValues, path: string, parse: (body: unknown) => { rows: T[]; count: number }): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; ; page += 1) {
    const response = await w.call(who, { ...query, page, limit: 20 }, path);
    expect(response.statusCode, response.body).toBe(200);
    const answer = parse(response.json());
    all.push(...answer.rows);
    if (all.length >= answer.count || answer.rows.length === 0) {
      expect(all).toHaveLength(answer.count);
      return all;
    }
  }
}

function breaksOf(who: ReportCaller, consignmentId: number, kind?: ReconciliationBreakKind): Promise<TReconciliationBreak[]> {
  return everyPage(who, { consignmentId, ...(kind ? { kind } : {}) }, '/breaks', (body) => ZReconciliationBreaks.parse(body));
}

async function view(who: ReportCaller, consignmentId: number): Promise<View> {
  const response = await w.call(who, { consignmentId });
  expect(response.statusCode, response.body).toBe(200);
  return { ...ZReconciliationView.parse(response.json()), breaks: await breaksOf(who, consignmentId) };
}

function slips(who: ReportCaller, consignmentId: number): Promise<TReconciliationSlip[]> {
  return everyPage(who, { consignmentId }, '/slips', (body) => ZReconciliationSlips.parse(body));
}

interface ExpectedSlip {
  id: number;
  kg: bigint;
  inTransit: bigint;
  loss: bigint;
  received: bigint;
  receipt: { table: string; id: number; location: number; kind: number } | null;
  ticketed: boolean;
  manual: { kind: string; id: number }[];
  withoutTicket: boolean;
  allowed: bigint | null;
  aboveAllowance: boolean;
}

interface Expected {
  bl: bigint;
  outturn: bigint;
  onBoard: bigint;
  slipsKg: bigint;
  slips: ExpectedSlip[];
  dispatched: bigint;
  fromWarehouses: bigint;
  pendingOutturn: bigint;
  breaks: string[];
}

const LIVE = sql`x.reverses_id is null and not exists (select 1 from ledger_transactions r where r.reverses_id = x.id)`;

/** The test's own answer for one LC/PO, from the ledger's entries and the records. */
async function expected(agency: number, consignmentId: number): Promise<Expected> {
  const rows = <T>(q: ReturnType<typeof sql>) => w.rows<T>(q, agency);
  const sumOf = async (q: ReturnType<typeof sql>) => BigInt((await rows<{ kg: string | null }>(q))[0]?.kg ?? '0');
  const onAccounts = (kind: string) => sql`select coalesce(sum(e.quantity_kg), 0)::text as kg from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.kind = ${kind} and a.consignment_id = ${consignmentId}::integer`;
  const bl = await sumOf(sql`select sum(bl_quantity_kg)::text as kg from shipments where consignment_id = ${consignmentId}::integer and status = 'Active'`);
  const outturn = -(await sumOf(onAccounts('VESSEL')));
  const onBoard = await sumOf(onAccounts('ON_BOARD'));
  const slipRows = await rows<{ id: number; trip_id: number; kg: string; cargo_type_id: number; destination: number }>(
    sql`select ls.id, ls.trip_id, ls.quantity_kg::text as kg, c.cargo_type_id, pl.to_location_id as destination from loading_slips ls join port_loadings pl on pl.id = ls.port_loading_id
        join consignments c on c.id = pl.consignment_id where pl.consignment_id = ${consignmentId}::integer and ls.status = 'Active' order by ls.slip_number`,
  );
  const rules = await rows<{ cargo_type_id: number; location_id: number | null; percent: string; id: number }>(
    sql`select cargo_type_id, location_id, allowed_loss_percent::text as percent, id from handling_loss_rules where is_active order by id`,
  );
  const out: ExpectedSlip[] = [];
  for (const s of slipRows) {
    const trip = sql`(select a.id from ledger_accounts a where a.trip_id = ${s.trip_id}::integer and a.kind = 'IN_TRANSIT')`;
    const inTransit = await sumOf(sql`select sum(quantity_kg)::text as kg from ledger_entries where account_id in ${trip}`);
    const loss = await sumOf(sql`select sum(e.quantity_kg)::text as kg from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.kind = 'TRANSIT_LOSS' and a.trip_id = ${s.trip_id}::integer`);
    const [receipt] = await rows<{ source_table: string; source_id: number; location_id: number; kind: number; kg: string }>(
      sql`select x.source_table, x.source_id, min(a.location_id) as location_id, min(l.location_kind_id) as kind, sum(e.quantity_kg)::text as kg
          from ledger_transactions x join ledger_entries e on e.transaction_id = x.id join ledger_accounts a on a.id = e.account_id and a.kind = 'ON_HAND'
          join locations l on l.id = a.location_id
          where x.source_table in ('warehouse_ins', 'consignee_ins', 'customer_ins') and ${LIVE}
            and x.id in (select transaction_id from ledger_entries where account_id in ${trip})
          group by x.source_table, x.source_id`,
    );
    const preIns = await rows<{ id: number; manual: boolean; warehouse_id: number }>(sql`select id, manual, warehouse_id from warehouse_pre_ins where slip_kind = 'loadingSlip' and slip_id = ${s.id}::integer and status = 'Active'`);
    const manual = preIns.filter((p) => p.manual).map((p) => ({ kind: 'warehousePreIn', id: Number(p.id) }));
    let withoutTicket = false;
    if (receipt?.source_table === 'warehouse_ins') {
      const [wi] = await rows<{ manual: boolean; pre_status: string; pre_slip: number }>(
        sql`select wi.manual, pi.status as pre_status, pi.slip_id as pre_slip from warehouse_ins wi join warehouse_pre_ins pi on pi.id = wi.pre_in_id where wi.id = ${receipt.source_id}::integer`,
      );
      if (wi?.manual) manual.push({ kind: 'warehouseIn', id: Number(receipt.source_id) });
      withoutTicket = wi?.pre_status !== 'Active' || Number(wi.pre_slip) !== Number(s.id);
    } else if (receipt) {
      const [d] = await rows<{ wbt: string }>(sql`select wbt_number as wbt from ${sql.identifier(receipt.source_table)} where id = ${receipt.source_id}::integer`);
      withoutTicket = (d?.wbt ?? '').trim() === '';
    }
    const kg = BigInt(s.kg);
    // The allowance of the place it was received at, else of where it was weighed in, else of its destination.
    const place = Number(receipt?.location_id ?? preIns[0]?.warehouse_id ?? s.destination);
    const matching = rules.filter((r) => Number(r.cargo_type_id) === Number(s.cargo_type_id) && (r.location_id === null || Number(r.location_id) === place));
    const rule = matching.find((r) => r.location_id !== null) ?? matching[0];
    // percent as thousandths (numeric(12,3)): allowed = kg * percent / 100
    const milli = rule ? tonnesToKg(rule.percent) : null;
    const allowed = milli === null ? null : (kg * milli) / 100_000n;
    out.push({
      id: Number(s.id),
      kg,
      inTransit,
      loss,
      received: receipt ? BigInt(receipt.kg) : 0n,
      receipt: receipt ? { table: receipt.source_table, id: Number(receipt.source_id), location: Number(receipt.location_id), kind: Number(receipt.kind) } : null,
      ticketed: preIns.length > 0 || receipt !== undefined,
      manual,
      withoutTicket: receipt !== undefined && withoutTicket,
      allowed,
      aboveAllowance: receipt !== undefined && milli !== null && loss * 100_000n > kg * milli,
    });
  }
  const dispatched = -(await sumOf(
    sql`select sum(e.quantity_kg)::text as kg from ledger_entries e join ledger_accounts a on a.id = e.account_id and a.kind = 'ON_HAND' and a.consignment_id = ${consignmentId}::integer
        join ledger_transactions x on x.id = e.transaction_id where x.source_table = 'warehouse_outs'`,
  ));
  const fromWarehouses = await sumOf(
    sql`select sum(e.quantity_kg)::text as kg from ledger_entries e join ledger_accounts a on a.id = e.account_id and a.kind = 'ON_HAND' and a.consignment_id = ${consignmentId}::integer
        join ledger_transactions x on x.id = e.transaction_id
        where x.source_table in ('consignee_ins', 'customer_ins')
          and exists (select 1 from ledger_entries te join ledger_accounts ta on ta.id = te.account_id and ta.kind = 'IN_TRANSIT' join warehouse_outs wo on wo.trip_id = ta.trip_id where te.transaction_id = x.id)`,
  );
  const outturns = await rows<{ id: number; status: string; difference: string }>(
    sql`select qa.id, qa.status, (qa.discharged_kg - qa.bl_quantity_kg)::text as difference from quantity_approvals qa join shipments s on s.id = qa.shipment_id
        where s.consignment_id = ${consignmentId}::integer and s.status = 'Active'`,
  );
  const breaks = [
    ...outturns.filter((o) => o.status === 'Pending' || o.status === 'Rejected').map((o) => `outturnNotApproved:quantityApproval:${o.id}`),
    ...out.filter((s) => s.receipt === null).map((s) => `slipNotReceived:loadingSlip:${s.id}`),
    ...out.filter((s) => s.withoutTicket).map((s) => `receiptWithoutTicket:${receiptKind(s.receipt?.table)}:${s.receipt?.id}`),
    ...out.flatMap((s) => s.manual.map((m) => `manualWeight:${m.kind}:${m.id}`)),
    ...out.filter((s) => s.aboveAllowance).map((s) => `lossAboveAllowance:${receiptKind(s.receipt?.table)}:${s.receipt?.id}`),
  ];
  return {
    bl,
    outturn,
    onBoard,
    slipsKg: sumKg(out.map((s) => s.kg)),
    slips: out,
    dispatched,
    fromWarehouses,
    pendingOutturn: sumKg(outturns.filter((o) => o.status === 'Pending').map((o) => o.difference)),
    breaks: breaks.sort(),
  };
}

const receiptKind = (table: string | undefined) => ({ warehouse_ins: 'warehouseIn', consignee_ins: 'consigneeIn', customer_ins: 'customerIn' })[table ?? ''] ?? 'none';
const mt = (kg: bigint) => kgToTonnes(kg);

/** Compares the view and every slip with the test's own answer; returns the view. */
async function check(who: ReportCaller, consignmentId: number): Promise<{ got: View; want: Expected; slipRows: TReconciliationSlip[] }> {
  const agency = w.agencyOf(who);
  const got = await view(who, consignmentId);
  const want = await expected(agency, consignmentId);
  const step = (key: string) => got.steps.find((s) => s.key === key);
  const loaded = want.outturn - want.onBoard;
  // The ledger agrees with the records: what left on board is what the live slips carry.
  expect(loaded, `LC/PO ${consignmentId}: ledger loaded vs slips`).toBe(want.slipsKg);
  const inTransit = sumKg(want.slips.map((s) => s.inTransit));
  const loss = sumKg(want.slips.map((s) => s.loss));
  const received = sumKg(want.slips.map((s) => s.received));
  expect(received, 'received = loaded - in transit - loss').toBe(loaded - inTransit - loss);
  const direct = sumKg(want.slips.filter((s) => s.receipt?.kind === 2).map((s) => s.received));
  expect(got.steps.map((s) => s.key)).toEqual(['bl', 'outturn', 'loaded', 'weighed', 'received', 'delivered']);
  expect(step('bl')?.quantity).toBe(mt(want.bl));
  expect(step('outturn')?.quantity).toBe(mt(want.outturn));
  expect(step('outturn')?.difference).toBe(mt(want.outturn - want.bl));
  expect(step('loaded')?.quantity).toBe(mt(loaded));
  expect(step('loaded')?.count).toBe(want.slips.length);
  expect(step('weighed')?.quantity).toBe(mt(sumKg(want.slips.filter((s) => s.ticketed).map((s) => s.kg))));
  expect(step('received')?.quantity).toBe(mt(received));
  expect(step('received')?.count).toBe(want.slips.filter((s) => s.receipt).length);
  expect(step('delivered')?.quantity).toBe(mt(direct + want.fromWarehouses));
  expect(got.figures).toEqual({
    onBoard: mt(want.onBoard),
    pendingOutturn: mt(want.pendingOutturn),
    notWeighed: mt(loaded - sumKg(want.slips.filter((s) => s.ticketed).map((s) => s.kg))),
    inTransit: mt(inTransit),
    transitLoss: mt(loss),
    receivedAtWarehouses: mt(sumKg(want.slips.filter((s) => s.receipt?.kind === 1).map((s) => s.received))),
    deliveredDirect: mt(direct),
    dispatchedFromWarehouses: mt(want.dispatched),
    deliveredFromWarehouses: mt(want.fromWarehouses),
  });
  expect(got.breaks.map((b) => `${b.kind}:${b.record.kind}:${b.record.id}`).sort(), `LC/PO ${consignmentId} breaks`).toEqual(want.breaks);
  for (const kind of RECONCILIATION_BREAKS) expect(got.breakCounts[kind]).toBe(got.breaks.filter((b) => b.kind === kind).length);
  // The breaks come in the declared order of their kinds.
  const order = got.breaks.map((b) => RECONCILIATION_BREAKS.indexOf(b.kind));
  expect(order).toEqual([...order].sort((a, b) => a - b));
  const slipRows = await slips(who, consignmentId);
  expect(slipRows.map((s) => s.slip.id).sort((a, b) => a - b)).toEqual(want.slips.map((s) => s.id).sort((a, b) => a - b));
  for (const s of want.slips) {
    const row = slipRows.find((r) => r.slip.id === s.id);
    expect(row, `slip ${s.id}`).toBeDefined();
    if (!row) continue;
    expect({ quantity: row.quantity, received: row.received, inTransit: row.inTransit, loss: row.loss, allowedLoss: row.allowedLoss, receipt: row.receipt && `${row.receipt.kind}:${row.receipt.id}` }, `slip ${s.id}`).toEqual({
      quantity: mt(s.kg),
      received: mt(s.received),
      inTransit: mt(s.inTransit),
      loss: mt(s.loss),
      allowedLoss: s.allowed === null ? null : mt(s.allowed),
      receipt: s.receipt && `${receiptKind(s.receipt.table)}:${s.receipt.id}`,
    });
    expect(row.manual).toBe(s.manual.length > 0);
    expect(row.ticket !== null).toBe(s.ticketed);
  }
  return { got, want, slipRows };
}

async function consignmentsOf(agency: number) {
  return w.rows<{ id: number; shipment_manager_id: number | null; slips: number }>(
    sql`select c.id, c.shipment_manager_id, (select count(*)::int from loading_slips ls join port_loadings pl on pl.id = ls.port_loading_id where pl.consignment_id = c.id and ls.status = 'Active') as slips
        from consignments c where c.status = 'Active' order by c.id`,
    agency,
  );
}

describe('LC/PO reconciliation', () => {
  it('demo season: every LC/PO chain, slip and break agrees with the ledger; a clean chain has none', async () => {
    const all = await consignmentsOf(w.agencyId);
    expect(all.length).toBeGreaterThan(2);
    let clean = 0;
    let broken = 0;
    for (const c of all) {
      const { got, want } = await check('admin', c.id);
      if (want.slips.length > 0 && got.breaks.length === 0) clean += 1;
      if (got.breaks.length > 0) broken += 1;
    }
    // The demo has a clean chain with slips, and chains with breaks (trucks on the road, losses above the allowance).
    expect(clean).toBeGreaterThan(0);
    expect(broken).toBeGreaterThan(0);
  }, 300_000);

  it('generated season: each kind of break made is flagged, with totals agreeing with the ledger', async () => {
    const season = await generatedSeason();
    const agency = season.agencyId;
    const rows = <T>(q: ReturnType<typeof sql>) => w.rows<T>(q, agency);
    const all = await consignmentsOf(agency);
    for (const c of all) await check('generated', c.id);

    // A slip still on the road, going to a warehouse: flagged not received.
    const [road] = await rows<{ id: number; consignment_id: number; truck_id: number; driver_id: number; warehouse_id: number; kg: string; tare: string; cargo_type_id: number }>(
      sql`select ls.id, pl.consignment_id, ls.truck_id, ls.driver_id, pl.to_location_id as warehouse_id, ls.quantity_kg::text as kg, round(t.tare_weight * 1000)::text as tare,
                 c.cargo_type_id
          from loading_slips ls join port_loadings pl on pl.id = ls.port_loading_id join consignments c on c.id = pl.consignment_id
          join trucks t on t.id = ls.truck_id
          where ls.status = 'Active' and ls.received_table is null and pl.transportation_type = 'warehouse'
            and not exists (select 1 from warehouse_pre_ins pi where pi.slip_kind = 'loadingSlip' and pi.slip_id = ls.id and pi.status = 'Active')
          order by ls.id limit 1`,
    );
    expect(road).toBeDefined();
    if (!road) return;
    const consignmentId = Number(road.consignment_id);
    const before = await check('generated', consignmentId);
    expect(before.got.breaks.some((b) => b.kind === 'slipNotReceived' && b.record.id === Number(road.id))).toBe(true);

    // Its arrival weighed by hand on both weights, with a loss of 1 % against a rule allowing 0.2 % at that warehouse.
    await rows(sql`insert into handling_loss_rules (agency_id, name, cargo_type_id, location_id, allowed_loss_percent, is_active)
                   values (${agency}::integer, 'Reconciliation test', ${road.cargo_type_id}::integer, ${road.warehouse_id}::integer, 0.2, true) returning id`);
    const [bridge] = await rows<{ id: number }>(sql`select id from weight_machines where location_id = ${road.warehouse_id}::integer order by id limit 1`);
    const tare = Number(road.tare) > 0 ? Number(road.tare) : 12_000;
    const slipKg = Number(road.kg);
    const lossKg = Math.round(slipKg / 100);
    const headers = { ...bearer(await tokenOf('generated')), 'x-agency-id': String(agency) };
    const preIn = await w.t.app.inject({
      method: 'POST',
      url: '/api/warehousePreIn',
      headers,
      payload: { slipId: Number(road.id), truckId: Number(road.truck_id), driverId: Number(road.driver_id), warehouseId: Number(road.warehouse_id), machineId: Number(bridge?.id), manual: true, manualKg: tare + slipKg, manualReason: 'Bridge display failed' },
    });
    expect(preIn.statusCode, preIn.body).toBeLessThan(300);
    const preInId = idOf(preIn.json());
    const weighed = await check('generated', consignmentId);
    expect(weighed.got.breaks.filter((b) => b.kind === 'manualWeight').map((b) => `${b.record.kind}:${b.record.id}`)).toContain(`warehousePreIn:${preInId}`);
    expect(weighed.got.breaks.find((b) => b.record.kind === 'warehousePreIn' && b.record.id === preInId)?.note).toBe('Bridge display failed');
    // Weighed at the gate but not unloaded: still not received.
    expect(weighed.got.breaks.some((b) => b.kind === 'slipNotReceived' && b.record.id === Number(road.id))).toBe(true);

    const siloId = await siloOf(agency, Number(road.warehouse_id));
    const storage = siloId > 0 ? { storage: 'silo', silos: [{ siloId, quantity: kgToTonnes(BigInt(slipKg - lossKg)) }] } : { storage: 'openArea' };
    const inResponse = await w.t.app.inject({
      method: 'POST',
      url: '/api/warehouseIn',
      headers,
      payload: { preInId, machineId: Number(bridge?.id), manual: true, manualKg: tare + lossKg, manualReason: 'Empty weight typed from the gate book', ...storage },
    });
    expect(inResponse.statusCode, inResponse.body).toBeLessThan(300);
    const inId = idOf(inResponse.json());
    const received = await check('generated', consignmentId);
    const kinds = (id: number, kind: string) => received.got.breaks.filter((b) => b.record.kind === kind && b.record.id === id).map((b) => b.kind).sort();
    expect(received.got.breaks.some((b) => b.kind === 'slipNotReceived' && b.record.id === Number(road.id))).toBe(false);
    expect(kinds(inId, 'warehouseIn')).toEqual(['lossAboveAllowance', 'manualWeight']);
    const loss = received.got.breaks.find((b) => b.kind === 'lossAboveAllowance' && b.record.id === inId);
    expect(loss?.quantity).toBe(kgToTonnes(BigInt(slipKg - (slipKg - lossKg))));
    expect(loss?.reference).toBe(kgToTonnes(BigInt(Math.floor((slipKg * 0.2) / 100))));
    const slipRow = received.slipRows.find((s) => s.slip.id === Number(road.id));
    expect(slipRow?.breaks).toEqual(['manualWeight', 'lossAboveAllowance']);
    expect(slipRow?.ticket).toEqual({ kind: 'warehousePreIn', id: preInId, number: expect.any(String) as string });

    // A receipt whose ticket is gone (a pre in reversed around the flows, as a repair or an import could leave it).
    await rows(sql`update warehouse_pre_ins set status = 'Reversed' where id = ${preInId}::integer`);
    const orphan = await check('generated', consignmentId);
    expect(orphan.got.breaks.some((b) => b.kind === 'receiptWithoutTicket' && b.record.kind === 'warehouseIn' && b.record.id === inId)).toBe(true);
    await rows(sql`update warehouse_pre_ins set status = 'Active' where id = ${preInId}::integer`);

    // An out-turn awaiting approval (an approval rule in place): flagged with its difference; the ledger not moved.
    const [bl] = await rows<{ id: number; kg: string }>(
      sql`select s.id, s.bl_quantity_kg::text as kg from shipments s where s.consignment_id = ${consignmentId}::integer and s.status = 'Active'
          and not exists (select 1 from quantity_approvals qa where qa.shipment_id = s.id and qa.status <> 'Reversed') order by s.id limit 1`,
    );
    let shipment = bl;
    if (!shipment) {
      // Every BL of the LC/PO has its out-turn: make one on a BL of another LC/PO.
      [shipment] = await rows<{ id: number; kg: string }>(
        sql`select s.id, s.bl_quantity_kg::text as kg from shipments s where s.status = 'Active'
            and not exists (select 1 from quantity_approvals qa where qa.shipment_id = s.id and qa.status <> 'Reversed') order by s.id limit 1`,
      );
    }
    expect(shipment).toBeDefined();
    if (!shipment) return;
    const [target] = await rows<{ consignment_id: number }>(sql`select consignment_id from shipments where id = ${shipment.id}::integer`);
    const [rule] = await rows<{ id: number }>(sql`insert into approval_rules (agency_id, kind) values (${agency}::integer, 'vesselQuantityApproval') returning id`);
    await rows(sql`insert into approval_rule_approvers (agency_id, rule_id, step_order, user_id) values (${agency}::integer, ${rule?.id}::integer, 1, ${season.adminId}::integer)`);
    const targetId = Number(target?.consignment_id);
    const outturnBefore = (await view('generated', targetId)).steps.find((s) => s.key === 'outturn')?.quantity;
    const discharged = BigInt(shipment.kg) - 1_500n;
    const qa = await w.t.app.inject({ method: 'POST', url: '/api/vesselQuantityApproval/quantityApproval', headers, payload: { shipmentId: Number(shipment.id), dischargedQuantity: kgToTonnes(discharged), remarks: null } });
    expect(qa.statusCode, qa.body).toBeLessThan(300);
    const qaId = idOf(qa.json());
    const pending = await check('generated', targetId);
    const flagged = pending.got.breaks.find((b) => b.kind === 'outturnNotApproved');
    expect(flagged?.record).toEqual({ kind: 'quantityApproval', id: qaId, number: expect.any(String) as string });
    expect(flagged?.quantity).toBe('-1.500');
    expect(flagged?.reference).toBe(kgToTonnes(discharged));
    expect(flagged?.note).toBe('Pending');
    expect(pending.got.figures.pendingOutturn).toBe('-1.500');
    expect(pending.got.steps.find((s) => s.key === 'outturn')?.quantity).toBe(outturnBefore);
  }, 600_000);

  it("scope: a shipment manager's company admin reconciles only its own LC/POs (404 for another's); the admin every one", async () => {
    const all = await consignmentsOf(w.agencyId);
    const own = { rsgl: all.filter((c) => Number(c.shipment_manager_id) === w.sm.rsgl), bahr: all.filter((c) => Number(c.shipment_manager_id) === w.sm.bahr) };
    expect(own.rsgl.length * own.bahr.length).toBeGreaterThan(0);
    for (const who of ['rsgl', 'bahr'] as const) {
      const other = who === 'rsgl' ? own.bahr : own.rsgl;
      for (const c of own[who]) {
        const mine = await view(who, c.id);
        expect(mine).toEqual(await view('admin', c.id));
      }
      for (const c of other) {
        for (const path of ['', '/slips', '/breaks', '/export.xlsx']) {
          const response = await w.call(who, { consignmentId: c.id }, path);
          expect(response.statusCode, `${who} ${path} ${c.id}`).toBe(404);
        }
      }
    }
  }, 300_000);

  it('bad parameters are 400, a foreign or unknown LC/PO 404, a user without the flags 403', async () => {
    const [first] = await consignmentsOf(w.agencyId);
    const id = Number(first?.id);
    for (const query of [{} as Record<string, string | number>, { consignmentId: '' }, { consignmentId: 'abc' }, { consignmentId: 0 }, { consignmentId: -3 }, { consignmentId: '1.5' }, { consignmentId: '99999999999' }]) {
      const response = await w.call('admin', query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json<{ details?: Record<string, string> }>().details?.consignmentId).toBeTruthy();
    }
    expect((await w.call('admin', {})).json()).toMatchObject({ details: { consignmentId: 'Please select an LC/PO.' } });
    for (const path of ['/slips', '/breaks']) {
      for (const query of [{ consignmentId: id, page: 0 } as Record<string, string | number>, { consignmentId: id, limit: 7 }, { consignmentId: id, page: 'x' }, { page: 1 }]) expect((await w.call('admin', query, path)).statusCode, `${path} ${JSON.stringify(query)}`).toBe(400);
    }
    const badKind = await w.call('admin', { consignmentId: id, kind: 'everything' }, '/breaks');
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json()).toMatchObject({ details: { kind: 'Please choose a kind of break.' } });
    expect((await w.call('admin', { consignmentId: id, lang: 'xx' }, '/export.xlsx')).statusCode).toBe(400);
    expect((await w.call('admin', { consignmentId: 2_000_000_000 })).statusCode).toBe(404);
    const season = await generatedSeason();
    const [foreign] = await consignmentsOf(season.agencyId);
    expect((await w.call('admin', { consignmentId: Number(foreign?.id) })).statusCode).toBe(404);
    await w.expectPermissions({ consignmentId: id }, ['/slips', '/breaks']);
    // The export kit's POST: 400 without an LC/PO, 404 for an unknown one, before anything is counted or queued.
    const post = async (query: string) =>
      (await w.t.app.inject({ method: 'POST', url: `/api/reports/lc-reconciliation/export${query}`, headers: { ...bearer(await tokenOf('admin')), 'x-agency-id': String(w.agencyId) }, payload: {} })).statusCode;
    expect(await post('')).toBe(400);
    expect(await post('?consignmentId=2000000000')).toBe(404);
    expect(await post(`?consignmentId=${Number(foreign?.id)}`)).toBe(404);
    expect((await w.call('admin', { consignmentId: Number(foreign?.id) }, '/export.xlsx')).statusCode).toBe(404);
  }, 300_000);

  it('pages the breaks in the database, of one kind or all, each kind its counted number', async () => {
    let seen = 0;
    for (const c of await consignmentsOf(w.agencyId)) {
      const got = await view('admin', c.id);
      for (const kind of RECONCILIATION_BREAKS) {
        const ofKind = await breaksOf('admin', c.id, kind);
        expect(ofKind.map((b) => b.kind).every((k) => k === kind)).toBe(true);
        expect(ofKind).toEqual(got.breaks.filter((b) => b.kind === kind));
        expect(ofKind).toHaveLength(got.breakCounts[kind]);
        seen += ofKind.length;
      }
      // A page past the end is empty and still counts them all.
      const past = ZReconciliationBreaks.parse((await w.call('admin', { consignmentId: c.id, page: 50, limit: 20 }, '/breaks')).json());
      expect(past).toEqual({ rows: [], count: got.breaks.length });
    }
    expect(seen).toBeGreaterThan(3);
  }, 300_000);

  it('exports the chain, its figures, every break and every slip through the export kit', async () => {
    const all = await consignmentsOf(w.agencyId);
    const subject = all.find((c) => c.slips > 0) ?? all[0];
    const id = Number(subject?.id);
    const got = await view('admin', id);
    const slipRows = await slips('admin', id);
    for (const lang of ['en', 'ar'] as const) {
      const sheet = await w.exportSheet('admin', { consignmentId: id, lang });
      expect(sheet.name).toBe(RECONCILIATION_TEXTS[lang].exportSheet);
      const texts = RECONCILIATION_TEXTS[lang];
      const lines: (string | number | null)[][] = [];
      sheet.eachRow((row, n) => {
        if (n > 1) lines.push((row.values as (string | number | null)[]).slice(1));
      });
      expect(sheet.getRow(1).getCell(1).value).toBe(texts.section);
      const section = (name: keyof typeof texts.sections) => lines.filter((l) => l[0] === texts.sections[name]);
      expect(section('step').map((l) => [l[1], Number(l[6]).toFixed(3)])).toEqual(got.steps.map((s) => [texts.steps[s.key], s.quantity]));
      expect(section('figure')).toHaveLength(Object.keys(got.figures).length);
      expect(section('break').map((l) => l[1])).toEqual(got.breaks.map((b) => texts.breakKinds[b.kind]));
      const slipLines = section('slip');
      expect(slipLines).toHaveLength(slipRows.length);
      expect(sumKg(slipLines.map((l) => tonnesToKg(Number(l[6]).toFixed(3))))).toBe(sumKg(slipRows.map((s) => tonnesToKg(s.quantity))));
      expect(sumKg(slipLines.map((l) => tonnesToKg(Number(l[8]).toFixed(3))))).toBe(tonnesToKg(got.figures.transitLoss));
    }
    const started = await w.t.app.inject({ method: 'POST', url: `/api/reports/lc-reconciliation/export?consignmentId=${id}`, headers: { ...bearer(await tokenOf('admin')), 'x-agency-id': String(w.agencyId) }, payload: {} });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ mode: 'direct' });
  }, 300_000);
});

/** A fresh session of the demo admin or the generated agency's admin (the passwords the world signs them in with). */
async function tokenOf(who: 'admin' | 'generated'): Promise<string> {
  if (who === 'admin') return loginAs(w.t.app, 'demo.admin', 'Demo#Pass1');
  const season = await generatedSeason();
  return loginAs(w.t.app, season.username, 'Generated#Pass1');
}

/** The id of a saved record, answered as the record or as `{message, record}`. */
const idOf = (body: unknown): number => Number((body as { id?: number; record?: { id: number } }).record?.id ?? (body as { id?: number }).id);

/** The generated season of these tests: five calls, so that trucks are still on the road to warehouses and warehouses dispatch. */
const generatedSeason = () => w.generated(16, 5);

async function siloOf(agency: number, warehouseId: number): Promise<number> {
  const [silo] = await w.rows<{ id: number }>(sql`select id from silos where warehouse_id = ${warehouseId}::integer order by id limit 1`, agency);
  return Number(silo?.id ?? 0);
}
