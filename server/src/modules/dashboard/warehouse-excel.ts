import { kgToTonnes, tonnesToKg, type TWarehouseStatsRow } from '@tonnage/contracts';
import type { Writable } from 'node:stream';
import { EXCEL_FORMATS, writeWorkbook, type ExcelColumn, type ExcelLang } from '../../platform/excel';
import { warehouseLcRows, warehouseStats, type LcExportRow, type WarehouseFilters, type WarehouseReader } from './warehouse.queries';

/*
 * The Warehouse tab's two Excel exports (spec 2.13, 7): the summary (per warehouse and cargo type, with a totals
 * row) and the LC sheet (per warehouse, consignee and LC/PO). Through the app's one Excel writer: a bold frozen
 * header, right-to-left sheets in Arabic, quantities as numbers in MT with 3 decimals.
 */

type Localized = { en: string; ar: string };

const H = {
  warehouse: { en: 'Warehouse', ar: 'المستودع' },
  cargo: { en: 'Cargo Type', ar: 'نوع البضاعة' },
  quantity: { en: 'Quantity (MT)', ar: 'الكمية (طن)' },
  committed: { en: 'Committed (MT)', ar: 'الكمية الملتزم بها (طن)' },
  usable: { en: 'Usable (MT)', ar: 'الكمية القابلة للاستخدام (طن)' },
  port: { en: 'Received from Port (MT)', ar: 'المستلم من الميناء (طن)' },
  tripsIn: { en: 'Trips In', ar: 'رحلات الدخول' },
  tripsInQty: { en: 'Trips In (MT)', ar: 'كمية رحلات الدخول (طن)' },
  tripsOut: { en: 'Trips Out', ar: 'رحلات الخروج' },
  tripsOutQty: { en: 'Trips Out (MT)', ar: 'كمية رحلات الخروج (طن)' },
  consignee: { en: 'Consignee', ar: 'المستلم' },
  lcpo: { en: 'LC/PO Number', ar: 'رقم الاعتماد / أمر الشراء' },
  ref: { en: 'Ref. Number', ar: 'الرقم المرجعي' },
  vesselVoyage: { en: 'Vessel / Voyage', ar: 'السفينة / الرحلة' },
  total: { en: 'Total', ar: 'الإجمالي' },
  summarySheet: { en: 'Warehouse Stats', ar: 'إحصاءات المستودعات' },
  lcSheet: { en: 'Warehouse LC Stats', ar: 'إحصاءات المستودعات حسب الاعتماد' },
} as const satisfies Record<string, Localized>;

/** MT text as a number for a cell (exact to the kilogram: at most 3 decimals). */
const tonnes = (text: string): number => Number(text);
const tonnesOfKg = (kg: bigint): number => Number(kgToTonnes(kg));

function column<Row>(lang: ExcelLang, key: string, header: Localized, value: (row: Row) => string | number, numeric?: 'tonnes' | 'count'): ExcelColumn<Row> {
  return { key, header: header[lang], value, ...(numeric === 'tonnes' ? { numFmt: EXCEL_FORMATS.tonnes, width: 18 } : numeric === 'count' ? { numFmt: '0', width: 12 } : {}) };
}

/** The summary sheet's columns (a row of `get-warehouse-stats`). */
export function summaryColumns(lang: ExcelLang): ExcelColumn<TWarehouseStatsRow>[] {
  return [
    column(lang, 'name', H.warehouse, (r) => r.name),
    column(lang, 'cargo', H.cargo, (r) => r.cargo),
    column(lang, 'quantity', H.quantity, (r) => tonnes(r.quantity), 'tonnes'),
    column(lang, 'committedQty', H.committed, (r) => tonnes(r.committedQty), 'tonnes'),
    column(lang, 'usableQty', H.usable, (r) => tonnes(r.usableQty), 'tonnes'),
    column(lang, 'portQuantity', H.port, (r) => tonnes(r.portQuantity), 'tonnes'),
    column(lang, 'tripsIn', H.tripsIn, (r) => r.tripsIn, 'count'),
    column(lang, 'tripsInQty', H.tripsInQty, (r) => tonnes(r.tripsInQty), 'tonnes'),
    column(lang, 'tripsOut', H.tripsOut, (r) => r.tripsOut, 'count'),
    column(lang, 'tripsOutQty', H.tripsOutQty, (r) => tonnes(r.tripsOutQty), 'tonnes'),
  ];
}

