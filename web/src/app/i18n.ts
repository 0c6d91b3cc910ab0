import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language, TApiError } from '@tonnage/contracts';
import en from '../locales/en';
import type { AppBundle, FileLanguage, LocaleBundle } from '../locales/types';

/**
 * Two namespaces: `translation` holds the UI texts by key; `messages` translates the fixed English texts the
 * server and the contracts produce (validation and error messages), keyed by the English text itself, so an
 * untranslated message falls back to the text as it came.
 */
export const MESSAGES_NS = 'messages';

export const i18n = i18next.createInstance();

/** Each language's core set (what the sign-in pages need; a file language's has its menu too), a chunk each but English. */
const loaders: Record<Language, () => Promise<LocaleBundle>> = {
  en: () => Promise.resolve(en),
  ar: () => import('../locales/ar').then((m) => m.default),
  zh: () => import('../locales/zh').then((m) => m.default),
  it: () => import('../locales/it').then((m) => m.default),
  es: () => import('../locales/es').then((m) => m.default),
  fr: () => import('../locales/fr').then((m) => m.default),
};

/**
 * The signed-in app's texts of the file languages (locales/types.ts `FileLanguage`): one app file, one chunk, per
 * language, fetched only once that language is used after sign-in. English and Arabic have theirs in the sections'
 * chunk (`sectionBundle`).
 */
const appFileLoaders: Record<FileLanguage, () => Promise<AppBundle>> = {
  zh: () => import('../locales/app/zh').then((m) => m.default),
  it: () => import('../locales/app/it').then((m) => m.default),
  es: () => import('../locales/app/es').then((m) => m.default),
  fr: () => import('../locales/app/fr').then((m) => m.default),
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
 * whatever the user's (the weighbridge ticket shows English and Arabic side by side). After sign-in (`loadAppTexts`
 * was called) the language's app texts come with it.
 */
export async function loadTranslations(language: Language): Promise<void> {
  await initI18n();
  if (!i18n.hasResourceBundle(language, 'translation')) {
    const bundle = await loaders[language]();
    i18n.addResourceBundle(language, 'translation', bundle.translation, true, true);
    i18n.addResourceBundle(language, MESSAGES_NS, bundle.messages, true, true);
  }
  if (appTextsWanted) await addAppTexts(language);
}

type SectionsModule = typeof import('../locales/sections');

/** Set by `loadAppTexts`: every language loaded from then on gets its app texts too. */
let appTextsWanted = false;
/** The feature sections' module (English and Arabic app texts), once asked for (a chunk of its own). */
let appSections: Promise<SectionsModule> | null = null;
/** Each language's app texts, added to i18next once (a failed fetch is forgotten, so the next call tries again). */
const appTextsAdded = new Map<Language, Promise<void>>();

function sectionsModule(): Promise<SectionsModule> {
  appSections ??= import('../locales/sections').catch((error: unknown) => {
    appSections = null;
    throw error;
  });
  return appSections;
}

/** A language's app texts: English and Arabic from the sections' module, a file language from its own app file. */
async function appTextsOf(language: Language): Promise<LocaleBundle<Record<string, unknown>>> {
  if (language === 'en' || language === 'ar') return (await sectionsModule()).sectionBundle(language);
  return appFileLoaders[language]();
}

function addAppTexts(language: Language): Promise<void> {
  let added = appTextsAdded.get(language);
  if (!added) {
    added = appTextsOf(language).then(
      (bundle) => {
        i18n.addResourceBundle(language, 'translation', bundle.translation, true, false);
        // The language's own core messages win over its app texts' (overwrite false).
        i18n.addResourceBundle(language, MESSAGES_NS, bundle.messages, true, false);
      },
      (error: unknown) => {
        appTextsAdded.delete(language);
        throw error;
      },
    );
    appTextsAdded.set(language, added);
  }
  return added;
}

/**
 * Loads the signed-in app's texts (its own screens, every flow's screens and messages) into the languages loaded so
 * far, and into every language loaded later: English and Arabic from the feature sections' chunk, each file language
 * from its app file's chunk. The sign-in pages do not need them, so they are not in the JavaScript that runs before the
 * sign-in form shows; the signed-in app waits for them before it renders (app/router.tsx).
 */
export async function loadAppTexts(): Promise<void> {
  await initI18n();
  appTextsWanted = true;
  const loaded = (Object.keys(loaders) as Language[]).filter((language) => i18n.hasResourceBundle(language, 'translation'));
  await Promise.all(loaded.map(addAppTexts));
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
