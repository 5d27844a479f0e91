export const SHARED_SINGLETONS: string[];
export const MODULE_EXPORTS: Record<string, string[]>;
export const SHARED_ALIASES: { find: RegExp; replacement: string }[];
export function sharedConfig(pkg: { dependencies?: Record<string, string>; peerDependencies?: Record<string, string> }): Record<string, unknown>;
export const SHARED_SUBPATHS: Record<string, string>;
export function sharedPackages(
  pkg: { dependencies?: Record<string, string>; peerDependencies?: Record<string, string> },
  nodeModules: string,
): Record<string, { version: string; requiredVersion: string | false }>;
