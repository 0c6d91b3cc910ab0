import { OwnershipTransferMessages, type MessageOf } from '@tonnage/contracts';
import type { SectionShape } from './shape';

/** English texts of the ownership transfer (`t('ownershipTransfer.…')`). */
export const en = {
  title: 'Ownership Transfer',
  add: 'Add Ownership Transfer',
  total: 'Total {{count}}',
  transferAt: 'Transfer Time',
  place: 'Place',
  placeType: 'Place type',
  places: { warehouse: 'Warehouse', consigneeLocation: 'Consignee location' },
  silo: 'Silo',
  fromOwner: 'From owner',
  toOwner: 'To owner',
  lcPo: 'LC / PO',
  search: 'LC / PO or owner',
  position: 'Stock (current owner)',
  newOwner: 'New owner',
  shipmentManagerMark: '{{name}} (SM)',
  noPositions: 'No stock on hand at this place.',
  nothingMoves: 'Nothing moves: the cargo stays where it is and only its owner changes.',
};

export const ar: SectionShape<typeof en> = {
  title: 'نقل الملكية',
  add: 'إضافة نقل ملكية',
  total: 'الإجمالي {{count}}',
  transferAt: 'وقت النقل',
  place: 'المكان',
  placeType: 'نوع المكان',
  places: { warehouse: 'مستودع', consigneeLocation: 'موقع المستلم' },
  silo: 'الصومعة',
  fromOwner: 'من المالك',
  toOwner: 'إلى المالك',
  lcPo: 'الاعتماد / أمر الشراء',
  search: 'الاعتماد / أمر الشراء أو المالك',
  position: 'المخزون (المالك الحالي)',
  newOwner: 'المالك الجديد',
  shipmentManagerMark: '{{name}} (مدير الشحنة)',
  noPositions: 'لا يوجد مخزون في هذا المكان.',
  nothingMoves: 'لا شيء يتحرك: تبقى البضاعة في مكانها ويتغير مالكها فقط.',
};

/** Arabic for the fixed English messages the server sends for the ownership transfer, keyed by the English text. */
export const messagesAr: Readonly<Record<MessageOf<typeof OwnershipTransferMessages>, string>> = {
  [OwnershipTransferMessages.positionRequired]: 'يرجى اختيار موضع المخزون!',
  [OwnershipTransferMessages.placeRequired]: 'يرجى اختيار مستودع أو موقع مستلم!',
  [OwnershipTransferMessages.newOwnerRequired]: 'يرجى اختيار المالك الجديد!',
  [OwnershipTransferMessages.sameOwner]: 'يجب أن يختلف المالك الجديد عن المالك الحالي.',
  [OwnershipTransferMessages.notFound]: 'نقل الملكية غير موجود',
  [OwnershipTransferMessages.alreadyReversed]: 'تم عكس نقل الملكية هذا.',
  [OwnershipTransferMessages.created]: 'تم إنشاء نقل الملكية بنجاح',
  [OwnershipTransferMessages.reversed]: 'تم عكس نقل الملكية بنجاح',
};

/** Arabic of other English messages these screens receive. */
export const otherMessagesAr: Readonly<Record<string, string>> = {};
