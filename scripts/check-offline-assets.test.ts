// scripts/check-offline-assets.mjs as CI runs it, on small builds made here: a planted tile, font, glyph or unknown
// address fails it with the file and the address; the harmless text addresses of the allow-list pass.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'check-offline-assets.mjs');
const made: string[] = [];

/** A build folder with an index.html and the given files under assets/. */
function build(files: Record<string, string>): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'offline-assets-'));
  made.push(folder);
  mkdirSync(path.join(folder, 'assets'));
  writeFileSync(path.join(folder, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>');
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(folder, 'assets', name), text);
  return folder;
}

function check(folder: string) {
  const run = spawnSync(process.execPath, [script, folder], { encoding: 'utf8' });
  return { status: run.status, out: run.stdout, err: run.stderr };
}

/** What libraries carry as text and the real build has: must pass. */
const harmless = [
  'const svg="http://www.w3.org/2000/svg",xlink="http://www.w3.org/1999/xlink";',
  'throw Error("Minified React error #"+e+"; visit https://react.dev/errors/"+e);',
  'var base=new URL(path,"http://localhost");',
  'const attribution=\'<a href="https://leafletjs.com" title="A JavaScript library for interactive maps">Leaflet</a>\';',
  'fetch(countriesUrl);const countriesUrl="/assets/countries-50m-abc.json";',
].join('\n');

afterEach(() => {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('check-offline-assets', () => {
  it('passes a build whose only outside addresses are the allow-listed text ones', () => {
    const result = check(build({ 'index.js': harmless, 'index.css': '.pin{background:url(data:image/png;base64,AAAA)}' }));
    expect(result.err).toBe('');
    expect(result.status).toBe(0);
    expect(result.out).toContain('refers to no outside tile, font, sprite or glyph address');
  });

  it('fails on a planted tile URL, naming the file and the address', () => {
    const result = check(build({ 'index.js': harmless, 'DashboardMap-x1.js': 'L.tileLayer("https://tile.openstreetmap.org/{z}/{x}/{y}.png",{maxZoom:19}).addTo(map);' }));
    expect(result.status).toBe(1);
    expect(result.err).toContain('assets/DashboardMap-x1.js: https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(result.err).toContain('a map tile template');
  });

  it('fails on a tile template without a host, a web font, glyphs and a sprite', () => {
    const cases: Record<string, string> = {
      'a.js': 'const url=`${base}/{z}/{x}/{y}.png`;',
      'b.css': '@import url(https://fonts.googleapis.com/css2?family=Inter);',
      'c.css': '@font-face{font-family:X;src:url(//fonts.gstatic.com/s/x.woff2)}',
      'd.json': '{"version":8,"glyphs":"/fonts/{fontstack}/{range}.pbf","sprite":"https://example.org/styles/sprite"}',
    };
    const result = check(build(cases));
    expect(result.status).toBe(1);
    expect(result.err).toContain('assets/a.js: {z}/{x}/{y}');
    expect(result.err).toContain('assets/b.css: https://fonts.googleapis.com/css2?family=Inter');
    expect(result.err).toContain('assets/c.css: //fonts.gstatic.com/s/x.woff2');
    expect(result.err).toContain('assets/d.json: /fonts/{fontstack}/{range}.pbf');
    expect(result.err).toContain('assets/d.json: https://example.org/styles/sprite');
  });

  it('fails on any other outside address that is not on the allow-list', () => {
    const result = check(build({ 'index.js': `${harmless}\nfetch("https://cdn.example.com/world.geojson");` }));
    expect(result.status).toBe(1);
    expect(result.err).toContain('assets/index.js: https://cdn.example.com/world.geojson  (an outside address not on the allow-list)');
  });

  it('refuses a folder with no built app', () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'offline-assets-'));
    made.push(empty);
    const result = check(empty);
    expect(result.status).toBe(2);
    expect(result.err).toContain('no built app');
  });
});
