/// <reference types="node" />
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify('test') },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // The screens render in happy-dom beside the server tests on a 2-core machine: a test that takes 1-2 s alone can
    // take three times that under load, so the limit is 15 s rather than Vitest's 5.
    testTimeout: 15_000,
  },
});
