import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HELP_DOCUMENTS, HELP_LANGUAGES, helpDocumentPath, type HelpLanguage } from '@tonnage/contracts';
import type { HelpEntry } from './model';
import { documentTitle, renderFlowHtml, renderGuideHtml, shotKey } from './render/html';
import { printOptions } from './render/print';
import { sources } from './sources';

/*
 * The help documents with their sources, where their PDFs live and how a PDF is known to be up to date: each PDF's
 * entry in `help/manifest.json` holds the hash of what it was printed from (the document's HTML in its language with
 * the screenshots left out, the screenshots' recipes, the print options) and the PDF's own hash. `npm run help:build`
 * writes both; `scripts/help/help.test.ts` recomputes the first and compares.
 */

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The repository folder the server serves the documents from (config `helpDir`): its layout is the storage keys'. */
export const HELP_DIR = path.join(ROOT, 'help');
export const MANIFEST = path.join(HELP_DIR, 'manifest.json');

export interface ManifestEntry {
  /** Hash of what the PDF was printed from. */
  source: string;
  /** Hash of the PDF file. */
  pdf: string;
  pages: number;
  bytes: number;
}

/** Keyed by the storage key, `help/<folder>/[ar/]<name>.pdf`. */
export type Manifest = Record<string, ManifestEntry>;

/** Every document with its source, in the help page's order; throws when a document has no source or a source no document. */
export function helpEntries(options: { allowMissing?: boolean } = {}): HelpEntry[] {
  const names = new Set(HELP_DOCUMENTS.map((document) => document.name));
  for (const name of Object.keys(sources)) if (!names.has(name)) throw new Error(`help: a source for an unknown document '${name}'`);
  return HELP_DOCUMENTS.flatMap((document) => {
    const source = sources[document.name];
    if (!source && options.allowMissing) return [];
    if (!source) throw new Error(`help: no source for '${document.name}'`);
    if (source.name !== document.name) throw new Error(`help: the source of '${document.name}' is named '${source.name}'`);
    const expected = document.tab === 'flowDiagram' ? 'flow' : 'guide';
    if (source.kind !== expected) throw new Error(`help: '${document.name}' must be a ${expected} source`);
    return [{ document, source }];
  });
}

/** The storage key of an entry's PDF, which is also its path under the repository's root. */
export const pdfKey = (entry: HelpEntry, language: HelpLanguage) => helpDocumentPath(entry.document, language);
export const pdfFile = (entry: HelpEntry, language: HelpLanguage) => path.join(ROOT, pdfKey(entry, language));

/** The page of an entry in a language, with each screenshot replaced by `images` (or by its name, to hash). */
export function entryHtml(entry: HelpEntry, language: HelpLanguage, images?: ReadonlyMap<string, string>): string {
  const { document, source } = entry;
  if (source.kind === 'flow') return renderFlowHtml(document, source, language);
  const placeholders = new Map<string, string>();
  source.screens.forEach((screen, s) => screen.shots.forEach((_shot, i) => placeholders.set(shotKey(s, i), `shot:${shotKey(s, i)}`)));
  return renderGuideHtml(document, source, language, images ?? placeholders);
}

/** The hash of what an entry's PDF in a language is printed from. */
export function sourceHash(entry: HelpEntry, language: HelpLanguage): string {
  const hash = createHash('sha256');
  hash.update(entryHtml(entry, language));
  if (entry.source.kind === 'guide') hash.update(JSON.stringify(entry.source.screens.map((screen) => screen.shots.map(({ route, ready, actions, scrollTo }) => ({ route, ready, actions, scrollTo })))));
  hash.update(JSON.stringify(printOptions(entry.document.tab === 'flowDiagram', language, documentTitle(entry.document)[language])));
  return hash.digest('hex');
}

export const fileHash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export function readManifest(): Manifest {
  try {
    return JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
}

/** The number of pages of a PDF as Chromium writes it (its page tree's objects). */
export function pdfPageCount(bytes: Buffer): number {
  return [...bytes.toString('latin1').matchAll(/\/Type\s*\/Page(?![a-zA-Z])/g)].length;
}

export { HELP_LANGUAGES };
