// Builds every product plugin's web module (plugins/<name>/web/vite.config.*) as a
// module-federation remote into plugins/<name>/web/dist, which the backend serves under
// /plugins/<name>/. Plugins carry no node_modules of their own: a link to the shell's
// web/node_modules lets them resolve the same packages (and share the same singletons).
// Arguments: plugin names to build only those, or web folders of lines kept elsewhere
// (`node scripts/build-remotes.mjs /path/to/line/pkg/web`, what a line's `npm run build` runs).
import { existsSync, readdirSync, symlinkSync, lstatSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const plugins = resolve(web, '..', 'plugins');
const args = process.argv.slice(2);
const only = args.filter((arg) => !arg.includes('/'));
const folders = args.filter((arg) => arg.includes('/')).map((arg) => resolve(arg));

function configOf(folder) {
  return ['vite.config.ts', 'vite.config.mjs', 'vite.config.js'].map((f) => join(folder, f)).find(existsSync);
}

function linkNodeModules(folder) {
  const link = join(folder, 'node_modules');
  try {
    lstatSync(link);
  } catch {
    symlinkSync(relative(folder, join(web, 'node_modules')), link, 'dir');
  }
}

const inRepository = folders.length && !only.length ? [] : readdirSync(plugins, { withFileTypes: true })
  .filter((d) => d.isDirectory() && (!only.length || only.includes(d.name)))
  .map((d) => ({ name: d.name, folder: join(plugins, d.name, 'web') }));
const elsewhere = folders.map((folder) => ({ name: basename(dirname(folder)), folder }));
const remotes = [...inRepository, ...elsewhere].filter(({ folder }) => configOf(folder));

let failed = false;
for (const { name, folder } of remotes) {
  linkNodeModules(folder);
  const started = Date.now();
  process.chdir(folder); // federation resolves `exposes` from the working directory
  try {
    await build({ configFile: configOf(folder), root: folder, logLevel: 'warn' });
  } catch (error) {
    failed = true;
    console.error(`remote ${name}: build failed\n${error.message}`);
    continue;
  } finally {
    process.chdir(web);
  }
  console.log(`remote ${name}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
if (!remotes.length) console.log('no plugin web modules to build');
if (failed) process.exit(1);
