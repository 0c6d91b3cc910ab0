import type { Language } from '@tonnage/contracts';
import ar from './ar';
import { appTextsAr, appTextsEn } from './app-texts';
import esApp from './app/es';
import frApp from './app/fr';
import itApp from './app/it';
import zhApp from './app/zh';
import en from './en';
import es from './es';
import fr from './fr';
import it from './it';
import { sectionBundle, sectionsAr, sectionsEn } from './sections';
import type { AppBundle, FileLanguage, LocaleBundle, Translation } from './types';
import zh from './zh';

/**
 * A language's whole message set as the signed-in app has it: the core (what the sign-in pages need, loaded before the
 * sign-in form shows) and the signed-in app's texts (loaded after sign-in, `loadAppTexts`): for English and Arabic
 * app-texts.ts and the feature sections, for a file language its app file (app/<lang>.ts). Merged as i18next merges
 * them (the core's own messages win). For tests that check every text of a language.
 */
export interface FullBundle {
  translation: Record<string, unknown>;
  messages: Readonly<Record<string, string>>;
}

const messagesOf = (language: 'en' | 'ar', core: Readonly<Record<string, string>>) => ({ ...sectionBundle(language).messages, ...core });

export const fullEn = { translation: { ...en.translation, ...appTextsEn, ...sectionsEn }, messages: messagesOf('en', en.messages) };
export const fullAr = { translation: { ...ar.translation, ...appTextsAr, ...sectionsAr }, messages: messagesOf('ar', ar.messages) };

/** The two files of each file language: its core and its app texts. */
export const languageFiles: Record<FileLanguage, { core: LocaleBundle<Translation>; app: AppBundle }> = {
  zh: { core: zh, app: zhApp },
  it: { core: it, app: itApp },
  es: { core: es, app: esApp },
  fr: { core: fr, app: frApp },
};

/** The whole message set of any language. */
export function fullOf(language: Language): FullBundle {
  if (language === 'en') return fullEn;
  if (language === 'ar') return fullAr;
  const { core, app } = languageFiles[language];
  return { translation: { ...core.translation, ...app.translation }, messages: { ...app.messages, ...core.messages } };
}
