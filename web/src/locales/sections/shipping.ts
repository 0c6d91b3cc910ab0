import type { SectionShape } from './shape';

/** English texts of this feature (`t('shipping.…')`). */
export const en = {};

/** Arabic: the same keys (checked by the compiler). */
export const ar: SectionShape<typeof en> = {};

/** Arabic for the fixed English messages the server sends for this feature, keyed by the English text. */
export const messagesAr: Readonly<Record<string, string>> = {};
