import type { TLoadingSlip, TPortLoading } from '@tonnage/contracts';
import type { ExcelColumn, ExcelLang } from '../../platform/excel';
import { dateColumn, dateTimeColumn, textColumn, tonnesColumn, trailColumns } from '../../platform/record-export';

const transportationTypes = {
  warehouse: { en: 'Warehouse', ar: 'مستودع' },
  directDelivery: { en: 'Direct delivery', ar: 'تسليم مباشر' },
  customerDelivery: { en: 'Customer delivery', ar: 'تسليم للعميل' },
} as const;

/** The transporter as the lists name it: the company, the third party's name, or Self. */
const transporterOf = (row: { transporterKind: TPortLoading['transporterKind']; transporterName: string | null; thirdPartyName?: string | null }, lang: ExcelLang) =>
  row.transporterKind === 'self' ? { en: 'Self', ar: 'ذاتي' }[lang] : row.transporterKind === 'thirdParty' ? (row.thirdPartyName ?? row.transporterName) : row.transporterName;

/** The columns of the port loading export, as the list shows them. */
export function portLoadingExportColumns(lang: ExcelLang, timeZone: string): ExcelColumn<TPortLoading>[] {
  return [
    dateColumn<TPortLoading>('loadingDate', { en: 'Loading date', ar: 'تاريخ التحميل' }, lang, (r) => r.loadingDate),
    textColumn<TPortLoading>('vessel', { en: 'Vessel', ar: 'السفينة' }, lang, (r) => r.vesselName),
    textColumn<TPortLoading>('voyageNumber', { en: 'Voyage number', ar: 'رقم الرحلة' }, lang, (r) => r.voyageNumber),
    textColumn<TPortLoading>('blNumber', { en: 'BL number', ar: 'رقم بوليصة الشحن' }, lang, (r) => r.blNumber),
    textColumn<TPortLoading>('lcPoNumber', { en: 'LC/PO number', ar: 'رقم الاعتماد/أمر الشراء' }, lang, (r) => r.lcPoNumber),
    textColumn<TPortLoading>('blConsignee', { en: 'BL consignee', ar: 'المستلم في بوليصة الشحن' }, lang, (r) => r.blConsigneeName),
    textColumn<TPortLoading>('cargoType', { en: 'Cargo type', ar: 'نوع البضاعة' }, lang, (r) => r.cargoTypeName),
    textColumn<TPortLoading>('port', { en: 'Port', ar: 'الميناء' }, lang, (r) => r.portName),
    textColumn<TPortLoading>('transportationType', { en: 'Transportation type', ar: 'نوع النقل' }, lang, (r) => transportationTypes[r.transportationType][lang]),
    textColumn<TPortLoading>('toLocation', { en: 'To location', ar: 'إلى الموقع' }, lang, (r) => r.toLocationName),
    textColumn<TPortLoading>('owner', { en: 'Owner', ar: 'المالك' }, lang, (r) => r.ownerCompanyName),
    textColumn<TPortLoading>('transporter', { en: 'Transporter', ar: 'الناقل' }, lang, (r) => transporterOf(r, lang)),
    tonnesColumn<TPortLoading>('quantity', { en: 'Quantity (MT)', ar: 'الكمية (طن متري)' }, lang, (r) => r.quantity),
    tonnesColumn<TPortLoading>('loaded', { en: 'Loaded (MT)', ar: 'المحمّل (طن متري)' }, lang, (r) => r.loadedQuantity),
    { key: 'trips', header: { en: 'Trips', ar: 'الرحلات' }[lang], width: 10, value: (r) => r.trips },
    tonnesColumn<TPortLoading>('inTransit', { en: 'In transit (MT)', ar: 'قيد النقل (طن متري)' }, lang, (r) => r.inTransitQuantity),
    tonnesColumn<TPortLoading>('remaining', { en: 'Remaining (MT)', ar: 'المتبقي (طن متري)' }, lang, (r) => r.remainingQuantity),
    textColumn<TPortLoading>('remarks', { en: 'Remarks', ar: 'ملاحظات' }, lang, (r) => r.remarks),
    ...trailColumns<TPortLoading>(lang, timeZone),
  ];
}

/** The columns of the loading slip export, as the list shows them. */
export function loadingSlipExportColumns(lang: ExcelLang, timeZone: string): ExcelColumn<TLoadingSlip>[] {
  return [
    { key: 'slipNumber', header: { en: 'Slip number', ar: 'رقم الإيصال' }[lang], width: 12, value: (r) => r.slipNumber },
    dateTimeColumn<TLoadingSlip>('loadedAt', { en: 'Loaded at', ar: 'وقت التحميل' }, lang, timeZone, (r) => r.loadedAt),
    textColumn<TLoadingSlip>('vessel', { en: 'Vessel', ar: 'السفينة' }, lang, (r) => r.vesselName),
    textColumn<TLoadingSlip>('voyageNumber', { en: 'Voyage number', ar: 'رقم الرحلة' }, lang, (r) => r.voyageNumber),
    textColumn<TLoadingSlip>('lcPoNumber', { en: 'LC/PO number', ar: 'رقم الاعتماد/أمر الشراء' }, lang, (r) => r.lcPoNumber),
    textColumn<TLoadingSlip>('blConsignee', { en: 'BL consignee', ar: 'المستلم في بوليصة الشحن' }, lang, (r) => r.blConsigneeName),
    textColumn<TLoadingSlip>('cargoType', { en: 'Cargo type', ar: 'نوع البضاعة' }, lang, (r) => r.cargoTypeName),
    textColumn<TLoadingSlip>('toLocation', { en: 'To location', ar: 'إلى الموقع' }, lang, (r) => r.toLocationName),
    textColumn<TLoadingSlip>('transporter', { en: 'Transporter', ar: 'الناقل' }, lang, (r) => transporterOf(r, lang)),
    textColumn<TLoadingSlip>('truck', { en: 'Truck', ar: 'الشاحنة' }, lang, (r) => r.truckPlate),
    textColumn<TLoadingSlip>('driver', { en: 'Driver', ar: 'السائق' }, lang, (r) => r.driverName),
    textColumn<TLoadingSlip>('wbtNumber', { en: 'Weighbridge ticket', ar: 'تذكرة الميزان' }, lang, (r) => r.wbtNumber),
    tonnesColumn<TLoadingSlip>('quantity', { en: 'Quantity (MT)', ar: 'الكمية (طن متري)' }, lang, (r) => r.quantity),
    textColumn<TLoadingSlip>('received', { en: 'Received', ar: 'مستلم' }, lang, (r) => (r.received ? { en: 'Yes', ar: 'نعم' } : { en: 'No', ar: 'لا' })[lang]),
    textColumn<TLoadingSlip>('remarks', { en: 'Remarks', ar: 'ملاحظات' }, lang, (r) => r.remarks),
    ...trailColumns<TLoadingSlip>(lang, timeZone),
  ];
}
