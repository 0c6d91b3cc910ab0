import type { appTextsEn } from './app-texts';
import type en from './en';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
type DeepPartial<T> = { [K in keyof T]?: T[K] extends string ? string : DeepPartial<T[K]> };

/**
 * Every key of the English core set (what the sign-in pages need): Arabic's core must provide all of them (checked by
 * the compiler).
 */
export type CoreTranslation = Shape<typeof en.translation>;

/**
 * The keys a language's own file holds: the core, and the menu, which English and Arabic load after sign-in
 * (app-texts.ts) while the partial languages keep it in their one file.
 */
export type Translation = CoreTranslation & { menu: Shape<typeof appTextsEn.menu> };

/** Sections every language must translate in full; the rest may fall back to English. */
export type RequiredSection = 'app' | 'common' | 'lang' | 'login' | 'forgot' | 'reset' | 'password' | 'topbar' | 'menu' | 'pages' | 'update' | 'errors';

export type PartialTranslation = Pick<Translation, RequiredSection> & DeepPartial<Omit<Translation, RequiredSection>>;

export interface LocaleBundle<T = CoreTranslation> {
  translation: T;
  /** Translations of fixed English messages, keyed by the English text. */
  messages: Readonly<Record<string, string>>;
}
