// The loans product module: a module-federation remote the shell loads at runtime.
// Built by web/scripts/build-remotes.mjs into ./dist, served under /plugins/prestiti/.
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import { deterministic, IDLE_TIMEOUT_S } from '../../../web/federation/deterministic.mjs';
import { SHARED_ALIASES, sharedConfig } from '../../../web/federation/shared.mjs';

const shell = JSON.parse(readFileSync(new URL('../../../web/package.json', import.meta.url), 'utf8'));
const NAME = 'prestiti';

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