/** Writes the summary: the rows of `get-warehouse-stats` with the same filters, then its totals row. */
export async function writeWarehouseSummaryExcel(stream: Writable, reader: WarehouseReader, filters: WarehouseFilters, lang: ExcelLang): Promise<void> {
  const stats = await warehouseStats(reader, filters);
  const totals: TWarehouseStatsRow = { locationId: 0, name: H.total[lang], cargoId: 0, cargo: '', ...stats.totals };
  await writeWorkbook({ stream, lang, sheetName: H.summarySheet[lang], columns: summaryColumns(lang), rows: async (visit) => visit([...stats.rows, totals]) });
}

/** The LC sheet's columns. */
export function lcColumns(lang: ExcelLang): ExcelColumn<LcExportRow>[] {
  return [
    column(lang, 'warehouse', H.warehouse, (r) => r.warehouse),
    column(lang, 'consignee', H.consignee, (r) => r.consignee),
    column(lang, 'LCPONumber', H.lcpo, (r) => r.LCPONumber),
    column(lang, 'refNumber', H.ref, (r) => r.refNumber),
    column(lang, 'vesselVoyage', H.vesselVoyage, (r) => r.vesselVoyage),
    column(lang, 'cargo', H.cargo, (r) => r.cargo),
    column(lang, 'quantity', H.quantity, (r) => tonnesOfKg(r.quantityKg), 'tonnes'),
    column(lang, 'committedQty', H.committed, (r) => tonnesOfKg(r.committedKg), 'tonnes'),
    column(lang, 'usableQty', H.usable, (r) => tonnesOfKg(r.quantityKg - r.committedKg), 'tonnes'),
    column(lang, 'tripsIn', H.tripsIn, (r) => r.tripsIn, 'count'),
    column(lang, 'tripsInQty', H.tripsInQty, (r) => tonnesOfKg(r.tripsInKg), 'tonnes'),
    column(lang, 'tripsOut', H.tripsOut, (r) => r.tripsOut, 'count'),
    column(lang, 'tripsOutQty', H.tripsOutQty, (r) => tonnesOfKg(r.tripsOutKg), 'tonnes'),
  ];
}

/** Writes the LC sheet: per warehouse, consignee, LC/PO (voyage, cargo type), then a totals row. */
export async function writeWarehouseLcExcel(stream: Writable, reader: WarehouseReader, filters: WarehouseFilters, lang: ExcelLang): Promise<void> {
  const rows = await warehouseLcRows(reader, filters);
  const sum = (pick: (row: LcExportRow) => bigint) => rows.reduce((total, row) => total + pick(row), 0n);
  const count = (pick: (row: LcExportRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const totals: LcExportRow = {
    warehouse: H.total[lang],
    consignee: '',
    LCPONumber: '',
    refNumber: '',
    vesselVoyage: '',
    cargo: '',
    quantityKg: sum((r) => r.quantityKg),
    committedKg: sum((r) => r.committedKg),
    tripsIn: count((r) => r.tripsIn),
    tripsInKg: sum((r) => r.tripsInKg),
    tripsOut: count((r) => r.tripsOut),
    tripsOutKg: sum((r) => r.tripsOutKg),
  };
  await writeWorkbook({ stream, lang, sheetName: H.lcSheet[lang], columns: lcColumns(lang), rows: async (visit) => visit([...rows, totals]) });
}

/** Kilograms of a cell's MT number (for tests reading a sheet back). */
export const cellKg = (value: unknown): bigint => tonnesToKg(Number(value).toFixed(3));
