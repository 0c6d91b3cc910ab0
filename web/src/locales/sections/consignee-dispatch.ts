import { ConsigneeDispatchMessages, type MessageOf } from '@tonnage/contracts';
import type { SectionShape } from './shape';

/** English texts of consignee dispatch: Consignee Out and consignee loading slips (`t('consigneeDispatch.…')`). */
export const en = {
  outTitle: 'Consignee Out',
  outAdd: 'Add Consignee Out',
  outEdit: 'Edit Consignee Out',
  slipsTitle: 'Consignee Loading Slips',
  slipTitle: 'Consignee Loading Slip',
  total: 'Total {{count}}',
  location: 'Consignee location',
  customerLocation: 'Customer location',
  noPositions: 'No stock on hand at this location.',
  lcPo: 'LC / PO',
  truck: 'Truck',
  wbtNumber: 'WBT No.',
  delivery: 'Delivery',
  receivedStates: { inTransit: 'In transit', delivered: 'Received' },
  slipNumber: 'Slip No.',
  outAt: 'Out Time',
  search: 'Slip number, plate or LC / PO',
};

export const ar: SectionShape<typeof en> = {
  outTitle: 'خروج المستلم',
  outAdd: 'إضافة خروج مستلم',
  outEdit: 'تعديل خروج المستلم',
  slipsTitle: 'إيصالات تحميل المستلم',
  slipTitle: 'إيصال تحميل المستلم',
  total: 'الإجمالي {{count}}',
  location: 'موقع المستلم',
  customerLocation: 'موقع العميل',
  noPositions: 'لا يوجد مخزون في هذا الموقع.',
  lcPo: 'الاعتماد / أمر الشراء',
  truck: 'الشاحنة',
  wbtNumber: 'رقم تذكرة الميزان',
  delivery: 'التسليم',
  receivedStates: { inTransit: 'في الطريق', delivered: 'مستلم' },
  slipNumber: 'رقم الإيصال',
  outAt: 'وقت الخروج',
  search: 'رقم الإيصال أو اللوحة أو الاعتماد / أمر الشراء',
};

/** Arabic for the fixed English messages the server sends for consignee dispatch, keyed by the English text. */
export const messagesAr: Readonly<Record<MessageOf<typeof ConsigneeDispatchMessages>, string>> = {
  [ConsigneeDispatchMessages.consigneeLocationRequired]: 'يرجى اختيار موقع المستلم!',
  [ConsigneeDispatchMessages.customerLocationRequired]: 'يرجى اختيار موقع العميل!',
  [ConsigneeDispatchMessages.consigneeOutNotFound]: 'خروج المستلم غير موجود',
  [ConsigneeDispatchMessages.consigneeOutReversed]: 'تم عكس خروج المستلم هذا.',
  [ConsigneeDispatchMessages.slipNotFound]: 'إيصال تحميل المستلم غير موجود',
  [ConsigneeDispatchMessages.consigneeOutCreated]: 'تم إنشاء خروج المستلم بنجاح',
  [ConsigneeDispatchMessages.consigneeOutUpdated]: 'تم تحديث خروج المستلم بنجاح',
  [ConsigneeDispatchMessages.consigneeOutReversedOk]: 'تم عكس خروج المستلم بنجاح',
};

/** Arabic of other English messages these screens receive. */
export const otherMessagesAr: Readonly<Record<string, string>> = {};
