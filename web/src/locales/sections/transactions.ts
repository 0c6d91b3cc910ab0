import type { SectionShape } from './shape';

/** English texts of the transaction kit's shared parts (`t('transactions.…')`): the list page's states. */
export const en = {
  loadFailed: 'The list could not be loaded.',
  loadFailedHint: 'Nothing is shown rather than figures that may be wrong. Try again.',
  retry: 'Try again',
  searchHint: 'Type more than 2 characters to search.',
};

/** Arabic texts of the transaction kit's shared parts. */
export const ar: SectionShape<typeof en> = {
  loadFailed: 'تعذّر تحميل القائمة.',
  loadFailedHint: 'لا يُعرض شيء بدلاً من أرقام قد تكون خاطئة. حاول مرة أخرى.',
  retry: 'حاول مرة أخرى',
  searchHint: 'اكتب أكثر من حرفين للبحث.',
};

/** Messages of this section sent by the server or the contracts (none: its texts are the web's own). */
export const messagesAr: Readonly<Record<string, string>> = {};

/** Other messages of this section (none). */
export const otherMessagesAr: Readonly<Record<string, string>> = {};
