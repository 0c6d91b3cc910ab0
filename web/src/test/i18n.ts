import type { Language } from '@tonnage/contracts';
import { activateTranslations, loadAppTexts } from '../app/i18n';

/** Loads a language for component tests, with the feature sections the signed-in app has. */
export async function loadTestLanguage(language: Language = 'en'): Promise<void> {
  await activateTranslations(language);
  await loadAppTexts();
}
