import { describe, expect, it } from 'vitest';
import { allMenuEntries, DASHBOARD_TAB_PERMISSIONS, ErrorCode, menu, transactionRegistry } from '@tonnage/contracts';
import arCore from './ar';
import { fullAr as ar, fullEn as en, fullOf, languageFiles } from './full';
import { sectionMessagesAr, sectionOtherMessagesAr } from './sections';
import { FILE_LANGUAGES } from './types';

type Tree = { [key: string]: string | Tree };

function leaves(tree: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else if (value && typeof value === 'object') leaves(value as Tree, path).forEach((v, k) => out.set(k, v));
  }
  return out;
}

const english = leaves(en.translation);
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const menuLabelKeys = [...new Set([...allMenuEntries.map((e) => e.labelKey), ...menu.filter((i) => i.type === 'group').map((g) => g.labelKey)])];

describe('message sets', () => {
  it('has a menu label for every entry and group of the catalogue in every language', () => {
    for (const bundle of [en, ar, ...FILE_LANGUAGES.map(fullOf)]) {
      const keys = leaves(bundle.translation);
      for (const labelKey of menuLabelKeys) expect(keys.get(`menu.${labelKey}`), labelKey).toBeTruthy();
    }
  });

  it('has Arabic for every English key, with the same placeholders', () => {
    const arabic = leaves(ar.translation);
    for (const [key, text] of english) {
      const translated = arabic.get(key);
      expect(translated, key).toBeTruthy();
      expect(placeholders(translated ?? ''), key).toEqual(placeholders(text));
    }
    expect(arabic.size).toBe(english.size);
  });

  it('names every dashboard tab', () => {
    for (const tab of Object.keys(DASHBOARD_TAB_PERMISSIONS)) {
      expect(english.get(`dashboard.tabs.${tab}`)).toBeTruthy();
      expect(english.get(`dashboard.panels.${tab}`)).toBeTruthy();
    }
  });

  it('only defines error texts for known codes', () => {
    const codes = new Set<string>([...Object.values(ErrorCode), 'NETWORK', 'UNEXPECTED_RESPONSE', 'tokenExpired']);
    for (const key of english.keys()) if (key.startsWith('errors.')) expect(codes.has(key.slice('errors.'.length)), key).toBe(true);
  });

  it('has no English key that no source names (so a text left behind by a change is removed with it)', () => {
    // The sources that may name a key: the web app, the contracts (declarations name their labels) and the browser
    // tests (`texts.<key>`), tests and the message sets themselves left out.
    const sources = {
      ...import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../locales/**'], { query: '?raw', import: 'default', eager: true }),
      ...import.meta.glob<string>(['../../../packages/contracts/src/**/*.ts', '!../../../packages/contracts/src/**/*.test.ts'], { query: '?raw', import: 'default', eager: true }),
      ...import.meta.glob<string>(['../../../e2e/specs/**/*.ts', '../../../e2e/support/**/*.ts'], { query: '?raw', import: 'default', eager: true }),
    };
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    const text = Object.values(sources).join('\n');
    // A key written out: 'ns.key' in quotes, or texts.ns.key in a browser test (all below such a path too).
    const named = new Set([...text.matchAll(/['"`]([\w.-]+)['"`]/g)].map((m) => m[1]));
    const below = [...text.matchAll(/\btexts\.([\w.]+)/g)].map((m) => `${m[1]}.`);
    for (const m of text.matchAll(/\btexts\.([\w.]+)/g)) named.add(m[1]);
    // A key built from a fixed part and a value: `ns.group.${value}` or 'ns.group.' + value names every key below it.
    const built = [...text.matchAll(/[`'"]([\w.]+\.)(?:\$\{|['"]\s*\+)/g)].map((m) => m[1] ?? '');
    // Built on a namespace alone, a template would name the whole namespace: only these families may, their values
    // being catalogues (menu labels, languages, error codes, picker messages); anywhere else, name each key.
    const namespaceFamilies = ['menu.', 'lang.', 'errors.', 'pickers.'];
    const namespaces = new Set(Object.keys(en.translation).map((name) => `${name}.`));
    const wholeNamespace = built.filter((prefix) => namespaces.has(prefix));
    expect(wholeNamespace.filter((prefix) => !namespaceFamilies.includes(prefix))).toEqual([]);
    // The list filters' options (and enum columns' values) are translated as `<labelPrefix>.<option>` (TransactionListPage).
    for (const declaration of transactionRegistry) {
      for (const filter of declaration.list.filters) if (filter.kind === 'enum') for (const option of filter.options) named.add(`${filter.labelPrefix}.${option}`);
      for (const column of declaration.list.columns) if (column.kind === 'enum') for (const option of column.options ?? []) named.add(`${column.labelPrefix}.${option}`);
    }
    const prefixes = [...built, ...below];
    const unused = [...english.keys()].filter((key) => !named.has(key) && !prefixes.some((prefix) => key.startsWith(prefix)));
    expect(unused).toEqual([]);
  });
});

/*
 * The file languages (zh, it, es, fr: types.ts FILE_LANGUAGES) are complete: every English text and every fixed message
 * Arabic translates, in their two files (the core `<lang>.ts`, the app file `app/<lang>.ts`, written by
 * `npm run locales:skeleton -- <lang>`). The compiler checks the texts' keys; these check the rest at run time.
 */

/** The fixed messages Arabic translates: its core's (ar.ts, with the core file) and the sections' (with the app file). */
const coreMessageKeys = Object.keys(arCore.messages);
const appMessageKeys = [...new Set([...Object.keys(sectionMessagesAr), ...Object.keys(sectionOtherMessagesAr)])].filter((key) => !Object.hasOwn(arCore.messages, key));

/** Most texts are translated: at most this share of a language's texts may equal their English. */
const MAX_IDENTICAL_SHARE = 0.1;

/**
 * The texts of a language identical to their English (language names, which each language writes in its own script,
 * and texts without a letter aside), and how many were compared.
 */
function identicalToEnglish(language: (typeof FILE_LANGUAGES)[number]): { identical: string[]; compared: number } {
  const full = fullOf(language);
  const own = leaves(full.translation);
  const identical: string[] = [];
  let compared = 0;
  for (const [key, text] of english) {
    if (key.startsWith('lang.') || !/\p{L}/u.test(text.replace(/\{\{\w+\}\}/g, ''))) continue;
    compared += 1;
    if (own.get(key) === text) identical.push(key);
  }
  for (const key of [...coreMessageKeys, ...appMessageKeys]) {
    compared += 1;
    if (full.messages[key] === key) identical.push(key);
  }
  return { identical, compared };
}

describe.each(FILE_LANGUAGES)('the file language %s', (language) => {
  const full = fullOf(language);
  const { core, app } = languageFiles[language];

  it('has every English key, not empty, with the same placeholders, and no other key', () => {
    const own = leaves(full.translation);
    const missing = [...english.keys()].filter((key) => !own.get(key)?.trim());
    expect(missing).toEqual([]);
    const extra = [...own.keys()].filter((key) => !english.has(key));
    expect(extra).toEqual([]);
    for (const [key, text] of english) expect(placeholders(own.get(key) ?? ''), key).toEqual(placeholders(text));
  });

  it('translates every fixed message Arabic translates, in the core file those of the core, with the same placeholders', () => {
    for (const key of Object.keys(ar.messages)) expect(full.messages[key], key).toBeTruthy();
    expect(Object.keys(core.messages).sort()).toEqual([...coreMessageKeys].sort());
    expect(Object.keys(app.messages).sort()).toEqual([...appMessageKeys].sort());
    for (const [key, text] of Object.entries(full.messages)) {
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(key));
    }
  });

  it(`is translated: at most ${MAX_IDENTICAL_SHARE * 100} % of its texts identical to the English`, () => {
    const { identical, compared } = identicalToEnglish(language);
    const share = identical.length / compared;
    console.info(`${language}: ${identical.length} of ${compared} texts identical to English (${(share * 100).toFixed(1)} %)`);
    expect(share, `${language}: ${(share * 100).toFixed(1)} % identical to English, e.g. ${identical.slice(0, 5).join(' | ')}`).toBeLessThanOrEqual(MAX_IDENTICAL_SHARE);
  });
});
