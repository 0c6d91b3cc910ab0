import type { THandlingRecord } from '@tonnage/contracts';
import type { ExcelColumn, ExcelLang } from '../../platform/excel';
import { dateTimeColumn, textColumn, tonnesColumn, trailColumns } from '../../platform/record-export';

const OPEN_AREA = { en: 'Open area', ar: 'منطقة مفتوحة' } as const;
const APPROVAL = {
  Pending: { en: 'Pending', ar: 'قيد الاعتماد' },
  Approved: { en: 'Approved', ar: 'معتمد' },
  Rejected: { en: 'Rejected', ar: 'مرفوض' },
} as const;

/** The columns of the handling loss and handling excess exports, as the lists show them. */
export function handlingExportColumns(lang: ExcelLang, timeZone: string): ExcelColumn<THandlingRecord>[] {
  return [
    dateTimeColumn<THandlingRecord>('adjustedAt', { en: 'Date', ar: 'التاريخ' }, lang, timeZone, (r) => r.adjustedAt),
    textColumn<THandlingRecord>('warehouse', { en: 'Warehouse', ar: 'المستودع' }, lang, (r) => r.warehouseName),
    textColumn<THandlingRecord>('silo', { en: 'Silo', ar: 'الصومعة' }, lang, (r) => r.siloName ?? OPEN_AREA[lang]),
    textColumn<THandlingRecord>('owner', { en: 'Owner', ar: 'المالك' }, lang, (r) => r.ownerName),
    textColumn<THandlingRecord>('lcPo', { en: 'LC / PO', ar: 'الاعتماد / أمر الشراء' }, lang, (r) => r.lcPoNumber),
    textColumn<THandlingRecord>('cargoType', { en: 'Cargo type', ar: 'نوع البضاعة' }, lang, (r) => r.cargoTypeName),
    tonnesColumn<THandlingRecord>('quantity', { en: 'Quantity (MT)', ar: 'الكمية (طن متري)' }, lang, (r) => r.quantity),
    tonnesColumn<THandlingRecord>('baseQuantity', { en: 'Received (MT)', ar: 'المستلم (طن متري)' }, lang, (r) => r.baseQuantity),
    textColumn<THandlingRecord>('percent', { en: 'Percent', ar: 'النسبة' }, lang, (r) => `${r.percent}%`),
    textColumn<THandlingRecord>('allowedPercent', { en: 'Allowed (%)', ar: 'المسموح (%)' }, lang, (r) => r.allowedPercent),
    textColumn<THandlingRecord>('approvalStatus', { en: 'Approval', ar: 'الاعتماد' }, lang, (r) => APPROVAL[r.approvalStatus][lang]),
    textColumn<THandlingRecord>('reason', { en: 'Reason', ar: 'السبب' }, lang, (r) => r.reason),
    textColumn<THandlingRecord>('remarks', { en: 'Remarks', ar: 'ملاحظات' }, lang, (r) => r.remarks),
    ...trailColumns<THandlingRecord>(lang, timeZone),
  ];
}
