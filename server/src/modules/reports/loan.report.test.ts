import { kgToTonnes, loanReport } from '@tonnage/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectTonnesCell, type ReportCaller, type ReportQueryValues, withReportWorld, type ReportWorld } from './report.test-support';

/**
 * Loan Statement (`GET /api/reports/loan-report`): opening, issued, returned and closing per lender, borrower, LC/PO
 * and cargo type against the test's own sums of the live loans and returns (each movement placed in or before the
 * period by its business time), on the demo season and a generated one; filters, period, paging, sort, scope,
 * bad parameters, permission and the export.
 */
let w: ReportWorld;
let agencyId: number;

interface Movement {
  line: string;
  lender: number;
  borrower: number;
  kind: 'loan' | 'return';
  /** Milliseconds of the business time. */
  at: number;
  kg: bigint;
}

/** Every live loan and live return of the agency (returns of live loans), with its line's key. */
async function movements(agency: number, where = sql`true`): Promise<Movement[]> {
  const raw = await w.rows<{ lender: number; borrower: number; consignment: number; cargo: number; kind: 'loan' | 'return'; at: string; kg: string }>(
    sql`select l.lender_company_id as lender, l.borrower_company_id as borrower, l.consignment_id as consignment, l.cargo_type_id as cargo, 'loan' as kind, l.loan_at::text as at, l.quantity_kg::text as kg
        from consignee_to_shipment_manager_loans l where l.status = 'Active' and ${where}
        union all
        select l.lender_company_id, l.borrower_company_id, l.consignment_id, l.cargo_type_id, 'return', r.return_at::text, r.quantity_kg::text
        from loan_returns r join consignee_to_shipment_manager_loans l on l.id = r.loan_id where r.status = 'Active' and l.status = 'Active' and ${where}`,
    agency,
  );
  return raw.map((m) => ({ line: `${m.lender}/${m.borrower}/${m.consignment}/${m.cargo}`, lender: Number(m.lender), borrower: Number(m.borrower), kind: m.kind, at: new Date(m.at).getTime(), kg: BigInt(m.kg) }));
}

/** The start of a business date in the agency's time zone. */
async function startOf(agency: number, date: string): Promise<number> {
  const [row] = await w.rows<{ at: string }>(sql`select ((${date}::date)::timestamp at time zone (select timezone from agencies where id = ${agency}::integer))::text as at`, agency);
  return new Date(String(row?.at)).getTime();
}

/** The expected lines of a period (from/to inclusive dates, either open). */
async function expectedLines(agency: number, period: { fromDate?: string; toDate?: string }, where = sql`true`) {
  const from = period.fromDate ? await startOf(agency, period.fromDate) : -Infinity;
  const to = period.toDate ? (await startOf(agency, period.toDate)) + 0 : Infinity;
  // The end of the to date: the start of the next day.
  const end = period.toDate ? await startOf(agency, new Date(new Date(`${period.toDate}T00:00:00Z`).getTime() + 86_400_000).toISOString().slice(0, 10)) : Infinity;
  expect(end).toBeGreaterThanOrEqual(to);
  const lines = new Map<string, { opening: bigint; issued: bigint; returned: bigint }>();
  for (const m of await movements(agency, where)) {
    if (m.at >= end) continue;
    const line = lines.get(m.line) ?? { opening: 0n, issued: 0n, returned: 0n };
    const signed = m.kind === 'loan' ? m.kg : -m.kg;
    if (m.at < from) line.opening += signed;
    else if (m.kind === 'loan') line.issued += m.kg;
    else line.returned += m.kg;
    lines.set(m.line, line);
  }
  return new Map([...lines].filter(([, l]) => l.opening !== 0n || l.issued !== 0n || l.returned !== 0n));
}

const lineOf = (r: Record<string, unknown>) => `${String(r.lenderId)}/${String(r.borrowerId)}/${String(r.consignmentId)}/${String(r.cargoTypeId)}`;
const kg = (mt: unknown) => BigInt(String(mt).replace('.', ''));

async function compare(who: ReportCaller, agency: number, period: { fromDate?: string; toDate?: string }) {
  const want = await expectedLines(agency, period);
  const { all, first } = await w.allRows(who, period);
  expect(first.count).toBe(want.size);
  const got = new Map(all.map((r) => [lineOf(r), { opening: kg(r.opening), issued: kg(r.issued), returned: kg(r.returned), closing: kg(r.closing) }]));
  for (const [line, w] of want) expect(got.get(line), line).toEqual({ ...w, closing: w.opening + w.issued - w.returned });
  const sum = (pick: (l: { opening: bigint; issued: bigint; returned: bigint }) => bigint) => kgToTonnes([...want.values()].reduce((s, l) => s + pick(l), 0n));
  expect(first.totals).toEqual({ opening: sum((l) => l.opening), issued: sum((l) => l.issued), returned: sum((l) => l.returned), closing: sum((l) => l.opening + l.issued - l.returned) });
  return want;
}

