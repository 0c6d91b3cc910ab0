import ar from './ar';
import en from './en';
import { sectionBundle, sectionsAr, sectionsEn } from './sections';
import type { LocaleBundle } from './types';

/**
 * A language's whole message set as the signed-in app has it: the core (en.ts, ar.ts: what the sign-in pages need,
 * loaded before the sign-in form shows) and the feature sections (loaded after sign-in, `loadAppTexts`), merged as
 * i18next merges them (the core's own messages win). For tests that check every text of a language.
 */
function whole<S>(core: LocaleBundle, language: 'en' | 'ar', sections: S) {
  const extra = sectionBundle(language);
  return {
    translation: { ...core.translation, ...sections },
    messages: { ...(extra?.messages ?? {}), ...core.messages },
  };
}

export const fullEn = whole(en, 'en', sectionsEn);
export const fullAr = whole(ar, 'ar', sectionsAr);
