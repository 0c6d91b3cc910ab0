import type { MapPointKind } from '@tonnage/contracts';
import type { SectionShape } from './shape';

/** English texts of the dashboard's Map tab (`t('dashboardMap.…')`, spec 2.13). */
export const en = {
  legend: 'Legend',
  kinds: {
    customerHeadquarter: 'Customers Headquarter',
    consigneeHeadquarter: 'Consignees Headquarter',
    consigneeDeliveryLocation: 'Consignee Delivery Locations',
    customerDeliveryLocation: 'Customer Delivery Locations',
    warehouse: 'Warehouses',
  } satisfies Record<MapPointKind, string>,
  label: 'Map of the agency’s places',
  loading: 'Loading the map…',
  empty: 'No place has coordinates yet.',
  failed: 'The map could not be shown. Please try again.',
  attribution: 'Leaflet | Natural Earth',
};

export const ar: SectionShape<typeof en> = {
  legend: 'دليل الألوان',
  kinds: {
    customerHeadquarter: 'مقرات العملاء',
    consigneeHeadquarter: 'مقرات المستلمين',
    consigneeDeliveryLocation: 'مواقع تسليم المستلمين',
    customerDeliveryLocation: 'مواقع تسليم العملاء',
    warehouse: 'المستودعات',
  },
  label: 'خريطة مواقع الوكالة',
  loading: 'جارٍ تحميل الخريطة…',
  empty: 'لا يوجد موقع بإحداثيات بعد.',
  failed: 'تعذر عرض الخريطة. يرجى المحاولة مرة أخرى.',
  attribution: 'Leaflet | Natural Earth',
};

export const messagesAr: Readonly<Record<string, string>> = {};

export const otherMessagesAr: Readonly<Record<string, string>> = {};
