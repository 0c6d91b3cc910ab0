// The built web app works with no internet (docs/architecture.md "The offline map"): it loads no map tiles, fonts,
// sprites or glyphs from outside. This scans the build (web/dist by default, or the folder given) and fails, naming
// the file and the address, on
//   1. any address of the kinds a map or a web font would load: tile servers and templates ({z}/{x}/{y}), font
//      services and font files, vector-tile sprites, glyphs and .pbf files, map styles of hosted services; and
//   2. any other absolute outside address (http://, https://, //host in a string or CSS url()) that is not on the
//      allow-list below: each entry names an address that libraries carry as text (error-message links, comments,
//      XML namespaces, schema identifiers) and that the app never fetches.
// Usage: node scripts/check-offline-assets.mjs [folder]. CI runs it right after the web build (.ci/run).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The files a browser runs or reads as the app: scripts, stylesheets, pages, and data (map styles are JSON). */
const SCANNED = /\.(?:m?js|css|html|json|webmanifest)$/i;

/**
 * Addresses that never go: a map's or a font's outside resources. Checked against every address found (absolute or
 * not), and against the text for the templates that would make one at run time.
 */
const FORBIDDEN = [
  { pattern: /\{z\}\/\{x\}\/\{-?y\}|\{z\}\/\{y\}\/\{x\}|\{s\}\.tile|\{quadkey\}/i, what: 'a map tile template' },
  { pattern: /tile\.openstreetmap|tile\.osm|\btiles?\.[a-z0-9-]+\.[a-z]{2,}|\/tiles?\//i, what: 'a tile server' },
  { pattern: /basemaps\.cartocdn|arcgisonline|api\.mapbox|mapbox:\/\/|api\.maptiler|tiles\.stadiamaps|tile\.thunderforest|openmaptiles/i, what: 'a hosted map service' },
  { pattern: /fonts\.googleapis|fonts\.gstatic|use\.typekit|fonts\.bunny|fontawesome\.com|cdn\.jsdelivr|unpkg\.com|cdnjs\./i, what: 'a font or CDN service' },
  { pattern: /\{fontstack\}|\{range\}\.pbf|\.pbf\b/i, what: 'vector-tile glyphs or tiles (.pbf)' },
  { pattern: /\/sprites?(?:[/.@]|$)|\/glyphs?\//i, what: 'a map sprite or glyphs' },
];

/** Absolute outside addresses that may stay in the build, each with why it is harmless: it is text, never fetched. */
export const ALLOWED = [
  { prefix: 'http://www.w3.org/', why: 'XML namespaces (SVG, XLink, MathML, XML) that React, antd and Leaflet write into the DOM; identifiers, not fetched' },
  { prefix: 'https://react.dev/errors/', why: "React's production error messages link to their explanation; text only" },
  { prefix: 'https://react.i18next.com/', why: "react-i18next's development warning text" },
  { prefix: 'https://reactrouter.com/', why: "React Router's warning text" },
  { prefix: 'https://socket.io/docs/', why: "socket.io-client's error text" },
  { prefix: 'https://github.com/ungap/', why: "a polyfill's credit comment" },
  { prefix: 'http://json-schema.org/', why: "zod's JSON Schema dialect identifiers ($schema); never fetched" },
  { prefix: 'https://json-schema.org/', why: "zod's JSON Schema dialect identifiers ($schema); never fetched" },
  { prefix: 'http://localhost', why: 'React Router parses relative paths against a placeholder origin; no request' },
  { prefix: 'http://[${', why: "zod's IPv6 URL check builds a URL from the address it checks; no request" },
  { prefix: 'https://leafletjs.com', why: "Leaflet's default attribution link; the map turns it off (prefix: false)" },
];

/** Absolute addresses in code or CSS: http(s)://… anywhere, //host… where a string or a CSS url() starts. */
const ABSOLUTE = /https?:\/\/[^\s"'`<>\\)]+/gi;
const PROTOCOL_RELATIVE = /(?<=["'`(]\s*)\/\/[a-z0-9-]+(?:\.[a-z0-9-]+)+[^\s"'`<>\\)]*/gi;
/** Relative addresses that a map library would resolve against some server: quoted paths with a tile or glyph shape. */
const QUOTED_PATH = /(?<=["'`(])[^"'`()\s]*(?:\{z\}|\{fontstack\}|\.pbf|\/tiles?\/|\/sprites?\b|\/glyphs?\/)[^"'`()\s]*/gi;

function filesUnder(folder) {
  const found = [];
  for (const name of readdirSync(folder)) {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) found.push(...filesUnder(full));
    else if (SCANNED.test(name)) found.push(full);
  }
  return found;
}

const allowed = (address) => ALLOWED.some((entry) => address.startsWith(entry.prefix));

/**
 * The outside addresses of a built app: `{file, address, why}` for each offending address (each once per file),
 * `file` relative to `folder`. Empty when the build is offline-clean.
 */
export function findOutsideAddresses(folder) {
  const problems = [];
  for (const file of filesUnder(folder)) {
    const text = readFileSync(file, 'utf8');
    const relative = path.relative(folder, file).split(path.sep).join('/');
    const seen = new Set();
    const report = (address, why) => {
      const key = `${address}\n${why}`;
      if (seen.has(key)) return;
      seen.add(key);
      problems.push({ file: relative, address, why });
    };
    const addresses = [...(text.match(ABSOLUTE) ?? []), ...(text.match(PROTOCOL_RELATIVE) ?? [])];
    for (const address of addresses) {
      const forbidden = FORBIDDEN.find((rule) => rule.pattern.test(address));
      if (forbidden) report(address, forbidden.what);
      else if (!allowed(address)) report(address, 'an outside address not on the allow-list');
    }
    for (const address of text.match(QUOTED_PATH) ?? []) {
      const forbidden = FORBIDDEN.find((rule) => rule.pattern.test(address));
      if (forbidden) report(address, forbidden.what);
    }
    // A template assembled from pieces still shows its {z}/{x}/{y} somewhere.
    const template = text.match(FORBIDDEN[0].pattern);
    if (template) report(template[0], FORBIDDEN[0].what);
  }
  return problems;
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  const folder = path.resolve(process.argv[2] ?? path.join(root, 'web', 'dist'));
  if (!existsSync(path.join(folder, 'index.html'))) {
    console.error(`check-offline-assets: no built app at ${folder} (index.html missing): build it first (npm run build).`);
    process.exit(2);
  }
  const problems = findOutsideAddresses(folder);
  if (problems.length === 0) {
    console.info(`check-offline-assets: ${path.relative(root, folder) || folder} refers to no outside tile, font, sprite or glyph address (${ALLOWED.length} allow-listed text addresses).`);
  } else {
    console.error(`check-offline-assets: the built app refers to ${problems.length} outside address(es); it must work with no internet:`);
    for (const problem of problems) console.error(`  ${problem.file}: ${problem.address}  (${problem.why})`);
    console.error('Ship the resource with the app instead; if an address is only text a library carries (never fetched), add it to ALLOWED in scripts/check-offline-assets.mjs with the reason.');
    process.exit(1);
  }
}
