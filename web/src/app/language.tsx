import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import type { Language } from '@tonnage/contracts';
import { activateTranslations } from './i18n';
import { applyDocumentLanguage, directionOf, type Direction } from './direction';
import { loadPublicSettings } from './public-settings';
import { getStoredLanguage, setStoredLanguage } from './storage';
import { DEFAULT_THEME, themes } from './theme';

const antdLocales: Record<Language, () => Promise<Locale>> = {
  en: () => Promise.resolve(enUS),
  ar: () => import('antd/es/locale/ar_EG').then((m) => m.default),
  zh: () => import('antd/es/locale/zh_CN').then((m) => m.default),
  it: () => import('antd/es/locale/it_IT').then((m) => m.default),
  es: () => import('antd/es/locale/es_ES').then((m) => m.default),
  fr: () => import('antd/es/locale/fr_FR').then((m) => m.default),
};

/** antd's locales do not set dayjs's locale, so each language names its dayjs locale too. */
const dayjsLocales: Record<Language, { name: string; load: () => Promise<unknown> }> = {
  en: { name: 'en', load: () => Promise.resolve() },
  ar: { name: 'ar', load: () => import('dayjs/locale/ar') },
  zh: { name: 'zh-cn', load: () => import('dayjs/locale/zh-cn') },
  it: { name: 'it', load: () => import('dayjs/locale/it') },
  es: { name: 'es', load: () => import('dayjs/locale/es') },
  fr: { name: 'fr', load: () => import('dayjs/locale/fr') },
};

/**
 * The language the app starts in: the person's own choice when they made one (answered at once, so the
 * page does not wait), else the product's default language from the settings, else English (spec section 9).
 * The default is not stored, so a later change of the product setting reaches everyone who has not chosen.
 */
export function initialLanguage(): Language | Promise<Language> {
  return getStoredLanguage() ?? loadPublicSettings().then((settings) => settings?.defaultLanguage ?? 'en');
}

/** Whether the signed-in app has asked for dayjs (`prepareDates`): a later change of language sets its locale too. */
let datesWanted = false;

/**
 * Loads dayjs and sets its language. The sign-in pages show no dates, so dayjs is not in the JavaScript before the
 * sign-in form shows (issue 15): the signed-in app asks for it before it renders (app/router.tsx), and from then on
 * every change of language sets it.
 */
export async function prepareDates(language: Language): Promise<void> {
  datesWanted = true;
  const [dayjs] = await Promise.all([import('dayjs').then((module) => module.default), dayjsLocales[language].load()]);
  dayjs.locale(dayjsLocales[language].name);
}

/** Loads everything a language needs and applies it to i18next, dayjs (once the signed-in app wants it) and <html>. */
export async function prepareLanguage(language: Language): Promise<Locale> {
  const [locale] = await Promise.all([antdLocales[language](), activateTranslations(language), datesWanted ? prepareDates(language) : null]);
  applyDocumentLanguage(language);
  return locale;
}

interface LanguageContextValue {
  language: Language;
  direction: Direction;
  setLanguage: (language: Language) => Promise<void>;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

export function useLanguage(): LanguageContextValue {
  const value = useContext(LanguageContext);
  if (!value) throw new Error('useLanguage outside LanguageProvider');
  return value;
}

interface LanguageProviderProps {
  language: Language;
  locale: Locale;
  children: ReactNode;
}

/** Language state plus the antd ConfigProvider (theme, locale, direction) and antd's App context. */
export function LanguageProvider({ language: first, locale: firstLocale, children }: LanguageProviderProps) {
  const [state, setState] = useState({ language: first, locale: firstLocale });
  const setLanguage = useCallback(async (language: Language) => {
    const locale = await prepareLanguage(language);
    setStoredLanguage(language);
    setState({ language, locale });
  }, []);
  const direction = directionOf(state.language);
  const value = useMemo(() => ({ language: state.language, direction, setLanguage }), [state.language, direction, setLanguage]);
  return (
    <LanguageContext.Provider value={value}>
      <ConfigProvider theme={themes[DEFAULT_THEME]} locale={state.locale} direction={direction}>
        {/* Notices open at the reading start's top corner: top right in English, top left in Arabic. */}
        <AntApp notification={{ placement: direction === 'rtl' ? 'topLeft' : 'topRight' }}>{children}</AntApp>
      </ConfigProvider>
    </LanguageContext.Provider>
  );
}
