// Packages the shell and every product module share as singletons: one React, one router,
// one i18next and one Mantine at runtime (@mantine/hooks, stateless helpers, is not shared).
// A module bundles no fallback copy of them (`import: false`): it only ever runs in the shell,
// which provides them; a module's build takes seconds instead of half a minute.
// Modules are built with this configuration (sharedConfig); the shell offers its own instances
// of the same packages when it starts the federation runtime (src/federation/runtime.ts).
//
// Mantine and react-router are shared tree-shaken: the shell provides MODULE_EXPORTS, the
// surface product modules may import. A module importing anything else from them fails
// src/__tests__/sharedSurface.test.ts (add the name here and to src/federation/shares/, then rebuild).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const SHARED_SINGLETONS = [
  'react',
  'react-dom',
  'react-router',
  'i18next',
  'react-i18next',
  '@mantine/core',
];

/**
 * Exports product modules may import from the tree-shaken shared packages. The shell re-exports
 * exactly these (src/federation/shares/) and loads them with the federation runtime, so the list
 * adds nothing to the login screen.
 */
export const MODULE_EXPORTS = {
  '@mantine/core': [
    'ActionIcon', 'Alert', 'Anchor', 'Badge', 'Box', 'Button', 'Center', 'Divider', 'Group', 'Image',
    'Input', 'Loader', 'Modal', 'Paper', 'SimpleGrid', 'Skeleton', 'Stack', 'Switch', 'Table', 'Text',
    'TextInput', 'ThemeIcon', 'Title', 'UnstyledButton',
  ],
  'react-router': [
    'Link', 'Navigate', 'Outlet', 'useLocation', 'useNavigate', 'useOutletContext', 'useParams',
    'useSearchParams',
  ],
};

export function sharedConfig(pkg) {
  const versions = { ...pkg.peerDependencies, ...pkg.dependencies };
  return Object.fromEntries(
    SHARED_SINGLETONS.map((name) => [
      name,
      {
        singleton: true,
        import: false, // the shell always provides it: no fallback copy bundled in the module
        requiredVersion: versions[name] ?? false,
        ...(MODULE_EXPORTS[name]
          ? { treeShaking: { mode: 'runtime-infer', usedExports: MODULE_EXPORTS[name] } }
          : {}),
      },
    ]),
  );
}

/** Entry points of shared packages that modules import on their own, offered with the package. */
export const SHARED_SUBPATHS = { 'react/jsx-runtime': 'react', 'react-dom/client': 'react-dom' };

/**
 * What the shell offers each shared package as at runtime (src/federation/runtime.ts): the
 * installed version, read from the `nodeModules` folder, and the range package.json declares.
 */
export function sharedPackages(pkg, nodeModules) {
  const versions = { ...pkg.peerDependencies, ...pkg.dependencies };
  const offered = (name) => ({
    version: JSON.parse(readFileSync(join(nodeModules, name, 'package.json'), 'utf8')).version,
    requiredVersion: versions[name] ?? false,
  });
  const packages = Object.fromEntries(SHARED_SINGLETONS.map((name) => [name, offered(name)]));
  for (const [subpath, name] of Object.entries(SHARED_SUBPATHS)) packages[subpath] = packages[name];
  return packages;
}

const shim = (file) => new URL(`../src/shims/${file}`, import.meta.url).pathname;

/**
 * Aliases host and remotes both need: ESM stand-ins for the CommonJS cookie helpers
 * react-router imports (its tree-shaken share cannot read CommonJS) and a small Buffer for
 * socketcluster-client.
 */
export const SHARED_ALIASES = [
  { find: /^cookie$/, replacement: shim('cookie.ts') },
  { find: /^set-cookie-parser$/, replacement: shim('cookie.ts') },
  { find: /^buffer\/?$/, replacement: shim('buffer.ts') },
];
