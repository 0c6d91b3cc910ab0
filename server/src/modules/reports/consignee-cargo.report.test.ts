import { consigneeCargoOldReport, consigneeCargoReport, LOCATION_KIND_IDS, reportPageSchema } from '@tonnage/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { post } from '../../ledger/ledger.service';
import { queryRows } from '../../platform/db/client';
import { inAgency } from '../../platform/db/tenancy';
import { add, expectBadInput, expectExport, expectPagedAndSorted, expectRows, type Want } from './report-checks.test-support';
import { withReportWorld, type ReportCaller, type ReportWorld } from './report.test-support';

/**
 * Consignee Cargo Report (`GET /api/reports/consignee-cargo-report`) and its closed seasons (`...-old`): one
 * consignee's consignments, every movement of their cargo against the test's own reading of `ledger_entries` (per
 * transaction and consignment, the change per account kind, the consignee's own, the losses, and the cargo after it
 * as a running sum in time order); which consignments are closed (nothing on board, on trucks or in a warehouse)
 * from the entries, not the kept balances; on the demo season and a generated one; the required consignee, filters,
 * paging, sort, scope, bad parameters, permission and the export.
 */
let w: ReportWorld;
withReportWorld(consigneeCargoReport, (world) => {
  w = world;
});

const FIGURES = ['onBoard', 'inTransit', 'atPlaces', 'own', 'lost', 'balance'] as const;
const TOTALLED = ['onBoard', 'inTransit', 'atPlaces', 'own', 'lost'] as const;
const key = (r: Record<string, unknown>) => `${String(r.transactionId)}/${String(r.consignmentId)}`;

interface Entry {
  transaction_id: number;
  consignment_id: number;
  kind: string;
  owner_company_id: number | null;
  location_kind_id: number | null;
  voyage_id: number | null;
  kg: string;
  at: string;
  day: string;
  type: string;
  source_id: number;
  reversal: boolean;
  shipment_manager_id: number | null;
}

/** Every entry of the consignee's consignments' accounts, in time order. */
function entriesOf(agency: number, consigneeId: number) {
  return w.rows<Entry>(
    sql`select e.transaction_id, a.consignment_id, a.kind, a.owner_company_id, l.location_kind_id, a.voyage_id, e.quantity_kg::text as kg,
               x.created_at::text as at, to_char(x.created_at at time zone ag.timezone, 'YYYY-MM-DD') as day, x.type, x.source_id, x.reverses_id is not null as reversal,
               c.shipment_manager_id
        from ledger_entries e join ledger_accounts a on a.id = e.account_id join ledger_transactions x on x.id = e.transaction_id
        join agencies ag on ag.id = x.agency_id join consignments c on c.id = a.consignment_id left join locations l on l.id = a.location_id
        where c.bl_consignee_id = ${consigneeId}::integer order by x.created_at, e.transaction_id, e.id`,
    agency,
  );
}

interface Expectation {
  want: Want;
  closed: Set<number>;
  open: Set<number>;
  lines: Map<string, { date: string; movement: string; record: string; voyageId: number | null; consignmentId: number }>;
}

