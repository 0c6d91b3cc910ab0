import type { TConsigneeTransfer, TOwnershipTransfer } from '@tonnage/contracts';
import type { ExcelColumn, ExcelLang } from '../../platform/excel';
import { slipDeliveryColumn } from '../warehouse-transfer/transfer-slip.export';
import { dateTimeColumn, textColumn, tonnesColumn, trailColumns } from '../../platform/record-export';

const OPEN_AREA = { en: 'Open area', ar: 'منطقة مفتوحة' } as const;

/** The columns of the ownership transfer export, as the list shows them. */
export function transferExportColumns(lang: ExcelLang, timeZone: string): ExcelColumn<TOwnershipTransfer>[] {
  return [
    dateTimeColumn<TOwnershipTransfer>('transferAt', { en: 'Transfer time', ar: 'وقت النقل' }, lang, timeZone, (r) => r.transferAt),
    textColumn<TOwnershipTransfer>('place', { en: 'Place', ar: 'المكان' }, lang, (r) => r.locationName),
    textColumn<TOwnershipTransfer>('silo', { en: 'Silo', ar: 'الصومعة' }, lang, (r) => r.siloName ?? (r.place === 'warehouse' ? OPEN_AREA[lang] : null)),
    textColumn<TOwnershipTransfer>('fromOwner', { en: 'From owner', ar: 'من المالك' }, lang, (r) => r.fromOwnerName),
    textColumn<TOwnershipTransfer>('toOwner', { en: 'To owner', ar: 'إلى المالك' }, lang, (r) => r.toOwnerName),
    textColumn<TOwnershipTransfer>('lcPo', { en: 'LC / PO', ar: 'الاعتماد / أمر الشراء' }, lang, (r) => r.lcPoNumber),
    tonnesColumn<TOwnershipTransfer>('quantity', { en: 'Quantity (MT)', ar: 'الكمية (طن متري)' }, lang, (r) => r.quantity),
    textColumn<TOwnershipTransfer>('remarks', { en: 'Remarks', ar: 'ملاحظات' }, lang, (r) => r.remarks),
    ...trailColumns<TOwnershipTransfer>(lang, timeZone),
  ];
}

/** The columns of the consignee transfer export: the ownership transfer's, and where a truck delivered it. */
export function consigneeTransferExportColumns(lang: ExcelLang, timeZone: string): ExcelColumn<TConsigneeTransfer>[] {
  const columns: ExcelColumn<TConsigneeTransfer>[] = transferExportColumns(lang, timeZone);
  const at = columns.findIndex((c) => c.key === 'quantity') + 1;
  return [...columns.slice(0, at), slipDeliveryColumn<TConsigneeTransfer>(lang), ...columns.slice(at)];
}
