import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Every core: Vitest's default in a run is one worker fewer than the cores, which on the 2-core CI machine is one
    // worker for the whole suite (the dashboard and report tests took 449 s on one worker, 316 s on two; the whole
    // PostgreSQL pass 1,703 s on one, 702 s on two).
    maxWorkers: '100%',
    projects: [
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts', 'packages/contracts/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          // One migrated database per run that every test database copies (server/src/test/global-setup.ts).
          globalSetup: ['server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'web/vitest.config.ts',
    ],
  },
});
