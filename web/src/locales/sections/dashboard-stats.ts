import type { StatsDeliveryStatus, StatsGroup, StatsQuantityType, TransportationType } from '@tonnage/contracts';
import type { SectionShape } from './shape';

/** English texts of the dashboard's IN/OUT Stats tab (`t('dashboardStats.…')`, spec 2.13). */
export const en = {
  groups: { port: 'Port', warehouse: 'Warehouse', consignee: 'Consignee' } satisfies Record<StatsGroup, string>,
  out: { port: 'Port OUT', warehouse: 'Warehouse OUT', consignee: 'Consignee OUT' } satisfies Record<StatsGroup, string>,
  in: { warehouseInQty: 'Warehouse IN', consigneeInQty: 'Consignee IN', customerInQty: 'Customer IN' },
  trips: 'Trips: {{n}}',
  unit: 'MT',
  period: 'Start Date – End Date',
  startDate: 'Start Date',
  endDate: 'End Date',
  periodShown: 'Trips dispatched from {{startDate}} to {{endDate}}; IN is what of them was received.',
  filters: {
    fromLocationId: 'From Location',
    blConsigneeId: 'BL Consignee',
    quantityType: 'Quantity Type',
    toLocationId: 'To Location',
    deliveryStatus: 'Delivery Status',
    transportedTo: 'Transported To',
    isManualQuantity: 'Entry Type',
    transporter: 'Transporter',
    outOf: 'Outs of',
    groupedOut: 'Grouped Out',
    select: 'Select',
  },
  quantityTypes: { bl: 'BL', loan: 'Loan', loanReturn: 'Loan Return', sale: 'Sale' } satisfies Record<StatsQuantityType, string>,
  deliveryStatuses: { Delivered: 'Delivered', Undelivered: 'Undelivered' } satisfies Record<StatsDeliveryStatus, string>,
  transportedTo: { warehouse: 'Warehouse', directDelivery: 'Consignee Location', customerDelivery: 'Customer Location' } satisfies Record<TransportationType, string>,
  entryTypes: { manual: 'Manual', automatic: 'Automatic' },
  owners: { consigneeOut: 'Consignee', customerOut: 'Customer', smOut: 'Shipment Manager' },
  grouped: { only: 'Grouped only', none: 'Not grouped' },
};

export const ar: SectionShape<typeof en> = {
  groups: { port: 'الميناء', warehouse: 'المستودع', consignee: 'المستلم' },
  out: { port: 'خروج الميناء', warehouse: 'خروج المستودع', consignee: 'خروج المستلم' },
  in: { warehouseInQty: 'دخول المستودع', consigneeInQty: 'دخول المستلم', customerInQty: 'دخول العميل' },
  trips: 'الرحلات: {{n}}',
  unit: 'طن متري',
  period: 'تاريخ البداية – تاريخ النهاية',
  startDate: 'تاريخ البداية',
  endDate: 'تاريخ النهاية',
  periodShown: 'الرحلات المرسلة من {{startDate}} إلى {{endDate}}؛ الدخول هو ما استُلم منها.',
  filters: {
    fromLocationId: 'من موقع',
    blConsigneeId: 'مستلم بوليصة الشحن',
    quantityType: 'نوع الكمية',
    toLocationId: 'إلى موقع',
    deliveryStatus: 'حالة التسليم',
    transportedTo: 'نُقلت إلى',
    isManualQuantity: 'نوع الإدخال',
    transporter: 'الناقل',
    outOf: 'خروج بضاعة',
    groupedOut: 'الخروج المجمّع',
    select: 'اختر',
  },
  quantityTypes: { bl: 'بوليصة الشحن', loan: 'قرض', loanReturn: 'إرجاع قرض', sale: 'بيع' },
  deliveryStatuses: { Delivered: 'تم التسليم', Undelivered: 'لم يُسلَّم' },
  transportedTo: { warehouse: 'مستودع', directDelivery: 'موقع المستلم', customerDelivery: 'موقع العميل' },
  entryTypes: { manual: 'يدوي', automatic: 'آلي' },
  owners: { consigneeOut: 'المستلم', customerOut: 'العميل', smOut: 'مدير الشحنة' },
  grouped: { only: 'المجمّع فقط', none: 'غير المجمّع' },
};

export const messagesAr: Readonly<Record<string, string>> = {};

export const otherMessagesAr: Readonly<Record<string, string>> = {
  'Please select bl, loan, loanReturn or sale.': 'يرجى اختيار نوع الكمية: بوليصة الشحن أو قرض أو إرجاع قرض أو بيع.',
  'Please select Delivered or Undelivered.': 'يرجى اختيار تم التسليم أو لم يُسلَّم.',
  'Please select warehouse, directDelivery or customerDelivery.': 'يرجى اختيار مستودع أو موقع المستلم أو موقع العميل.',
};
