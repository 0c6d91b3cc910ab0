import { permissionFlag, POSTING_TYPES, ZBuilderDefinition, ZBuilderResult, ZBuilderSaved, type ReportDeclaration, type TBuilderDefinition, type TBuilderResult } from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNRESTRICTED } from '../../identity/data-scope';
import { inAgency } from '../../platform/db/tenancy';
import { bearer, loginAs, makeRole, makeUser } from '../../test/fixtures';
import { reportWorld, tonnesToKg, type ReportCaller, type ReportWorld } from '../reports/report.test-support';
import { runDefinition } from './report-builder.compile';

/*
 * The report builder's API (issue 16): the whitelist's refusals, scope in every dataset, figures against the
 * ledger's own entries (demo and generated seasons), the pivot as one statement, saved reports per agency and
 * shared with roles, the export.
 */

const builder = { key: 'report-builder', permissionModule: 'ReportBuilder', columns: [] } as unknown as ReportDeclaration;
let w: ReportWorld;

beforeAll(async () => {
  w = await reportWorld(builder);
}, 300_000);
afterAll(async () => {
  await w?.close();
});

type Definition = Omit<Partial<TBuilderDefinition>, 'dataset'> & { dataset: string; measures: TBuilderDefinition['measures'] };

async function post(who: ReportCaller | Record<string, string>, url: string, payload: unknown) {
  const headers = typeof who === 'string' ? w.headers(who) : who;
  return w.t.app.inject({ method: 'POST', url: `/api/report-builder${url}`, headers, payload: payload as Record<string, unknown> });
}

async function run(who: ReportCaller, definition: Definition, page = 1, limit = 100): Promise<TBuilderResult> {
  const response = await post(who, '/run', { definition, page, limit });
  expect(response.statusCode, response.body).toBe(200);
  return ZBuilderResult.parse(response.json());
}

/** Every row of a definition over the pages, and the first page. */
async function runAll(who: ReportCaller, definition: Definition): Promise<{ rows: TBuilderResult['rows']; first: TBuilderResult }> {
  const first = await run(who, definition);
  const rows = [...first.rows];
  for (let n = 2; rows.length < first.count; n += 1) rows.push(...(await run(who, definition, n)).rows);
  return { rows, first };
}

const kgOf = (rows: TBuilderResult['rows'], key: string) => rows.reduce((total, r) => total + tonnesToKg(r[key] as string), 0n);
const byKey = (rows: { k: string | null; kg: string }[]) => new Map(rows.map((r) => [r.k ?? '', BigInt(r.kg)]));

