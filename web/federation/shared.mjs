// Packages the shell and every product module share as singletons: one React, one router,
// one i18next and one Mantine at runtime (@mantine/hooks, stateless helpers, is not shared). Host and remotes use this same configuration.
//
// Mantine and react-router are shared tree-shaken: the shell provides the exports it uses itself
// plus MODULE_EXPORTS, the surface product modules may import. A module importing anything
// else from them fails src/__tests__/sharedSurface.test.ts (add the name here, then rebuild).
export const SHARED_SINGLETONS = [
  'react',
  'react-dom',
  'react-router',
  'i18next',
  'react-i18next',
  '@mantine/core',
];

/**
 * Exports product modules may import from the tree-shaken shared packages. Every Mantine name here
 * beyond Skeleton is one the shell itself uses, so the list adds nothing to the shell's bundle.
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
        requiredVersion: versions[name] ?? false,
        ...(MODULE_EXPORTS[name]
          ? { treeShaking: { mode: 'runtime-infer', usedExports: MODULE_EXPORTS[name] } }
          : {}),
      },
    ]),
  );
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
