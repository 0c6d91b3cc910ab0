import { activateTranslations } from '../app/i18n';

/** Loads a language for component tests. */
export async function loadTestLanguage(language: 'en' | 'ar' = 'en'): Promise<void> {
  await activateTranslations(language);
}
