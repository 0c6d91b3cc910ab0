import type { TWarehouseOutGroup } from '@tonnage/contracts';
import type { ExcelColumn, ExcelLang } from '../../platform/excel';
import { dateTimeColumn, textColumn, tonnesColumn } from '../../platform/record-export';

const OPEN_AREA = { en: 'Open area', ar: 'منطقة مفتوحة' } as const;
const DESTINATIONS = {
  warehouse: { en: 'Warehouse', ar: 'مستودع' },
  consignee: { en: 'Consignee location', ar: 'موقع المستلم' },
  customer: { en: 'Customer location', ar: 'موقع العميل' },
} as const;
/** A quantity that may be missing (no plan): an empty cell, not zero. */
const optionalTonnes = (key: string, label: { en: string; ar: string }, lang: ExcelLang, value: (row: TWarehouseOutGroup) => string | null): ExcelColumn<TWarehouseOutGroup> => ({
  ...tonnesColumn<TWarehouseOutGroup>(key, label, lang, () => '0'),
  value: (row) => {
    const text = value(row);
    return text === null ? null : Number(text);
  },
});
const STATUSES = { open: { en: 'Open', ar: 'مفتوحة' }, closed: { en: 'Closed', ar: 'مغلقة' } } as const;

/** The columns of the dispatch groups export, as the list shows them, with the plan and the totals. */
export function groupExportColumns(lang: ExcelLang, timeZone: string): ExcelColumn<TWarehouseOutGroup>[] {
  return [
    textColumn<TWarehouseOutGroup>('number', { en: 'Group number', ar: 'رقم المجموعة' }, lang, (r) => String(r.number)),
    dateTimeColumn<TWarehouseOutGroup>('createdAt', { en: 'Created at', ar: 'تاريخ الإنشاء' }, lang, timeZone, (r) => r.createdAt),
    textColumn<TWarehouseOutGroup>('warehouse', { en: 'Warehouse', ar: 'المستودع' }, lang, (r) => r.warehouseName),
    textColumn<TWarehouseOutGroup>('silo', { en: 'Silo', ar: 'الصومعة' }, lang, (r) => r.siloName ?? OPEN_AREA[lang]),
    textColumn<TWarehouseOutGroup>('owner', { en: 'Owner', ar: 'المالك' }, lang, (r) => r.ownerName),
    textColumn<TWarehouseOutGroup>('lcPo', { en: 'LC / PO', ar: 'الاعتماد / أمر الشراء' }, lang, (r) => r.lcPoNumber),
    textColumn<TWarehouseOutGroup>('destinationType', { en: 'Destination type', ar: 'نوع الوجهة' }, lang, (r) => DESTINATIONS[r.destinationType][lang]),
    textColumn<TWarehouseOutGroup>('destination', { en: 'Destination', ar: 'الوجهة' }, lang, (r) => r.toLocationName),
    textColumn<TWarehouseOutGroup>('plannedTrucks', { en: 'Planned trucks', ar: 'الشاحنات المخططة' }, lang, (r) => (r.plannedTrucks === null ? null : String(r.plannedTrucks))),
    textColumn<TWarehouseOutGroup>('trucks', { en: 'Trucks', ar: 'الشاحنات' }, lang, (r) => String(r.trucks)),
    textColumn<TWarehouseOutGroup>('dispatchedTrucks', { en: 'Trucks dispatched', ar: 'الشاحنات المرسلة' }, lang, (r) => String(r.dispatchedTrucks)),
    optionalTonnes('planned', { en: 'Planned (MT)', ar: 'المخطط (طن متري)' }, lang, (r) => r.plannedQuantity),
    tonnesColumn<TWarehouseOutGroup>('committed', { en: 'Committed (MT)', ar: 'المحجوز (طن متري)' }, lang, (r) => r.committed),
    tonnesColumn<TWarehouseOutGroup>('dispatched', { en: 'Dispatched (MT)', ar: 'المرسل (طن متري)' }, lang, (r) => r.dispatched),
    optionalTonnes('remaining', { en: 'Remaining (MT)', ar: 'المتبقي (طن متري)' }, lang, (r) => r.remaining),
    textColumn<TWarehouseOutGroup>('status', { en: 'Status', ar: 'الحالة' }, lang, (r) => STATUSES[r.status][lang]),
    textColumn<TWarehouseOutGroup>('remarks', { en: 'Remarks', ar: 'ملاحظات' }, lang, (r) => r.remarks),
    textColumn<TWarehouseOutGroup>('createdBy', { en: 'Created by', ar: 'أنشئ بواسطة' }, lang, (r) => r.createdBy),
  ];
}
