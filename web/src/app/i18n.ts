import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language, TApiError } from '@tonnage/contracts';
import en from '../locales/en';
import type { LocaleBundle, PartialTranslation } from '../locales/types';

/**
 * Two namespaces: `translation` holds the UI texts by key; `messages` translates the fixed English texts the
 * server and the contracts produce (validation and error messages), keyed by the English text itself, so an
 * untranslated message falls back to the text as it came.
 */
export const MESSAGES_NS = 'messages';

export const i18n = i18next.createInstance();

type AnyBundle = LocaleBundle | LocaleBundle<PartialTranslation>;

const loaders: Record<Language, () => Promise<AnyBundle>> = {
  en: () => Promise.resolve(en),
  ar: () => import('../locales/ar').then((m) => m.default),
  zh: () => import('../locales/zh').then((m) => m.default),
  it: () => import('../locales/it').then((m) => m.default),
  es: () => import('../locales/es').then((m) => m.default),
  fr: () => import('../locales/fr').then((m) => m.default),
};

let initialised: Promise<unknown> | null = null;

export function initI18n(): Promise<unknown> {
  initialised ??= i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: ['en', 'ar', 'zh', 'it', 'es', 'fr'],
    ns: ['translation', MESSAGES_NS],
    defaultNS: 'translation',
    resources: { en: { translation: en.translation, [MESSAGES_NS]: en.messages } },
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return initialised;
}

/**
 * Loads a language's message sets (once) without making it current: for pages that print in a fixed language
 * whatever the user's (the weighbridge ticket shows English and Arabic side by side).
 */
export async function loadTranslations(language: Language): Promise<void> {
  await initI18n();
  if (!i18n.hasResourceBundle(language, 'translation')) {
    const bundle = await loaders[language]();
    i18n.addResourceBundle(language, 'translation', bundle.translation, true, true);
    i18n.addResourceBundle(language, MESSAGES_NS, bundle.messages, true, true);
  }
  if (appSections) addSections(language, await appSections);
}

type SectionsModule = typeof import('../locales/sections');

/** The feature sections' texts, once `loadAppTexts` asked for them (a chunk of its own). */
let appSections: Promise<SectionsModule> | null = null;
const sectionsAdded = new Set<string>();

function addSections(language: Language, sections: SectionsModule): void {
  if (sectionsAdded.has(language)) return;
  sectionsAdded.add(language);
  const bundle = sections.sectionBundle(language);
  if (!bundle) return;
  i18n.addResourceBundle(language, 'translation', bundle.translation, true, false);
  // The language's own core messages win over the sections' (overwrite false).
  i18n.addResourceBundle(language, MESSAGES_NS, bundle.messages, true, false);
}

/**
 * Loads the feature sections' texts (every flow's screens and messages) into the languages loaded so far, and into
 * every language loaded later. The sign-in pages do not need them, so they are not in the JavaScript that runs
 * before the sign-in form shows; the signed-in app waits for them before it renders (app/router.tsx).
 */
export async function loadAppTexts(): Promise<void> {
  await initI18n();
  appSections ??= import('../locales/sections');
  const sections = await appSections;
  for (const language of Object.keys(loaders) as Language[]) {
    if (i18n.hasResourceBundle(language, 'translation')) addSections(language, sections);
  }
}

/** Loads a language's message sets (once) and makes it the current language of i18next. */
export async function activateTranslations(language: Language): Promise<void> {
  await loadTranslations(language);
  await i18n.changeLanguage(language);
}

/** The language i18next shows now. */
export function currentLanguage(): Language {
  const language = i18n.language;
  return Object.keys(loaders).includes(language) ? (language as Language) : 'en';
}

/** Translates a fixed English message (contracts' Messages, zod messages); unknown texts come back unchanged. */
export function translateMessage(text: string): string {
  return i18n.t(text, { ns: MESSAGES_NS, keySeparator: false, nsSeparator: false, defaultValue: text });
}

/**
 * The text shown for a failed call: a translation of the exact message when there is one, else the text
 * for its code (`errors.<code>`, defined only for codes whose message is fixed), else the server's message.
 */
export function describeApiError(error: TApiError): string {
  const translated = translateMessage(error.message);
  if (translated !== error.message) return translated;
  const key = `errors.${error.code}`;
  if (i18n.exists(key)) return i18n.t(key);
  return error.message;
}