describe('the whitelist', () => {
  const bad: [string, Definition, string][] = [
    ['an unknown dataset', { dataset: 'users', measures: [{ field: 'quantity', agg: 'sum' }] }, 'The dataset must be one of'],
    ['a field not in the dataset', { dataset: 'stockPositions', dimensions: ['password_hash'], measures: [{ field: 'onHand', agg: 'sum' }] }, '"password_hash" is not a field of the dataset stockPositions.'],
    ['SQL as a field name', { dataset: 'stockPositions', dimensions: ['place" from users; --'], measures: [{ field: 'onHand', agg: 'sum' }] }, 'is not a field of the dataset stockPositions.'],
    ['a measure grouped by', { dataset: 'stockPositions', dimensions: ['onHand'], measures: [{ field: 'onHand', agg: 'sum' }] }, '"onHand" is a measure: it cannot group rows.'],
    ['a dimension aggregated', { dataset: 'loadingSlips', measures: [{ field: 'truck', agg: 'sum' }] }, '"truck" is a dimension: it cannot be aggregated.'],
    ['an aggregation not allowed', { dataset: 'loadingSlips', measures: [{ field: 'trips', agg: 'avg' }] }, '"trips" cannot be aggregated with avg (allowed: count).'],
    ['a filter on a measure', { dataset: 'loans', measures: [{ field: 'loaned', agg: 'sum' }], filters: [{ field: 'loaned', op: 'eq', value: '1' }] }, '"loaned" is a measure: filters apply to dimensions.'],
    ['a date filter on text', { dataset: 'loans', measures: [{ field: 'loaned', agg: 'sum' }], filters: [{ field: 'lender', op: 'from', value: '2026-01-01' }] }, '"lender" is not a date'],
    ['a bad date', { dataset: 'loans', measures: [{ field: 'loaned', agg: 'sum' }], filters: [{ field: 'date', op: 'from', value: "2026-01-01' or 1=1" }] }, 'A date is written YYYY-MM-DD.'],
    ['a date that is no date', { dataset: 'ledgerMovements', measures: [{ field: 'entries', agg: 'count' }], filters: [{ field: 'date', op: 'eq', value: '2026-02-30' }] }, 'A date is written YYYY-MM-DD.'],
    ['a month that is no month', { dataset: 'ledgerMovements', measures: [{ field: 'entries', agg: 'count' }], filters: [{ field: 'month', op: 'in', value: ['2026-11', '2026-13'] }] }, 'A month is written YYYY-MM.'],
    ['a sort by no column', { dataset: 'loans', dimensions: ['lender'], measures: [{ field: 'loaned', agg: 'sum' }], sort: { key: 'borrower', order: 'asc' } }, '"borrower" is not a column of the report.'],
    ['a pivot on a grouping', { dataset: 'loans', dimensions: ['lender'], measures: [{ field: 'loaned', agg: 'sum' }], pivot: { field: 'lender' } }, 'The pivot field cannot also be a row grouping.'],
    ['no measure', { dataset: 'loans', dimensions: ['lender'], measures: [] }, 'Pick at least one measure.'],
  ];
  it.each(bad)('refuses %s with 400 and a clear message', async (_name, definition, message) => {
    const response = await post('admin', '/run', { definition, page: 1, limit: 20 });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
  });

  it('refuses a SQL text where a definition is expected, and unknown keys', async () => {
    expect((await post('admin', '/run', { sql: 'select * from users', page: 1, limit: 20 })).statusCode).toBe(400);
    const extra = await post('admin', '/run', { definition: { dataset: 'loans', measures: [{ field: 'loans', agg: 'count' }], where: '1=1' }, page: 1, limit: 20 });
    expect(extra.statusCode).toBe(400);
  });

  it('asks the view flag to run and the export flag to export', async () => {
    const definition = { dataset: 'loans', measures: [{ field: 'loans', agg: 'count' }] };
    expect((await post('without', '/run', { definition, page: 1, limit: 20 })).statusCode).toBe(403);
    expect((await post('viewOnly', '/run', { definition, page: 1, limit: 20 })).statusCode).toBe(200);
    const url = `/export?definition=${encodeURIComponent(JSON.stringify(definition))}`;
    expect((await post('viewOnly', url, {})).statusCode).toBe(403);
    expect((await post('rsgl', url, {})).statusCode).toBe(200);
  });
});

/** ON_HAND per place from the ledger's entries (not the kept balances the dataset reads). */
const onHandEntries = (scope?: SQL) =>
  sql`select l.name as k, sum(e.quantity_kg)::text as kg from ledger_entries e join ledger_accounts a on a.id = e.account_id left join locations l on l.id = a.location_id
      where a.kind = 'ON_HAND' ${scope ? sql`and ${scope}` : sql``} group by l.name having sum(e.quantity_kg) <> 0`;

