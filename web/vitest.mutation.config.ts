import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import base from './vitest.config';

/** The spec files of the rules Stryker mutates (stryker.config.json): money, policy and fiscal rules. */
export const MUTATION_SPECS = [
  'packages/host-api/src/__tests__/format*.test.ts',
  'src/features/money/__tests__/*.test.ts',
  'src/features/quotes/__tests__/taxes*.test.ts',
  'src/features/policies/__tests__/{policyLogic,issueChecks}*.test.ts',
  'src/features/products/fields/__tests__/*.test.ts',
];

// Stryker runs these specs once per mutant, so each run does as little as it can:
// - one project over these specs alone (the base's projects and lists are replaced: mergeConfig
//   would add to them), without the DOM clean-up set-up (they render nothing);
// - one module graph kept between runs (Stryker switches mutants at run time, not at import);
// - the host API's rendering-free half only: evaluating its components again was most of a
//   run's time
export default defineConfig({
  ...base,
  resolve: {
    ...base.resolve,
    alias: { '@sportello/host-api': fileURLToPath(new URL('./packages/host-api/src/pure.ts', import.meta.url)) },
  },
  test: {
    ...base.test,
    projects: undefined,
    include: MUTATION_SPECS,
    setupFiles: [],
    isolate: false,
    poolOptions: { threads: { isolate: false } },
  },
});
