import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface JsFile {
  /** Path relative to dist. */
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface WebBundleResult {
  /** What the login page loads: `<script type="module" src>` and `<link rel="modulepreload">` of index.html. */
  loginPage: JsFile[];
  loginPageBytes: number;
  loginPageGzip: number;
  /**
   * The login page is itself a lazy route: the entry plus the LoginPage chunk and the chunks it imports (from Vite's
   * manifest), i.e. all the JavaScript needed before the sign-in form shows. Null without a manifest.
   */
  loginRoute: { files: JsFile[]; bytes: number; gzipBytes: number } | null;
  allJsFiles: number;
  allJsBytes: number;
  allJsGzip: number;
  largest: JsFile | null;
}

export type WebBundleOutcome = { ok: true; result: WebBundleResult; buildSeconds: number | null } | { ok: false; reason: string };

function gzipSize(buffer: Buffer): number {
  return gzipSync(buffer, { level: 9 }).length;
}

function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of tag.matchAll(/([a-zA-Z:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    const name = match[1];
    if (name) found.set(name.toLowerCase(), match[2] ?? match[3] ?? match[4] ?? '');
  }
  return found;
}

/** The JavaScript files index.html makes the browser load before the app runs (entry modules and their preloads). */
export function entryScripts(indexHtml: string): string[] {
  const files: string[] = [];
  for (const match of indexHtml.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const tag = (match[1] ?? '').toLowerCase();
    const attrs = attributes(match[2] ?? '');
    let ref: string | undefined;
    if (tag === 'script' && attrs.get('type') === 'module') ref = attrs.get('src');
    if (tag === 'link' && (attrs.get('rel') ?? '').split(/\s+/).includes('modulepreload')) ref = attrs.get('href');
    if (ref && !/^(https?:)?\/\//.test(ref) && !files.includes(ref)) files.push(ref);
  }
  return files;
}

/** Vite's build manifest (`vite build --manifest`): source key -> output chunk and its static imports. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** Source of the lazily loaded login route, as Vite's manifest names it. */
const LOGIN_PAGE_SOURCE = /(^|\/)features\/auth\/LoginPage\.[jt]sx?$/;

/** Output files of the entry and of the login route chunk, with every chunk they import statically. */
function loginRouteFiles(manifest: Record<string, ManifestChunk>): string[] | null {
  const loginKey = Object.keys(manifest).find((key) => LOGIN_PAGE_SOURCE.test(key));
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (!loginKey || entryKeys.length === 0) return null;
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    if (/\.m?js$/.test(chunk.file) && !files.includes(chunk.file)) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of [...entryKeys, loginKey]) visit(key);
  return files;
}

function readManifest(distDir: string): Record<string, ManifestChunk> | null {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
}

function listJs(dir: string, base = dir): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (name === '.vite') continue;
    if (statSync(full).isDirectory()) out.push(...listJs(full, base));
    else if (/\.m?js$/.test(name)) out.push(path.relative(base, full));
  }
  return out;
}

/** Sizes of the built web app in `distDir` (throws when index.html or a referenced file is missing). */
export function analyseDist(distDir: string): WebBundleResult {
  const indexHtml = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const measure = (relative: string): JsFile => {
    const buffer = readFileSync(path.join(distDir, relative));
    return { file: relative.split(path.sep).join('/'), bytes: buffer.length, gzipBytes: gzipSize(buffer) };
  };
  const loginPage = entryScripts(indexHtml).map((ref) => measure(decodeURIComponent(ref.split(/[?#]/)[0] ?? ref).replace(/^\.?\//, '')));
  if (loginPage.length === 0) throw new Error('web/dist/index.html references no module script');
  const manifest = readManifest(distDir);
  const routeFiles = manifest ? loginRouteFiles(manifest) : null;
  const route = routeFiles ? routeFiles.map(measure) : null;
  const all = listJs(distDir).map(measure);
  const largest = all.reduce<JsFile | null>((max, f) => (!max || f.bytes > max.bytes ? f : max), null);
  const sum = (files: JsFile[], key: 'bytes' | 'gzipBytes') => files.reduce((total, f) => total + f[key], 0);
  return {
    loginPage,
    loginPageBytes: sum(loginPage, 'bytes'),
    loginPageGzip: sum(loginPage, 'gzipBytes'),
    loginRoute: route ? { files: route, bytes: sum(route, 'bytes'), gzipBytes: sum(route, 'gzipBytes') } : null,
    allJsFiles: all.length,
    allJsBytes: sum(all, 'bytes'),
    allJsGzip: sum(all, 'gzipBytes'),
    largest,
  };
}

/**
 * Runs `npm run build -w web` into `outDir` with Vite's manifest (bounded in time); resolves with the exit code and
 * the last lines of output. Building into a directory of its own leaves web/dist alone: a server or a browser test
 * running beside the bench keeps its files, and the manifest (which names the login route's chunks) never lands there.
 */
function buildWeb(rootDir: string, outDir: string, timeoutMs: number): Promise<{ code: number | null; tail: string; seconds: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn('npm', ['run', 'build', '-w', 'web', '--', '--outDir', outDir, '--emptyOutDir', '--manifest'], { cwd: rootDir, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => {
      output += `\n(build stopped after ${timeoutMs / 1000} s)`;
      child.kill('SIGTERM');
    }, timeoutMs);
    const finish = (code: number | null) => {
      clearTimeout(timer);
      resolve({ code, tail: output, seconds: (performance.now() - started) / 1000 });
    };
    child.once('error', (error) => {
      output += `\n${String(error)}`;
      finish(null);
    });
    child.once('exit', (code) => finish(code));
  });
}

/** The most telling line of a failed build, for a one-line report. */
export function buildProblem(tail: string): string {
  const lines = tail
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !/^npm (error|warn)/i.test(l) && !/^at /.test(l));
  const telling =
    lines.find((l) => /(Could not resolve|Failed to resolve|is not exported|error TS\d+|SyntaxError)/.test(l)) ??
    lines.find((l) => /\bError: /.test(l)) ??
    lines.find((l) => /error/i.test(l) && !/^error during build:?$/i.test(l));
  const anyLine = tail.split('\n').map((l) => l.trim()).find(Boolean);
  return (telling ?? lines.slice(-1)[0] ?? anyLine ?? 'no output').slice(0, 300);
}

/**
 * Builds the web app into a temporary directory and measures what the login page loads; with `build` false, measures
 * the existing web/dist instead. Never throws.
 */
export async function measureWebBundle(params: { rootDir: string; build: boolean; timeoutMs: number }): Promise<WebBundleOutcome> {
  if (!params.build) {
    const distDir = path.join(params.rootDir, 'web', 'dist');
    if (!existsSync(path.join(distDir, 'index.html'))) return { ok: false, reason: 'web/dist/index.html is missing (build the web app first)' };
    return analyse(distDir, null);
  }
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'tonnage-bench-web-'));
  try {
    const built = await buildWeb(params.rootDir, outDir, params.timeoutMs);
    if (built.code !== 0) return { ok: false, reason: `the web app does not build yet (\`npm run build -w web\` failed: ${buildProblem(built.tail)})` };
    return analyse(outDir, built.seconds);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

function analyse(distDir: string, buildSeconds: number | null): WebBundleOutcome {
  try {
    return { ok: true, result: analyseDist(distDir), buildSeconds };
  } catch (error) {
    return { ok: false, reason: `could not measure the build: ${error instanceof Error ? error.message : String(error)}` };
  }
}
