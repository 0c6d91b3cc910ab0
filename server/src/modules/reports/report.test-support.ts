import { COMPANY_TYPE_IDS, kgToTonnes, permissionFlag, reportPageSchema, type ReportDeclaration, type ReportPage } from '@tonnage/contracts';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect } from 'vitest';
import { queryRows } from '../../platform/db/client';
import { inAgency } from '../../platform/db/tenancy';
import { findDemoAgency } from '../../seed/first-run';
import { bearer, loginAs, makeRole, makeUser } from '../../test/fixtures';
import { createGeneratedAgency } from '../../test/generated-season';
import { createDemoTestApp, type TestApp } from '../../test/harness';

/*
 * The world of a report's API test (issue 16), one per test file: an app on the test engine with the demo season, the
 * demo admin, two shipment managers' company admins with the report's view and export flags (each must see only its
 * own cargo), a user with view only, a user with another report's flag only, and on demand a generated season in an
 * agency of its own. The test computes its independent answer from `ledger_entries` with `rows` and compares.
 */

/** Who calls: the demo admin, the two SMs' company admins, view only, without the report's flags, the generated agency's admin. */
export type ReportCaller = 'admin' | 'rsgl' | 'bahr' | 'viewOnly' | 'without' | 'generated';
export type ReportQueryValues = Record<string, string | number | boolean>;
/** The export's languages. */
export type ExportLang = 'en' | 'ar';

/** What every export in a language must show: its data rows (the page's count), the first header cell per language, and optionally the file name. */
export interface ExportExpectation {
  count: number;
  /** The first header cell in each language to export (the languages exported, in this order). */
  header: Partial<Record<ExportLang, string>>;
  /** Part of the content-disposition (the file name), where the test checks it. */
  fileName?: string;
}

export interface ReportWorld {
  t: TestApp;
  /** The demo agency. */
  agencyId: number;
  /** The demo's shipment managers (companies). */
  sm: { rsgl: number; bahr: number };
  /** The agency a caller works in (the demo agency but for `generated`). */
  agencyOf(who: ReportCaller): number;
  /** Rows of a statement in an agency's transaction (row-level security as the app's). */
  rows<T>(query: SQL, agency?: number): Promise<T[]>;
  /** `GET /api/reports/<key><path>?<query>` as a caller. */
  call(who: ReportCaller, query?: ReportQueryValues, path?: string): Promise<Awaited<ReturnType<TestApp['app']['inject']>>>;
  /** The headers of a caller's requests (bearer token and agency). */
  headers(who: ReportCaller): Record<string, string>;
  /** The page (200 expected, parsed by the report's schema). */
  report(who: ReportCaller, query?: ReportQueryValues): Promise<ReportPage>;
  /** Every row over the pages, 100 at a time, and the first page (its count and totals). */
  allRows(who: ReportCaller, query?: ReportQueryValues): Promise<{ all: ReportPage['rows']; first: ReportPage }>;
  /** Each query answers 400 with a body matching its message (the report's bad-parameter cases). */
  expectRefused(who: ReportCaller, cases: readonly (readonly [ReportQueryValues, RegExp])[]): Promise<void>;
  /** Without the report's flags: 403 on the page, `/export.xlsx` and each of `paths`; view only: the page (200) but not the export (403). */
  expectPermissions(query?: ReportQueryValues, paths?: readonly string[]): Promise<void>;
  /** The export's first sheet: 200, the file name in the content-disposition where given, the workbook loaded. */
  exportSheet(who: ReportCaller, query: ReportQueryValues, fileName?: string): Promise<ExcelJS.Worksheet>;
  /** The export in each language of `expected.header`, after the common checks: 200, the file name where given, a data row per counted row, the first header cell in the language, right to left in Arabic only. */
  exportSheets(who: ReportCaller, query: ReportQueryValues, expected: ExportExpectation): Promise<{ lang: ExportLang; sheet: ExcelJS.Worksheet }[]>;
  /**
   * Paging and sorting in the database, per `[sortBy, sortOrder]`: the page of 100 is in that order by the number in
   * the column (but for `textColumns`, whose order is the database's collation), and its pages of 20 put together are it.
   */
  expectSortedPages(who: ReportCaller, query: ReportQueryValues, sorts: readonly (readonly [string, 'asc' | 'desc'])[], textColumns: readonly string[]): Promise<void>;
  /**
   * The page of 100 sorted by a numeric column is in that order, and the first page of 20 is its first 20 rows with
   * the same totals; returns the page of 100.
   */
  expectFirstPageSorted(who: ReportCaller, query: ReportQueryValues, sortBy: string, sortOrder: 'asc' | 'desc'): Promise<ReportPage>;
  /** Creates the generated season (once) and signs its admin in as `generated`; returns its agency and season. */
  generated(seed?: number, voyages?: number): Promise<Awaited<ReturnType<typeof createGeneratedAgency>>>;
  close(): Promise<void>;
}

