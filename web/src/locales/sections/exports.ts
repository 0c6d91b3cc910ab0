import { ExportMessages, type MessageOf } from '@tonnage/contracts';
import type { SectionShape } from './shape';

/** English texts of the exports: the Export button's choices and the top bar's background exports (`t('exports.…')`). */
export const en = {
  inBackground: 'Export in the background',
  moreOptions: 'More export options',
  started: 'The export continues in the background; you can follow it under Exports at the top and download it when it is ready.',
  open: 'Exports',
  title: 'Exports',
  queued: 'Waiting to start…',
  counting: 'Counting the rows…',
  progress: '{{written}} of {{total}} rows',
  ready: '{{rows}} rows',
  readySheets: '{{rows}} rows on {{sheets}} sheets',
  until: 'Available until {{at}}',
  download: 'Download',
  cancel: 'Cancel the export',
  remove: 'Remove from the list',
  cancelled: 'Cancelled',
  failed: 'The export failed.',
  sizeKb: '{{size}} KB',
  sizeMb: '{{size}} MB',
  datasets: {
    loanBalance: 'Loan balance',
    users: 'Users',
    'lc-reconciliation': 'LC/PO Reconciliation',
    reportBuilder: 'Report builder',
  },
};

export const ar: SectionShape<typeof en> = {
  inBackground: 'التصدير في الخلفية',
  moreOptions: 'خيارات تصدير أخرى',
  started: 'يستمر التصدير في الخلفية؛ يمكنك متابعته من «التصديرات» في الأعلى وتنزيله عند جاهزيته.',
  open: 'التصديرات',
  title: 'التصديرات',
  queued: 'في انتظار البدء…',
  counting: 'جارٍ عدّ الصفوف…',
  progress: '{{written}} من {{total}} صف',
  ready: '{{rows}} صف',
  readySheets: '{{rows}} صف في {{sheets}} أوراق',
  until: 'متاح حتى {{at}}',
  download: 'تنزيل',
  cancel: 'إلغاء التصدير',
  remove: 'إزالة من القائمة',
  cancelled: 'أُلغي',
  failed: 'فشل التصدير.',
  sizeKb: '{{size}} ك.ب',
  sizeMb: '{{size}} م.ب',
  datasets: {
    loanBalance: 'رصيد القروض',
    users: 'المستخدمون',
    'lc-reconciliation': 'مطابقة الاعتماد / أمر الشراء',
    reportBuilder: 'منشئ التقارير',
  },
};

/** Arabic for the fixed English messages the server sends about exports, keyed by the English text. */
export const messagesAr: Readonly<Record<MessageOf<typeof ExportMessages>, string>> = {
  [ExportMessages.notFound]: 'التصدير غير موجود.',
  [ExportMessages.notReady]: 'هذا التصدير غير جاهز للتنزيل بعد.',
  [ExportMessages.fileMissing]: 'ملف هذا التصدير لم يعد متاحاً؛ يرجى التصدير مرة أخرى.',
  [ExportMessages.tooMany]: 'لديك بالفعل 3 تصديرات قيد التنفيذ؛ انتظر انتهاء أحدها أو ألغِ أحدها.',
  [ExportMessages.cancelled]: 'تم إلغاء التصدير.',
  [ExportMessages.removed]: 'تمت إزالة التصدير.',
  [ExportMessages.interrupted]: 'توقف التصدير ثلاث مرات بسبب إعادة تشغيل الخادم؛ يرجى التصدير مرة أخرى.',
  [ExportMessages.noLongerPermitted]: 'لم تعد لديك صلاحية هذا التصدير.',
  [ExportMessages.userInactive]: 'لم يعد من الممكن تنفيذ هذا التصدير: المستخدم أو الوكالة غير نشط.',
  [ExportMessages.queryChanged]: 'لم يعد من الممكن تنفيذ هذا التصدير: تغيّرت القائمة التي صُدّر منها؛ يرجى التصدير مرة أخرى.',
  [ExportMessages.failed]: 'فشل التصدير؛ يرجى المحاولة مرة أخرى.',
};

/** Arabic of other English messages these screens receive. */
export const otherMessagesAr: Readonly<Record<string, string>> = {};
