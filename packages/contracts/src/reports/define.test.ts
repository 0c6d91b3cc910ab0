import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineReport, reportChoice, reportQuerySchema, reportRequiredFilters, reportRequiredId, reportShownColumns, type ReportDeclaration } from './define';
import { portLoadingReport } from './port-loading';
import { reportText } from './texts';
import { ZOptionalId } from '../cargo';
import { consigneeCargoReport, reportRegistry } from './index';
import type { ReportColumn } from './define';
import { vesselDeliveryDetailReport } from './vessel-delivery-detail';

/** The report kit's groupings (a `choice` filter, `showWhen` columns), required filters and nested texts. */
const base = (): ReportDeclaration => ({
  key: 'x',
  permissionModule: 'X',
  title: 'reports.x',
  filters: { groupBy: reportChoice(['a', 'b'], 'a', 'Pick a or b.'), voyageId: reportRequiredId('Please select a voyage.') },
  filterControls: [
    { kind: 'choice', param: 'groupBy', label: 'g', default: 'a', options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] },
    { kind: 'voyage', param: 'voyageId', label: 'v' },
  ],
  columns: [
    { key: 'id', label: 'i', kind: 'id' },
    { key: 'day', label: 'd', kind: 'date', sort: true, showWhen: { param: 'groupBy', values: ['a'] } },
    { key: 'kg', label: 'k', kind: 'tonnes', sort: true, total: true },
  ],
  defaultSort: { key: 'kg', order: 'desc' },
  exportFile: 'x.xlsx',
  exportSheet: { en: 'x', ar: 'x' },
});

describe('report kit: choices, columns per choice, required filters', () => {
  it('a choice defaults when absent and refuses another value with its message; a required id refuses its absence', () => {
    const schema = reportQuerySchema(base());
    expect(schema.parse({ voyageId: '4' })).toMatchObject({ groupBy: 'a', voyageId: 4 });
    expect(schema.parse({ voyageId: '4', groupBy: 'b' })).toMatchObject({ groupBy: 'b' });
    const bad = schema.safeParse({ voyageId: '4', groupBy: 'c' });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.message)).toEqual(['Pick a or b.']);
    for (const voyageId of [undefined, '', '0', 'x']) {
      const missing = schema.safeParse({ voyageId });
      expect(missing.success ? [] : missing.error.issues.map((i) => i.message)).toEqual(['Please select a voyage.']);
    }
    expect(z.object({ g: reportChoice(['a'], 'a', 'm') }).parse({ g: '' })).toEqual({ g: 'a' });
  });

  it('shows a choice’s own columns only while it is chosen (its default when unset), never ids', () => {
    expect(reportShownColumns(base(), {}).map((c) => c.key)).toEqual(['day', 'kg']);
    expect(reportShownColumns(base(), { groupBy: 'b' }).map((c) => c.key)).toEqual(['kg']);
    expect(reportShownColumns(portLoadingReport, { groupBy: 'transporter' }).map((c) => c.key)).toEqual(['transporter', 'planned', 'loaded', 'trips', 'inTransit', 'delivered', 'transitLoss']);
    expect(reportRequiredFilters(vesselDeliveryDetailReport)).toEqual(['voyageId']);
  });

  it('refuses at load a choice defaulting to no option, a column shown by no choice or an unknown value', () => {
    const report = base();
    const choice = report.filterControls[0];
    if (choice?.kind !== 'choice') throw new Error('no choice');
    expect(() => defineReport({ ...report, filterControls: [{ ...choice, default: 'z' }, ...report.filterControls.slice(1)] })).toThrow(/defaults to no option/);
    expect(() => defineReport({ ...report, columns: [...report.columns, { key: 'y', label: 'y', kind: 'text', showWhen: { param: 'voyageId', values: ['a'] } }] })).toThrow(/which is no choice/);
    expect(() => defineReport({ ...report, columns: [...report.columns, { key: 'y', label: 'y', kind: 'text', showWhen: { param: 'groupBy', values: ['q'] } }] })).toThrow(/unknown value/);
    expect(() => defineReport(report)).not.toThrow();
  });

  it('reads a report’s nested texts in both languages and refuses an unknown one', () => {
    expect(reportText('reports.portLoading.planned', 'en')).toBe('Planned (MT)');
    expect(reportText('reports.vesselDelivery.title', 'ar')).toBe('تقرير تفاصيل تسليم السفينة');
    expect(reportText('reports.inTransit', 'en')).toBe('In Transit (MT)');
    expect(() => reportText('reports.portLoading', 'en')).toThrow(/No report text/);
    expect(() => reportText('reports.portLoading.nothing', 'en')).toThrow(/No report text/);
  });
});


/** The report kit's declaration checks and texts (the parts the reports' API tests do not reach on their own). */
describe('defineReport', () => {
  const columns: ReportColumn[] = [{ key: 'name', label: 'reports.place', kind: 'text', sort: true }];
  const base = { key: 'x-report', permissionModule: 'X', title: 'reports.place', columns, defaultSort: { key: 'name', order: 'asc' as const }, exportFile: 'x.xlsx', exportSheet: { en: 'X', ar: 'X' } };

  it('refuses a required filter whose query field takes no value', () => {
    expect(() => defineReport({ ...base, filters: { ownerId: ZOptionalId }, filterControls: [{ kind: 'consignee', param: 'ownerId', label: 'reports.owner', required: true }] })).toThrow(/required filter ownerId accepts no value/);
  });

  it('refuses key-valued cells on a column that is not text', () => {
    expect(() => defineReport({ ...base, filters: {}, filterControls: [], columns: [...columns, { key: 'n', label: 'reports.place', kind: 'count', values: 'reports.posting' }] })).toThrow(/column n has values but is count/);
  });

  it('a required filter answers its message when absent', () => {
    const parsed = reportQuerySchema(consigneeCargoReport).safeParse({});
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Please select a consignee!');
    expect(reportQuerySchema(consigneeCargoReport).safeParse({ consigneeId: '4' }).success).toBe(true);
  });

  it('every label, and every value of a key-valued column, has its English and Arabic text (nested keys too)', () => {
    for (const report of reportRegistry)
      for (const label of [report.title, ...report.columns.map((c) => c.label), ...report.filterControls.map((f) => f.label)]) for (const lang of ['en', 'ar'] as const) expect(reportText(label, lang)).not.toBe('');
    expect(reportText('reports.posting.warehouseIn', 'ar')).toBe('دخول المستودع');
    expect(() => reportText('reports.posting', 'en')).toThrow(/No report text/);
    expect(() => reportText('reports.posting.nothing', 'en')).toThrow(/No report text/);
  });
});
