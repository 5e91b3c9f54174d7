import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// No Node built-in imports here: the web app's layer lint rule covers config files too.
const root = import.meta.dirname;

/** The web app's unit tests: jsdom, with an in-memory IndexedDB for the Dexie stores. */
export default defineConfig({
  root,
  plugins: [react()],
  resolve: {
    alias: {
      // A `testing` subpath before its package: an alias also matches names that extend it by `/`.
      '@clearway/navdb/testing': `${root}/../../packages/navdb/src/testing/index.ts`,
      '@clearway/flightplan/testing': `${root}/../../packages/flightplan/src/testing/index.ts`,
      '@clearway/geo': `${root}/../../packages/geo/src/index.ts`,
      '@clearway/download': `${root}/../../packages/download/src/index.ts`,
      '@clearway/navdb': `${root}/../../packages/navdb/src/index.ts`,
      '@clearway/flightplan': `${root}/../../packages/flightplan/src/index.ts`,
      '@clearway/protocol': `${root}/../../packages/protocol/src/index.ts`,
      '@clearway/sync': `${root}/../../packages/sync/src/index.ts`,
      '@clearway/weather': `${root}/../../packages/weather/src/index.ts`,
      '@clearway/inflight': `${root}/../../packages/inflight/src/index.ts`,
      '@clearway/planfiles': `${root}/../../packages/planfiles/src/index.ts`,
      '@clearway/gdl90': `${root}/../../packages/gdl90/src/index.ts`,
    },
  },
  // Tests may import the shared real data (../shared/data beside the repository) with `?raw`.
  server: { fs: { allow: [`${root}/../..`, `${root}/../../../shared/data`] } },
  define: {
    'import.meta.env.VITE_APP_VERSION': JSON.stringify('0.0.0-test'),
  },
  test: {
    name: 'web',
    root,
    environment: 'jsdom',
    // One jsdom and one module graph per worker instead of per file: React, MUI and the stores are
    // imported once. 365 s to 217 s wall on 2 cores, all 1,122 tests passing, also with the files
    // shuffled (--sequence.shuffle.files, seed 4242). A new test must leave nothing behind for the
    // next file: the DOM (setup.ts cleanup), spies (restoreMocks), globals and IndexedDB it made.
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // Rendering MUI in jsdom is CPU-bound: on a busy 2-core machine a test can take several seconds.
    testTimeout: 30_000,
  },
});
