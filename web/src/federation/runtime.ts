/**
 * The module-federation runtime, started when the first product module is needed.
 *
 * The shell is a plain Vite build: its own React, Mantine and router are split per screen like
 * any other code, so the login screen downloads neither the runtime nor a whole shared copy of a
 * library. Here the shell offers those same instances to the modules under the name `sportello`:
 * React, react-dom, i18next and react-i18next whole; Mantine and react-router as the subsets the
 * modules are built against (MODULE_EXPORTS), labelled with the tree-shaking metadata the modules
 * carry (`runtime-infer` and the export list). A module's runtime takes a tree-shaken share only
 * when that label covers its own list; without it the module would load its own prebuilt copy.
 */
import { createInstance } from '@module-federation/runtime';
import * as i18next from 'i18next';
import * as React from 'react';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import * as reactI18next from 'react-i18next';
import * as jsxRuntime from 'react/jsx-runtime';
import * as mantine from './shares/mantine';
import * as router from './shares/router';

/** A shared package as the shell offers it: the installed version and the range it declares. */
export interface SharedPackage {
  version: string;
  requiredVersion: string | false;
}

/** Every offered package, read from web/package.json and node_modules by vite.config.ts. */
declare const __SHARED_PACKAGES__: Record<string, SharedPackage>;

type SharedOffer = NonNullable<Parameters<typeof createInstance>[0]['shared']>;

export const FEDERATION_NAME = 'sportello';

/** Offered whole (subpaths included: modules import `react/jsx-runtime` on their own). */
const WHOLE: Record<string, object> = {
  react: React,
  'react/jsx-runtime': jsxRuntime,
  'react-dom': ReactDOM,
  'react-dom/client': ReactDOMClient,
  i18next,
  'react-i18next': reactI18next,
};

/** Offered as the module surface only (./shares). */
const TREE_SHAKEN: Record<string, object> = { '@mantine/core': mantine, 'react-router': router };

/** The shell's own instances, as the runtime's `shared` option. */
export function sharedOffer(packages: Record<string, SharedPackage> = __SHARED_PACKAGES__): SharedOffer {
  const offer: SharedOffer = {};
  for (const [name, lib] of Object.entries({ ...WHOLE, ...TREE_SHAKEN })) {
    const pkg = packages[name];
    if (!pkg) throw new Error(`${name}: no version to offer it under`);
    const module = () => lib;
    offer[name] = {
      version: pkg.version,
      lib: module,
      shareConfig: { singleton: true, requiredVersion: pkg.requiredVersion },
      ...(name in TREE_SHAKEN
        ? { treeShaking: { mode: 'runtime-infer' as const, usedExports: Object.keys(lib), lib: module, loaded: true } }
        : {}),
    };
  }
  return offer;
}

/** The shell's federation instance, with no remote yet (ModuleRegistry registers them). */
export function startFederation(packages: Record<string, SharedPackage> = __SHARED_PACKAGES__) {
  return createInstance({ name: FEDERATION_NAME, remotes: [], shared: sharedOffer(packages), shareStrategy: 'version-first' });
}
