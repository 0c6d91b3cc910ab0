import type { TShipment } from '@tonnage/contracts';
import type { ExcelColumn, ExcelLang } from '../../platform/excel';
import { dateColumn, textColumn, tonnesColumn, trailColumns } from '../../platform/record-export';

/** The columns of the shipment export, as the list shows them. */
export function shipmentExportColumns(lang: ExcelLang, timeZone: string): ExcelColumn<TShipment>[] {
  return [
    textColumn<TShipment>('blNumber', { en: 'BL number', ar: 'رقم بوليصة الشحن' }, lang, (r) => r.blNumber),
    textColumn<TShipment>('vessel', { en: 'Vessel', ar: 'السفينة' }, lang, (r) => r.voyage.vesselName),
    textColumn<TShipment>('voyageNumber', { en: 'Voyage number', ar: 'رقم الرحلة' }, lang, (r) => r.voyage.voyageNumber),
    textColumn<TShipment>('port', { en: 'Port', ar: 'الميناء' }, lang, (r) => r.voyage.portName),
    dateColumn<TShipment>('arrivalDate', { en: 'Arrival date', ar: 'تاريخ الوصول' }, lang, (r) => r.voyage.arrivalDate),
    textColumn<TShipment>('lcPoNumber', { en: 'LC/PO number', ar: 'رقم الاعتماد/أمر الشراء' }, lang, (r) => r.Consignment.LC.LCPONumber),
    textColumn<TShipment>('blConsignee', { en: 'BL consignee', ar: 'المستلم في بوليصة الشحن' }, lang, (r) => r.blConsigneeName),
    textColumn<TShipment>('cargoType', { en: 'Cargo type', ar: 'نوع البضاعة' }, lang, (r) => r.Consignment.cargoTypeName),
    dateColumn<TShipment>('blDate', { en: 'BL date', ar: 'تاريخ بوليصة الشحن' }, lang, (r) => r.blDate),
    tonnesColumn<TShipment>('blQuantity', { en: 'BL quantity (MT)', ar: 'كمية بوليصة الشحن (طن متري)' }, lang, (r) => r.blQuantity),
    tonnesColumn<TShipment>('onBoard', { en: 'On board (MT)', ar: 'على متن السفينة (طن متري)' }, lang, (r) => r.onBoardQuantity),
    tonnesColumn<TShipment>('loaded', { en: 'Loaded (MT)', ar: 'المحمّل (طن متري)' }, lang, (r) => r.loadedQuantity),
    ...trailColumns<TShipment>(lang, timeZone),
  ];
}
