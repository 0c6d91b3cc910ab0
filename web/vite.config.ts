/// <reference types="node" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import rootPackage from '../package.json' with { type: 'json' };
import { precompress } from './precompress';

const backend = process.env.API_TARGET ?? 'http://localhost:3000';

/** The version sent and compared as x-app-version (spec sections 2.12 and 4): APP_VERSION wins over the root package version. */
const appVersion = process.env.APP_VERSION || rootPackage.version;

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompress()],
  define: {
    __APP_VERSION__: JSON.stringify(appVersion),
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend },
      '/socket.io': { target: backend, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: backend },
      '/socket.io': { target: backend, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
