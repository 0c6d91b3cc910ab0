import type { TConsigneeOut } from '@tonnage/contracts';
import type { ExcelColumn, ExcelLang } from '../../platform/excel';
import { dateTimeColumn, textColumn, tonnesColumn, trailColumns } from '../../platform/record-export';

/** The columns of the Consignee Out and consignee loading slip exports, as the lists show them. */
export function consigneeOutExportColumns(lang: ExcelLang, timeZone: string): ExcelColumn<TConsigneeOut>[] {
  return [
    textColumn<TConsigneeOut>('slipNumber', { en: 'Slip number', ar: 'رقم الإيصال' }, lang, (r) => String(r.slipNumber)),
    dateTimeColumn<TConsigneeOut>('outAt', { en: 'Out time', ar: 'وقت الخروج' }, lang, timeZone, (r) => r.outAt),
    textColumn<TConsigneeOut>('location', { en: 'Consignee location', ar: 'موقع المستلم' }, lang, (r) => r.locationName),
    textColumn<TConsigneeOut>('owner', { en: 'Owner', ar: 'المالك' }, lang, (r) => r.ownerName),
    textColumn<TConsigneeOut>('lcPo', { en: 'LC / PO', ar: 'الاعتماد / أمر الشراء' }, lang, (r) => r.lcPoNumber),
    textColumn<TConsigneeOut>('destination', { en: 'Customer location', ar: 'موقع العميل' }, lang, (r) => r.toLocationName),
    textColumn<TConsigneeOut>('transporter', { en: 'Transporter', ar: 'الناقل' }, lang, (r) => r.transporterName),
    textColumn<TConsigneeOut>('truck', { en: 'Truck', ar: 'الشاحنة' }, lang, (r) => r.truckPlate),
    textColumn<TConsigneeOut>('driver', { en: 'Driver', ar: 'السائق' }, lang, (r) => r.driverName),
    textColumn<TConsigneeOut>('wbtNumber', { en: 'WBT number', ar: 'رقم تذكرة الميزان' }, lang, (r) => r.wbtNumber),
    tonnesColumn<TConsigneeOut>('quantity', { en: 'Quantity (MT)', ar: 'الكمية (طن متري)' }, lang, (r) => r.quantity),
    textColumn<TConsigneeOut>('received', { en: 'Delivery', ar: 'التسليم' }, lang, (r) => (r.received ? { en: 'Received', ar: 'مستلم' } : { en: 'In transit', ar: 'في الطريق' })[lang]),
    textColumn<TConsigneeOut>('remarks', { en: 'Remarks', ar: 'ملاحظات' }, lang, (r) => r.remarks),
    ...trailColumns<TConsigneeOut>(lang, timeZone),
  ];
}
