import type { Language } from '@tonnage/contracts';
import type { appTextsEn } from './app-texts';
import type en from './en';
import type { sectionsEn } from './sections';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/**
 * Every key of the English core set (what the sign-in pages need): Arabic's core must provide all of them (checked by
 * the compiler).
 */
export type CoreTranslation = Shape<typeof en.translation>;

/**
 * The keys the core file of a file language holds (`<lang>.ts`, loaded before the sign-in form shows): the core, and
 * the menu, which English and Arabic load after sign-in (app-texts.ts).
 */
export type Translation = CoreTranslation & { menu: Shape<typeof appTextsEn.menu> };

/**
 * The keys the app file of a file language holds (`app/<lang>.ts`, its own chunk, loaded after sign-in): the signed-in
 * app's own screens (app-texts.ts but the menu, which is in the core file) and every feature section. Exact: the
 * compiler rejects a missing key and an extra one.
 */
export type AppTranslation = Shape<Omit<typeof appTextsEn, 'menu'> & typeof sectionsEn>;

export interface LocaleBundle<T = CoreTranslation> {
  translation: T;
  /** Translations of fixed English messages, keyed by the English text. */
  messages: Readonly<Record<string, string>>;
}

/** What an app file default-exports. */
export type AppBundle = LocaleBundle<AppTranslation>;

/**
 * The languages translated from English in two files of their own, written by the skeleton tool
 * (scripts/locale-skeleton.ts, `npm run locales:skeleton -- <lang>`) and translated in place: the core file
 * (`locales/<lang>.ts`) and the app file (`locales/app/<lang>.ts`). English and Arabic keep their texts beside the code
 * instead (en.ts, ar.ts, app-texts.ts, sections/).
 */
export const FILE_LANGUAGES = ['zh', 'it', 'es', 'fr'] as const satisfies readonly Language[];
export type FileLanguage = (typeof FILE_LANGUAGES)[number];
