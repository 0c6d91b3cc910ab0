import { CorrectionMessages, type MessageOf } from '@tonnage/contracts';
import type { SectionShape } from './shape';

/** English texts of the correction screens (`oldWarehouse-in/:id/edit`, `oldWarehouse-out/:id/edit`; `t('corrections.…')`). */
export const en = {
  inTitle: 'Correct Warehouse In',
  outTitle: 'Correct Warehouse Out',
  correct: 'Correct',
  explain: 'The original posting is reversed and the corrected one posted in one step, with your reason; the history below keeps both figures.',
  current: 'Current figures',
  loadedKg: 'Loaded weight (kg)',
  emptyKg: 'Empty weight (kg)',
  received: 'Received (MT)',
  newReceived: 'Received after the correction (MT)',
  storage: 'Storage',
  storages: { silo: 'Silos', openArea: 'Open area' },
  quantity: 'Quantity (MT)',
  reason: 'Reason for the correction',
  save: 'Save correction',
  receivedLocked: 'This Warehouse Out is received: revert the Warehouse In first.',
  reversedLocked: 'A reversed record cannot be corrected.',
  history: 'Correction history',
  noHistory: 'No corrections yet.',
  at: 'When',
  by: 'By',
  before: 'Before',
  after: 'After',
  figures: { emptyKg: 'Empty weight (kg)', receivedQuantity: 'Received (MT)', storage: 'Storage', split: 'Split', quantity: 'Quantity (MT)', destinationType: 'Destination type', destination: 'Destination' },
};

export const ar: SectionShape<typeof en> = {
  inTitle: 'تصحيح دخول المستودع',
  outTitle: 'تصحيح خروج المستودع',
  correct: 'تصحيح',
  explain: 'يُعكس القيد الأصلي ويُرحّل القيد المصحح في خطوة واحدة مع السبب؛ ويحفظ السجل أدناه الرقمين.',
  current: 'الأرقام الحالية',
  loadedKg: 'الوزن المحمّل (كغ)',
  emptyKg: 'الوزن الفارغ (كغ)',
  received: 'المستلم (طن متري)',
  newReceived: 'المستلم بعد التصحيح (طن متري)',
  storage: 'التخزين',
  storages: { silo: 'الصوامع', openArea: 'منطقة مفتوحة' },
  quantity: 'الكمية (طن متري)',
  reason: 'سبب التصحيح',
  save: 'حفظ التصحيح',
  receivedLocked: 'تم استلام خروج المستودع هذا: اعكس دخول المستودع أولاً.',
  reversedLocked: 'لا يمكن تصحيح سجل معكوس.',
  history: 'سجل التصحيحات',
  noHistory: 'لا توجد تصحيحات بعد.',
  at: 'الوقت',
  by: 'بواسطة',
  before: 'قبل',
  after: 'بعد',
  figures: { emptyKg: 'الوزن الفارغ (كغ)', receivedQuantity: 'المستلم (طن متري)', storage: 'التخزين', split: 'التوزيع', quantity: 'الكمية (طن متري)', destinationType: 'نوع الوجهة', destination: 'الوجهة' },
};

/** Arabic for the fixed English messages the server sends for corrections. */
export const messagesAr: Readonly<Record<MessageOf<typeof CorrectionMessages>, string>> = {
  [CorrectionMessages.unchanged]: 'لا يوجد ما يُصحَّح: الأرقام لم تتغير.',
  [CorrectionMessages.corrected]: 'تم حفظ التصحيح بنجاح',
  [CorrectionMessages.emptyWeightRequired]: 'يرجى إدخال الوزن الفارغ بالكيلوغرام!',
  [CorrectionMessages.emptyNotBelowLoaded]: 'يجب أن يكون الوزن الفارغ أقل من الوزن المحمّل لما قبل الدخول.',
};

/** Arabic of other English messages these screens receive. */
export const otherMessagesAr: Readonly<Record<string, string>> = {};
