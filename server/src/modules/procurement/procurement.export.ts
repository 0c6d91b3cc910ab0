import type { TConsignment, TSaleOrder } from '@tonnage/contracts';
import type { ExcelColumn, ExcelLang } from '../../platform/excel';
import { dateColumn, textColumn, tonnesColumn, trailColumns } from '../../platform/record-export';

/** The columns of the sale order export, as the list shows them. */
export function saleOrderExportColumns(lang: ExcelLang, timeZone: string): ExcelColumn<TSaleOrder>[] {
  return [
    textColumn<TSaleOrder>('number', { en: 'Sale order number', ar: 'رقم أمر البيع' }, lang, (r) => r.number),
    dateColumn<TSaleOrder>('orderDate', { en: 'Order date', ar: 'تاريخ الأمر' }, lang, (r) => r.orderDate),
    textColumn<TSaleOrder>('seller', { en: 'Seller', ar: 'البائع' }, lang, (r) => r.sellerName),
    textColumn<TSaleOrder>('buyer', { en: 'Buyer', ar: 'المشتري' }, lang, (r) => r.buyerName),
    textColumn<TSaleOrder>('cargoType', { en: 'Cargo type', ar: 'نوع البضاعة' }, lang, (r) => r.cargoTypeName),
    tonnesColumn<TSaleOrder>('quantity', { en: 'Quantity (MT)', ar: 'الكمية (طن متري)' }, lang, (r) => r.quantity),
    tonnesColumn<TSaleOrder>('consigned', { en: 'LC quantity (MT)', ar: 'كمية الاعتمادات (طن متري)' }, lang, (r) => r.consignedQuantity),
    tonnesColumn<TSaleOrder>('remaining', { en: 'Remaining (MT)', ar: 'المتبقي (طن متري)' }, lang, (r) => r.remainingQuantity),
    dateColumn<TSaleOrder>('deliveryFrom', { en: 'Delivery from', ar: 'التسليم من' }, lang, (r) => r.deliveryFrom),
    dateColumn<TSaleOrder>('deliveryTo', { en: 'Delivery to', ar: 'التسليم إلى' }, lang, (r) => r.deliveryTo),
    textColumn<TSaleOrder>('remarks', { en: 'Remarks', ar: 'ملاحظات' }, lang, (r) => r.remarks),
    ...trailColumns<TSaleOrder>(lang, timeZone),
  ];
}

/** The columns of the consignment export, as the list shows them. */
export function consignmentExportColumns(lang: ExcelLang, timeZone: string): ExcelColumn<TConsignment>[] {
  return [
    textColumn<TConsignment>('lcPoNumber', { en: 'LC/PO number', ar: 'رقم الاعتماد/أمر الشراء' }, lang, (r) => r.LCPONumber),
    textColumn<TConsignment>('type', { en: 'Type', ar: 'النوع' }, lang, (r) => (r.type === 'lc' ? 'LC' : 'PO')),
    textColumn<TConsignment>('refNumber', { en: 'Ref number', ar: 'الرقم المرجعي' }, lang, (r) => r.refNumber),
    textColumn<TConsignment>('saleOrder', { en: 'Sale order', ar: 'أمر البيع' }, lang, (r) => r.saleOrderNumber),
    textColumn<TConsignment>('blConsignee', { en: 'BL consignee', ar: 'المستلم في بوليصة الشحن' }, lang, (r) => r.blConsigneeName),
    textColumn<TConsignment>('shipmentManager', { en: 'Shipment manager', ar: 'مدير الشحنة' }, lang, (r) => r.shipmentManagerName),
    textColumn<TConsignment>('cargoType', { en: 'Cargo type', ar: 'نوع البضاعة' }, lang, (r) => r.cargoTypeName),
    tonnesColumn<TConsignment>('quantity', { en: 'Quantity (MT)', ar: 'الكمية (طن متري)' }, lang, (r) => r.quantity),
    tonnesColumn<TConsignment>('shipped', { en: 'BL quantity (MT)', ar: 'كمية بوليصة الشحن (طن متري)' }, lang, (r) => r.shippedQuantity),
    tonnesColumn<TConsignment>('remaining', { en: 'Remaining (MT)', ar: 'المتبقي (طن متري)' }, lang, (r) => r.remainingQuantity),
    textColumn<TConsignment>('remarks', { en: 'Remarks', ar: 'ملاحظات' }, lang, (r) => r.remarks),
    ...trailColumns<TConsignment>(lang, timeZone),
  ];
}
