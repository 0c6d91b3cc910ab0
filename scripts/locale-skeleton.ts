// `npm run locales:skeleton -- <lang>... [--check]`: writes or refreshes the two files of a file language (zh, it, es,
// fr; web/src/locales/types.ts FILE_LANGUAGES) from the English texts, for a translator to translate in place:
//   web/src/locales/<lang>.ts      the core: the English core's keys (en.ts) and the menu, and every message of
//                                  Arabic's core (ar.ts); loaded before the sign-in form shows
//   web/src/locales/app/<lang>.ts  the app texts: app-texts.ts but the menu, every feature section (sections/), and
//                                  every message of the sections' Arabic that the core has not; loaded after sign-in
// Every translation the two files hold is kept (found by its key in either file, so a text that moved between them
// keeps it), a key English has and they have not is added with its English text, a key English no longer has is
// dropped; keys follow English's order. `--check` writes nothing and fails when a file would change.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { appTextsEn } from '../web/src/locales/app-texts';
import ar from '../web/src/locales/ar';
import en from '../web/src/locales/en';
import { sectionMessagesAr, sectionOtherMessagesAr, sectionsEn } from '../web/src/locales/sections';
import { FILE_LANGUAGES, type FileLanguage } from '../web/src/locales/types';
import { leafCount, noCounts, refreshMessages, refreshTree, renderAppFile, renderCoreFile, type LanguageTexts, type RefreshCounts, type Tree } from './locale-skeleton/render';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'web', 'src', 'locales');

/** The languages' names in the files' comments. */
const NAMES: Record<FileLanguage, string> = { zh: 'Chinese (Simplified)', it: 'Italian', es: 'Spanish', fr: 'French' };

const coreFile = (language: FileLanguage) => path.join(localesDir, `${language}.ts`);
const appFile = (language: FileLanguage) => path.join(localesDir, 'app', `${language}.ts`);

interface Bundle {
  translation: Tree;
  messages: Readonly<Record<string, string>>;
}

/** A language file's default export, or an empty set when the file does not exist yet. */
async function readBundle(file: string): Promise<Bundle> {
  if (!existsSync(file)) return { translation: {}, messages: {} };
  const module = (await import(pathToFileURL(file).href)) as { default?: Partial<Bundle> };
  return { translation: module.default?.translation ?? {}, messages: module.default?.messages ?? {} };
}

const { menu: englishMenu, ...englishAppTexts } = appTextsEn;
/** The English the core file follows: the core set, then the menu. */
const englishCore = { ...en.translation, menu: englishMenu } as unknown as Tree;
/** The English the app file follows: the signed-in app's own screens, then the feature sections. */
const englishApp = { ...englishAppTexts, ...sectionsEn } as unknown as Tree;
const coreMessageKeys = Object.keys(ar.messages);
const appMessageKeys = [...new Set([...Object.keys(sectionMessagesAr), ...Object.keys(sectionOtherMessagesAr)])].filter((key) => !Object.hasOwn(ar.messages, key));

/** The namespaces of a tree that the English tree has. */
const within = (tree: Tree, english: Tree): Tree => Object.fromEntries(Object.entries(tree).filter(([key]) => Object.hasOwn(english, key)));

/** The language's texts refreshed against English, from what its two files hold now. */
async function refreshLanguage(language: FileLanguage, counts: RefreshCounts): Promise<LanguageTexts> {
  const [core, app] = await Promise.all([readBundle(coreFile(language)), readBundle(appFile(language))]);
  // One lookup over both files (their namespaces are apart; the core's own messages win, as in i18next).
  const translation = { ...app.translation, ...core.translation };
  const messages = { ...app.messages, ...core.messages };
  const refreshed: LanguageTexts = {
    core: { translation: refreshTree(englishCore, within(translation, englishCore), counts), messages: refreshMessages(coreMessageKeys, messages, counts) },
    app: { translation: refreshTree(englishApp, within(translation, englishApp), counts), messages: refreshMessages(appMessageKeys, messages, counts) },
  };
  // Namespaces and messages neither file follows any more are dropped too.
  for (const [key, value] of Object.entries(translation)) if (!Object.hasOwn(englishCore, key) && !Object.hasOwn(englishApp, key)) counts.dropped += leafCount(value);
  for (const key of Object.keys(messages)) if (!coreMessageKeys.includes(key) && !appMessageKeys.includes(key)) counts.dropped += 1;
  return refreshed;
}

/** Texts of the language still identical to their English (language names and texts without a letter aside). */
function untranslated(texts: LanguageTexts): { identical: number; total: number } {
  let identical = 0;
  let total = 0;
  const visit = (english: Tree, own: Tree, prefix: string) => {
    for (const [key, source] of Object.entries(english)) {
      const value = own[key];
      if (typeof source !== 'string') {
        if (typeof value === 'object') visit(source, value, `${prefix}${key}.`);
        continue;
      }
      if (`${prefix}${key}`.startsWith('lang.') || !/\p{L}/u.test(source.replace(/\{\{\w+\}\}/g, ''))) continue;
      total += 1;
      if (value === source) identical += 1;
    }
  };
  visit(englishCore, texts.core.translation, '');
  visit(englishApp, texts.app.translation, '');
  for (const messages of [texts.core.messages, texts.app.messages]) {
    for (const [key, value] of Object.entries(messages)) {
      total += 1;
      if (key === value) identical += 1;
    }
  }
  return { identical, total };
}

function writeIfChanged(file: string, text: string, check: boolean): 'unchanged' | 'written' | 'would change' {
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return 'unchanged';
  if (check) return 'would change';
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return 'written';
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const languages = args.filter((arg) => arg !== '--check');
  const unknown = languages.filter((arg) => !(FILE_LANGUAGES as readonly string[]).includes(arg));
  if (languages.length === 0 || unknown.length > 0) {
    if (unknown.length > 0) console.error(`not a file language: ${unknown.join(' ')} (English and Arabic are written by hand)`);
    console.error(`usage: npm run locales:skeleton -- <${FILE_LANGUAGES.join('|')}>... [--check]`);
    return 2;
  }
  let stale = false;
  for (const language of languages as FileLanguage[]) {
    const counts = noCounts();
    const texts = await refreshLanguage(language, counts);
    const outcomes = [
      [coreFile(language), writeIfChanged(coreFile(language), renderCoreFile(language, NAMES[language], texts.core), check)],
      [appFile(language), writeIfChanged(appFile(language), renderAppFile(language, NAMES[language], texts.app), check)],
    ] as const;
    const { identical, total } = untranslated(texts);
    console.info(`${language}: ${counts.kept} texts kept, ${counts.added} added in English, ${counts.dropped} dropped; ${identical} of ${total} (${((100 * identical) / total).toFixed(1)} %) identical to English`);
    for (const [file, outcome] of outcomes) {
      console.info(`  ${path.relative(process.cwd(), file)}: ${outcome}`);
      if (outcome === 'would change') stale = true;
    }
  }
  return stale ? 1 : 0;
}

process.exitCode = await main();
