import { RECONCILIATION_TEXTS, REPORT_TEXTS } from '@tonnage/contracts';
import type { SectionShape } from './shape';

/** English texts of the reports (`t('reports.…')`): titles, filters and columns from the contracts (the exports' headers), and the page's own. */
export const en = {
  ...REPORT_TEXTS.en,
  totals: 'Total',
  print: 'Print',
  printTooLong: 'This report has {{count}} rows: too many to print (at most {{max}}). Narrow the filters, or export it to Excel instead.',
  printFailed: 'The rows to print could not be loaded; please try again.',
  rowCount: '{{count}} rows',
  quantity: 'Quantity (MT)',
  outstanding: 'Outstanding (MT)',
  lcReconciliation: RECONCILIATION_TEXTS.en,
  chooseFirst: 'Choose {{filters}} to see this report.',
};

export const ar: SectionShape<typeof en> = {
  ...REPORT_TEXTS.ar,
  totals: 'الإجمالي',
  print: 'طباعة',
  printTooLong: 'يحتوي هذا التقرير على {{count}} صفاً: وهذا أكثر مما يمكن طباعته (الحد الأقصى {{max}}). ضيّق عوامل التصفية، أو صدّره إلى Excel بدلاً من ذلك.',
  printFailed: 'تعذّر تحميل الصفوف المراد طباعتها؛ يرجى المحاولة مرة أخرى.',
  rowCount: '{{count}} صف',
  quantity: 'الكمية (طن متري)',
  outstanding: 'المتبقي (طن متري)',
  lcReconciliation: RECONCILIATION_TEXTS.ar,
  chooseFirst: 'اختر {{filters}} لعرض هذا التقرير.',
};

export const messagesAr: Readonly<Record<string, string>> = {};

export const otherMessagesAr: Readonly<Record<string, string>> = {
  'The page must be a whole number from 1.': 'يجب أن تكون الصفحة رقماً صحيحاً يبدأ من 1.',
  'Please select an LC/PO.': 'يرجى اختيار اعتماد أو أمر شراء.',
  'Please choose a kind of break.': 'يرجى اختيار نوع الانقطاع.',
  'Please choose how to group: port loading, day, transporter or destination.': 'يرجى اختيار طريقة التجميع: أمر التحميل أو اليوم أو الناقل أو الوجهة.',
  'Please select a vessel / voyage.': 'يرجى اختيار السفينة / الرحلة.',
};