const DEMO_PASSWORD = 'Demo#Pass1';
const GENERATED_PASSWORD = 'Generated#Pass1';

/** Builds the world of `report`'s test (call in `beforeAll` with a long timeout; `close` in `afterAll`). */
export async function reportWorld(report: ReportDeclaration): Promise<ReportWorld> {
  const t = await createDemoTestApp();
  const agencyId = (await findDemoAgency(t.database.db)) ?? 0;
  expect(agencyId).toBeGreaterThan(0);
  const rows = <T>(query: SQL, agency: number = agencyId) => inAgency(t.database.db, agency, (tx) => queryRows<T>(tx, query));
  const managers = await rows<{ id: number; name: string }>(sql`select id, name from companies where company_type_id = ${COMPANY_TYPE_IDS.shipmentManager}::integer order by id`);
  const sm = {
    rsgl: Number(managers.find((m) => m.name === 'Red Sea Grain Logistics')?.id ?? 0),
    bahr: Number(managers.find((m) => m.name === 'Al Bahr Shipping Services')?.id ?? 0),
  };
  expect(sm.rsgl * sm.bahr).toBeGreaterThan(0);

  const db = t.database.db;
  const module = report.permissionModule;
  const otherModule = module === 'LoanReport' ? 'CurrentStockReport' : 'LoanReport';
  const role = await makeRole(db, { agencyId, permissions: [permissionFlag(module, 'view'), permissionFlag(module, 'export')] });
  const viewOnly = await makeRole(db, { agencyId, permissions: [permissionFlag(module, 'view')] });
  const other = await makeRole(db, { agencyId, permissions: [permissionFlag(otherModule, 'view')] });
  const tokens: Partial<Record<ReportCaller, string>> = {};
  const agencies: Partial<Record<ReportCaller, number>> = {};
  tokens.admin = await loginAs(t.app, 'demo.admin', DEMO_PASSWORD);
  tokens.rsgl = await loginAs(t.app, (await makeUser(db, { kind: 'companyAdmin', agencyId, roleId: role.id, companyId: sm.rsgl })).username);
  tokens.bahr = await loginAs(t.app, (await makeUser(db, { kind: 'companyAdmin', agencyId, roleId: role.id, companyId: sm.bahr })).username);
  tokens.viewOnly = await loginAs(t.app, (await makeUser(db, { kind: 'agencyUser', agencyId, roleId: viewOnly.id })).username);
  tokens.without = await loginAs(t.app, (await makeUser(db, { kind: 'agencyUser', agencyId, roleId: other.id })).username);

  const schema = reportPageSchema(report);
  const agencyOf = (who: ReportCaller) => agencies[who] ?? agencyId;
  const call = (who: ReportCaller, query: ReportQueryValues = {}, path = '') => {
    const token = tokens[who];
    if (!token) throw new Error(`no token for ${who} (generated() signs the generated agency's admin in)`);
    const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
    return t.app.inject({ method: 'GET', url: `/api/reports/${report.key}${path}${search ? `?${search}` : ''}`, headers: { ...bearer(token), 'x-agency-id': String(agencyOf(who)) } });
  };
  const page = async (who: ReportCaller, query: ReportQueryValues = {}) => {
    const response = await call(who, query);
    expect(response.statusCode, response.body).toBe(200);
    return schema.parse(response.json());
  };
  const exportSheet = async (who: ReportCaller, query: ReportQueryValues, fileName?: string) => {
    const response = await call(who, query, '/export.xlsx');
    expect(response.statusCode, response.body).toBe(200);
    if (fileName !== undefined) expect(response.headers['content-disposition']).toContain(fileName);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    return sheet;
  };
  let season: Awaited<ReturnType<typeof createGeneratedAgency>> | undefined;

  return {
    t,
    agencyId,
    sm,
    agencyOf,
    rows,
    call,
    headers: (who) => {
      const token = tokens[who];
      if (!token) throw new Error(`no token for ${who}`);
      return { ...bearer(token), 'x-agency-id': String(agencyOf(who)) };
    },
    report: page,
    async allRows(who, query = {}) {
      const first = await page(who, { ...query, limit: 100 });
      const all = [...first.rows];
      for (let n = 2; all.length < first.count; n += 1) all.push(...(await page(who, { ...query, limit: 100, page: n })).rows);
      return { all, first };
    },
    async expectRefused(who, cases) {
      for (const [query, message] of cases) {
        const response = await call(who, query);
        expect(response.statusCode, JSON.stringify(query)).toBe(400);
        expect(response.body).toMatch(message);
      }
    },
    async expectPermissions(query = {}, paths = []) {
      expect((await call('without', query)).statusCode).toBe(403);
      expect((await call('without', query, '/export.xlsx')).statusCode).toBe(403);
      for (const path of paths) expect((await call('without', query, path)).statusCode, path).toBe(403);
      expect((await call('viewOnly', query)).statusCode).toBe(200);
      expect((await call('viewOnly', query, '/export.xlsx')).statusCode).toBe(403);
    },
    exportSheet,
    async exportSheets(who, query, expected) {
      const sheets: { lang: ExportLang; sheet: ExcelJS.Worksheet }[] = [];
      for (const [lang, header] of Object.entries(expected.header) as [ExportLang, string][]) {
        const sheet = await exportSheet(who, { ...query, lang }, expected.fileName);
        expect(sheet.rowCount - 1).toBe(expected.count);
        expect(sheet.getRow(1).getCell(1).value).toBe(header);
        expect(Boolean(sheet.views[0]?.rightToLeft)).toBe(lang === 'ar');
        sheets.push({ lang, sheet });
      }
      return sheets;
    },
    async expectSortedPages(who, query, sorts, textColumns) {
      for (const [sortBy, sortOrder] of sorts) {
        const whole = await page(who, { ...query, limit: 100, sortBy, sortOrder });
        if (!textColumns.includes(sortBy)) {
          const values = whole.rows.map((r) => Number(r[sortBy]));
          expect(values).toEqual([...values].sort((a, b) => (sortOrder === 'asc' ? a - b : b - a)));
        }
        const pages = [];
        for (let n = 1; n <= Math.ceil(whole.count / 20); n += 1) pages.push(...(await page(who, { ...query, limit: 20, page: n, sortBy, sortOrder })).rows);
        expect(pages).toEqual(whole.rows);
      }
    },
    async expectFirstPageSorted(who, query, sortBy, sortOrder) {
      const whole = await page(who, { ...query, limit: 100, sortBy, sortOrder });
      const values = whole.rows.map((r) => Number(r[sortBy]));
      expect(values).toEqual([...values].sort((a, b) => (sortOrder === 'asc' ? a - b : b - a)));
      const first = await page(who, { ...query, limit: 20, page: 1, sortBy, sortOrder });
      expect(first.rows).toEqual(whole.rows.slice(0, 20));
      expect(first.totals).toEqual(whole.totals);
      return whole;
    },
    async generated(seed = 16, voyages = 3) {
      if (!season) {
        season = await createGeneratedAgency(t.database.db, { now: t.clock.now(), seed, voyages, password: GENERATED_PASSWORD });
        agencies.generated = season.agencyId;
        tokens.generated = await loginAs(t.app, season.username, GENERATED_PASSWORD);
      }
      return season;
    },
    close: () => t.close(),
  };
}

