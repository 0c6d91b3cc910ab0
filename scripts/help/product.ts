import { allMenuEntries, menu, type HelpLanguage } from '@tonnage/contracts';
import { fullAr, fullEn } from '../../web/src/locales/full';
import type { Text } from './model';

/*
 * What the help documents take from the product itself, in both languages: the screens' labels (the web's message
 * sets), the server's messages (the contracts' English and the Arabic the web shows), the sidebar's paths (the
 * contracts' menu). A key or message that no longer exists throws, so the build and the freshness test fail until the
 * source follows the product.
 */

const sets = { en: fullEn, ar: fullAr } as const;

function lookup(language: HelpLanguage, key: string): string {
  let node: unknown = sets[language].translation;
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`help: no ${language} text '${key}' in the web's message sets`);
  return node;
}

/** A label of the web app (`t('<key>')`), `{{name}}` placeholders filled. */
export function label(key: string, values: Record<string, string> = {}): Text {
  const fill = (text: string) => text.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => values[name] ?? `{{${name}}}`);
  return { en: fill(lookup('en', key)), ar: fill(lookup('ar', key)) };
}

/** A fixed message of the server or the contracts (English), with the Arabic the web shows for it. */
export function message(english: string): Text {
  const arabic = fullAr.messages[english];
  if (arabic === undefined) throw new Error(`help: no Arabic for the message '${english}'`);
  return { en: english, ar: arabic };
}

/** The sidebar's separator, pointing into the group in each reading direction. */
const SEPARATOR = { en: ' › ', ar: ' ‹ ' };

/** The sidebar's path to a menu entry: "Warehouse › Consignee To SM". */
export function menuPath(key: string): Text {
  const entry = allMenuEntries.find((candidate) => candidate.key === key);
  if (!entry) throw new Error(`help: no menu entry '${key}'`);
  const group = menu.find((item) => item.type === 'group' && item.entries.some((candidate) => candidate.key === key));
  const own = label(`menu.${entry.labelKey}`);
  if (!group) return own;
  const parent = label(`menu.${group.labelKey}`);
  return { en: `${parent.en}${SEPARATOR.en}${own.en}`, ar: `${parent.ar}${SEPARATOR.ar}${own.ar}` };
}

/** A menu entry's own label. */
export function menuLabel(key: string): Text {
  const entry = allMenuEntries.find((candidate) => candidate.key === key);
  if (!entry) throw new Error(`help: no menu entry '${key}'`);
  return label(`menu.${entry.labelKey}`);
}

/** Joins texts language by language. */
export function join(parts: readonly Text[], separator: Text | string = ' '): Text {
  const sep = typeof separator === 'string' ? { en: separator, ar: separator } : separator;
  return { en: parts.map((p) => p.en).join(sep.en), ar: parts.map((p) => p.ar).join(sep.ar) };
}

/** "«label»": a label as the screen shows it, quoted in each language's way. */
export function quoted(text: Text): Text {
  return { en: `“${text.en}”`, ar: `«${text.ar}»` };
}
