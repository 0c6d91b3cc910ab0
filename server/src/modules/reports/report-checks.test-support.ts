import { kgToTonnes, type ReportPage } from '@tonnage/contracts';
import { expect } from 'vitest';
import { columnTonnes, expectTonnesCell, type ReportCaller, type ReportQueryValues, type ReportWorld } from './report.test-support';

/*
 * Checks the reports' API tests share: a report's rows against an independent answer keyed per group, its totals
 * against the sums of that answer, paging and sorting in the database, 400s with their messages, and the export (the 403s and the sheet itself are the
 * world's: `expectPermissions`, `exportSheet`).
 */

/** The independent answer: a key per group and its figures in kilograms. */
export type Want = Map<string, Record<string, bigint>>;

const kg = (text: string | number | null | undefined) => {
  const value = String(text ?? '0').replaceAll(',', '');
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = value.replace('-', '').split('.');
  const result = BigInt(whole) * 1000n + BigInt((fraction + '000').slice(0, 3));
  return negative ? -result : result;
};

/** Compares every row (keyed by `key`) and the totals of `figures` with the wanted groups; returns the rows. */
export async function expectRows(world: ReportWorld, who: ReportCaller, query: ReportQueryValues, key: (row: ReportPage['rows'][number]) => string, want: Want, figures: readonly string[], totalled = figures) {
  const { all, first } = await world.allRows(who, query);
  expect(first.count).toBe(want.size);
  const got = new Map(all.map((row) => [key(row), Object.fromEntries(figures.map((f) => [f, kg(row[f])]))]));
  expect(got.size).toBe(all.length);
  expect([...got.keys()].sort()).toEqual([...want.keys()].sort());
  for (const [k, figuresOf] of want) expect(got.get(k), k).toEqual(Object.fromEntries(figures.map((f) => [f, figuresOf[f] ?? 0n])));
  const totals = Object.fromEntries(totalled.map((f) => [f, kgToTonnes([...want.values()].reduce((sum, w) => sum + (w[f] ?? 0n), 0n))]));
  expect(first.totals).toEqual(totals);
  return all;
}

/** Adds kilograms to a group's figure. */
export function add(want: Want, key: string, figure: string, value: bigint | string | number): void {
  const group = want.get(key) ?? {};
  group[figure] = (group[figure] ?? 0n) + BigInt(value);
  want.set(key, group);
}

/** The first page equals the same slice of a larger page, and a sorted column is in order. */
export async function expectPagedAndSorted(world: ReportWorld, who: ReportCaller, query: ReportQueryValues, sortBy: string) {
  for (const sortOrder of ['asc', 'desc'] as const) {
    const whole = await world.report(who, { ...query, limit: 100, sortBy, sortOrder });
    const values = whole.rows.map((r) => kg(r[sortBy]));
    expect(whole.count).toBeGreaterThanOrEqual(2);
    expect(new Set(values).size).toBeGreaterThan(1);
    const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(values).toEqual(sortOrder === 'asc' ? sorted : sorted.reverse());
    const second = await world.report(who, { ...query, limit: 20, page: 2, sortBy, sortOrder });
    expect(second.rows).toEqual(whole.rows.slice(20, 40));
    const first = await world.report(who, { ...query, limit: 20, page: 1, sortBy, sortOrder });
    expect(first.rows).toEqual(whole.rows.slice(0, 20));
    expect(first.totals).toEqual(whole.totals);
  }
}

/** Each bad query answers 400 naming what is wrong. */
export async function expectBadInput(world: ReportWorld, base: ReportQueryValues, bad: readonly [ReportQueryValues, RegExp][]) {
  for (const [query, message] of bad) {
    const response = await world.call('admin', { ...base, ...query });
    expect(response.statusCode, JSON.stringify(query)).toBe(400);
    expect(response.body).toMatch(message);
    // The export has no paging: its other parameters are refused alike.
    if ('page' in query || 'limit' in query) continue;
    const exported = await world.call('admin', { ...base, ...query, lang: 'en' }, '/export.xlsx');
    expect(exported.statusCode, JSON.stringify(query)).toBe(400);
  }
}

/** The export has every matching row, headers in the language, right to left in Arabic, and the tonnes column's sum as the total. */
export async function expectExport(world: ReportWorld, query: ReportQueryValues, headers: { en: readonly string[]; ar: string }, tonnes: { column: number; key: string }) {
  const page = await world.report('admin', query);
  for (const { lang, sheet } of await world.exportSheets('admin', query, { count: page.count, header: { en: String(headers.en[0]), ar: headers.ar } })) {
    if (lang === 'en') expect(sheet.getRow(1).values).toEqual([undefined, ...headers.en]);
    for (let i = 2; i <= sheet.rowCount; i += 1) expectTonnesCell(sheet.getRow(i).getCell(tonnes.column));
    expect(columnTonnes(sheet, tonnes.column)).toBe(page.totals[tonnes.key]);
  }
}
