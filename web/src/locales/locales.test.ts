import { describe, expect, it } from 'vitest';
import { allMenuEntries, DASHBOARD_TAB_PERMISSIONS, ErrorCode, menu } from '@tonnage/contracts';
import en from './en';
import ar from './ar';
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
});
