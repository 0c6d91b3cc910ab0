import { describe, expect, it } from 'vitest';
import { consigneeStockReport, reportQuerySchema, reportRegistry, reportRequiredFilters, reportText, soReport } from './index';

describe('report declarations', () => {
  it('reads flat and nested label keys in both languages, refusing an unknown one', () => {
    expect(reportText('reports.place', 'en')).toBe('Place');
    expect(reportText('reports.so.title', 'en')).toBe('Sale Order Report');
    expect(reportText('reports.so.title', 'ar')).toBe('تقرير أوامر البيع');
    expect(() => reportText('reports.so', 'en')).toThrow(/No report text/);
    expect(() => reportText('reports.so.nothing', 'en')).toThrow(/No report text/);
    expect(() => reportText('reports.place.deeper', 'en')).toThrow(/No report text/);
  });

  it('every declared report has every label in English and Arabic', () => {
    for (const report of reportRegistry) {
      for (const label of [report.title, ...report.columns.map((c) => c.label), ...report.filterControls.map((f) => f.label)]) {
        expect(reportText(label, 'en'), `${report.key} ${label}`).toBeTruthy();
        expect(reportText(label, 'ar'), `${report.key} ${label}`).toBeTruthy();
      }
    }
  });

  it('names the filters a report cannot answer without; the query refuses their absence with the message', () => {
    expect(reportRequiredFilters(consigneeStockReport)).toEqual(['consigneeId']);
    expect(reportRequiredFilters(soReport)).toEqual([]);
    const query = reportQuerySchema(consigneeStockReport);
    const missing = query.safeParse({});
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.message).toBe('Please select a consignee!');
    expect(query.safeParse({ consigneeId: '12' }).data).toMatchObject({ consigneeId: 12, page: 1, limit: 20 });
  });
});
