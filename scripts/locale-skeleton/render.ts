// The pure half of the locale skeleton tool (scripts/locale-skeleton.ts): refreshing a language's texts against the
// English ones, and writing them out as TypeScript a translator edits in place.

/** A message set: texts at the leaves, objects of texts (namespaces, groups) above them. */
export interface Tree {
  [key: string]: string | Tree;
}

const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Counts of what a refresh did. */
export interface RefreshCounts {
  /** Texts (and messages) the language had: kept as they were. */
  kept: number;
  /** Texts English has that the language had not: added with the English text. */
  added: number;
  /** Texts the language had that English no longer has: dropped. */
  dropped: number;
}

export const noCounts = (): RefreshCounts => ({ kept: 0, added: 0, dropped: 0 });

/** How many texts a value holds (a text 1, a tree its texts, anything else 0). */
export function leafCount(value: unknown): number {
  if (typeof value === 'string') return 1;
  return isTree(value) ? Object.values(value).reduce<number>((total, child) => total + leafCount(child), 0) : 0;
}

/**
 * English's tree, in English's key order, with each text replaced by the language's text at the same path when it has
 * a non-empty one. Keys the language has and English has not are dropped.
 */
export function refreshTree(english: Tree, existing: unknown, counts: RefreshCounts = noCounts()): Tree {
  const own: Tree = isTree(existing) ? existing : {};
  const out: Tree = {};
  for (const [key, source] of Object.entries(english)) {
    const translated = Object.hasOwn(own, key) ? own[key] : undefined;
    if (typeof source === 'string') {
      if (typeof translated === 'string' && translated.trim() !== '') {
        out[key] = translated;
        counts.kept += 1;
      } else {
        out[key] = source;
        counts.added += 1;
        // A group where English has a text is dropped (an empty text is only replaced).
        if (isTree(translated)) counts.dropped += leafCount(translated);
      }
    } else {
      if (translated !== undefined && !isTree(translated)) counts.dropped += 1;
      out[key] = refreshTree(source, translated, counts);
    }
  }
  for (const [key, value] of Object.entries(own)) if (!Object.hasOwn(english, key)) counts.dropped += leafCount(value);
  return out;
}

/**
 * The messages with the given English keys, in that order: the language's translation when it has a non-empty one,
 * else the English text itself (a message is keyed by its English text).
 */
export function refreshMessages(keys: readonly string[], existing: Readonly<Record<string, string>>, counts: RefreshCounts = noCounts()): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of keys) {
    const translated = Object.hasOwn(existing, key) ? existing[key] : undefined;
    if (typeof translated === 'string' && translated.trim() !== '') {
      out[key] = translated;
      counts.kept += 1;
    } else {
      out[key] = key;
      counts.added += 1;
    }
  }
  return out;
}

const escapes: Record<string, string> = { '\\': '\\\\', "'": "\\'", '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f', '\v': '\\v' };

/**
 * A string as a single-quoted TypeScript literal: backslashes, single quotes and control characters escaped (so are
 * the line and paragraph separators and lone surrogates); every other character, non-ASCII included, as it is.
 */
export function quote(text: string): string {
  const body = text.replace(
    // eslint-disable-next-line no-control-regex
    /[\\'\u0000-\u001f\u007f\u2028\u2029]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    (char) => escapes[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `'${body}'`;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A property name as written in an object literal: bare when it is an identifier, else quoted. */
export function propertyName(key: string): string {
  return IDENTIFIER.test(key) ? key : quote(key);
}

/** An object literal of a tree, one property per line, nested objects indented by two spaces a level. */
export function objectLiteral(tree: Tree, indent = 0): string {
  const entries = Object.entries(tree);
  if (entries.length === 0) return '{}';
  const pad = ' '.repeat(indent + 2);
  const lines = entries.map(([key, value]) => `${pad}${propertyName(key)}: ${typeof value === 'string' ? quote(value) : objectLiteral(value, indent + 2)},`);
  return `{\n${lines.join('\n')}\n${' '.repeat(indent)}}`;
}

/** What a language's two files hold. */
export interface LanguageTexts {
  /** Its core set: the English core's keys and the menu. */
  core: { translation: Tree; messages: Record<string, string> };
  /** Its app texts: the signed-in app's screens but the menu, and every feature section. */
  app: { translation: Tree; messages: Record<string, string> };
}

const header = (language: string) =>
  [
    `// Written by \`npm run locales:skeleton -- ${language}\` (scripts/locale-skeleton.ts) from the English texts, then translated`,
    '// in place: change the values, never the keys. Run it again when the English texts change: it keeps every',
    '// translation, adds the new keys with their English text and drops the keys English no longer has.',
  ].join('\n');

/** The core file, web/src/locales/<language>.ts. */
export function renderCoreFile(language: string, name: string, texts: LanguageTexts['core']): string {
  return `${header(language)}
import type { LocaleBundle, Translation } from './types';

/**
 * ${name}: what the sign-in pages need and the menu, loaded before the sign-in form shows (the signed-in app's other
 * texts are in app/${language}.ts, loaded after sign-in).
 */
const ${language}: LocaleBundle<Translation> = {
  translation: ${objectLiteral(texts.translation, 2)},
  /** Every fixed English message Arabic's core translates (ar.ts), keyed by the English text. */
  messages: ${objectLiteral(texts.messages, 2)},
};

export default ${language};
`;
}

/** The app file, web/src/locales/app/<language>.ts. */
export function renderAppFile(language: string, name: string, texts: LanguageTexts['app']): string {
  return `${header(language)}
import type { AppBundle } from '../types';

/**
 * ${name}: the signed-in app's texts (its own screens but the menu, and every feature section), a chunk of its own
 * loaded after sign-in when ${name} is used (app/i18n.ts \`loadAppTexts\`).
 */
const ${language}: AppBundle = {
  translation: ${objectLiteral(texts.translation, 2)},
  /** Every fixed English message the feature sections' Arabic translates but the core file's, keyed by the English text. */
  messages: ${objectLiteral(texts.messages, 2)},
};

export default ${language};
`;
}
