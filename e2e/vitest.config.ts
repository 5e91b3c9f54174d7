import { defineConfig } from 'vitest/config';
import { serviceTags } from '../vitest.config.js';

// End-to-end tests: the real built server and app, Debian's Chromium through playwright-core.
// Two files side by side: each starts its own server on a free port with a fresh database (and its
// own PostgreSQL schema where it uses one), so they share nothing but the machine; much of an e2e
// file's time is waiting (servers starting, pages loading, timers), which the other file fills.
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    // The services a test needs, named by ALLOW_SKIP to skip it (vitest.config.ts, scripts/test.mjs).
    tags: serviceTags,
    environment: 'node',
    maxWorkers: 2,
    // One build of the test nav data for the whole run, before any file (harness.ts buildTestNavData).
    globalSetup: ['./navdataCache.ts'],
    // Generous: with two files side by side a page can take twice as long as alone; the tests' own
    // waits still bound each step.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
