import type { Localized, TRecordTrail } from '@tonnage/contracts';
import { EXCEL_FORMATS, excelDate, type ExcelColumn, type ExcelLang } from './excel';
import { wallClockTime } from './time-zone';

/*
 * Columns of the transaction lists' exports (sale orders, consignments, shipments, port loadings, loading slips):
 * texts, quantities as numbers with 3 decimals, dates as dates, date-times as the agency's wall-clock time (an Excel
 * cell has no zone, so the headers carry none), and the record's status with its reversal reason.
 */

const statusText = { Active: { en: 'Active', ar: 'نشط' }, Reversed: { en: 'Reversed', ar: 'معكوس' } } as const;

/** A text column. */
export const textColumn = <Row>(key: string, label: Localized, lang: ExcelLang, value: (row: Row) => string | null): ExcelColumn<Row> => ({ key, header: label[lang], value });

/** A quantity in MT (the API's decimal text) as a number shown with 3 decimals. */
export const tonnesColumn = <Row>(key: string, label: Localized, lang: ExcelLang, value: (row: Row) => string): ExcelColumn<Row> => ({
  key,
  header: label[lang],
  width: 16,
  numFmt: EXCEL_FORMATS.tonnes,
  value: (row) => Number(value(row)),
});

/** A YYYY-MM-DD date as an Excel date. */
export const dateColumn = <Row>(key: string, label: Localized, lang: ExcelLang, value: (row: Row) => string | null): ExcelColumn<Row> => ({
  key,
  header: label[lang],
  width: 14,
  numFmt: EXCEL_FORMATS.date,
  value: (row) => excelDate(value(row)),
});

/** An ISO instant as an Excel date-time at the wall-clock time of `timeZone` (the agency's). */
export const dateTimeColumn = <Row>(key: string, label: Localized, lang: ExcelLang, timeZone: string, value: (row: Row) => string | null): ExcelColumn<Row> => ({
  key,
  header: label[lang],
  width: 18,
  numFmt: EXCEL_FORMATS.dateTime,
  value: (row) => {
    const text = value(row);
    return text ? wallClockTime(text, timeZone) : null;
  },
});

/** The trail every transaction export ends with: status, reversal reason, created at (the agency's time) and by. */
export function trailColumns<Row extends TRecordTrail>(lang: ExcelLang, timeZone: string): ExcelColumn<Row>[] {
  return [
    { key: 'status', header: { en: 'Status', ar: 'الحالة' }[lang], width: 12, value: (row) => statusText[row.status][lang] },
    textColumn<Row>('reverseReason', { en: 'Reversal reason', ar: 'سبب العكس' }, lang, (row) => row.reverseReason),
    dateTimeColumn<Row>('createdAt', { en: 'Created at', ar: 'تاريخ الإنشاء' }, lang, timeZone, (row) => row.createdAt),
    textColumn<Row>('createdBy', { en: 'Created by', ar: 'أنشئ بواسطة' }, lang, (row) => row.createdBy),
  ];
}
