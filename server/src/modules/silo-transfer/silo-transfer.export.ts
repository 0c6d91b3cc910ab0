import type { TSiloTransfer } from '@tonnage/contracts';
import type { ExcelColumn, ExcelLang } from '../../platform/excel';
import { dateTimeColumn, textColumn, tonnesColumn, trailColumns } from '../../platform/record-export';

const OPEN_AREA = { en: 'Open area', ar: 'منطقة مفتوحة' } as const;

/** The targets of a transfer in one cell: "Silo 2 (30.000), Silo 3 (10.000)" or the open area. */
const targets = (r: TSiloTransfer, lang: ExcelLang) => r.shares.map((s) => (s.siloName === null ? OPEN_AREA[lang] : `${s.siloName} (${s.quantity})`)).join(', ');

/** The columns of the silo transfer export, as the list shows them. */
export function siloTransferExportColumns(lang: ExcelLang, timeZone: string): ExcelColumn<TSiloTransfer>[] {
  return [
    dateTimeColumn<TSiloTransfer>('transferAt', { en: 'Transfer time', ar: 'وقت النقل' }, lang, timeZone, (r) => r.transferAt),
    textColumn<TSiloTransfer>('warehouse', { en: 'Warehouse', ar: 'المستودع' }, lang, (r) => r.warehouseName),
    textColumn<TSiloTransfer>('from', { en: 'From', ar: 'من' }, lang, (r) => r.fromSiloName ?? OPEN_AREA[lang]),
    textColumn<TSiloTransfer>('to', { en: 'To', ar: 'إلى' }, lang, (r) => targets(r, lang)),
    textColumn<TSiloTransfer>('owner', { en: 'Owner', ar: 'المالك' }, lang, (r) => r.ownerName),
    textColumn<TSiloTransfer>('lcPo', { en: 'LC / PO', ar: 'الاعتماد / أمر الشراء' }, lang, (r) => r.lcPoNumber),
    tonnesColumn<TSiloTransfer>('quantity', { en: 'Quantity (MT)', ar: 'الكمية (طن متري)' }, lang, (r) => r.quantity),
    textColumn<TSiloTransfer>('remarks', { en: 'Remarks', ar: 'ملاحظات' }, lang, (r) => r.remarks),
    ...trailColumns<TSiloTransfer>(lang, timeZone),
  ];
}
