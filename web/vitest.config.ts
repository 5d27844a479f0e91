import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

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
    include: ['src/**/*.test.{ts,tsx}', 'packages/*/src/**/*.test.{ts,tsx}', '../plugins/*/web/src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
