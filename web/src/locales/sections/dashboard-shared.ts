import { TripListMessages } from '@tonnage/contracts';
import type { SectionShape } from './shape';

/** English texts every dashboard tab shares (`t('dashboardShared.…')`): the filter form, the panels, the charts. */
export const en = {
  filters: {
    voyageId: 'Vessel / Voyage',
    bindingVoyageId: 'Attached Vessel / Voyage',
    consignmentId: 'LC/PO Number',
    consigneeId: 'Consignee',
    smIds: 'Shipment Managers',
    cargoId: 'Cargo Type',
    locationId: 'Warehouse',
    silos: 'Silo / Open Area',
    fromDate: 'From Date',
    toDate: 'To Date',
    customerId: 'Customer',
    selectCargo: 'Select cargo type',
    selectCustomer: 'Select customer',
    clear: 'Clear',
  },
  close: 'Close',
  total: 'Total',
  noData: 'No data',
  chartLabel: '{{title}} chart',
  failed: 'The figures could not be loaded. Please try again.',
  trucksShown: '{{count}} trucks shown, newest first. Scroll down for earlier ones.',
  allTrucksShown: 'All {{count}} trucks shown.',
  loadMore: 'Load more',
  loadFailedRetry: 'Could not load more. Try again',
};

export const ar: SectionShape<typeof en> = {
  filters: {
    voyageId: 'السفينة / الرحلة',
    bindingVoyageId: 'السفينة / الرحلة المرتبطة',
    consignmentId: 'رقم الاعتماد / أمر الشراء',
    consigneeId: 'المستلم',
    smIds: 'مديرو الشحنات',
    cargoId: 'نوع البضاعة',
    locationId: 'المستودع',
    silos: 'الصومعة / المنطقة المفتوحة',
    fromDate: 'من تاريخ',
    toDate: 'إلى تاريخ',
    customerId: 'العميل',
    selectCargo: 'اختر نوع البضاعة',
    selectCustomer: 'اختر العميل',
    clear: 'مسح',
  },
  close: 'إغلاق',
  total: 'الإجمالي',
  noData: 'لا توجد بيانات',
  chartLabel: 'مخطط {{title}}',
  failed: 'تعذر تحميل الأرقام. يرجى المحاولة مرة أخرى.',
  trucksShown: 'تُعرض {{count}} شاحنة، الأحدث أولاً. مرّر للأسفل لرؤية الأقدم.',
  allTrucksShown: 'تُعرض كل الشاحنات ({{count}}).',
  loadMore: 'تحميل المزيد',
  loadFailedRetry: 'تعذّر تحميل المزيد. أعد المحاولة',
};

export const messagesAr: Readonly<Record<string, string>> = {};

export const otherMessagesAr: Readonly<Record<string, string>> = {
  'The to date can not be before the from date.': 'لا يمكن أن يكون تاريخ النهاية قبل تاريخ البداية.',
  'Please give true or false.': 'يرجى إدخال true أو false.',
  [TripListMessages.pageSizeInvalid]: 'يرجى إدخال حجم صفحة من 1 إلى 1,000.',
  [TripListMessages.listPositionInvalid]: 'يرجى إدخال موضع صحيح في القائمة.',
};