/** The independent answer for one consignee; `only` narrows the consignments (scope, LC/PO). */
async function expected(agency: number, consigneeId: number, closedSeasons: boolean, only: (e: Entry) => boolean = () => true, period: { from?: string; to?: string; voyageId?: number } = {}): Promise<Expectation> {
  const entries = (await entriesOf(agency, consigneeId)).filter(only);
  const held = new Map<number, bigint>();
  for (const e of entries) {
    const inCare = e.kind === 'ON_BOARD' || e.kind === 'IN_TRANSIT' || (e.kind === 'ON_HAND' && Number(e.location_kind_id) === LOCATION_KIND_IDS.warehouse);
    held.set(Number(e.consignment_id), (held.get(Number(e.consignment_id)) ?? 0n) + (inCare ? BigInt(e.kg) : 0n));
  }
  // A consignment with nothing held owes that to its entries summing to nothing in each held kind: check per kind.
  const perKind = new Map<string, bigint>();
  for (const e of entries) {
    const inCare = e.kind === 'ON_BOARD' || e.kind === 'IN_TRANSIT' || (e.kind === 'ON_HAND' && Number(e.location_kind_id) === LOCATION_KIND_IDS.warehouse);
    if (inCare) perKind.set(`${e.consignment_id}/${e.kind}`, (perKind.get(`${e.consignment_id}/${e.kind}`) ?? 0n) + BigInt(e.kg));
  }
  const closed = new Set<number>();
  const open = new Set<number>();
  for (const id of held.keys()) ([...perKind].some(([k, v]) => k.startsWith(`${id}/`) && v !== 0n) ? open : closed).add(id);
  const chosen = closedSeasons ? closed : open;
  const want: Want = new Map();
  const lines: Expectation['lines'] = new Map();
  const balance = new Map<number, bigint>();
  const seen = new Set<string>();
  const moving = new Set(entries.filter((e) => BigInt(e.kg) !== 0n).map((e) => `${e.transaction_id}/${e.consignment_id}`));
  for (const e of entries) {
    const consignment = Number(e.consignment_id);
    if (!chosen.has(consignment)) continue;
    const k = `${e.transaction_id}/${e.consignment_id}`;
    if (!moving.has(k)) continue;
    const kg = BigInt(e.kg);
    const stock = e.kind === 'ON_BOARD' || e.kind === 'IN_TRANSIT' || e.kind === 'ON_HAND' ? kg : 0n;
    balance.set(consignment, (balance.get(consignment) ?? 0n) + stock);
    const inPeriod = (!period.from || e.day >= period.from) && (!period.to || e.day <= period.to);
    if (!inPeriod) continue;
    if (!seen.has(k)) {
      seen.add(k);
      for (const f of FIGURES) add(want, k, f, 0n);
      lines.set(k, { date: e.day, movement: e.type, record: `#${e.source_id}${e.reversal ? ' ↺' : ''}`, voyageId: e.voyage_id === null ? null : Number(e.voyage_id), consignmentId: consignment });
    }
    const group = want.get(k) ?? {};
    if (e.kind === 'ON_BOARD') add(want, k, 'onBoard', kg);
    if (e.kind === 'IN_TRANSIT') add(want, k, 'inTransit', kg);
    if (e.kind === 'ON_HAND') add(want, k, 'atPlaces', kg);
    if (e.kind === 'ON_HAND' && Number(e.owner_company_id) === consigneeId) add(want, k, 'own', kg);
    if (['TRANSIT_LOSS', 'HANDLING_LOSS', 'HANDLING_EXCESS'].includes(e.kind)) add(want, k, 'lost', kg);
    group.balance = balance.get(consignment) ?? 0n;
  }
  if (period.voyageId !== undefined) for (const [k, line] of lines) if (line.voyageId !== period.voyageId) want.delete(k);
  return { want, closed, open, lines };
}

async function compare(who: ReportCaller, consigneeId: number, closedSeasons = false, only?: (e: Entry) => boolean, query: Record<string, string | number> = {}) {
  const world = closedSeasons ? await oldWorld() : w;
  const expectation = await expected(w.agencyOf(who), consigneeId, closedSeasons, only, {
    ...(query.fromDate ? { from: String(query.fromDate) } : {}),
    ...(query.toDate ? { to: String(query.toDate) } : {}),
    ...(query.voyageId ? { voyageId: Number(query.voyageId) } : {}),
  });
  const rows = await expectRows(world, who, { ...query, consigneeId }, key, expectation.want, FIGURES, TOTALLED);
  for (const row of rows) {
    const line = expectation.lines.get(key(row));
    expect(row.date).toBe(line?.date);
    expect(row.movement).toBe(line?.movement);
    expect(row.record).toBe(line?.record);
  }
  return expectation;
}

/**
 * The closed seasons' route in the same world: the same app, season and users (its permission module is the open
 * report's), its calls to `/api/reports/consignee-cargo-report-old`.
 */
function oldWorld(): Promise<ReportWorld> {
  const schema = reportPageSchema(consigneeCargoOldReport);
  const call: ReportWorld['call'] = (who, query = {}, path = '') => w.call(who, query, `${consigneeCargoOldReport.key.slice(consigneeCargoReport.key.length)}${path}`);
  const report: ReportWorld['report'] = async (who, query = {}) => {
    const response = await call(who, query);
    expect(response.statusCode, response.body).toBe(200);
    return schema.parse(response.json());
  };
  const allRows: ReportWorld['allRows'] = async (who, query = {}) => {
    const first = await report(who, { ...query, limit: 100 });
    const all = [...first.rows];
    for (let n = 2; all.length < first.count; n += 1) all.push(...(await report(who, { ...query, limit: 100, page: n })).rows);
    return { all, first };
  };
  return Promise.resolve({ ...w, call, report, allRows });
}

/**
 * A consignment of a closed season in the demo agency: a PO of one of the rsgl's consignees shipped on a voyage, its
 * whole BL loaded at the port onto one truck and received at the consignee's own site (with a transit loss), posted
 * through the ledger as the flows post (shipping, port loading, consignee in) ten to eight days ago: nothing of it is
 * left on board, on a truck or in a warehouse.
 */
