// Tutela legale's web module: a module-federation remote the shell loads at runtime, built into
// ./dist (served under /plugins/tutela_legale/) by `npm run build`. SHELL is Sportello's web folder.
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import { deterministic, IDLE_TIMEOUT_S } from '../../../../web/federation/deterministic.mjs';
import { SHARED_ALIASES, sharedConfig } from '../../../../web/federation/shared.mjs';

const SHELL = new URL('../../../../web/', import.meta.url);
const shell = JSON.parse(readFileSync(new URL('package.json', SHELL), 'utf8'));
const NAME = 'tutela_legale';

export default defineConfig({
  base: `/plugins/${NAME}/`,
  resolve: { alias: SHARED_ALIASES },
  plugins: [
    react(),
    deterministic(
      federation({
        name: NAME,
        filename: 'remoteEntry.js',
        exposes: { './module': './src/module.tsx' },
        shared: sharedConfig(shell),
        manifest: true,
        dts: false,
        moduleParseIdleTimeout: IDLE_TIMEOUT_S,
      }),
    ),
  ],
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true },
});
