import { fieldMessages, type FieldDef, type Localized } from '@tonnage/contracts';
import { translateMessage } from '../../app/i18n';

/** The declarations hold English and Arabic; Arabic shows Arabic, every other language English. */
export type DeclarationLanguage = 'en' | 'ar';

export function declarationLanguage(language: string | undefined): DeclarationLanguage {
  return language === 'ar' ? 'ar' : 'en';
}

export function localized(text: Localized, language: DeclarationLanguage): string {
  return text[language];
}

/**
 * A field's message as the contracts and the server give it (English), in the current language: the field's
 * own messages are declared in both languages; any other text goes through the message translations.
 */
export function fieldMessage(field: FieldDef, message: string, language: DeclarationLanguage): string {
  if (language === 'ar') {
    const known = Object.values(fieldMessages(field)).find((candidate) => candidate.en === message);
    if (known) return known.ar;
  }
  return translateMessage(message);
}

/** How a date field is shown and typed (the API carries ISO dates, YYYY-MM-DD). */
export const DATE_FORMAT = 'DD-MMM-YYYY';
