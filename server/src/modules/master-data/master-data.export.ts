import { fieldScale, resourceSchemas, type FieldDef, type Localized, type ResourceDef, type TResourceRow } from '@tonnage/contracts';
import type { ExportDataset } from '../../kit/export';
import { EXCEL_FORMATS, excelDate, type CellValue, type ExcelColumn } from '../../platform/excel';
import { matchingRowsSource, type ResourceMatchQuery } from './master-data.service';

type Lang = 'en' | 'ar';

const statusLabels = { en: { header: 'Status', active: 'Active', inactive: 'In-Active' }, ar: { header: 'الحالة', active: 'نشط', inactive: 'غير نشط' } };
const yesNo = { en: ['Yes', 'No'], ar: ['نعم', 'لا'] } as const;

/**
 * The cell of one field: the referenced row's name, the option's label, a localized yes/no, a date as an Excel date
 * (as the transaction exports write dates; master data holds no date-time column), or the value.
 */
function cellValue(name: string, field: FieldDef, row: TResourceRow, lang: Lang): CellValue {
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
      return excelDate(typeof value === 'string' ? value : null);
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

/** A resource's export columns in a language: fields with their formats, derived columns, the status last. */
function resourceColumns(resource: ResourceDef, lang: Lang): ExcelColumn<TResourceRow>[] {
  const columns: ExcelColumn<TResourceRow>[] = exportColumns(resource).map(({ name, label, field }) => {
    const scale = field ? fieldScale(field) : 0;
    return {
      key: name,
      header: label[lang],
      ...(scale > 0 ? { numFmt: `0.${'0'.repeat(scale)}` } : {}),
      ...(field?.kind === 'date' ? { width: 14, numFmt: EXCEL_FORMATS.date } : {}),
      value: (row) => (field ? cellValue(name, field, row, lang) : derivedValue(row[name])),
    };
  });
  columns.push({ key: 'isActive', header: statusLabels[lang].header, width: 14, value: (row) => (row.isActive ? statusLabels[lang].active : statusLabels[lang].inactive) });
  return columns;
}

/**
 * A resource's export (the kit's dataset): the rows matching a list query (filters, search, sort; no paging) in the
 * actor's scope, with the list's columns, headers in the asked language, quantities formatted with their decimals.
 */
export function resourceExportDataset(resource: ResourceDef): ExportDataset<TResourceRow, ResourceMatchQuery> {
  return {
    key: `resource:${resource.key}`,
    fileName: `${resource.key}.xlsx`,
    sheetName: resource.labels.many,
    permission: { anyOf: [{ module: resource.permissionModule, action: 'view' }] },
    query: resourceSchemas(resource).exportQuery,
    columns: (lang) => resourceColumns(resource, lang),
    source: (tx, actor, query) => matchingRowsSource(tx, { agencyId: actor.agencyId, scope: actor.scope, resource, query }),
  };
}
