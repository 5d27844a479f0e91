import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

export const TEST_FILES = ['src/**/*.test.{ts,tsx}', 'packages/*/src/**/*.test.{ts,tsx}', '../plugins/*/web/src/**/*.test.{ts,tsx}'];

/** Test files that replace modules or globals (vi.mock, stubbed globals, fake timers) or leave
 * state behind in the modules they import: each runs in a fresh module graph of its own. */
export const ISOLATED_FILES = [
  'src/__tests__/offline.test.ts',
  'src/__tests__/offlineData.test.ts',
  'src/__tests__/session.test.ts',
  'src/__tests__/store.test.ts',
  'src/lib/__tests__/http.test.ts',
  'src/app/__tests__/Guarded.test.tsx',
  'src/federation/__tests__/remotes.test.ts',
  'src/features/money/__tests__/euroFormat.test.tsx',
  'src/features/privacy/__tests__/ClientPrivacy.test.tsx',
  'src/features/privacy/__tests__/NoticeSection.test.tsx',
  'src/features/needs/__tests__/NeedsCard.test.tsx',
  'src/features/needs/__tests__/NeedsStep.test.tsx',
  'src/features/needs/__tests__/QuestionnairesSection.test.tsx',
  'src/features/settings/__tests__/precontractSwitch.test.tsx',
  'src/features/remittances/__tests__/remittanceCards.test.tsx',
  'src/features/products/fields/__tests__/CustomerFieldsForm.test.tsx',
  'src/features/products/__tests__/ProductDocumentsCard.test.tsx',
  'src/features/products/__tests__/documentsApi.test.ts',
  'src/features/products/__tests__/productEditDocuments.test.tsx',
  'src/features/quotes/__tests__/components.test.tsx',
  'src/features/quotes/__tests__/phoneCards.test.tsx',
  'src/features/quotes/__tests__/QuoteLinkButton.test.tsx',
  'src/features/products/__tests__/phoneCards.test.tsx',
  'src/layout/__tests__/NotificationsButton.test.tsx',
  'src/layout/__tests__/useScrollMemory.test.tsx',
  'src/layout/__tests__/documentTitle.test.tsx',
  'src/layout/search/__tests__/SearchDialog.test.tsx',
  'packages/host-api/src/__tests__/line.test.tsx',
  'packages/host-api/src/__tests__/dateFieldCalendar.test.tsx',
  'packages/host-api/src/__tests__/virtualRows.test.tsx',
  'src/federation/__tests__/quotePanels.test.ts',
];

export default defineConfig({
  plugins: [react()],
  // plugin modules' tests live outside this folder and resolve the shell's packages
  server: { fs: { allow: ['..'] } },
  resolve: {
    dedupe: ['react', 'react-dom', 'react-router', 'react-i18next', 'i18next', '@mantine/core', '@sportello/host-api'],
  },
  test: {
    // node by default; a test file that renders or needs the DOM says `// @vitest-environment jsdom`
    environment: 'node',
    pool: 'threads', // a worker thread per file: threads start faster than forks
    setupFiles: ['src/test/setup.ts'],
    projects: [
      // `npm test` runs the rest with --no-isolate: they share each worker's module graph, and
      // importing React, Mantine and i18next once per worker instead of once per file was most
      // of the run's time (per-project `isolate` is not honoured by the shared thread pool)
      { extends: true, test: { name: 'shared', include: TEST_FILES, exclude: [...configDefaults.exclude, ...ISOLATED_FILES] } },
      { extends: true, test: { name: 'isolated', include: ISOLATED_FILES } },
    ],
  },
});
