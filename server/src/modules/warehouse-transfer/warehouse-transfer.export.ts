import type { TWarehouseTransfer } from '@tonnage/contracts';
import type { ExcelColumn, ExcelLang } from '../../platform/excel';
import { dateTimeColumn, textColumn, tonnesColumn, trailColumns } from '../../platform/record-export';

/** The columns of the Warehouse Transfer export, as the list shows them. */
export function warehouseTransferExportColumns(lang: ExcelLang, timeZone: string): ExcelColumn<TWarehouseTransfer>[] {
  return [
    textColumn<TWarehouseTransfer>('slipNumber', { en: 'Slip number', ar: 'رقم الإيصال' }, lang, (r) => String(r.slipNumber)),
    dateTimeColumn<TWarehouseTransfer>('transferAt', { en: 'Transfer time', ar: 'وقت النقل' }, lang, timeZone, (r) => r.transferAt),
    textColumn<TWarehouseTransfer>('fromWarehouse', { en: 'From warehouse', ar: 'من المستودع' }, lang, (r) => r.fromWarehouseName),
    textColumn<TWarehouseTransfer>('silo', { en: 'Silo', ar: 'الصومعة' }, lang, (r) => r.siloName ?? { en: 'Open area', ar: 'المنطقة المفتوحة' }[lang]),
    textColumn<TWarehouseTransfer>('toWarehouse', { en: 'To warehouse', ar: 'إلى المستودع' }, lang, (r) => r.toLocationName),
    textColumn<TWarehouseTransfer>('owner', { en: 'Owner', ar: 'المالك' }, lang, (r) => r.ownerName),
    textColumn<TWarehouseTransfer>('lcPo', { en: 'LC / PO', ar: 'الاعتماد / أمر الشراء' }, lang, (r) => r.lcPoNumber),
    textColumn<TWarehouseTransfer>('cargoType', { en: 'Cargo type', ar: 'نوع البضاعة' }, lang, (r) => r.cargoTypeName),
    textColumn<TWarehouseTransfer>('transporter', { en: 'Transporter', ar: 'الناقل' }, lang, (r) => r.transporterName),
    textColumn<TWarehouseTransfer>('truck', { en: 'Truck', ar: 'الشاحنة' }, lang, (r) => r.truckPlate),
    textColumn<TWarehouseTransfer>('driver', { en: 'Driver', ar: 'السائق' }, lang, (r) => r.driverName),
    textColumn<TWarehouseTransfer>('wbtNumber', { en: 'WBT number', ar: 'رقم تذكرة الميزان' }, lang, (r) => r.wbtNumber),
    tonnesColumn<TWarehouseTransfer>('quantity', { en: 'Quantity (MT)', ar: 'الكمية (طن متري)' }, lang, (r) => r.quantity),
    textColumn<TWarehouseTransfer>('received', { en: 'Delivery', ar: 'التسليم' }, lang, (r) => (r.received ? { en: 'Received', ar: 'مستلم' } : { en: 'In transit', ar: 'في الطريق' })[lang]),
    textColumn<TWarehouseTransfer>('remarks', { en: 'Remarks', ar: 'ملاحظات' }, lang, (r) => r.remarks),
    ...trailColumns<TWarehouseTransfer>(lang, timeZone),
  ];
}
