import { CameraMessagesAr } from '@tonnage/contracts';
import type { SectionShape } from './shape';

/** English texts of the Capture Image screens (`t('cameras.…')`). */
export const en = {
  title: 'Capture Image',
  add: 'Capture Image',
  addTitle: 'Capture Image',
  total: 'Total {{count}}',
  picture: 'Picture',
  takenAt: 'Taken At',
  camera: 'Camera',
  location: 'Location',
  takenBy: 'Taken By',
  source: 'Source',
  sources: { manual: 'Manual', weighing: 'Weighing' },
  result: 'Status',
  results: { ok: 'OK', failed: 'Failed' },
  search: 'Search camera',
  selectCamera: 'Select camera',
  locked: 'Locked: login refused',
  lockedHint: 'This camera refused its username or password. It is not asked again until they change on the Hik-Connect device form.',
  take: 'Take Snapshot',
  noCameras: 'No active cameras in your locations.',
  download: 'Download',
  failed: 'No picture',
  back: 'Back',
};

/** Arabic texts of the Capture Image screens. */
export const ar: SectionShape<typeof en> = {
  title: 'التقاط صورة',
  add: 'التقاط صورة',
  addTitle: 'التقاط صورة',
  total: 'الإجمالي {{count}}',
  picture: 'الصورة',
  takenAt: 'وقت الالتقاط',
  camera: 'الكاميرا',
  location: 'الموقع',
  takenBy: 'بواسطة',
  source: 'المصدر',
  sources: { manual: 'يدوي', weighing: 'وزن' },
  result: 'الحالة',
  results: { ok: 'تم', failed: 'فشل' },
  search: 'البحث عن كاميرا',
  selectCamera: 'اختر الكاميرا',
  locked: 'مقفلة: تم رفض تسجيل الدخول',
  lockedHint: 'رفضت هذه الكاميرا اسم المستخدم أو كلمة المرور. لن تُطلب مرة أخرى حتى يتم تغييرهما في نموذج جهاز Hik-Connect.',
  take: 'التقاط الصورة',
  noCameras: 'لا توجد كاميرات نشطة في مواقعك.',
  download: 'تنزيل',
  failed: 'لا توجد صورة',
  back: 'رجوع',
};

/** Arabic for the fixed English messages the server sends for the cameras, keyed by the English text. */
export const messagesAr: Readonly<Record<string, string>> = CameraMessagesAr;

/** Other messages of this section (none). */
export const otherMessagesAr: Readonly<Record<string, string>> = {};