/** A period that splits the movements: from the date of the middle movement to the date of the last but one. */
async function splitPeriod(agency: number): Promise<{ fromDate: string; toDate: string }> {
  const dates = await w.rows<{ d: string }>(
    sql`select to_char(at at time zone (select timezone from agencies where id = ${agency}::integer), 'YYYY-MM-DD') as d from (
          select loan_at as at from consignee_to_shipment_manager_loans where status = 'Active' union all select return_at from loan_returns where status = 'Active') m order by d`,
    agency,
  );
  expect(dates.length).toBeGreaterThanOrEqual(2);
  const middle = Math.floor(dates.length / 2);
  return { fromDate: String(dates[middle]?.d), toDate: String(dates[Math.max(middle, dates.length - 2)]?.d) };
}

withReportWorld(loanReport, (world) => {
  w = world;
  agencyId = world.agencyId;
});

describe('right answers', () => {
  it('demo season: all time, and a period splitting the movements', async () => {
    const everything = await compare('admin', agencyId, {});
    expect(everything.size).toBeGreaterThan(0);
    const period = await splitPeriod(agencyId);
    await compare('admin', agencyId, period);
    await compare('admin', agencyId, { fromDate: period.fromDate });
    await compare('admin', agencyId, { toDate: period.fromDate });
  });

  it('generated season: all time and a split period', async () => {
    const generated = await w.generated(17, 3);
    const everything = await compare('generated', generated.agencyId, {});
    expect(everything.size).toBe(generated.season.loans > 0 ? everything.size : 0);
    if (everything.size > 0) await compare('generated', generated.agencyId, await splitPeriod(generated.agencyId));
  }, 300_000);
});

describe('filters, paging, sort, scope, permission, bad input, export', () => {
  it('filters by lender, borrower and LC/PO', async () => {
    const [m] = await movements(agencyId);
    if (!m) throw new Error('no loans');
    const [lender, borrower, consignment] = m.line.split('/').map(Number);
    const cases: [string, number, ReturnType<typeof sql>][] = [
      ['lenderId', Number(lender), sql`l.lender_company_id = ${Number(lender)}::integer`],
      ['borrowerId', Number(borrower), sql`l.borrower_company_id = ${Number(borrower)}::integer`],
      ['consignmentId', Number(consignment), sql`l.consignment_id = ${Number(consignment)}::integer`],
    ];
    for (const [param, value, where] of cases) {
      const want = await expectedLines(agencyId, {}, where);
      const answer = await w.report('admin', { [param]: value, limit: 100 });
      expect(answer.count, param).toBe(want.size);
      expect(answer.rows.map(lineOf).sort()).toEqual([...want.keys()].sort());
    }
  });

  it('pages and sorts in the database', async () => {
    await w.expectFirstPageSorted('admin', {}, 'issued', 'desc');
  });

  it('scope: each shipment manager’s admin sees the loans of its own consignees only', async () => {
    const seen: Record<string, string[]> = {};
    for (const who of ['rsgl', 'bahr'] as const) {
      const answer = await w.report(who, { limit: 100 });
      seen[who] = answer.rows.map(lineOf);
      const lenders = await w.rows<{ id: number; sm: number | null }>(sql`select id, shipment_manager_id as sm from companies`);
      for (const r of answer.rows) {
        const lender = lenders.find((c) => Number(c.id) === r.lenderId);
        expect(Number(lender?.sm ?? lender?.id)).toBe(w.sm[who]);
      }
    }
    expect((seen.rsgl?.length ?? 0) + (seen.bahr?.length ?? 0)).toBeGreaterThan(0);
    for (const line of seen.rsgl ?? []) expect(seen.bahr).not.toContain(line);
    const foreign = (await w.report('rsgl')).rows[0] ?? (await w.report('bahr')).rows[0];
    if (foreign) {
      const stranger = (await w.report('rsgl')).rows[0] ? 'bahr' : 'rsgl';
      expect((await w.report(stranger, { consignmentId: Number(foreign.consignmentId), lenderId: Number(foreign.lenderId) })).count).toBe(0);
    }
  });

  it('answers 403 without the permission, 400 on bad parameters with a message', async () => {
    await w.expectPermissions();
    const bad: [ReportQueryValues, RegExp][] = [
      [{ fromDate: '2026-02-30' }, /Please select a date/],
      [{ fromDate: '2026-03-10', toDate: '2026-03-01' }, /The to date can not be before the from date/],
      [{ lenderId: 'x' }, /Invalid id/],
      [{ sortBy: 'quantity_kg' }, /cannot be sorted/],
    ];
    await w.expectRefused('admin', bad);
  });

  it('exports every line with numbers, in English and Arabic', async () => {
    const page = await w.report('admin');
    for (const { sheet } of await w.exportSheets('admin', {}, { count: page.count, header: { en: 'Lender', ar: 'المُقرض' } })) {
      if (page.count > 0) expectTonnesCell(sheet.getRow(2).getCell(6));
    }
  });
});
