// How every product module is built: the Vite configuration of a module-federation remote that
// exposes its `./src/module.tsx` as `./module`, takes the shell's singletons (./shared.mjs), builds
// the same whatever the machine's load (./deterministic.mjs) and is served under /plugins/<name>/.
// A module's vite.config.ts is one call (the path is where Sportello's web folder is):
//
//   import { productModuleConfig } from '../../../web/federation/productModule.mjs';
//   export default productModuleConfig('noleggio_auto');
//
// web/scripts/build-remotes.mjs builds each module from its own folder, so `exposes` and `outDir`
// are relative to it. `sportello new-line` writes the same call (core/scaffold/template).
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { deterministic, IDLE_TIMEOUT_S } from './deterministic.mjs';
import { SHARED_ALIASES, sharedConfig } from './shared.mjs';

/** The shell's package.json: the versions of the packages a module shares with it. */
const shell = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/** The module's name: the plugin's (its Python package's) name, which the server serves it under. */
const NAME = /^[a-z][a-z0-9_]*$/;

/**
 * The Vite configuration of product module `name` (the plugin's package name, e.g. 'noleggio_auto'):
 * a remote named `name`, its `remoteEntry.js` and manifest in ./dist, served under /plugins/<name>/.
 */
export function productModuleConfig(name) {
  if (!NAME.test(name)) throw new Error(`product module name ${JSON.stringify(name)}: a plugin's package name (lowercase, digits, _)`);
  return {
    base: `/plugins/${name}/`,
    resolve: { alias: SHARED_ALIASES },
    plugins: [
      react(),
      deterministic(
        federation({
          name,
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
  };
}