/** Builds the report's world before the file's tests (handing it to `use`) and closes it after them. */
export function withReportWorld(report: ReportDeclaration, use: (world: ReportWorld) => void): void {
  let world: ReportWorld | undefined;
  beforeAll(async () => {
    world = await reportWorld(report);
    use(world);
  }, 300_000);
  afterAll(async () => {
    await world?.close();
  });
}

/** The independent answers' trucks loaded at the port: the trips of the IN_TRANSIT accounts that loading slips posted to. */
export const SLIP_TRIPS = sql`select distinct a.trip_id from ledger_entries e join ledger_accounts a on a.id = e.account_id
  join ledger_transactions x on x.id = e.transaction_id where x.source_table = 'loading_slips' and a.kind = 'IN_TRANSIT'`;

/** Signed tonnes text ("1,234.500" or "-2.000") as kilograms. */
export function tonnesToKg(value: string | number | null | undefined): bigint {
  const text = String(value ?? '0').replaceAll(',', '');
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const kg = BigInt(whole) * 1000n + BigInt((fraction + '000').slice(0, 3));
  return negative ? -kg : kg;
}

/** The sum of kilogram texts. */
export const sumKg = (values: readonly (string | bigint)[]) => values.reduce<bigint>((total, v) => total + BigInt(v), 0n);

/** An exported tonnes cell: a number shown with three decimals. */
export function expectTonnesCell(cell: ExcelJS.Cell): void {
  expect(typeof cell.value).toBe('number');
  expect(cell.numFmt).toBe('0.000');
}

/** The sum of an exported tonnes column over the data rows, as the report's tonnes text. */
export function columnTonnes(sheet: ExcelJS.Worksheet, column: number): string {
  let total = 0n;
  for (let i = 2; i <= sheet.rowCount; i += 1) total += BigInt(Math.round(Number(sheet.getRow(i).getCell(column).value) * 1000));
  return kgToTonnes(total);
}
