import { WeightDisplayMessages, type MessageOf } from '@tonnage/contracts';
import type { SectionShape } from './shape';

/** English texts of the live weight display (`t('weightDisplay.…')`, spec 2.14 and section 8). */
export const en = {
  defaultTitle: 'Terminal Name',
  settings: 'Select Weight Machine',
  exit: 'Back to the dashboard',
  location: 'Location',
  locationRequired: 'Please select a location!',
  selectLocation: 'Select location',
  weightMachine: 'Weight Machine',
  selectMachine: 'Select weight machine',
  submit: 'Submit',
  cancel: 'Cancel',
  tons: 'Tons',
  kg: 'KG',
  machine: 'Machine {{serial}}',
  status: { live: 'Stable', motion: 'In motion', noSignal: 'No signal', connecting: 'Connecting…', overload: 'Overload' },
  noMachines: { title: 'No Weight Machines Available', description: "This terminal doesn't have any weight machines." },
  noMachine: { title: 'No Machine Selected', description: 'Please select a weight machine.' },
  fetchError: { title: 'Error Fetching Quantity', description: 'There was an error fetching the quantity. Please try again.' },
};

export const ar: SectionShape<typeof en> = {
  defaultTitle: 'اسم المحطة',
  settings: 'اختيار الميزان',
  exit: 'العودة إلى لوحة المعلومات',
  location: 'الموقع',
  locationRequired: 'يرجى اختيار الموقع!',
  selectLocation: 'اختر الموقع',
  weightMachine: 'الميزان',
  selectMachine: 'اختر الميزان',
  submit: 'إرسال',
  cancel: 'إلغاء',
  tons: 'طن',
  kg: 'كجم',
  machine: 'الميزان {{serial}}',
  status: { live: 'مستقر', motion: 'قيد الحركة', noSignal: 'لا توجد إشارة', connecting: 'جارٍ الاتصال…', overload: 'تجاوز الحمولة' },
  noMachines: { title: 'لا توجد موازين متاحة', description: 'لا تحتوي هذه المحطة على أي موازين.' },
  noMachine: { title: 'لم يتم اختيار ميزان', description: 'يرجى اختيار ميزان.' },
  fetchError: { title: 'خطأ في جلب الكمية', description: 'حدث خطأ أثناء جلب الكمية. يرجى المحاولة مرة أخرى.' },
};

/** Arabic for the fixed English messages the server sends for the display, keyed by the English text. */
export const messagesAr: Readonly<Record<MessageOf<typeof WeightDisplayMessages>, string>> = {
  [WeightDisplayMessages.locationRequired]: 'يرجى اختيار الموقع!',
  [WeightDisplayMessages.machineRequired]: 'يرجى اختيار ميزان.',
  [WeightDisplayMessages.machineNotAvailable]: 'هذا الميزان غير متاح في الموقع المختار.',
  [WeightDisplayMessages.bothRequired]: 'تحتاج شاشة الوزن إلى موقع وميزان معاً.',
};

export const otherMessagesAr: Readonly<Record<string, string>> = {};
