import type { TSale } from '@tonnage/contracts';
import type { ExcelColumn, ExcelLang } from '../../platform/excel';
import { slipDeliveryColumn } from '../warehouse-transfer/transfer-slip.export';
import { dateTimeColumn, textColumn, tonnesColumn, trailColumns } from '../../platform/record-export';

const OPEN_AREA = { en: 'Open area', ar: 'منطقة مفتوحة' } as const;
const SM = { en: ' (SM)', ar: ' (مدير الشحنة)' } as const;
/** The columns of the Consignee to Customer export, as the list shows them. */
export function saleExportColumns(lang: ExcelLang, timeZone: string): ExcelColumn<TSale>[] {
  return [
    dateTimeColumn<TSale>('saleAt', { en: 'Sale time', ar: 'وقت البيع' }, lang, timeZone, (r) => r.saleAt),
    textColumn<TSale>('warehouse', { en: 'Warehouse', ar: 'المستودع' }, lang, (r) => r.warehouseName),
    textColumn<TSale>('silo', { en: 'Silo', ar: 'الصومعة' }, lang, (r) => r.siloName ?? OPEN_AREA[lang]),
    textColumn<TSale>('seller', { en: 'Seller', ar: 'البائع' }, lang, (r) => `${r.sellerName}${r.sellerIsShipmentManager ? SM[lang] : ''}`),
    textColumn<TSale>('customer', { en: 'Customer', ar: 'العميل' }, lang, (r) => r.customerName),
    textColumn<TSale>('lcPo', { en: 'LC / PO', ar: 'الاعتماد / أمر الشراء' }, lang, (r) => r.lcPoNumber),
    textColumn<TSale>('cargoType', { en: 'Cargo type', ar: 'نوع البضاعة' }, lang, (r) => r.cargoTypeName),
    tonnesColumn<TSale>('quantity', { en: 'Quantity (MT)', ar: 'الكمية (طن متري)' }, lang, (r) => r.quantity),
    slipDeliveryColumn<TSale>(lang),
    textColumn<TSale>('remarks', { en: 'Remarks', ar: 'ملاحظات' }, lang, (r) => r.remarks),
    ...trailColumns<TSale>(lang, timeZone),
  ];
}
