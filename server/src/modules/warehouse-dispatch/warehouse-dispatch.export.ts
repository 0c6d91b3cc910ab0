import type { TWarehouseOut, TWarehousePreOut } from '@tonnage/contracts';
import type { ExcelColumn, ExcelLang } from '../../platform/excel';
import { dateTimeColumn, textColumn, tonnesColumn, trailColumns } from '../../platform/record-export';

const OPEN_AREA = { en: 'Open area', ar: 'منطقة مفتوحة' } as const;
const DESTINATIONS = {
  warehouse: { en: 'Warehouse', ar: 'مستودع' },
  consignee: { en: 'Consignee location', ar: 'موقع المستلم' },
  customer: { en: 'Customer location', ar: 'موقع العميل' },
} as const;
const ENTRY = { automatic: { en: 'Automatic', ar: 'تلقائي' }, manual: { en: 'MANUAL', ar: 'يدوي' } } as const;

/** The columns of the Pre Out export, as the list shows them. */
export function preOutExportColumns(lang: ExcelLang, timeZone: string): ExcelColumn<TWarehousePreOut>[] {
  return [
    dateTimeColumn<TWarehousePreOut>('preOutAt', { en: 'Pre Out time', ar: 'وقت ما قبل الخروج' }, lang, timeZone, (r) => r.preOutAt),
    textColumn<TWarehousePreOut>('warehouse', { en: 'Warehouse', ar: 'المستودع' }, lang, (r) => r.warehouseName),
    textColumn<TWarehousePreOut>('silo', { en: 'Silo', ar: 'الصومعة' }, lang, (r) => r.siloName ?? OPEN_AREA[lang]),
    textColumn<TWarehousePreOut>('owner', { en: 'Owner', ar: 'المالك' }, lang, (r) => r.ownerName),
    textColumn<TWarehousePreOut>('lcPo', { en: 'LC / PO', ar: 'الاعتماد / أمر الشراء' }, lang, (r) => r.lcPoNumber),
    textColumn<TWarehousePreOut>('truck', { en: 'Truck', ar: 'الشاحنة' }, lang, (r) => r.truckPlate),
    textColumn<TWarehousePreOut>('driver', { en: 'Driver', ar: 'السائق' }, lang, (r) => r.driverName),
    tonnesColumn<TWarehousePreOut>('quantity', { en: 'Quantity (MT)', ar: 'الكمية (طن متري)' }, lang, (r) => r.quantity),
    textColumn<TWarehousePreOut>('delivered', { en: 'Delivery', ar: 'التسليم' }, lang, (r) => (r.warehouseOutId === null ? { en: 'Open', ar: 'مفتوح' } : { en: 'Delivered', ar: 'مُسلَّم' })[lang]),
    textColumn<TWarehousePreOut>('remarks', { en: 'Remarks', ar: 'ملاحظات' }, lang, (r) => r.remarks),
    ...trailColumns<TWarehousePreOut>(lang, timeZone),
  ];
}

/** The columns of the Warehouse Out and warehouse loading slip exports (the entry type is empty without its flag). */
export function outExportColumns(lang: ExcelLang, timeZone: string): ExcelColumn<TWarehouseOut>[] {
  return [
    textColumn<TWarehouseOut>('slipNumber', { en: 'Slip number', ar: 'رقم الإيصال' }, lang, (r) => String(r.slipNumber)),
    dateTimeColumn<TWarehouseOut>('outAt', { en: 'Out time', ar: 'وقت الخروج' }, lang, timeZone, (r) => r.outAt),
    textColumn<TWarehouseOut>('warehouse', { en: 'Warehouse', ar: 'المستودع' }, lang, (r) => r.warehouseName),
    textColumn<TWarehouseOut>('silo', { en: 'Silo', ar: 'الصومعة' }, lang, (r) => r.siloName ?? OPEN_AREA[lang]),
    textColumn<TWarehouseOut>('owner', { en: 'Owner', ar: 'المالك' }, lang, (r) => r.ownerName),
    textColumn<TWarehouseOut>('lcPo', { en: 'LC / PO', ar: 'الاعتماد / أمر الشراء' }, lang, (r) => r.lcPoNumber),
    textColumn<TWarehouseOut>('destinationType', { en: 'Destination type', ar: 'نوع الوجهة' }, lang, (r) => DESTINATIONS[r.destinationType][lang]),
    textColumn<TWarehouseOut>('destination', { en: 'Destination', ar: 'الوجهة' }, lang, (r) => r.toLocationName),
    textColumn<TWarehouseOut>('transporter', { en: 'Transporter', ar: 'الناقل' }, lang, (r) => r.transporterName),
    textColumn<TWarehouseOut>('truck', { en: 'Truck', ar: 'الشاحنة' }, lang, (r) => r.truckPlate),
    textColumn<TWarehouseOut>('driver', { en: 'Driver', ar: 'السائق' }, lang, (r) => r.driverName),
    textColumn<TWarehouseOut>('ticketNumber', { en: 'Ticket number', ar: 'رقم التذكرة' }, lang, (r) => r.ticketNumber),
    textColumn<TWarehouseOut>('entryType', { en: 'Entry type', ar: 'نوع الإدخال' }, lang, (r) => (r.entryType === null ? null : ENTRY[r.entryType][lang])),
    tonnesColumn<TWarehouseOut>('preOutQuantity', { en: 'Pre Out (MT)', ar: 'ما قبل الخروج (طن متري)' }, lang, (r) => r.preOutQuantity),
    tonnesColumn<TWarehouseOut>('quantity', { en: 'Quantity (MT)', ar: 'الكمية (طن متري)' }, lang, (r) => r.quantity),
    textColumn<TWarehouseOut>('received', { en: 'Delivery', ar: 'التسليم' }, lang, (r) => (r.received ? { en: 'Received', ar: 'مستلم' } : { en: 'In transit', ar: 'في الطريق' })[lang]),
    textColumn<TWarehouseOut>('remarks', { en: 'Remarks', ar: 'ملاحظات' }, lang, (r) => r.remarks),
    ...trailColumns<TWarehouseOut>(lang, timeZone),
  ];
}
