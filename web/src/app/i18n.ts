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
}

/** Loads a language's message sets (once) and makes it the current language of i18next. */
export async function activateTranslations(language: Language): Promise<void> {
  await loadTranslations(language);
  await i18n.changeLanguage(language);
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