describe('figures against the ledger', () => {
  it('stock positions per place equal the ON_HAND entries, on the demo season and a generated one', async () => {
    for (const who of ['admin', 'generated'] as const) {
      if (who === 'generated') await w.generated();
      const { rows, first } = await runAll(who, { dataset: 'stockPositions', dimensions: ['place'], measures: [{ field: 'onHand', agg: 'sum' }, { field: 'positions', agg: 'count' }] });
      const expected = byKey(await w.rows<{ k: string; kg: string }>(onHandEntries(), w.agencyOf(who)));
      expect(rows.length).toBeGreaterThan(0);
      expect(new Map(rows.map((r) => [String(r.place ?? ''), tonnesToKg(r.onHand_sum as string)]))).toEqual(expected);
      expect(tonnesToKg(first.totals.onHand_sum as string)).toBe([...expected.values()].reduce((a, b) => a + b, 0n));
      expect(first.count).toBe(expected.size);
    }
  });

  it('ledger movements per account kind and month equal the entries, in and out apart', async () => {
    for (const who of ['admin', 'generated'] as const) {
      if (who === 'generated') await w.generated();
      const { rows, first } = await runAll(who, {
        dataset: 'ledgerMovements',
        dimensions: ['accountKind', 'month'],
        measures: [{ field: 'quantity', agg: 'sum' }, { field: 'quantityIn', agg: 'sum' }, { field: 'quantityOut', agg: 'sum' }, { field: 'entries', agg: 'count' }],
      });
      const expected = await w.rows<{ kind: string; month: string; kg: string; inkg: string; outkg: string; n: string }>(
        sql`select a.kind, to_char(t.created_at at time zone (select timezone from agencies where id = a.agency_id), 'YYYY-MM') as month, sum(e.quantity_kg)::text as kg,
                   sum(case when e.quantity_kg > 0 then e.quantity_kg else 0 end)::text as inkg, sum(case when e.quantity_kg < 0 then -e.quantity_kg else 0 end)::text as outkg, count(*)::text as n
            from ledger_entries e join ledger_transactions t on t.id = e.transaction_id join ledger_accounts a on a.id = e.account_id
            where e.quantity_kg <> 0 group by 1, 2`,
        w.agencyOf(who),
      );
      expect(rows.length).toBe(expected.length);
      for (const e of expected) {
        const row = rows.find((r) => r.accountKind === e.kind && r.month === e.month);
        expect(row, `${e.kind} ${e.month}`).toBeDefined();
        expect(tonnesToKg(row?.quantity_sum as string)).toBe(BigInt(e.kg));
        expect(tonnesToKg(row?.quantityIn_sum as string)).toBe(BigInt(e.inkg));
        expect(tonnesToKg(row?.quantityOut_sum as string)).toBe(BigInt(e.outkg));
        expect(row?.entries_count).toBe(Number(e.n));
      }
      // Every posting sums to zero: so do all the movements.
      expect(tonnesToKg(first.totals.quantity_sum as string)).toBe(0n);
      expect(tonnesToKg(first.totals.quantityIn_sum as string)).toBe(expected.reduce((t, e) => t + BigInt(e.inkg), 0n));
    }
  });

  it('filters, sorts and pages in the database', async () => {
    const definition: Definition = { dataset: 'ledgerMovements', dimensions: ['date'], measures: [{ field: 'quantityIn', agg: 'sum' }], filters: [{ field: 'accountKind', op: 'eq', value: 'ON_HAND' }], sort: { key: 'date', order: 'desc' } };
    const { rows, first } = await runAll('admin', definition);
    const expected = byKey(
      await w.rows<{ k: string; kg: string }>(
        sql`select to_char(t.created_at at time zone (select timezone from agencies where id = a.agency_id), 'YYYY-MM-DD') as k, sum(greatest(e.quantity_kg, 0))::text as kg
            from ledger_entries e join ledger_transactions t on t.id = e.transaction_id join ledger_accounts a on a.id = e.account_id
            where e.quantity_kg <> 0 and a.kind = 'ON_HAND' group by 1`,
      ),
    );
    expect(new Map(rows.map((r) => [String(r.date), tonnesToKg(r.quantityIn_sum as string)]))).toEqual(expected);
    const dates = rows.map((r) => String(r.date));
    expect(dates).toEqual([...dates].sort().reverse());
    expect(first.rows.length).toBe(Math.min(100, expected.size));
    const second = await run('admin', definition, 2, 20);
    expect(second.rows.map((r) => r.date)).toEqual(dates.slice(20, 40));
    const from = dates[Math.floor(dates.length / 2)] ?? '';
    const narrowed = await runAll('admin', { ...definition, filters: [...(definition.filters ?? []), { field: 'date', op: 'from', value: from }] });
    expect(narrowed.rows.map((r) => r.date)).toEqual(dates.filter((d) => d >= from));
    const to = dates[dates.length - 1] ?? '';
    const upTo = await runAll('admin', { ...definition, filters: [...(definition.filters ?? []), { field: 'date', op: 'to', value: to }, { field: 'date', op: 'ne', value: from }] });
    expect(upTo.rows.map((r) => r.date)).toEqual(dates.filter((d) => d <= to && d !== from));
    const month = from.slice(0, 7);
    const inMonth = await runAll('admin', { ...definition, filters: [...(definition.filters ?? []), { field: 'month', op: 'eq', value: month }] });
    expect(inMonth.rows.map((r) => r.date)).toEqual(dates.filter((d) => d.startsWith(month)));
    const oneDay = await runAll('admin', { ...definition, filters: [...(definition.filters ?? []), { field: 'date', op: 'eq', value: from }] });
    expect(oneDay.rows.map((r) => [r.date, r.quantityIn_sum])).toEqual(rows.filter((r) => r.date === from).map((r) => [r.date, r.quantityIn_sum]));
  });

  it('loading slips per voyage equal the live slips', async () => {
    const { rows, first } = await runAll('admin', { dataset: 'loadingSlips', dimensions: ['voyage'], measures: [{ field: 'quantity', agg: 'sum' }, { field: 'trips', agg: 'count' }] });
    const expected = await w.rows<{ k: string; kg: string; n: string }>(
      sql`select ve.name || ' / ' || v.voyage_number as k, sum(s.quantity_kg)::text as kg, count(*)::text as n from loading_slips s join port_loadings pl on pl.id = s.port_loading_id
          join voyages v on v.id = pl.voyage_id join vessels ve on ve.id = v.vessel_id where s.status = 'Active' group by 1`,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(new Map(rows.map((r) => [r.voyage, [tonnesToKg(r.quantity_sum as string), r.trips_count]]))).toEqual(new Map(expected.map((e) => [e.k, [BigInt(e.kg), Number(e.n)]])));
    expect(tonnesToKg(first.totals.quantity_sum as string)).toBe(expected.reduce((t, e) => t + BigInt(e.kg), 0n));
  });

  it('loans: loaned, returned and outstanding per lender equal the live loans and returns', async () => {
    const { rows } = await runAll('admin', { dataset: 'loans', dimensions: ['lender'], measures: [{ field: 'loaned', agg: 'sum' }, { field: 'returned', agg: 'sum' }, { field: 'outstanding', agg: 'sum' }] });
    const expected = await w.rows<{ k: string; loaned: string; returned: string }>(
      sql`select c.name as k, sum(l.quantity_kg)::text as loaned,
                 coalesce(sum((select sum(r.quantity_kg) from loan_returns r where r.loan_id = l.id and r.status = 'Active')), 0)::text as returned
          from consignee_to_shipment_manager_loans l join companies c on c.id = l.lender_company_id where l.status = 'Active' group by 1`,
    );
    expect(expected.length).toBeGreaterThan(0);
    for (const e of expected) {
      const row = rows.find((r) => r.lender === e.k);
      expect(tonnesToKg(row?.loaned_sum as string)).toBe(BigInt(e.loaned));
      expect(tonnesToKg(row?.returned_sum as string)).toBe(BigInt(e.returned));
      expect(tonnesToKg(row?.outstanding_sum as string)).toBe(BigInt(e.loaned) - BigInt(e.returned));
    }
  });

  it('weighings: net weight per warehouse equals the live second weights', async () => {
    const { rows } = await runAll('admin', { dataset: 'weighings', dimensions: ['warehouse'], measures: [{ field: 'netWeight', agg: 'sum' }, { field: 'weighings', agg: 'count' }, { field: 'netWeight', agg: 'max' }] });
    const expected = await w.rows<{ k: string; kg: string; n: string; mx: string }>(
      sql`select l.name as k, sum(s.net_kg)::text as kg, count(*)::text as n, max(s.net_kg)::text as mx from outbound_second_weights s join outbound_first_weights f on f.id = s.first_weight_id
          join locations l on l.id = f.warehouse_id where s.status = 'Active' and f.status = 'Active' group by 1`,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(new Map(rows.map((r) => [r.warehouse, [tonnesToKg(r.netWeight_sum as string), r.weighings_count, tonnesToKg(r.netWeight_max as string)]]))).toEqual(
      new Map(expected.map((e) => [e.k, [BigInt(e.kg), Number(e.n), BigInt(e.mx)]])),
    );
  });
});

describe('data scope: a shipment manager’s company admin sees only its cargo in every dataset', () => {
  const ownersOf = (sm: number) =>
    w.rows<{ name: string }>(sql`select name from companies where id = ${sm}::integer or shipment_manager_id = ${sm}::integer`).then((r) => new Set(r.map((x) => x.name)));
  const lcPosOf = (sm: number) =>
    w.rows<{ name: string }>(sql`select coalesce(lc_number, po_number) as name from consignments where shipment_manager_id = ${sm}::integer`).then((r) => new Set(r.map((x) => x.name)));

  it('stock positions: the SM’s own and its consignees’ stock, equal to the entries of those owners', async () => {
    for (const who of ['rsgl', 'bahr'] as const) {
      const sm = w.sm[who];
      const { rows } = await runAll(who, { dataset: 'stockPositions', dimensions: ['place', 'owner'], measures: [{ field: 'onHand', agg: 'sum' }] });
      const owners = await ownersOf(sm);
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) expect(owners.has(String(r.owner)), String(r.owner)).toBe(true);
      const expected = byKey(
        await w.rows<{ k: string; kg: string }>(
          onHandEntries(sql`(a.owner_company_id = ${sm}::integer or a.owner_company_id in (select id from companies where shipment_manager_id = ${sm}::integer))`),
        ),
      );
      const perPlace = new Map<string, bigint>();
      for (const r of rows) perPlace.set(String(r.place ?? ''), (perPlace.get(String(r.place ?? '')) ?? 0n) + tonnesToKg(r.onHand_sum));
      expect(perPlace).toEqual(expected);
    }
  });

  it('ledger movements, loading slips, weighings and loans: only the SM’s cargo, disjoint between the two SMs', async () => {
    const seen: Record<string, Record<'rsgl' | 'bahr', Set<string>>> = {};
    for (const who of ['rsgl', 'bahr'] as const) {
      const sm = w.sm[who];
      const owners = await ownersOf(sm);
      const lcPos = await lcPosOf(sm);
      const movements = await runAll(who, { dataset: 'ledgerMovements', dimensions: ['accountKind', 'owner', 'lcPo'], measures: [{ field: 'entries', agg: 'count' }] });
      expect(movements.rows.length).toBeGreaterThan(0);
      for (const r of movements.rows) {
        const consignmentKind = ['VESSEL', 'ON_BOARD', 'IN_TRANSIT', 'TRANSIT_LOSS'].includes(String(r.accountKind));
        if (consignmentKind) expect(lcPos.has(String(r.lcPo)), `${String(r.accountKind)} ${String(r.lcPo)}`).toBe(true);
        else expect(owners.has(String(r.owner)), `${String(r.accountKind)} ${String(r.owner)}`).toBe(true);
      }
      const slips = await runAll(who, { dataset: 'loadingSlips', dimensions: ['lcPo'], measures: [{ field: 'quantity', agg: 'sum' }] });
      for (const r of slips.rows) expect(lcPos.has(String(r.lcPo))).toBe(true);
      const [own] = await w.rows<{ kg: string }>(
        sql`select coalesce(sum(s.quantity_kg), 0)::text as kg from loading_slips s join port_loadings pl on pl.id = s.port_loading_id join consignments c on c.id = pl.consignment_id
            where s.status = 'Active' and c.shipment_manager_id = ${sm}::integer`,
      );
      expect(tonnesToKg(slips.first.totals.quantity_sum as string)).toBe(BigInt(own?.kg ?? '0'));
      const weighings = await runAll(who, { dataset: 'weighings', dimensions: ['owner'], measures: [{ field: 'netWeight', agg: 'sum' }] });
      for (const r of weighings.rows) expect(owners.has(String(r.owner)), String(r.owner)).toBe(true);
      const loans = await runAll(who, { dataset: 'loans', dimensions: ['lender', 'lcPo'], measures: [{ field: 'loaned', agg: 'sum' }] });
      for (const r of loans.rows) expect(owners.has(String(r.lender)) || lcPos.has(String(r.lcPo)), `${String(r.lender)} ${String(r.lcPo)}`).toBe(true);
      const keys = { movements: movements.rows, slips: slips.rows, weighings: weighings.rows, loans: loans.rows };
      for (const [name, list] of Object.entries(keys)) {
        seen[name] ??= { rsgl: new Set(), bahr: new Set() };
        const bucket = seen[name];
        if (bucket) bucket[who] = new Set(list.map((r) => JSON.stringify(r)));
      }
    }
    // The admin sees more than either.
    const all = await run('admin', { dataset: 'ledgerMovements', measures: [{ field: 'entries', agg: 'count' }] });
    const rsgl = await run('rsgl', { dataset: 'ledgerMovements', measures: [{ field: 'entries', agg: 'count' }] });
    const bahr = await run('bahr', { dataset: 'ledgerMovements', measures: [{ field: 'entries', agg: 'count' }] });
    expect(Number(rsgl.totals.entries_count) + Number(bahr.totals.entries_count)).toBeLessThanOrEqual(Number(all.totals.entries_count));
    expect(Number(rsgl.totals.entries_count)).toBeGreaterThan(0);
    const slipsOf = seen.slips;
    if (slipsOf) for (const key of slipsOf.rsgl) expect(slipsOf.bahr.has(key)).toBe(false);
  });
});

describe('the pivot', () => {
  const pivot: Definition = {
    dataset: 'ledgerMovements',
    dimensions: ['place'],
    pivot: { field: 'accountKind' },
    measures: [{ field: 'quantityIn', agg: 'sum' }, { field: 'entries', agg: 'count' }],
    sort: { key: 'quantityIn_sum', order: 'desc' },
  };

  it('is one statement (counted at the database handle) whose cells, row and column totals equal the flat grouping', async () => {
    let statements = 0;
    const result = await inAgency(w.t.database.db, w.agencyId, async (tx) => {
      const counting = new Proxy(tx, {
        get(target, property, receiver) {
          const value: unknown = Reflect.get(target, property, receiver);
          if (property === 'execute' && typeof value === 'function') {
            return (...args: unknown[]) => {
              statements += 1;
              return (value as (...a: unknown[]) => unknown).apply(target, args);
            };
          }
          return value;
        },
      });
      return runDefinition(counting, { agencyId: w.agencyId, scope: UNRESTRICTED }, ZBuilderDefinition.parse(pivot), { page: 1, limit: 100 });
    });
    expect(statements).toBe(1);

    const flat = await runAll('admin', { dataset: 'ledgerMovements', dimensions: ['place', 'accountKind'], measures: pivot.measures });
    const kinds = result.columns.filter((c) => c.pivotValue !== undefined && c.key.endsWith('__quantityIn_sum'));
    expect(kinds.map((c) => c.pivotValue)).toEqual([...new Set(flat.rows.map((r) => r.accountKind as string | null))].sort((a, b) => (a === null ? 1 : b === null ? -1 : a < b ? -1 : 1)));
    for (const row of result.rows) {
      let rowTotal = 0n;
      for (const c of kinds) {
        const cell = flat.rows.find((r) => r.place === row.place && r.accountKind === c.pivotValue);
        expect(row[c.key] ?? null, `${String(row.place)} ${String(c.pivotValue)}`).toBe(cell ? cell.quantityIn_sum : null);
        rowTotal += tonnesToKg((row[c.key]) ?? '0');
      }
      expect(tonnesToKg(row.quantityIn_sum as string)).toBe(rowTotal);
    }
    for (const c of kinds) expect(tonnesToKg(result.totals[c.key] as string)).toBe(kgOf(flat.rows.filter((r) => r.accountKind === c.pivotValue), 'quantityIn_sum'));
    expect(tonnesToKg(result.totals.quantityIn_sum as string)).toBe(kgOf(flat.rows, 'quantityIn_sum'));
    // Rows in the asked order (row totals descending), all places, counted.
    const totals = result.rows.map((r) => tonnesToKg(r.quantityIn_sum as string));
    expect(totals).toEqual([...totals].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    expect(result.count).toBe(new Set(flat.rows.map((r) => r.place)).size);
  });

  it('the API answers the same pivot, paged', async () => {
    const whole = await run('admin', pivot);
    const second = await run('admin', pivot, 2, 20);
    expect(second.rows).toEqual(whole.rows.slice(20, 40));
    expect(second.totals).toEqual(whole.totals);
  });

  it('refuses a pivot with more columns than allowed (400, nothing answered)', async () => {
    const definition = ZBuilderDefinition.parse({ dataset: 'ledgerMovements', dimensions: ['accountKind'], pivot: { field: 'date' }, measures: [{ field: 'entries', agg: 'count' }] });
    const [days] = await w.rows<{ n: string }>(sql`select count(distinct (t.created_at at time zone a.timezone)::date)::text as n from ledger_transactions t join agencies a on a.id = t.agency_id`);
    const limit = Number(days?.n) - 1;
    expect(limit).toBeGreaterThan(1);
    const refused = await inAgency(w.t.database.db, w.agencyId, (tx) => runDefinition(tx, { agencyId: w.agencyId, scope: UNRESTRICTED }, definition, { page: 1, limit: 20 }, { pivotColumns: limit })).catch((error: unknown) => error);
    expect(refused).toMatchObject({ statusCode: 400, message: `The pivot field "date" has ${limit + 1} values; at most ${limit} can be columns. Filter the data or pivot another field.` });
    const allowed = await inAgency(w.t.database.db, w.agencyId, (tx) => runDefinition(tx, { agencyId: w.agencyId, scope: UNRESTRICTED }, definition, { page: 1, limit: 20 }, { pivotColumns: limit + 1 }));
    expect(allowed.columns.filter((c) => c.pivotValue !== undefined)).toHaveLength(limit + 1);
  });
});

describe('saved reports', () => {
  const definition: Definition = { dataset: 'loadingSlips', dimensions: ['voyage'], measures: [{ field: 'quantity', agg: 'sum' }], chart: { type: 'bar', measure: 'quantity_sum' } };

  it('are saved per agency and shared with roles: others neither see nor run them', async () => {
    const db = w.t.database.db;
    const flags = [permissionFlag('ReportBuilder', 'view')];
    const sharedRole = await makeRole(db, { agencyId: w.agencyId, permissions: flags });
    const otherRole = await makeRole(db, { agencyId: w.agencyId, permissions: flags });
    const headersOf = async (roleId: number) => ({ ...bearer(await loginAs(w.t.app, (await makeUser(db, { kind: 'agencyUser', agencyId: w.agencyId, roleId })).username)), 'x-agency-id': String(w.agencyId) });
    const shared = await headersOf(sharedRole.id);
    const other = await headersOf(otherRole.id);

    const created = await post('rsgl', '/reports', { name: 'Slips per voyage', definition, sharedRoleIds: [sharedRole.id] });
    expect(created.statusCode, created.body).toBe(201);
    const saved = ZBuilderSaved.parse(created.json());
    expect(saved).toMatchObject({ name: 'Slips per voyage', sharedRoleIds: [sharedRole.id], mine: true });
    expect((await post('rsgl', '/reports', { name: 'slips PER voyage', definition })).statusCode).toBe(409);
    expect((await post('rsgl', '/reports', { name: '  ', definition })).statusCode).toBe(400);
    expect((await post('rsgl', '/reports', { name: 'Bad role', definition, sharedRoleIds: [2_000_000_000] })).statusCode).toBe(400);

    const roles = await w.t.app.inject({ method: 'GET', url: '/api/report-builder/roles', headers: shared });
    expect(roles.json<{ rows: { id: number; name: string }[] }>().rows).toContainEqual({ id: sharedRole.id, name: sharedRole.name });
    const list = async (headers: Record<string, string>) =>
      (await w.t.app.inject({ method: 'GET', url: '/api/report-builder/reports', headers })).json<{ rows: { id: number; mine: boolean }[] }>().rows.filter((r) => r.id === saved.id);
    expect(await list(shared)).toMatchObject([{ id: saved.id, mine: false }]);
    expect(await list(other)).toEqual([]);
    expect(await list(w.headers('admin'))).toHaveLength(1);

    // The shared user runs it, in their own scope (unrestricted here), the rsgl admin in theirs.
    const ranShared = await post(shared, `/reports/${saved.id}/run`, { page: 1, limit: 20 });
    expect(ranShared.statusCode, ranShared.body).toBe(200);
    const ranOwner = ZBuilderResult.parse((await post('rsgl', `/reports/${saved.id}/run`, { page: 1, limit: 20 })).json());
    expect(tonnesToKg(ranOwner.totals.quantity_sum as string)).toBeLessThan(tonnesToKg(ZBuilderResult.parse(ranShared.json()).totals.quantity_sum));

    expect((await post(other, `/reports/${saved.id}/run`, { page: 1, limit: 20 })).statusCode).toBe(404);
    expect((await w.t.app.inject({ method: 'GET', url: `/api/report-builder/reports/${saved.id}`, headers: other })).statusCode).toBe(404);
    // Seen but not theirs: the shared user may not change or delete it.
    expect((await w.t.app.inject({ method: 'PUT', url: `/api/report-builder/reports/${saved.id}`, headers: shared, payload: { name: 'Mine now', definition } })).statusCode).toBe(403);
    expect((await w.t.app.inject({ method: 'DELETE', url: `/api/report-builder/reports/${saved.id}`, headers: shared })).statusCode).toBe(403);
    expect((await w.t.app.inject({ method: 'DELETE', url: `/api/report-builder/reports/${saved.id}`, headers: other })).statusCode).toBe(404);
    // Without the builder's flag: 403.
    expect((await w.t.app.inject({ method: 'GET', url: `/api/report-builder/reports/${saved.id}`, headers: w.headers('without') })).statusCode).toBe(403);

    // Another agency: not there.
    await w.generated();
    expect((await w.t.app.inject({ method: 'GET', url: `/api/report-builder/reports/${saved.id}`, headers: w.headers('generated') })).statusCode).toBe(404);
    expect((await list(w.headers('generated'))).length).toBe(0);
    expect((await post('generated', '/reports', { name: 'Foreign role', definition, sharedRoleIds: [sharedRole.id] })).statusCode).toBe(400);

    // The owner renames, re-shares and deletes it.
    const renamed = await w.t.app.inject({ method: 'PUT', url: `/api/report-builder/reports/${saved.id}`, headers: w.headers('rsgl'), payload: { name: 'Slips by voyage', definition, sharedRoleIds: [otherRole.id] } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await list(other)).toHaveLength(1);
    expect(await list(shared)).toEqual([]);
    expect((await w.t.app.inject({ method: 'DELETE', url: `/api/report-builder/reports/${saved.id}`, headers: w.headers('rsgl') })).statusCode).toBe(200);
    expect((await w.t.app.inject({ method: 'GET', url: `/api/report-builder/reports/${saved.id}`, headers: w.headers('rsgl') })).statusCode).toBe(404);
  });
});

describe('the export', () => {
  it('writes the grouped rows with headers in the language, in the user’s scope', async () => {
    const definition: Definition = { dataset: 'loadingSlips', dimensions: ['voyage'], measures: [{ field: 'quantity', agg: 'sum' }] };
    const response = await w.t.app.inject({ method: 'GET', url: `/api/report-builder/export.xlsx?lang=ar&definition=${encodeURIComponent(JSON.stringify(definition))}`, headers: w.headers('rsgl') });
    expect(response.statusCode, response.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, 'السفينة / الرحلة', 'الكمية (طن متري) (المجموع)']);
    const screen = await runAll('rsgl', definition);
    const cells: number[] = [];
    sheet?.eachRow((row, n) => {
      if (n > 1) cells.push(Number(row.getCell(2).value));
    });
    expect(cells.length).toBe(screen.rows.length);
    expect(cells.reduce((a, b) => a + b, 0).toFixed(3)).toBe((Number(kgOf(screen.rows, 'quantity_sum')) / 1000).toFixed(3));
    const bad = await w.t.app.inject({ method: 'GET', url: `/api/report-builder/export.xlsx?definition=${encodeURIComponent('{"dataset":"users"')}`, headers: w.headers('rsgl') });
    expect(bad.statusCode).toBe(400);
  });

  it('names coded values (account kinds, transaction types) in the language, and every posted type is a declared code', async () => {
    const types = (await w.rows<{ type: string }>(sql`select distinct type from ledger_transactions`)).map((r) => r.type);
    expect(types.length).toBeGreaterThan(10);
    expect(types.filter((type) => !(POSTING_TYPES as readonly string[]).includes(type))).toEqual([]);
    const definition: Definition = { dataset: 'ledgerMovements', dimensions: ['transactionType', 'accountKind'], measures: [{ field: 'entries', agg: 'count' }] };
    const response = await w.t.app.inject({ method: 'GET', url: `/api/report-builder/export.xlsx?lang=ar&definition=${encodeURIComponent(JSON.stringify(definition))}`, headers: w.headers('admin') });
    expect(response.statusCode, response.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const named = new Set<string>();
    book.worksheets[0]?.eachRow((row, n) => {
      if (n > 1) named.add(`${row.getCell(1).text} / ${row.getCell(2).text}`);
    });
    expect(named).toContain('دخول المستودع / المتوفر');
    expect(named).toContain('التحميل من الميناء / قيد النقل');
    expect([...named].filter((cell) => /[A-Za-z_]/.test(cell))).toEqual([]);
  });

  it('runs as a background job with the same definition, for the same user and scope', async () => {
    const definition: Definition = { dataset: 'loadingSlips', dimensions: ['lcPo'], measures: [{ field: 'quantity', agg: 'sum' }, { field: 'trips', agg: 'count' }] };
    const started = await post('rsgl', `/export?lang=en&definition=${encodeURIComponent(JSON.stringify(definition))}`, { background: true });
    expect(started.statusCode, started.body).toBe(202);
    const job = started.json<{ mode: string; job: { id: number; dataset: string } }>().job;
    expect(job.dataset).toBe('report:reportBuilder');
    let status = 'queued';
    for (let i = 0; i < 400 && (status === 'queued' || status === 'running'); i += 1) {
      await w.t.context.exports.jobs.poll();
      status = (await w.t.app.inject({ method: 'GET', url: `/api/export-jobs/${job.id}`, headers: w.headers('rsgl') })).json<{ status: string }>().status;
      if (status === 'queued' || status === 'running') await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(status).toBe('done');
    const file = await w.t.app.inject({ method: 'GET', url: `/api/export-jobs/${job.id}/download`, headers: w.headers('rsgl') });
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, 'LC / PO', 'Quantity (MT) (sum)', 'Trips (count)']);
    const screen = await runAll('rsgl', definition);
    expect((sheet?.rowCount ?? 0) - 1).toBe(screen.rows.length);
  });
});
