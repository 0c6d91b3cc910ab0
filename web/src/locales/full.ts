import ar from './ar';
import { appTextsAr, appTextsEn } from './app-texts';
import en from './en';
import { sectionBundle, sectionsAr, sectionsEn } from './sections';

/**
 * A language's whole message set as the signed-in app has it: the core (en.ts, ar.ts: what the sign-in pages need,
 * loaded before the sign-in form shows), the signed-in app's own screens (app-texts.ts) and the feature sections
 * (both loaded after sign-in, `loadAppTexts`), merged as i18next merges them (the core's own messages win). For tests
 * that check every text of a language.
 */
const messagesOf = (language: 'en' | 'ar', core: Readonly<Record<string, string>>) => ({ ...(sectionBundle(language)?.messages ?? {}), ...core });

export const fullEn = { translation: { ...en.translation, ...appTextsEn, ...sectionsEn }, messages: messagesOf('en', en.messages) };
export const fullAr = { translation: { ...ar.translation, ...appTextsAr, ...sectionsAr }, messages: messagesOf('ar', ar.messages) };
