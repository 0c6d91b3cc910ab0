import type { Writable } from 'node:stream';
import { fieldScale, type FieldDef, type Localized, type ResourceDef, type TResourceRow } from '@tonnage/contracts';
import ExcelJS from 'exceljs';
import type { Db } from '../../platform/db/client';
import { forEachMatchingRow, type ResourceMatchQuery, type ScopeViewer } from './master-data.service';

type Lang = 'en' | 'ar';

const statusLabels = { en: { header: 'Status', active: 'Active', inactive: 'In-Active' }, ar: { header: 'الحالة', active: 'نشط', inactive: 'غير نشط' } };
const yesNo = { en: ['Yes', 'No'], ar: ['نعم', 'لا'] } as const;

/** The cell of one field: the referenced row's name, the option's label, a localized yes/no, or the value. */
function cellValue(name: string, field: FieldDef, row: TResourceRow, lang: Lang): string | number | null {
  const value = row[name];
  if (value === null || value === undefined) return null;
  switch (field.kind) {
    case 'reference': {
      const display = row[`${name}Name`];
      return typeof display === 'string' ? display : null;
    }
    case 'enum':
      return field.options.find((o) => o.value === value)?.label[lang] ?? (typeof value === 'string' ? value : null);
    case 'boolean':
      return value === true ? yesNo[lang][0] : yesNo[lang][1];
    case 'secret':
      return null;
    case 'date':
    case 'decimal':
    case 'email':
    case 'image':
    case 'integer':
    case 'latitude':
    case 'longitude':
    case 'phone':
    case 'quantity':
    case 'text':
      return typeof value === 'number' || typeof value === 'string' ? value : null;
  }
}

/** A derived column's cell: its text as read. */
const derivedValue = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * The list's columns as the export writes them: fields (never a secret, which no row carries) and derived columns
 * (without a field), each with its header label.
 */
export function exportColumns(resource: ResourceDef): { name: string; label: Localized; field?: FieldDef }[] {
  return resource.list.columns.flatMap((name) => {
    const field = resource.fields[name];
    if (field) return field.kind === 'secret' ? [] : [{ name, label: field.label, field }];
    const derived = resource.derived?.[name];
    return derived ? [{ name, label: derived.label }] : [];
  });
}

/**
 * Streams the rows matching a list query (filters, search, sort; no paging) as an .xlsx with the list's columns,
 * headers in the requested language, quantities formatted with their decimals. Rows are read in batches and
 * written as they come, so a large list never sits in memory whole.
 */
export async function writeResourceWorkbook(
  db: Db,
  params: { resource: ResourceDef; agencyId: number; query: ResourceMatchQuery; lang: Lang; stream: Writable; viewer?: ScopeViewer },
): Promise<void> {
  const { resource, lang } = params;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: params.stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(resource.labels.many[lang].slice(0, 31), { views: [{ rightToLeft: lang === 'ar', state: 'frozen', ySplit: 1 }] });
  const columns = exportColumns(resource);
  sheet.columns = [
    ...columns.map(({ name, label, field }) => {
      const scale = field ? fieldScale(field) : 0;
      return { header: label[lang], key: name, width: 22, ...(scale > 0 ? { style: { numFmt: `0.${'0'.repeat(scale)}` } } : {}) };
    }),
    { header: statusLabels[lang].header, key: 'isActive', width: 14 },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  await forEachMatchingRow(db, { resource, agencyId: params.agencyId, query: params.query, viewer: params.viewer }, (rows) => {
    for (const row of rows) {
      const values: Record<string, string | number | null> = { isActive: row.isActive ? statusLabels[lang].active : statusLabels[lang].inactive };
      for (const { name, field } of columns) values[name] = field ? cellValue(name, field, row, lang) : derivedValue(row[name]);
      sheet.addRow(values).commit();
    }
  });
  sheet.commit();
  await workbook.commit();
}
