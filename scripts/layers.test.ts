// The import-boundary rule (docs/architecture.md, "Layers") through ESLint's own API and the repository's own
// eslint.config.js: each wrong arrow is reported, the allowed ones and tests are not, and the tree has none. If the
// rule were switched off or its files narrowed, these tests would fail.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RULE = 'tonnage/layers';

// The real configuration, without type information (the files below are not on disk, and this rule needs none),
// reporting this rule alone.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: [tseslint.configs.disableTypeChecked],
  ruleFilter: ({ ruleId }) => ruleId === RULE,
});

/** The layer rule's messages for a source placed at a path of the repository. */
async function layerMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  if (!result) throw new Error(`no lint result for ${filePath}`);
  const fatal = result.messages.filter((message) => message.fatal);
  if (fatal.length > 0) throw new Error(`${filePath} did not parse: ${fatal.map((message) => message.message).join('; ')}`);
  return result.messages.filter((message) => message.ruleId === RULE).map((message) => message.message);
}

const WRONG: [string, string][] = [
  ['server/src/platform/probe.ts', "import { users } from '../identity/users.schema';"],
  ['server/src/platform/probe.ts', "import { post } from '../ledger/ledger.service';"],
  ['server/src/platform/probe.ts', "import { registerUserRoutes } from '../modules/users/users.routes';"],
  ['server/src/platform/db/probe.ts', "export * from '../../modules/master-data/master-data.schema';"],
  ['server/src/platform/mail/probe.ts', "export const later = () => import('../../modules/email-settings/agency-mailer');"],
  ['server/src/platform/probe.ts', "export type Later = typeof import('../modules/users/users.service');"],
  ['server/src/identity/probe.ts', "import { ledgerAccounts } from '../ledger/ledger.schema';"],
  ['server/src/identity/probe.ts', "import { companies } from '../modules/master-data/master-data.schema';"],
  ['server/src/identity/counters/probe.ts', "export { registerAuthRoutes } from '../../modules/auth/auth.routes';"],
  ['server/src/ledger/probe.ts', "import { consignments } from '../modules/procurement/procurement.schema';"],
  ['server/src/ledger/probe.ts', "import { cargoRoute } from '../kit/route';"],
  ['server/src/kit/probe.ts', "import type { ModuleContext } from '../modules/module-context';"],
  ['server/src/modules/users/probe.ts', "import { buildApp } from '../../app';"],
  ['server/src/platform/probe.ts', "import { seedFirstRun } from '../seed/first-run';"],
  ['server/src/platform/probe.ts', "import { api } from '../../../web/src/app/api';"],
  ['packages/contracts/src/probe.ts', "import { AppError } from '../../../server/src/platform/errors';"],
  ['packages/contracts/src/probe.ts', "import { api } from '@tonnage/web/src/app/api';"],
  ['packages/contracts/src/probe.ts', "import type { buildApp } from '@tonnage/server/src/app';"],
  ['web/src/app/probe.ts', "import type { TUser } from '../../../server/src/identity/sessions.service';"],
  ['web/src/features/probe.tsx', "import { buildApp } from '@tonnage/server/src/app';"],
];

const ALLOWED: [string, string][] = [
  ['server/src/platform/probe.ts', "import { AppError } from './errors';\nimport { inAgency } from './db/tenancy';\nimport { Messages } from '@tonnage/contracts';"],
  ['server/src/identity/probe.ts', "import { AppError } from '../platform/errors';\nimport { users } from './users.schema';"],
  ['server/src/ledger/probe.ts', "import { agencies } from '../identity/agencies.schema';\nimport { AppError } from '../platform/errors';"],
  ['server/src/modules/shipping/probe.ts', "import { post } from '../../ledger/ledger.service';\nimport { access } from '../../identity/access';\nimport { consignments } from '../procurement/procurement.schema';"],
  ['server/src/probe.ts', "import { registerUserRoutes } from './modules/users/users.routes';"],
  ['server/src/seed/probe.ts', "import { post } from '../ledger/ledger.service';"],
  ['server/src/kit/probe.ts', "import { post } from '../ledger/ledger.service';\nimport { access } from '../identity/access';"],
  ['server/src/modules/shipping/probe.ts', "import { cargoRoute } from '../../kit/route';"],
  ['web/src/app/probe.ts', "import { Messages } from '@tonnage/contracts';"],
  ['packages/contracts/src/probe.ts', "import { z } from 'zod';\nimport { Messages } from './messages';"],
  // Tests, their support files and fixtures may reach across the layers.
  ['server/src/platform/probe.test.ts', "import { registerUserRoutes } from '../modules/users/users.routes';"],
  ['server/src/ledger/probe.test-support.ts', "import { makeAgency } from '../test/fixtures';\nimport { consignments } from '../modules/procurement/procurement.schema';"],
];

describe('the layers lint rule', () => {
  it.each(WRONG)('reports %s: %s', async (filePath, code) => {
    const messages = await layerMessages(filePath, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('may not import');
    expect(messages[0]).toContain('docs/architecture.md, Layers');
  });

  it.each(ALLOWED)('allows %s: %s', async (filePath, code) => {
    expect(await layerMessages(filePath, code)).toEqual([]);
  });

  it('names both layers of a wrong arrow', async () => {
    expect(await layerMessages('server/src/ledger/probe.ts', "import { x } from '../modules/shipping/shipping.schema';")).toEqual([
      "'../modules/shipping/shipping.schema': ledger may not import modules (ledger sits below modules; docs/architecture.md, Layers).",
    ]);
  });

  it('finds no wrong arrow in the tree', async () => {
    const results = await eslint.lintFiles(['server/src', 'packages/contracts/src', 'web/src']);
    expect(results.length).toBeGreaterThan(100);
    const found = results.flatMap((result) =>
      result.messages.filter((message) => message.ruleId === RULE || message.fatal).map((message) => `${path.relative(root, result.filePath)}:${message.line} ${message.message}`),
    );
    expect(found).toEqual([]);
  }, 180_000);
});
