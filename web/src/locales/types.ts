import type en from './en';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
type DeepPartial<T> = { [K in keyof T]?: T[K] extends string ? string : DeepPartial<T[K]> };

/** Every key of the English set: Arabic must provide all of them (checked by the compiler). */
export type Translation = Shape<typeof en.translation>;

/** Sections every language must translate in full; the rest may fall back to English. */
export type RequiredSection = 'app' | 'common' | 'lang' | 'login' | 'forgot' | 'reset' | 'password' | 'topbar' | 'menu' | 'pages' | 'update' | 'errors';

export type PartialTranslation = Pick<Translation, RequiredSection> & DeepPartial<Omit<Translation, RequiredSection>>;

export interface LocaleBundle<T = Translation> {
  translation: T;
  /** Translations of fixed English messages, keyed by the English text. */
  messages: Readonly<Record<string, string>>;
}
