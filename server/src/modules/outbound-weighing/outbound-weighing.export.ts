import type { TOutboundFirstWeight, TOutboundSecondWeight } from '@tonnage/contracts';
import type { ExcelColumn, ExcelLang } from '../../platform/excel';
import { dateTimeColumn, textColumn, tonnesColumn, trailColumns } from '../../platform/record-export';

const MANUAL = { en: 'MANUAL', ar: 'يدوي' } as const;
const kgColumn = <Row>(key: string, label: { en: string; ar: string }, lang: ExcelLang, value: (row: Row) => number): ExcelColumn<Row> => ({ key, header: label[lang], width: 12, numFmt: '#,##0', value });
/** "MANUAL" on a typed weight, empty on a captured one (every list and export marks it). */
const manualColumn = <Row>(key: string, label: { en: string; ar: string }, lang: ExcelLang, manual: (row: Row) => boolean): ExcelColumn<Row> => textColumn<Row>(key, label, lang, (row) => (manual(row) ? MANUAL[lang] : null));

/** The columns of the first weight export, as the list shows them. */
export function firstWeightExportColumns(lang: ExcelLang, timeZone: string): ExcelColumn<TOutboundFirstWeight>[] {
  return [
    textColumn<TOutboundFirstWeight>('ticketNumber', { en: 'Ticket number', ar: 'رقم التذكرة' }, lang, (r) => r.ticketNumber),
    dateTimeColumn<TOutboundFirstWeight>('capturedAt', { en: 'Weighed at', ar: 'وقت الوزن' }, lang, timeZone, (r) => r.capturedAt),
    textColumn<TOutboundFirstWeight>('truck', { en: 'Truck', ar: 'الشاحنة' }, lang, (r) => r.truckPlate),
    textColumn<TOutboundFirstWeight>('driver', { en: 'Driver', ar: 'السائق' }, lang, (r) => r.driverName),
    textColumn<TOutboundFirstWeight>('warehouse', { en: 'Warehouse', ar: 'المستودع' }, lang, (r) => r.warehouseName),
    textColumn<TOutboundFirstWeight>('weighbridge', { en: 'Weighbridge', ar: 'الميزان' }, lang, (r) => r.weighbridge),
    kgColumn<TOutboundFirstWeight>('kg', { en: 'Weight (kg)', ar: 'الوزن (كغ)' }, lang, (r) => r.kg),
    tonnesColumn<TOutboundFirstWeight>('quantity', { en: 'Quantity (MT)', ar: 'الكمية (طن متري)' }, lang, (r) => r.quantity),
    manualColumn<TOutboundFirstWeight>('manual', { en: 'Manual', ar: 'يدوي' }, lang, (r) => r.manual),
    textColumn<TOutboundFirstWeight>('manualReason', { en: 'Manual weight reason', ar: 'سبب الوزن اليدوي' }, lang, (r) => r.manualReason),
    textColumn<TOutboundFirstWeight>('state', { en: 'Second weight', ar: 'الوزن الثاني' }, lang, (r) => (r.closed ? { en: 'Taken', ar: 'مأخوذ' } : { en: 'Open', ar: 'مفتوح' })[lang]),
    textColumn<TOutboundFirstWeight>('remarks', { en: 'Remarks', ar: 'ملاحظات' }, lang, (r) => r.remarks),
    ...trailColumns<TOutboundFirstWeight>(lang, timeZone),
  ];
}

/** The columns of the second weight export, as the list shows them (first, second and net). */
export function secondWeightExportColumns(lang: ExcelLang, timeZone: string): ExcelColumn<TOutboundSecondWeight>[] {
  return [
    textColumn<TOutboundSecondWeight>('ticketNumber', { en: 'Ticket number', ar: 'رقم التذكرة' }, lang, (r) => r.ticketNumber),
    textColumn<TOutboundSecondWeight>('truck', { en: 'Truck', ar: 'الشاحنة' }, lang, (r) => r.truckPlate),
    textColumn<TOutboundSecondWeight>('driver', { en: 'Driver', ar: 'السائق' }, lang, (r) => r.driverName),
    textColumn<TOutboundSecondWeight>('warehouse', { en: 'Warehouse', ar: 'المستودع' }, lang, (r) => r.warehouseName),
    textColumn<TOutboundSecondWeight>('weighbridge', { en: 'Weighbridge', ar: 'الميزان' }, lang, (r) => r.weighbridge),
    dateTimeColumn<TOutboundSecondWeight>('firstAt', { en: 'First weighed at', ar: 'وقت الوزن الأول' }, lang, timeZone, (r) => r.firstAt),
    kgColumn<TOutboundSecondWeight>('firstKg', { en: 'First weight (kg)', ar: 'الوزن الأول (كغ)' }, lang, (r) => r.firstKg),
    manualColumn<TOutboundSecondWeight>('firstManual', { en: 'First manual', ar: 'الأول يدوي' }, lang, (r) => r.firstManual),
    dateTimeColumn<TOutboundSecondWeight>('capturedAt', { en: 'Second weighed at', ar: 'وقت الوزن الثاني' }, lang, timeZone, (r) => r.capturedAt),
    kgColumn<TOutboundSecondWeight>('kg', { en: 'Second weight (kg)', ar: 'الوزن الثاني (كغ)' }, lang, (r) => r.kg),
    manualColumn<TOutboundSecondWeight>('manual', { en: 'Second manual', ar: 'الثاني يدوي' }, lang, (r) => r.manual),
    textColumn<TOutboundSecondWeight>('manualReason', { en: 'Manual weight reason', ar: 'سبب الوزن اليدوي' }, lang, (r) => r.manualReason),
    kgColumn<TOutboundSecondWeight>('netKg', { en: 'Net (kg)', ar: 'الصافي (كغ)' }, lang, (r) => r.netKg),
    tonnesColumn<TOutboundSecondWeight>('netQuantity', { en: 'Net (MT)', ar: 'الصافي (طن متري)' }, lang, (r) => r.netQuantity),
    textColumn<TOutboundSecondWeight>('remarks', { en: 'Remarks', ar: 'ملاحظات' }, lang, (r) => r.remarks),
    ...trailColumns<TOutboundSecondWeight>(lang, timeZone),
  ];
}
