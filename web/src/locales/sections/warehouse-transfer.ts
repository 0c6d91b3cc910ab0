import { LoanSlipHeldMessages, TransferSlipLinkMessages, WarehouseTransferMessages, type MessageOf } from '@tonnage/contracts';
import type { SectionShape } from './shape';

/** English texts of the Warehouse Transfer and its transfer slip (`t('warehouseTransfer.…')`). */
export const en = {
  title: 'Warehouse Transfer',
  add: 'Add Warehouse Transfer',
  edit: 'Edit Warehouse Transfer',
  slipTitle: 'Transfer Slip',
  total: 'Total {{count}}',
  fromWarehouse: 'From warehouse',
  toWarehouse: 'To warehouse',
  owner: 'Owner',
  noPositions: 'No stock on hand at this warehouse.',
  lcPo: 'LC / PO',
  truck: 'Truck',
  wbtNumber: 'WBT No.',
  delivery: 'Delivery',
  receivedStates: { inTransit: 'In transit', delivered: 'Received' },
  slipNumber: 'Slip No.',
  transferAt: 'Transfer Time',
  search: 'Slip number, plate or LC / PO',
  deliveredTo: 'Delivered to',
  deliveredToLine: '{{place}} · slip {{slip}}',
  printSlip: 'Print transfer slip',
  toPlace: 'To',
  fromPlace: 'From',
  newOwner: 'New owner',
};

export const ar: SectionShape<typeof en> = {
  title: 'النقل بين المستودعات',
  add: 'إضافة نقل بين المستودعات',
  edit: 'تعديل النقل بين المستودعات',
  slipTitle: 'إيصال النقل',
  total: 'الإجمالي {{count}}',
  fromWarehouse: 'من المستودع',
  toWarehouse: 'إلى المستودع',
  owner: 'المالك',
  noPositions: 'لا يوجد مخزون في هذا المستودع.',
  lcPo: 'الاعتماد / أمر الشراء',
  truck: 'الشاحنة',
  wbtNumber: 'رقم تذكرة الميزان',
  delivery: 'التسليم',
  receivedStates: { inTransit: 'في الطريق', delivered: 'مستلم' },
  slipNumber: 'رقم الإيصال',
  transferAt: 'وقت النقل',
  search: 'رقم الإيصال أو اللوحة أو الاعتماد / أمر الشراء',
  deliveredTo: 'سُلّم إلى',
  deliveredToLine: '{{place}} · الإيصال {{slip}}',
  printSlip: 'طباعة إيصال النقل',
  toPlace: 'إلى',
  fromPlace: 'من',
  newOwner: 'المالك الجديد',
};

/** Arabic for the fixed English messages the server sends for the Warehouse Transfer, keyed by the English text. */
export const messagesAr: Readonly<Record<MessageOf<typeof WarehouseTransferMessages> | MessageOf<typeof TransferSlipLinkMessages> | MessageOf<typeof LoanSlipHeldMessages>, string>> = {
  [WarehouseTransferMessages.fromWarehouseRequired]: 'يرجى اختيار المستودع الذي تغادره البضاعة!',
  [WarehouseTransferMessages.toWarehouseRequired]: 'يرجى اختيار مستودع الوجهة!',
  [WarehouseTransferMessages.slipNotFound]: 'إيصال النقل غير موجود',
  [WarehouseTransferMessages.sameWarehouse]: 'يجب أن يختلف مستودع الوجهة عن المستودع الذي تغادره البضاعة.',
  [WarehouseTransferMessages.cargoBlockedOut]: 'هذه البضاعة ممنوعة من الخروج من هذا المستودع (مراقبة البضائع).',
  [WarehouseTransferMessages.notFound]: 'النقل بين المستودعات غير موجود',
  [WarehouseTransferMessages.alreadyReversed]: 'تم عكس هذا النقل بين المستودعات.',
  [WarehouseTransferMessages.inPreIn]: 'تم تسليم هذا النقل بين المستودعات في ما قبل دخول المستودع. يرجى عكس معاملة ما قبل دخول المستودع أولاً.',
  [WarehouseTransferMessages.created]: 'تم إنشاء النقل بين المستودعات بنجاح',
  [WarehouseTransferMessages.updated]: 'تم تحديث النقل بين المستودعات بنجاح',
  [WarehouseTransferMessages.reversed]: 'تم عكس النقل بين المستودعات بنجاح',
  [TransferSlipLinkMessages.inWarehouseIn]: 'تم تسليم هذا النقل بين المستودعات في دخول المستودع. يرجى عكس معاملة دخول المستودع أولاً.',
  [TransferSlipLinkMessages.inConsigneeIn]: 'تم تسليم هذا النقل بين المستودعات في دخول المستلم. يرجى عكس معاملة دخول المستلم أولاً.',
  [TransferSlipLinkMessages.inCustomerIn]: 'تم تسليم هذا النقل بين المستودعات في دخول العميل. يرجى عكس معاملة دخول العميل أولاً.',
  [LoanSlipHeldMessages.loanInWarehousePreIn]: 'تم تسليم قرض المستلم إلى مدير الشحنة هذا في ما قبل دخول المستودع. يرجى عكس معاملة ما قبل دخول المستودع أولاً.',
  [LoanSlipHeldMessages.loanInWarehouseIn]: 'تم تسليم قرض المستلم إلى مدير الشحنة هذا في دخول المستودع. يرجى عكس معاملة دخول المستودع أولاً.',
  [LoanSlipHeldMessages.loanInConsigneeIn]: 'تم تسليم قرض المستلم إلى مدير الشحنة هذا في دخول المستلم. يرجى عكس معاملة دخول المستلم أولاً.',
  [LoanSlipHeldMessages.returnInWarehousePreIn]: 'تم تسليم إرجاع مدير الشحنة إلى المستلم هذا في ما قبل دخول المستودع. يرجى عكس معاملة ما قبل دخول المستودع أولاً.',
  [LoanSlipHeldMessages.returnInWarehouseIn]: 'تم تسليم إرجاع مدير الشحنة إلى المستلم هذا في دخول المستودع. يرجى عكس معاملة دخول المستودع أولاً.',
  [LoanSlipHeldMessages.returnInConsigneeIn]: 'تم تسليم إرجاع مدير الشحنة إلى المستلم هذا في دخول المستلم. يرجى عكس معاملة دخول المستلم أولاً.',
};

/** Arabic of other English messages these screens receive. */
export const otherMessagesAr: Readonly<Record<string, string>> = {};