async function closeASeason(): Promise<{ consignmentId: number; consigneeId: number }> {
  return inAgency(w.t.database.db, w.agencyId, async (tx) => {
    const [source] = await queryRows<{ id: number; bl_consignee_id: number; shipment_manager_id: number; cargo_type_id: number; created_by: number; voyage_id: number; site: number }>(
      tx,
      sql`select c.id, c.bl_consignee_id, c.shipment_manager_id, c.cargo_type_id, c.created_by, s.voyage_id,
                 (select l.id from locations l where l.location_kind_id = ${LOCATION_KIND_IDS.deliveryLocation}::integer and l.consignee_id = c.bl_consignee_id order by l.id limit 1) as site
          from consignments c join shipments s on s.consignment_id = c.id
          where c.shipment_manager_id = ${w.sm.rsgl}::integer and exists (select 1 from locations l where l.location_kind_id = ${LOCATION_KIND_IDS.deliveryLocation}::integer and l.consignee_id = c.bl_consignee_id)
          order by c.id limit 1`,
    );
    if (!source) throw new Error('no consignment with a consignee site');
    const [made] = await queryRows<{ id: number }>(
      tx,
      sql`insert into consignments (agency_id, po_number, sale_order_id, bl_consignee_id, shipment_manager_id, cargo_type_id, quantity_kg, created_by, created_at)
          select agency_id, 'PO-CLOSED-SEASON', sale_order_id, bl_consignee_id, shipment_manager_id, cargo_type_id, 30000, created_by, created_at from consignments where id = ${source.id}::integer
          returning id`,
    );
    const consignmentId = Number(made?.id);
    const base = { agencyId: w.agencyId, userId: Number(source.created_by) };
    const at = (days: number) => new Date(w.t.clock.now().getTime() - days * 86_400_000);
    const cargo = { voyageId: Number(source.voyage_id), consignmentId, cargoTypeId: Number(source.cargo_type_id) };
    const trip = { kind: 'IN_TRANSIT' as const, ...cargo, tripId: 990_000 + consignmentId, locationId: Number(source.site), ownerCompanyId: Number(source.bl_consignee_id) };
    await post(tx, { ...base, type: 'shipping', source: { table: 'shipments', id: consignmentId }, at: at(10), lines: [{ account: { kind: 'VESSEL', ...cargo }, quantityKg: -30_000n }, { account: { kind: 'ON_BOARD', ...cargo }, quantityKg: 30_000n }] });
    await post(tx, { ...base, type: 'portLoading', source: { table: 'loading_slips', id: consignmentId }, at: at(9), lines: [{ account: { kind: 'ON_BOARD', ...cargo }, quantityKg: -30_000n }, { account: trip, quantityKg: 30_000n }] });
    await post(tx, {
      ...base,
      type: 'consigneeIn',
      source: { table: 'consignee_ins', id: consignmentId },
      at: at(8),
      lines: [
        { account: trip, quantityKg: -30_000n },
        { account: { kind: 'ON_HAND', ...cargo, locationId: Number(source.site), siloId: null, ownerCompanyId: Number(source.bl_consignee_id), attachedVoyageId: cargo.voyageId }, quantityKg: 29_950n },
        { account: { kind: 'TRANSIT_LOSS', ...cargo, tripId: trip.tripId }, quantityKg: 50n },
      ],
    });
    return { consignmentId, consigneeId: Number(source.bl_consignee_id) };
  });
}

/** The consignees who are the BL consignee of a consignment of an agency. */
const consigneesOf = async (agency: number) =>
  (await w.rows<{ id: number }>(sql`select distinct bl_consignee_id as id from consignments where status = 'Active' order by 1`, agency)).map((c) => Number(c.id));

describe('right answers', () => {
  it('demo season: every consignee’s movements, figures, cargo after each, and the totals', async () => {
    let lines = 0;
    for (const consignee of await consigneesOf(w.agencyId)) {
      const { want, open } = await compare('admin', consignee);
      lines += want.size;
      expect(open.size).toBeGreaterThan(0);
    }
    expect(lines).toBeGreaterThanOrEqual(20);
  });

  it('generated season: open and closed seasons', async () => {
    const season = await w.generated();
    let lines = 0;
    for (const consignee of await consigneesOf(season.agencyId)) {
      lines += (await compare('generated', consignee)).want.size;
      // Its consignments of closed seasons (if the season closed any), on the old route.
      await compare('generated', consignee, true);
    }
    expect(lines).toBeGreaterThan(0);
  });

  it('closed seasons: a consignment with nothing left on board, on trucks or in a warehouse moves from the open report to the old one', async () => {
    const { consignmentId, consigneeId } = await closeASeason();
    const closed = await compare('admin', consigneeId, true);
    expect([...closed.closed]).toContain(consignmentId);
    expect(closed.want.size).toBe(3);
    const lines = (await (await oldWorld()).report('admin', { consigneeId })).rows;
    expect(lines.map((r) => r.movement)).toEqual(['shipping', 'portLoading', 'consigneeIn']);
    expect(lines.map((r) => r.balance)).toEqual(['30.000', '30.000', '29.950']);
    const open = await compare('admin', consigneeId, false);
    expect([...open.open]).not.toContain(consignmentId);
    expect(open.want.size).toBeGreaterThan(0);
    expect((await w.report('admin', { consigneeId, consignmentId })).count).toBe(0);
    // The closed consignment's scope: its shipment manager's admin sees it, the other's does not.
    expect((await (await oldWorld()).report('rsgl', { consigneeId })).count).toBe(3);
    expect((await (await oldWorld()).report('bahr', { consigneeId })).count).toBe(0);
  });
});

