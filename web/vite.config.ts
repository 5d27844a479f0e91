/// <reference types="vitest/config" />
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import { deterministic, IDLE_TIMEOUT_S } from './federation/deterministic.mjs';
import { SHARED_ALIASES, sharedConfig } from './federation/shared.mjs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
// `npm run dev` proxies the API, the socket, tenant assets and plugin modules to the backend.
const backend = process.env.SPORTELLO_BACKEND ?? 'http://127.0.0.1:8000';
const proxied = { target: backend, changeOrigin: false, ws: true };

export default defineConfig({
  plugins: [
    react(),
    // the graph completes whatever the machine's load, or the build fails (federation/deterministic.mjs)
    deterministic(
      federation({
        name: 'sportello',
        remotes: {},
        shared: sharedConfig(pkg),
        dts: false,
        moduleParseIdleTimeout: IDLE_TIMEOUT_S,
        // remotes are registered by their remoteEntry.js, never through manifests/snapshots
        disableSnapshot: true,
      }),
    ),
  ],
  resolve: { alias: SHARED_ALIASES },
  build: {
    target: 'es2022',
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // A lazy screen preloads its styles; its scripts arrive through their own imports. Listing
    // every script each screen needs in the shell would grow the login's JavaScript by a chunk
    // name per screen (the HTML entry keeps its full preload list).
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'js' ? deps.filter((dep) => dep.endsWith('.css')) : deps),
    },
  },
  server: {
    host: true,
    proxy: {
      '/api': proxied,
      '/socketcluster': proxied,
      '/tenant-assets': proxied,
      '/plugins': proxied,
      '/sw.js': proxied,
    },
  },
});
