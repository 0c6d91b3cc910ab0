import { ConsigneeTransferMessages, type MessageOf } from '@tonnage/contracts';
import type { SectionShape } from './shape';

/** English texts of the consignee transfer (`t('consigneeTransfer.…')`). */
export const en = {
  title: 'Consignee Transfer',
  add: 'Add Consignee Transfer',
  total: 'Total {{count}}',
  transferAt: 'Transfer Time',
  location: 'Consignee location',
  fromConsignee: 'From consignee',
  toConsignee: 'To consignee',
  newConsignee: 'New consignee',
  lcPo: 'LC / PO',
  search: 'LC / PO or consignee',
  position: 'Stock (current consignee)',
  noPositions: 'No consignee stock on hand at this location.',
  nothingMoves: 'Nothing moves: the cargo stays at the location and becomes the other consignee’s.',
  byTruck: 'The cargo leaves by truck on a transfer slip for the new consignee’s delivery location (or a warehouse); it is the new consignee’s on the road and is received there by Consignee In (Warehouse In).',
  delivery: 'Delivery',
  inPlace: 'In place',
  deliverByTruck: 'By truck to the new consignee',
  deliverTo: 'Deliver to (new consignee’s location or a warehouse)',
};

export const ar: SectionShape<typeof en> = {
  title: 'نقل المستلم',
  add: 'إضافة نقل مستلم',
  total: 'الإجمالي {{count}}',
  transferAt: 'وقت النقل',
  location: 'موقع المستلم',
  fromConsignee: 'من المستلم',
  toConsignee: 'إلى المستلم',
  newConsignee: 'المستلم الجديد',
  lcPo: 'الاعتماد / أمر الشراء',
  search: 'الاعتماد / أمر الشراء أو المستلم',
  position: 'المخزون (المستلم الحالي)',
  noPositions: 'لا يوجد مخزون لمستلم في هذا الموقع.',
  nothingMoves: 'لا شيء يتحرك: تبقى البضاعة في الموقع وتصبح ملكاً للمستلم الآخر.',
  byTruck: 'تغادر البضاعة بالشاحنة بإيصال نقل إلى موقع تسليم المستلم الجديد (أو إلى مستودع)؛ وهي ملك المستلم الجديد أثناء الطريق، ويستلمها هناك دخول المستلم (دخول المستودع).',
  delivery: 'التسليم',
  inPlace: 'في المكان',
  deliverByTruck: 'بالشاحنة إلى المستلم الجديد',
  deliverTo: 'التسليم إلى (موقع المستلم الجديد أو مستودع)',
};

/** Arabic for the fixed English messages the server sends for the consignee transfer, keyed by the English text. */
export const messagesAr: Readonly<Record<MessageOf<typeof ConsigneeTransferMessages>, string>> = {
  [ConsigneeTransferMessages.ownerNotConsignee]: 'يمكن نقل مخزون المستلم فقط إلى مستلم آخر.',
  [ConsigneeTransferMessages.newConsigneeRequired]: 'يرجى اختيار المستلم الجديد!',
  [ConsigneeTransferMessages.notFound]: 'نقل المستلم غير موجود',
  [ConsigneeTransferMessages.alreadyReversed]: 'تم عكس نقل المستلم هذا.',
  [ConsigneeTransferMessages.created]: 'تم إنشاء نقل المستلم بنجاح',
  [ConsigneeTransferMessages.reversed]: 'تم عكس نقل المستلم بنجاح',
  [ConsigneeTransferMessages.inWarehousePreIn]: 'تم تسليم نقل المستلم هذا في ما قبل دخول المستودع. يرجى عكس معاملة ما قبل دخول المستودع أولاً.',
  [ConsigneeTransferMessages.inWarehouseIn]: 'تم تسليم نقل المستلم هذا في دخول المستودع. يرجى عكس معاملة دخول المستودع أولاً.',
  [ConsigneeTransferMessages.inConsigneeIn]: 'تم تسليم نقل المستلم هذا في دخول المستلم. يرجى عكس معاملة دخول المستلم أولاً.',
};

/** Arabic of other English messages these screens receive. */
export const otherMessagesAr: Readonly<Record<string, string>> = {};
