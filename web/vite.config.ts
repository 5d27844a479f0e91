/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { SHARED_ALIASES, sharedPackages } from './federation/shared.mjs';
import { chunkPackages } from './scripts/chunk-packages.mjs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
// `npm run dev` proxies the API, the socket, tenant assets and plugin modules to the backend.
const backend = process.env.SPORTELLO_BACKEND ?? 'http://127.0.0.1:8000';
const proxied = { target: backend, changeOrigin: false, ws: true };

// The shell is a plain Vite build, not a federation one: it starts the federation runtime itself
// when a product module is first needed and offers its own React, Mantine, router and i18n
// to the modules then (src/federation/runtime.ts): the login screen downloads neither the runtime
// nor whole copies of the shared libraries, only the parts of them it renders.
export default defineConfig({
  plugins: [react(), chunkPackages()],
  define: {
    __SHARED_PACKAGES__: JSON.stringify(sharedPackages(pkg, fileURLToPath(new URL('./node_modules/', import.meta.url)))),
    // remotes are registered by their remoteEntry.js, never through manifests/snapshots
    FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: 'true',
  },
  resolve: { alias: SHARED_ALIASES },
  build: {
    target: 'es2022',
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // dist/.vite/manifest.json lists every asset of the build: the service worker caches them
    // all once a user has signed in, so screens not opened yet also open offline (public/sw.js)
    manifest: true,
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
      '/manifest.webmanifest': proxied,
      '/app-icons': proxied,
    },
  },
});
