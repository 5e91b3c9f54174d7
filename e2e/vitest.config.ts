import { defineConfig } from 'vitest/config';
import { serviceTags } from '../vitest.config.js';

// End-to-end tests: the real built server and app, Debian's Chromium through playwright-core.
// One file at a time: each starts its own server on a free port with a fresh database.
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    // The services a test needs, named by ALLOW_SKIP to skip it (vitest.config.ts, scripts/test.mjs).
    tags: serviceTags,
    environment: 'node',
    fileParallelism: false,
    // One build of the test nav data for the whole run (harness.ts buildTestNavData).
    globalSetup: ['./navdataCache.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
