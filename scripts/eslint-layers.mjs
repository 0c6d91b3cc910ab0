// The import-boundary rule of docs/architecture.md ("Layers"): a file may import its own layer and the layers below
// it, never one above. eslint.config.js turns it on for the source trees and off for tests and fixtures;
// scripts/layers.test.ts checks that it still reports each wrong arrow.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The server's layers, lowest first; what is in server/ but in none of them (app.ts, main.ts, schema.ts, seed/, test/) is the top. */
export const SERVER_LAYERS = ['platform', 'identity', 'ledger', 'kit', 'modules'];
const SERVER_TOP = 'app';

/** The workspace packages by name, for bare imports such as '@tonnage/server/...'. */
const PACKAGE_DIRS = { '@tonnage/contracts': 'packages/contracts', '@tonnage/server': 'server', '@tonnage/web': 'web' };

/**
 * Where a path of the repository sits: its package ('contracts', 'web', 'server') and, in the server, its layer
 * rank (0 = platform ... 4 = the top). Paths outside the three packages (scripts/, e2e/) are not layered.
 */
export function areaOf(absolutePath) {
  const relative = path.relative(repoRoot, absolutePath).split(path.sep).join('/');
  if (relative.startsWith('packages/contracts/')) return { pkg: 'contracts', layer: 'contracts', rank: 0 };
  if (relative === 'web' || relative.startsWith('web/')) return { pkg: 'web', layer: 'web', rank: 0 };
  if (relative === 'server' || relative.startsWith('server/')) {
    const inSource = relative.startsWith('server/src/') ? relative.slice('server/src/'.length).split('/')[0] : undefined;
    const rank = inSource === undefined ? -1 : SERVER_LAYERS.indexOf(inSource);
    return rank === -1 ? { pkg: 'server', layer: SERVER_TOP, rank: SERVER_LAYERS.length } : { pkg: 'server', layer: SERVER_LAYERS[rank], rank };
  }
  return undefined;
}

/** The file or folder an import names, as an absolute path; undefined for an outside package. */
function targetOf(specifier, importingFile) {
  if (specifier.startsWith('.') || specifier.startsWith('/')) return path.resolve(path.dirname(importingFile), specifier);
  for (const [name, dir] of Object.entries(PACKAGE_DIRS)) {
    if (specifier === name || specifier.startsWith(`${name}/`)) return path.join(repoRoot, dir, specifier.slice(name.length));
  }
  return undefined;
}

/** Why an arrow from one area to another is wrong, or undefined when it is allowed. */
export function wrongArrow(from, to) {
  if (from.pkg === 'contracts') return to.pkg === 'contracts' ? undefined : `the contracts are shared by server and web and import neither`;
  if (from.pkg === 'web') return to.pkg === 'server' ? `the web talks to the server over HTTP only` : undefined;
  if (to.pkg === 'web') return `the server does not import the web`;
  if (to.pkg === 'server' && to.rank > from.rank) return `${from.layer} sits below ${to.layer}`;
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
const layersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the layers of docs/architecture.md: platform -> identity -> ledger -> kit -> modules -> app; contracts import neither server nor web; web never imports server.' },
    schema: [],
    messages: { wrongLayer: "'{{specifier}}': {{fromLayer}} may not import {{toLayer}} ({{reason}}; docs/architecture.md, Layers)." },
  },
  create(context) {
    const from = areaOf(context.filename);
    if (!from) return {};
    const check = (source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = targetOf(source.value, context.filename);
      const to = target === undefined ? undefined : areaOf(target);
      if (!to) return;
      const reason = wrongArrow(from, to);
      if (reason) context.report({ node: source, messageId: 'wrongLayer', data: { specifier: source.value, fromLayer: from.layer, toLayer: to.layer, reason } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.source),
    };
  },
};

/** The local ESLint plugin: `tonnage/layers`. */
export const tonnagePlugin = { rules: { layers: layersRule } };
