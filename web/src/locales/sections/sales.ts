import { SaleMessages, type MessageOf } from '@tonnage/contracts';
import type { SectionShape } from './shape';

/** English texts of Consignee to Customer, the sale (`t('sales.…')`). */
export const en = {
  title: 'Consignee To Customer',
  add: 'Add Consignee To Customer',
  total: 'Total {{count}}',
  saleAt: 'Sale Time',
  warehouse: 'Warehouse',
  silo: 'Silo',
  seller: 'Seller',
  sellerHint: 'A consignee, or a shipment manager (SM) selling what it holds',
  customer: 'Customer',
  lcPo: 'LC / PO',
  cargoType: 'Cargo type',
  search: 'LC / PO, seller or customer',
  position: 'Stock (seller)',
  noPositions: 'The seller has no stock on hand in this warehouse.',
  smMark: '{{name}} (SM)',
  nothingMoves: 'Nothing moves: the cargo stays where it is and becomes the customer’s. A sale is not a loan: nothing is returned.',
  byTruck: 'The cargo leaves by truck on a transfer slip for the customer’s delivery location; it becomes the customer’s there when Customer In receives it.',
  delivery: 'Delivery',
  inPlace: 'In place',
  deliverByTruck: 'By truck to the customer',
  deliveryLocation: 'Customer delivery location',
};

export const ar: SectionShape<typeof en> = {
  title: 'من المستلم إلى العميل',
  add: 'إضافة من المستلم إلى العميل',
  total: 'الإجمالي {{count}}',
  saleAt: 'وقت البيع',
  warehouse: 'المستودع',
  silo: 'الصومعة',
  seller: 'البائع',
  sellerHint: 'مستلم، أو مدير شحنة يبيع ما لديه',
  customer: 'العميل',
  lcPo: 'الاعتماد / أمر الشراء',
  cargoType: 'نوع البضاعة',
  search: 'الاعتماد / أمر الشراء أو البائع أو العميل',
  position: 'المخزون (البائع)',
  noPositions: 'لا يوجد لدى البائع مخزون في هذا المستودع.',
  smMark: '{{name}} (مدير الشحنة)',
  nothingMoves: 'لا شيء يتحرك: تبقى البضاعة في مكانها وتصبح ملكاً للعميل. البيع ليس قرضاً: لا يُرجَع شيء.',
  byTruck: 'تغادر البضاعة بالشاحنة بإيصال نقل إلى موقع تسليم العميل، وتصبح ملكاً للعميل هناك عند استلامها في استلام العميل.',
  delivery: 'التسليم',
  inPlace: 'في مكانها',
  deliverByTruck: 'بالشاحنة إلى العميل',
  deliveryLocation: 'موقع تسليم العميل',
};

/** Arabic for the fixed English messages the server sends for the sale, keyed by the English text. */
export const messagesAr: Readonly<Record<MessageOf<typeof SaleMessages>, string>> = {
  [SaleMessages.customerRequired]: 'يرجى اختيار العميل!',
  [SaleMessages.sellerNotAllowed]: 'يمكن للمستلم أو مدير الشحنة فقط البيع إلى عميل.',
  [SaleMessages.notFound]: 'عملية البيع من المستلم إلى العميل غير موجودة',
  [SaleMessages.alreadyReversed]: 'تم عكس عملية البيع من المستلم إلى العميل هذه.',
  [SaleMessages.deliveryLocationRequired]: 'يرجى اختيار موقع التسليم الخاص بالعميل!',
  [SaleMessages.deliveryNotCustomers]: 'يجب أن يكون موقع التسليم أحد مواقع التسليم الخاصة بالعميل.',
  [SaleMessages.inCustomerIn]: 'تم تسليم عملية البيع من المستلم إلى العميل هذه في استلام العميل. يرجى عكس معاملة استلام العميل أولاً.',
  [SaleMessages.created]: 'تم إنشاء البيع من المستلم إلى العميل بنجاح',
  [SaleMessages.reversed]: 'تم عكس البيع من المستلم إلى العميل بنجاح',
};

/** Arabic of other English messages these screens receive. */
export const otherMessagesAr: Readonly<Record<string, string>> = {};
