import { SwapCargoMessages, type MessageOf } from '@tonnage/contracts';
import type { SectionShape } from './shape';

/** English texts of the cargo swap (`t('swapCargo.…')`). */
export const en = {
  title: 'Swap Cargo',
  add: 'Add Cargo Swap',
  total: 'Total {{count}}',
  swapAt: 'Swap Time',
  place: 'Place',
  placeType: 'Place type',
  places: { warehouse: 'Warehouse', consigneeLocation: 'Consignee location' },
  side: { a: 'First owner’s stock', b: 'Second owner’s stock' },
  aPlace: 'First place',
  aOwner: 'First owner',
  aLcPo: 'First LC / PO',
  bPlace: 'Second place',
  bOwner: 'Second owner',
  bLcPo: 'Second LC / PO',
  owner: 'Owner',
  cargoType: 'Cargo type',
  quantity: 'Quantity each side gives (MT)',
  search: 'LC / PO or owner',
  position: 'Stock (owner)',
  noPositions: 'No stock on hand at this place.',
  nothingMoves: 'Nothing moves: each owner takes the other’s cargo where it lies, the same quantity on both sides.',
};

export const ar: SectionShape<typeof en> = {
  title: 'مبادلة البضائع',
  add: 'إضافة مبادلة بضائع',
  total: 'الإجمالي {{count}}',
  swapAt: 'وقت المبادلة',
  place: 'المكان',
  placeType: 'نوع المكان',
  places: { warehouse: 'مستودع', consigneeLocation: 'موقع المستلم' },
  side: { a: 'مخزون المالك الأول', b: 'مخزون المالك الثاني' },
  aPlace: 'المكان الأول',
  aOwner: 'المالك الأول',
  aLcPo: 'الاعتماد / أمر الشراء الأول',
  bPlace: 'المكان الثاني',
  bOwner: 'المالك الثاني',
  bLcPo: 'الاعتماد / أمر الشراء الثاني',
  owner: 'المالك',
  cargoType: 'نوع البضاعة',
  quantity: 'الكمية التي يعطيها كل طرف (طن متري)',
  search: 'الاعتماد / أمر الشراء أو المالك',
  position: 'المخزون (المالك)',
  noPositions: 'لا يوجد مخزون في هذا المكان.',
  nothingMoves: 'لا شيء يتحرك: يأخذ كل مالك بضاعة الآخر في مكانها، بالكمية نفسها من الطرفين.',
};

/** Arabic for the fixed English messages the server sends for the cargo swap, keyed by the English text. */
export const messagesAr: Readonly<Record<MessageOf<typeof SwapCargoMessages>, string>> = {
  [SwapCargoMessages.sideARequired]: 'يرجى اختيار مخزون المالك الأول!',
  [SwapCargoMessages.sideBRequired]: 'يرجى اختيار مخزون المالك الثاني!',
  [SwapCargoMessages.sameOwner]: 'يجب أن يختلف مالكا المبادلة.',
  [SwapCargoMessages.sameCargoType]: 'يجب أن تكون البضائع المتبادلة من نوع البضاعة نفسه.',
  [SwapCargoMessages.samePosition]: 'يجب أن يختلف المخزونان في المكان أو الصومعة أو الشحنة أو الرحلة.',
  [SwapCargoMessages.notFound]: 'مبادلة البضائع غير موجودة',
  [SwapCargoMessages.alreadyReversed]: 'تم عكس مبادلة البضائع هذه.',
  [SwapCargoMessages.created]: 'تم إنشاء مبادلة البضائع بنجاح',
  [SwapCargoMessages.reversed]: 'تم عكس مبادلة البضائع بنجاح',
};

/** Arabic of other English messages these screens receive. */
export const otherMessagesAr: Readonly<Record<string, string>> = {};
