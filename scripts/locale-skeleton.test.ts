// The locale skeleton tool's pure half (scripts/locale-skeleton/render.ts): a refresh keeps translations, adds English
// for what is missing, drops what English no longer has, in English's order; the TypeScript it writes reads back as
// the same texts, whatever characters they hold.
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { noCounts, objectLiteral, propertyName, quote, refreshMessages, refreshTree, renderAppFile, renderCoreFile, type Tree } from './locale-skeleton/render';

/** Evaluates an object literal the tool wrote (plain JavaScript: no types inside). */
const evaluate = (literal: string): unknown => structuredClone(vm.runInNewContext(`(${literal})`) as unknown);

describe('refreshTree', () => {
  const english: Tree = { title: 'Title', form: { name: 'Name', note: 'Note {{n}}' }, added: 'Added' };

  it("keeps the language's texts, adds English for missing and empty ones, drops the rest, in English's order", () => {
    const existing = { gone: 'Parti', form: { note: 'Remarque {{n}}', name: '', old: 'Vieux' }, title: 'Titre' };
    const counts = noCounts();
    const refreshed = refreshTree(english, existing, counts);
    expect(refreshed).toEqual({ title: 'Titre', form: { name: 'Name', note: 'Remarque {{n}}' }, added: 'Added' });
    expect(Object.keys(refreshed)).toEqual(['title', 'form', 'added']);
    expect(Object.keys(refreshed.form as Tree)).toEqual(['name', 'note']);
    expect(counts).toEqual({ kept: 2, added: 2, dropped: 2 });
  });

  it('takes English where the language has a text for a group or a group for a text', () => {
    const counts = noCounts();
    expect(refreshTree(english, { title: { a: 'x' }, form: 'Formulaire' }, counts)).toEqual(english);
    expect(counts).toEqual({ kept: 0, added: 4, dropped: 2 });
  });
});

describe('refreshMessages', () => {
  it('keeps translations of the given English messages, in their order, the English text where there is none', () => {
    const counts = noCounts();
    const refreshed = refreshMessages(['Second!', 'First!', 'New!'], { 'First!': 'Premier !', 'Second!': 'Deuxième !', 'Old!': 'Vieux !' }, counts);
    expect(refreshed).toEqual({ 'Second!': 'Deuxième !', 'First!': 'Premier !', 'New!': 'New!' });
    expect(Object.keys(refreshed)).toEqual(['Second!', 'First!', 'New!']);
    expect(counts).toEqual({ kept: 2, added: 1, dropped: 0 });
  });
});

describe('the TypeScript the tool writes', () => {
  const tricky = ["It's the BL's cargo", 'back\\slash', 'line\nbreak\ttab', '"double" and `tick` ${x}', '中文 العربية Français…', 'sep\u2028ara\u2029tor', 'bell\u0007', 'lone \ud800 surrogate', '😀 pair'];

  it('quotes texts in single quotes, escaped, and reads them back unchanged', () => {
    expect(quote("BL's")).toBe("'BL\\'s'");
    expect(quote('a\\b')).toBe("'a\\\\b'");
    expect(quote('中文')).toBe("'中文'");
    for (const text of tricky) expect(evaluate(quote(text)), text).toBe(text);
  });

  it('writes a key bare when it is an identifier, else quoted', () => {
    expect(propertyName('portLoading')).toBe('portLoading');
    expect(propertyName('UNAUTHENTICATED')).toBe('UNAUTHENTICATED');
    expect(propertyName('Please select a date!')).toBe("'Please select a date!'");
    expect(propertyName('404')).toBe("'404'");
  });

  it('writes a nested object literal, one key a line, that reads back as the same tree', () => {
    const tree: Tree = { a: 'A', group: { 'odd key': "O'K", inner: { deep: '{{n}} deep' } }, messages: Object.fromEntries(tricky.map((text) => [text, text])) };
    const literal = objectLiteral(tree);
    expect(evaluate(literal)).toEqual(tree);
    expect(literal.split('\n').slice(0, 4)).toEqual(['{', "  a: 'A',", '  group: {', "    'odd key': 'O\\'K',"]);
  });

  it('writes the core and the app file around the texts', () => {
    const core = renderCoreFile('fr', 'French', { translation: { login: { title: 'Connexion' } }, messages: { 'Wrong!': 'Faux !' } });
    expect(core).toContain("import type { LocaleBundle, Translation } from './types';");
    expect(core).toContain('const fr: LocaleBundle<Translation> = {\n  translation: {\n    login: {\n      title: \'Connexion\',\n    },\n  },');
    expect(core).toContain("    'Wrong!': 'Faux !',");
    expect(core.endsWith('export default fr;\n')).toBe(true);
    const app = renderAppFile('fr', 'French', { translation: { users: { title: 'Utilisateurs' } }, messages: {} });
    expect(app).toContain("import type { AppBundle } from '../types';");
    expect(app).toContain('const fr: AppBundle = {');
    expect(app).toContain('  messages: {},');
  });
});
