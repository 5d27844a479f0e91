/**
 * What the shell offers product modules once the federation runtime starts: its own instances,
 * under the installed versions, Mantine and react-router cut to MODULE_EXPORTS and labelled so a
 * module built with the same tree-shaking configuration takes them.
 */
import { createInstance } from '@module-federation/runtime';
import * as mantineCore from '@mantine/core';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as React from 'react';
import * as reactRouter from 'react-router';
import { describe, expect, it } from 'vitest';
import { MODULE_EXPORTS, SHARED_SINGLETONS, SHARED_SUBPATHS, sharedConfig, sharedPackages } from '../../../federation/shared.mjs';
import { sharedOffer, startFederation } from '../runtime';
import * as mantine from '../shares/mantine';
import * as router from '../shares/router';

const web = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const pkg = JSON.parse(readFileSync(join(web, 'package.json'), 'utf8'));
const packages = sharedPackages(pkg, join(web, 'node_modules'));
const sorted = (names: readonly string[]) => [...names].sort();

describe('shared subsets', () => {
  it.each([
    ['@mantine/core', mantine],
    ['react-router', router],
  ] as const)('%s re-exports exactly MODULE_EXPORTS', (name, subset) => {
    expect(sorted(Object.keys(subset))).toEqual(sorted(MODULE_EXPORTS[name]!));
  });

  it('re-exports the shell’s own instances', () => {
    expect(mantine.Button).toBe(mantineCore.Button);
    expect(router.Link).toBe(reactRouter.Link);
  });
});

describe('sharedOffer', () => {
  const offer = sharedOffer(packages);

  it('offers every singleton and its subpaths under the installed version', () => {
    expect(sorted(Object.keys(offer))).toEqual(sorted([...SHARED_SINGLETONS, ...Object.keys(SHARED_SUBPATHS)]));
    const react = offer.react as { version: string; shareConfig: { singleton: boolean; requiredVersion: string } };
    expect(react.version).toBe(React.version);
    expect(react.shareConfig).toEqual({ singleton: true, requiredVersion: pkg.dependencies.react });
  });

  it('hands out the shell’s own React', () => {
    const react = offer.react as { lib: () => typeof React };
    expect(react.lib().useState).toBe(React.useState);
  });

  it('labels the tree-shaken shares as the modules are built', () => {
    const modules = sharedConfig(pkg) as Record<string, { treeShaking?: { mode: string; usedExports: string[] } }>;
    for (const name of Object.keys(MODULE_EXPORTS)) {
      const treeShaking = (offer[name] as { treeShaking: { mode: string; usedExports: string[]; lib: () => object } }).treeShaking;
      expect(treeShaking.mode).toBe(modules[name]!.treeShaking!.mode);
      expect(sorted(treeShaking.usedExports)).toEqual(sorted(modules[name]!.treeShaking!.usedExports));
    }
  });

  it('refuses a package it has no version for', () => {
    const { react: _react, ...others } = packages;
    expect(() => sharedOffer(others)).toThrow('react: no version');
  });
});

describe('startFederation', () => {
  it('gives a module asking for the tree-shaken Mantine the shell’s own copy', async () => {
    const shell = startFederation(packages);
    const ownCopy = () => {
      throw new Error('the module loaded its own Mantine');
    };
    const module = createInstance({
      name: 'module_under_test',
      remotes: [],
      shared: {
        '@mantine/core': {
          version: packages['@mantine/core']!.version,
          shareConfig: { singleton: true, requiredVersion: pkg.dependencies['@mantine/core'] },
          treeShaking: { mode: 'runtime-infer', usedExports: MODULE_EXPORTS['@mantine/core'], get: ownCopy },
          get: ownCopy,
        },
      },
    });
    module.initShareScopeMap('default', shell.shareScopeMap.default!);
    const factory = await module.loadShare<typeof mantine>('@mantine/core');
    expect(factory && factory()?.Button).toBe(mantineCore.Button);
    expect(Object.values(shell.shareScopeMap.default!['@mantine/core']!).map((share) => share.from)).toEqual(['sportello']);
  });
});