describe('filters, paging, sort, scope, permission, bad input, export', () => {
  const busiest = async () => {
    const [row] = await w.rows<{ id: number }>(sql`select c.bl_consignee_id as id from consignments c join ledger_accounts a on a.consignment_id = c.id join ledger_entries e on e.account_id = a.id group by 1 order by count(*) desc limit 1`);
    return Number(row?.id);
  };

  it('asks for the consignee first', async () => {
    for (const query of [{}, { consigneeId: '' }] as Record<string, string>[]) {
      const response = await w.call('admin', query);
      expect(response.statusCode).toBe(400);
      expect(response.body).toMatch(/Please select a consignee!/);
    }
  });

  it('filters by LC/PO, voyage and period', async () => {
    const consignee = await busiest();
    const [consignment] = await w.rows<{ id: number; voyage_id: number }>(
      sql`select c.id, min(a.voyage_id) as voyage_id from consignments c join ledger_accounts a on a.consignment_id = c.id where c.bl_consignee_id = ${consignee}::integer group by 1 order by 1 limit 1`,
    );
    if (!consignment) throw new Error('no consignment');
    await compare('admin', consignee, false, (e) => Number(e.consignment_id) === Number(consignment.id), { consignmentId: consignment.id });
    await compare('admin', consignee, false, undefined, { voyageId: consignment.voyage_id });
    const days = (await entriesOf(w.agencyId, consignee)).map((e) => e.day).sort();
    const middle = days[Math.floor(days.length / 2)] ?? '';
    const { want } = await compare('admin', consignee, false, undefined, { fromDate: middle, toDate: middle });
    expect(want.size).toBeGreaterThan(0);
    await compare('admin', consignee, false, undefined, { fromDate: middle });
  });

  it('pages and sorts in the database', async () => {
    const consignee = await busiest();
    await expectPagedAndSorted(w, 'admin', { consigneeId: consignee }, 'atPlaces');
    const byDate = await w.report('admin', { consigneeId: consignee, limit: 100 });
    const dates = byDate.rows.map((r) => String(r.date));
    expect(dates).toEqual([...dates].sort());
  });

  it('scope: a shipment manager’s admin sees its consignments’ movements only', async () => {
    const consignees = await consigneesOf(w.agencyId);
    let seen = 0;
    for (const who of ['rsgl', 'bahr'] as const)
      for (const consignee of consignees) {
        const { want } = await compare(who, consignee, false, (e) => Number(e.shipment_manager_id) === w.sm[who]);
        seen += want.size;
      }
    expect(seen).toBeGreaterThan(0);
  });

  it('answers 403 without the flag, 400 on bad parameters', async () => {
    const consigneeId = await busiest();
    await w.expectPermissions({ consigneeId });
    await expectBadInput(w, { consigneeId }, [
      [{ consigneeId: 'abc' }, /Please select a consignee!/],
      [{ consigneeId: '0' }, /Please select a consignee!/],
      [{ fromDate: '2026-11-20', toDate: '2026-11-01' }, /The to date can not be before the from date/],
      [{ consignmentId: '1.5' }, /Invalid id/],
      [{ sortBy: 'record' }, /cannot be sorted/],
    ]);
    const old = await oldWorld();
    expect((await old.call('without', { consigneeId })).statusCode).toBe(403);
    expect((await old.call('admin', {})).statusCode).toBe(400);
  });

  it('exports every movement in English and Arabic, with the movements named in the language', async () => {
    const consigneeId = await busiest();
    await expectExport(
      w,
      { consigneeId },
      {
        en: ['Date', 'LC / PO', 'Vessel / Voyage', 'Movement', 'Record', 'Place', 'On Board (MT)', 'On Trucks (MT)', 'At Places (MT)', 'Consignee Owns (MT)', 'Losses (MT)', 'Cargo After (MT)'],
        ar: 'التاريخ',
      },
      { column: 9, key: 'atPlaces' },
    );
    const sheet = await w.exportSheet('admin', { consigneeId, lang: 'ar', sortBy: 'date' });
    const movements = new Set<string>();
    for (let i = 2; i <= sheet.rowCount; i += 1) movements.add(sheet.getRow(i).getCell(4).text);
    expect(movements).toContain('الشحن (بوليصة)');
  });
});
