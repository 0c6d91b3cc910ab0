import type { TFunction } from 'i18next';
import { fieldMessages, resourceRegistry, type FieldDef, type Localized, type ResourceDef } from '@tonnage/contracts';
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
export function fieldMessage(field: FieldDef, message: string, language: DeclarationLanguage, resource?: ResourceDef): string {
  if (language === 'ar') {
    const declared = [...Object.values(fieldMessages(field)), ...(resource?.uniqueTogether ?? []).map((combo) => combo.message)];
    const known = declared.find((candidate) => candidate.en === message);
    if (known) return known.ar;
  }
  return translateMessage(message);
}

/** How a date field is shown and typed (the API carries ISO dates, YYYY-MM-DD). */
export const DATE_FORMAT = 'DD-MMM-YYYY';

/**
 * The refusal to delete a row in use (`RECORD_IN_USE`, details `{<resource key>: "<count>"}`), worded from the
 * using resources' labels in the current language: "This record is used by 3 berths; deactivate it instead.".
 * Null when the details name nothing known (the caller shows the server's text).
 */
export function inUseMessage(details: Readonly<Record<string, string>> | undefined, language: DeclarationLanguage, t: TFunction): string | null {
  const uses: string[] = [];
  for (const [key, text] of Object.entries(details ?? {})) {
    const resource = resourceRegistry.find((candidate) => candidate.key === key);
    const n = Number(text);
    if (!resource || !Number.isInteger(n) || n < 1) continue;
    const label = localized(n === 1 ? resource.labels.one : resource.labels.many, language);
    uses.push(t('resources.inUseItem', { n, label: language === 'en' ? label.toLowerCase() : label }));
  }
  if (uses.length === 0) return null;
  return t('resources.inUse', { uses: uses.join(t('resources.listSeparator')) });
}
