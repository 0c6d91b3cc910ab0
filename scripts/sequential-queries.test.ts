// The "no Promise.all in server code" rule of eslint.config.js, through ESLint's own API and the repository's own
// configuration: queries on one transaction must be awaited in turn (node-postgres 8 warns when they overlap, pg 9
// refuses). The rule reports Promise.all / allSettled in the server's source, not in its tests, and a line may opt
// out with a disable comment that gives the reason. If the rule were switched off or its files narrowed, these fail.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RULE = 'no-restricted-syntax';

const eslint = new ESLint({
  cwd: root,
  overrideConfig: [tseslint.configs.disableTypeChecked],
  ruleFilter: ({ ruleId }) => ruleId === RULE,
});

async function ruleMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  if (!result) throw new Error(`no lint result for ${filePath}`);
  const fatal = result.messages.filter((message) => message.fatal);
  if (fatal.length > 0) throw new Error(`${filePath} did not parse: ${fatal.map((message) => message.message).join('; ')}`);
  return result.messages.filter((message) => message.ruleId === RULE).map((message) => message.message);
}

const PARALLEL = 'declare const tx: { select(): Promise<number> };\nexport const read = async () => {\n  const [a, b] = await Promise.all([tx.select(), tx.select()]);\n  return a + b;\n};\n';

describe('the sequential-queries lint rule', () => {
  it.each([
    ['server/src/modules/dashboard/probe.ts', PARALLEL],
    ['server/src/ledger/probe.ts', PARALLEL.replace('Promise.all', 'Promise.allSettled')],
    ['server/src/platform/probe.ts', 'export const all = Promise.all.bind(Promise);'],
  ])('reports %s', async (filePath, code) => {
    const messages = await ruleMessages(filePath, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('Await them one after another');
    expect(messages[0]).toContain('eslint-disable-next-line no-restricted-syntax --');
  });

  it.each([
    // Tests fire concurrent requests and transactions on purpose.
    ['server/src/modules/dashboard/probe.test.ts', PARALLEL],
    // Outside the server.
    ['web/src/app/probe.ts', PARALLEL],
    ['scripts/bench/probe.ts', PARALLEL],
    // An explicit, reasoned opt-out.
    ['server/src/modules/cameras/probe.ts', PARALLEL.replace('  const [a, b]', '  // eslint-disable-next-line no-restricted-syntax -- separate transactions on the pool\n  const [a, b]')],
  ])('allows %s', async (filePath, code) => {
    expect(await ruleMessages(filePath, code)).toEqual([]);
  });
});
