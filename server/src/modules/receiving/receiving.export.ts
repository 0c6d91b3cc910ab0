import type { TDeliveryIn, TWarehouseIn, TWarehousePreIn } from '@tonnage/contracts';
import type { ExcelColumn, ExcelLang } from '../../platform/excel';
import { dateTimeColumn, textColumn, tonnesColumn, trailColumns } from '../../platform/record-export';

const MANUAL = { en: 'MANUAL', ar: 'يدوي' } as const;
const kgColumn = <Row>(key: string, label: { en: string; ar: string }, lang: ExcelLang, value: (row: Row) => number): ExcelColumn<Row> => ({ key, header: label[lang], width: 12, numFmt: '#,##0', value });

/** The columns of the pre in export, as the list shows them. */
export function preInExportColumns(lang: ExcelLang, timeZone: string): ExcelColumn<TWarehousePreIn>[] {
  return [
    textColumn<TWarehousePreIn>('ticketNumber', { en: 'WBT number', ar: 'رقم تذكرة الميزان' }, lang, (r) => r.ticketNumber),
    textColumn<TWarehousePreIn>('slip', { en: 'Loading slip', ar: 'إذن التحميل' }, lang, (r) => r.slipNumber),
    tonnesColumn<TWarehousePreIn>('slipQuantity', { en: 'Slip quantity (MT)', ar: 'كمية الإذن (طن متري)' }, lang, (r) => r.slipQuantity),
    dateTimeColumn<TWarehousePreIn>('capturedAt', { en: 'Weighed at', ar: 'وقت الوزن' }, lang, timeZone, (r) => r.capturedAt),
    textColumn<TWarehousePreIn>('truck', { en: 'Truck', ar: 'الشاحنة' }, lang, (r) => r.truckPlate),
    textColumn<TWarehousePreIn>('driver', { en: 'Driver', ar: 'السائق' }, lang, (r) => r.driverName),
    textColumn<TWarehousePreIn>('warehouse', { en: 'Warehouse', ar: 'المستودع' }, lang, (r) => r.warehouseName),
    kgColumn<TWarehousePreIn>('kg', { en: 'Loaded weight (kg)', ar: 'الوزن المحمّل (كغ)' }, lang, (r) => r.kg),
    textColumn<TWarehousePreIn>('manual', { en: 'Manual', ar: 'يدوي' }, lang, (r) => (r.manual ? MANUAL[lang] : null)),
    textColumn<TWarehousePreIn>('manualReason', { en: 'Manual weight reason', ar: 'سبب الوزن اليدوي' }, lang, (r) => r.manualReason),
    textColumn<TWarehousePreIn>('remarks', { en: 'Remarks', ar: 'ملاحظات' }, lang, (r) => r.remarks),
    ...trailColumns<TWarehousePreIn>(lang, timeZone),
  ];
}

/** The columns of the warehouse in export: weights, received quantity, transit loss and where it went. */
export function inExportColumns(lang: ExcelLang, timeZone: string): ExcelColumn<TWarehouseIn>[] {
  return [
    textColumn<TWarehouseIn>('ticketNumber', { en: 'WBT number', ar: 'رقم تذكرة الميزان' }, lang, (r) => r.ticketNumber),
    textColumn<TWarehouseIn>('slip', { en: 'Loading slip', ar: 'إذن التحميل' }, lang, (r) => r.slipNumber),
    dateTimeColumn<TWarehouseIn>('capturedAt', { en: 'Weighed at', ar: 'وقت الوزن' }, lang, timeZone, (r) => r.capturedAt),
    textColumn<TWarehouseIn>('truck', { en: 'Truck', ar: 'الشاحنة' }, lang, (r) => r.truckPlate),
    textColumn<TWarehouseIn>('warehouse', { en: 'Warehouse', ar: 'المستودع' }, lang, (r) => r.warehouseName),
    kgColumn<TWarehouseIn>('firstKg', { en: 'Loaded weight (kg)', ar: 'الوزن المحمّل (كغ)' }, lang, (r) => r.firstKg),
    kgColumn<TWarehouseIn>('kg', { en: 'Empty weight (kg)', ar: 'الوزن الفارغ (كغ)' }, lang, (r) => r.kg),
    textColumn<TWarehouseIn>('manual', { en: 'Manual', ar: 'يدوي' }, lang, (r) => (r.manual ? MANUAL[lang] : null)),
    tonnesColumn<TWarehouseIn>('slipQuantity', { en: 'Slip quantity (MT)', ar: 'كمية الإذن (طن متري)' }, lang, (r) => r.slipQuantity),
    tonnesColumn<TWarehouseIn>('received', { en: 'Received (MT)', ar: 'المستلم (طن متري)' }, lang, (r) => r.receivedQuantity),
    tonnesColumn<TWarehouseIn>('transitLoss', { en: 'Transit loss (MT)', ar: 'فاقد النقل (طن متري)' }, lang, (r) => r.transitLoss),
    textColumn<TWarehouseIn>('storage', { en: 'Storage', ar: 'التخزين' }, lang, (r) => r.shares.map((s) => `${s.siloName ?? { en: 'Open area', ar: 'الساحة المفتوحة' }[lang]}: ${s.quantity}`).join(', ')),
    textColumn<TWarehouseIn>('remarks', { en: 'Remarks', ar: 'ملاحظات' }, lang, (r) => r.remarks),
    ...trailColumns<TWarehouseIn>(lang, timeZone),
  ];
}

/** The columns of the consignee in and customer in exports. */
export function deliveryInExportColumns(lang: ExcelLang, timeZone: string): ExcelColumn<TDeliveryIn>[] {
  return [
    textColumn<TDeliveryIn>('slip', { en: 'Loading slip', ar: 'إذن التحميل' }, lang, (r) => r.slipNumber),
    textColumn<TDeliveryIn>('truck', { en: 'Truck', ar: 'الشاحنة' }, lang, (r) => r.truckPlate),
    textColumn<TDeliveryIn>('location', { en: 'Location', ar: 'الموقع' }, lang, (r) => r.locationName),
    textColumn<TDeliveryIn>('wbtNumber', { en: 'WBT number', ar: 'رقم تذكرة الميزان' }, lang, (r) => r.wbtNumber),
    dateTimeColumn<TDeliveryIn>('receivedAt', { en: 'Received at', ar: 'وقت الاستلام' }, lang, timeZone, (r) => r.receivedAt),
    tonnesColumn<TDeliveryIn>('slipQuantity', { en: 'Slip quantity (MT)', ar: 'كمية الإذن (طن متري)' }, lang, (r) => r.slipQuantity),
    tonnesColumn<TDeliveryIn>('received', { en: 'Received (MT)', ar: 'المستلم (طن متري)' }, lang, (r) => r.receivedQuantity),
    tonnesColumn<TDeliveryIn>('transitLoss', { en: 'Transit loss (MT)', ar: 'فاقد النقل (طن متري)' }, lang, (r) => r.transitLoss),
    textColumn<TDeliveryIn>('remarks', { en: 'Remarks', ar: 'ملاحظات' }, lang, (r) => r.remarks),
    ...trailColumns<TDeliveryIn>(lang, timeZone),
  ];
}
