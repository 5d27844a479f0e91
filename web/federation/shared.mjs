// Packages the shell and every product module share as singletons: one React, one router,
// one i18next and one Mantine at runtime. Host and remotes use this same list.
export const SHARED_SINGLETONS = [
  'react',
  'react-dom',
  'react-router',
  'i18next',
  'react-i18next',
  '@mantine/core',
  '@mantine/hooks',
];

export function sharedConfig(pkg) {
  const versions = { ...pkg.peerDependencies, ...pkg.dependencies };
  return Object.fromEntries(
    SHARED_SINGLETONS.map((name) => [
      name,
      { singleton: true, requiredVersion: versions[name] ?? false },
    ]),
  );
}
