/// <reference lib="dom" />
// `npm run help:build`: renders each help document (scripts/help/sources) in English and Arabic to HTML and prints it to
// PDF with Debian's Chromium, into the repository's `help/` (the storage keys' layout) with `help/manifest.json`.
// Only documents whose source changed are built, unless `--all`; `--only <name>[,<name>]` and `--lang en|ar` narrow it.
// Guides take their screenshots from a demo server started for the run.
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import type { HelpLanguage } from '@tonnage/contracts';
import { HELP_LANGUAGES, MANIFEST, entryHtml, fileHash, helpEntries, pdfFile, pdfKey, pdfPageCount, readManifest, sourceHash, type Manifest } from './documents';
import { documentTitle, shotKey } from './render/html';
import { printOptions } from './render/print';
import { ShotSession, startDemoServer, type DemoServer } from './screenshots';
import type { HelpEntry } from './model';

const args = process.argv.slice(2);
const all = args.includes('--all');
const only = (() => {
  const index = args.indexOf('--only');
  return index >= 0 ? new Set((args[index + 1] ?? '').split(',').filter(Boolean)) : null;
})();
const languages: HelpLanguage[] = (() => {
  const index = args.indexOf('--lang');
  const wanted = index >= 0 ? args[index + 1] : undefined;
  return HELP_LANGUAGES.filter((language) => !wanted || wanted === language);
})();

const entries = helpEntries({ allowMissing: only !== null }).filter((entry) => !only || only.has(entry.document.name));
if (only && entries.length !== only.size) throw new Error(`help: unknown documents in --only: ${[...only].join(', ')}`);

const manifest: Manifest = readManifest();

function isFresh(entry: HelpEntry, language: HelpLanguage, hash: string): boolean {
  const recorded = manifest[pdfKey(entry, language)];
  if (!recorded || recorded.source !== hash) return false;
  try {
    return fileHash(readFileSync(pdfFile(entry, language))) === recorded.pdf;
  } catch {
    return false;
  }
}

const work = entries.flatMap((entry) => languages.map((language) => ({ entry, language, hash: sourceHash(entry, language) }))).filter((item) => all || !isFresh(item.entry, item.language, item.hash));

if (work.length === 0) {
  console.info('help: every document is up to date (use --all to build them again)');
  process.exit(0);
}

const browser: Browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const running: { server: DemoServer | null } = { server: null };
const sessions = new Map<HelpLanguage, ShotSession>();

async function shotsOf(entry: HelpEntry, language: HelpLanguage): Promise<Map<string, string>> {
  const images = new Map<string, string>();
  if (entry.source.kind !== 'guide') return images;
  running.server ??= await startDemoServer();
  let session = sessions.get(language);
  if (!session) {
    session = await ShotSession.open(browser, running.server.baseUrl, language);
    sessions.set(language, session);
  }
  for (const [s, screen] of entry.source.screens.entries()) {
    for (const [i, shot] of screen.shots.entries()) {
      const jpeg = await session.take(shot);
      images.set(shotKey(s, i), `data:image/jpeg;base64,${jpeg.toString('base64')}`);
    }
  }
  return images;
}

const failures: string[] = [];
try {
  const page = await (await browser.newContext()).newPage();
  for (const { entry, language, hash } of work) {
    const started = Date.now();
    let images: Map<string, string>;
    try {
      images = await shotsOf(entry, language);
    } catch (error) {
      // One guide's screen that cannot be shot does not stop the others; the run fails at the end.
      failures.push(`${pdfKey(entry, language)}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      console.error(`help: ${pdfKey(entry, language)} not built: ${String(error)}`);
      continue;
    }
    const html = entryHtml(entry, language, images);
    await page.setContent(html, { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready);
    const pdf = await page.pdf(printOptions(entry.document.tab === 'flowDiagram', language, documentTitle(entry.document)[language]));
    const file = pdfFile(entry, language);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, pdf);
    manifest[pdfKey(entry, language)] = { source: hash, pdf: fileHash(pdf), pages: pdfPageCount(pdf), bytes: pdf.length };
    writeFileSync(MANIFEST, `${JSON.stringify(Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b))), null, 2)}\n`);
    console.info(`help: ${pdfKey(entry, language)} (${pdfPageCount(pdf)} pages, ${Math.round(pdf.length / 1024)} KB, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
} finally {
  for (const session of sessions.values()) await session.close();
  await browser.close();
  await running.server?.stop();
}

const total = Object.keys(manifest).reduce((sum, key) => {
  try {
    return sum + statSync(path.join(path.dirname(MANIFEST), '..', key)).size;
  } catch {
    return sum;
  }
}, 0);
console.info(`help: ${work.length - failures.length} PDFs built; the whole set is ${(total / 1024 / 1024).toFixed(2)} MB`);
if (failures.length > 0) {
  console.error(`help: ${failures.length} not built:\n${failures.join('\n')}`);
  process.exit(1);
}
