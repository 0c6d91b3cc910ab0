import type { TSwapCargo, TSwapSide } from '@tonnage/contracts';
import type { ExcelColumn, ExcelLang } from '../../platform/excel';
import { dateTimeColumn, textColumn, tonnesColumn, trailColumns } from '../../platform/record-export';

const OPEN_AREA = { en: 'Open area', ar: 'منطقة مفتوحة' } as const;

/** A side's place with its silo (or open area at a warehouse). */
const placeOf = (side: TSwapSide, lang: ExcelLang) => `${side.locationName} · ${side.siloName ?? (side.place === 'warehouse' ? OPEN_AREA[lang] : '')}`.replace(/ · $/, '');

/** The columns of the cargo swap export, as the list shows them. */
export function swapExportColumns(lang: ExcelLang, timeZone: string): ExcelColumn<TSwapCargo>[] {
  return [
    dateTimeColumn<TSwapCargo>('swapAt', { en: 'Swap time', ar: 'وقت المبادلة' }, lang, timeZone, (r) => r.swapAt),
    textColumn<TSwapCargo>('aPlace', { en: 'First place', ar: 'المكان الأول' }, lang, (r) => placeOf(r.a, lang)),
    textColumn<TSwapCargo>('aOwner', { en: 'First owner', ar: 'المالك الأول' }, lang, (r) => r.a.ownerName),
    textColumn<TSwapCargo>('aLcPo', { en: 'First LC / PO', ar: 'الاعتماد / أمر الشراء الأول' }, lang, (r) => r.a.lcPoNumber),
    textColumn<TSwapCargo>('bPlace', { en: 'Second place', ar: 'المكان الثاني' }, lang, (r) => placeOf(r.b, lang)),
    textColumn<TSwapCargo>('bOwner', { en: 'Second owner', ar: 'المالك الثاني' }, lang, (r) => r.b.ownerName),
    textColumn<TSwapCargo>('bLcPo', { en: 'Second LC / PO', ar: 'الاعتماد / أمر الشراء الثاني' }, lang, (r) => r.b.lcPoNumber),
    textColumn<TSwapCargo>('cargoType', { en: 'Cargo type', ar: 'نوع البضاعة' }, lang, (r) => r.cargoTypeName),
    tonnesColumn<TSwapCargo>('quantity', { en: 'Quantity (MT)', ar: 'الكمية (طن متري)' }, lang, (r) => r.quantity),
    textColumn<TSwapCargo>('remarks', { en: 'Remarks', ar: 'ملاحظات' }, lang, (r) => r.remarks),
    ...trailColumns<TSwapCargo>(lang, timeZone),
  ];
}
