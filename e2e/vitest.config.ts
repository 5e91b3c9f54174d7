import { defineConfig } from 'vitest/config';
import { serviceTags } from '../vitest.config.js';

// End-to-end tests: the real built server and app, Debian's Chromium through playwright-core.
// One file at a time: each starts its own server on a free port with a fresh database. (Two side by
// side were tried: on 2 cores each file ran about twice as long, so nothing was gained.)
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    // The services a test needs, named by ALLOW_SKIP to skip it (vitest.config.ts, scripts/test.mjs).
    tags: serviceTags,
    environment: 'node',
    fileParallelism: false,
    // One build of the test nav data for the whole run, before any file (harness.ts buildTestNavData).
    globalSetup: ['./navdataCache.ts'],
    // Generous for a busy machine; the tests' own waits still bound each step.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
