import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { tonnagePlugin } from './scripts/eslint-layers.mjs';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.test-data/**', 'server/drizzle/**', 'e2e/artifacts/**', '*.config.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/only-throw-error': 'error',
    },
  },
  {
    // The layers of docs/architecture.md: a wrong arrow fails the lint (scripts/layers.test.ts keeps the rule honest).
    // Tests, their fixtures and support files may reach across layers.
    files: ['server/**/*.ts', 'packages/contracts/**/*.ts', 'web/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/*.test-support.ts', '**/test/**', '**/fixtures/**', '**/*.fixtures.ts'],
    plugins: { tonnage: tonnagePlugin },
    rules: { 'tonnage/layers': 'error' },
  },
  {
    // Queries on one transaction (or on a Db that is one connection, as PGlite's always is) cannot overlap:
    // node-postgres 8 queues them and prints a DeprecationWarning, pg 9 refuses them, PGlite runs them one by one.
    // So the server awaits them in turn. Tests are left out: they fire concurrent requests and transactions on purpose.
    files: ['server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='Promise'][property.name=/^(all|allSettled)$/]",
          message:
            'No Promise.all / Promise.allSettled in server code: queries on one transaction or Db share one connection, so they cannot run in parallel (node-postgres 8 warns, pg 9 refuses). Await them one after another. If the promises truly do not share a connection (separate transactions on the pool, HTTP calls, files), keep it with `// eslint-disable-next-line no-restricted-syntax -- <why they are independent>`.',
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts', 'scripts/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'after', 'before'] }] },
      ],
    },
  },
);
