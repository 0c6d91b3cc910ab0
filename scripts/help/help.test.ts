import { existsSync, readFileSync, statSync } from 'node:fs';
import { HELP_DOCUMENTS, HELP_LANGUAGES, helpDocumentPath } from '@tonnage/contracts';
import { describe, expect, it } from 'vitest';
import { fileHash, helpEntries, pdfFile, pdfKey, pdfPageCount, readManifest, sourceHash } from './documents';
import { flowOutcome } from './render/flow-ledger';

/*
 * The help area's 23 documents (spec 2.10) are shipped as PDFs in the repository's `help/`, built from their sources by
 * `npm run help:build`. These tests fail when a document is missing in a language, is not a PDF, or is older than its
 * source (its source hash in help/manifest.json differs from what the source renders to now): build it again.
 */

const manifest = readManifest();
const entries = helpEntries();
const stale = 'is older than its source: run `npm run help:build` and commit the PDFs and help/manifest.json';

describe('help documents', () => {
  it('has a source for each of the 23 documents of the help page, and nothing else', () => {
    expect(entries.map((entry) => entry.document.name)).toEqual(HELP_DOCUMENTS.map((document) => document.name));
    expect(entries).toHaveLength(23);
    expect(entries.filter((entry) => entry.document.tab === 'flowDiagram')).toHaveLength(13);
    expect(entries.filter((entry) => entry.document.tab === 'modules')).toHaveLength(9);
    expect(entries.filter((entry) => entry.document.tab === 'reports')).toHaveLength(1);
  });

  it('keeps the spec’s English paths and puts each Arabic document in an ar/ folder beside them', () => {
    expect(helpDocumentPath({ tab: 'flowDiagram', name: 'cms-complete-flow' }, 'en')).toBe('help/flow_diagrams/cms-complete-flow.pdf');
    expect(helpDocumentPath({ tab: 'modules', name: 'warehouse-in' }, 'ar')).toBe('help/modules/ar/warehouse-in.pdf');
    expect(helpDocumentPath({ tab: 'reports', name: 'loan-statement' }, 'en')).toBe('help/reports/loan-statement.pdf');
  });

  it('lists exactly the shipped PDFs in the manifest', () => {
    const keys = entries.flatMap((entry) => HELP_LANGUAGES.map((language) => pdfKey(entry, language))).sort();
    expect(Object.keys(manifest).sort()).toEqual(keys);
  });

  for (const entry of entries) {
    for (const language of HELP_LANGUAGES) {
      const key = pdfKey(entry, language);
      it(`${key} exists, is a PDF with pages, and is up to date with its source`, () => {
        const file = pdfFile(entry, language);
        expect(existsSync(file), `${key} is missing: run \`npm run help:build\``).toBe(true);
        const bytes = readFileSync(file);
        expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        expect(bytes.subarray(-1024).toString('latin1')).toContain('%%EOF');
        const pages = pdfPageCount(bytes);
        expect(pages).toBeGreaterThan(0);
        const recorded = manifest[key];
        expect(recorded, `${key} is not in help/manifest.json`).toBeDefined();
        expect(fileHash(bytes), `${key} is not the PDF the manifest records`).toBe(recorded?.pdf);
        expect(recorded?.pages).toBe(pages);
        expect(sourceHash(entry, language), `${key} ${stale}`).toBe(recorded?.source);
      });
    }
  }

  it('tells in each flow diagram a case the ledger would accept: no stock below zero, every truck received', () => {
    for (const entry of entries) {
      if (entry.source.kind !== 'flow') continue;
      const outcome = flowOutcome(entry.source);
      expect(outcome.inTransitKg, entry.document.name).toBe(0);
      if (outcome.loan) expect(outcome.loan.returnedKg, entry.document.name).toBeLessThanOrEqual(outcome.loan.issuedKg);
    }
  });

  it('keeps the whole set small enough to ship with the product (under 12 MB for both languages)', () => {
    const total = entries.flatMap((entry) => HELP_LANGUAGES.map((language) => statSync(pdfFile(entry, language)).size)).reduce((sum, size) => sum + size, 0);
    expect(total).toBeLessThan(12 * 1024 * 1024);
  });
});
