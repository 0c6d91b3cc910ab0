import { describe, expect, it } from 'vitest';
import { allMenuEntries, DASHBOARD_TAB_PERMISSIONS, ErrorCode, menu, transactionRegistry } from '@tonnage/contracts';
import { fullAr as ar, fullEn as en } from './full';
import zh from './zh';
import it_ from './it';
import es from './es';
import fr from './fr';

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
const menuLabelKeys = [...new Set([...allMenuEntries.map((e) => e.labelKey), ...menu.filter((i) => i.type === 'group').map((g) => g.labelKey)])];

describe('message sets', () => {
  it('has a menu label for every entry and group of the catalogue in every language', () => {
    for (const bundle of [en, ar, zh, it_, es, fr]) {
      const keys = leaves(bundle.translation);
      for (const labelKey of menuLabelKeys) expect(keys.get(`menu.${labelKey}`), labelKey).toBeTruthy();
    }
  });

  it('has Arabic for every English key, with the same placeholders', () => {
    const arabic = leaves(ar.translation);
    for (const [key, text] of english) {
      const translated = arabic.get(key);
      expect(translated, key).toBeTruthy();
      const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(placeholders(translated ?? ''), key).toEqual(placeholders(text));
    }
    expect(arabic.size).toBe(english.size);
  });

  it('keeps placeholders intact in the partial languages', () => {
    for (const bundle of [zh, it_, es, fr]) {
      for (const [key, text] of leaves(bundle.translation)) {
        const source = english.get(key);
        expect(source, key).toBeDefined();
        const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
        expect(placeholders(text), key).toEqual(placeholders(source ?? ''));
      }
    }
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
