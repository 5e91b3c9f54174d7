import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Workspace packages resolve to their TypeScript sources, so unit tests need no build first. A
 * `testing` subpath comes before its package: an alias also matches names that extend it by `/`.
 */
export const workspaceAliases = {
  '@clearway/navdb/testing': fileURLToPath(new URL('./packages/navdb/src/testing/index.ts', import.meta.url)),
  '@clearway/flightplan/testing': fileURLToPath(new URL('./packages/flightplan/src/testing/index.ts', import.meta.url)),
  '@clearway/geo': fileURLToPath(new URL('./packages/geo/src/index.ts', import.meta.url)),
  '@clearway/download': fileURLToPath(new URL('./packages/download/src/index.ts', import.meta.url)),
  '@clearway/protocol': fileURLToPath(new URL('./packages/protocol/src/index.ts', import.meta.url)),
  '@clearway/navdb': fileURLToPath(new URL('./packages/navdb/src/index.ts', import.meta.url)),
  '@clearway/navimport': fileURLToPath(new URL('./packages/navimport/src/index.ts', import.meta.url)),
  '@clearway/flightplan': fileURLToPath(new URL('./packages/flightplan/src/index.ts', import.meta.url)),
  '@clearway/weather': fileURLToPath(new URL('./packages/weather/src/index.ts', import.meta.url)),
  '@clearway/gdl90': fileURLToPath(new URL('./packages/gdl90/src/index.ts', import.meta.url)),
  '@clearway/inflight': fileURLToPath(new URL('./packages/inflight/src/index.ts', import.meta.url)),
  '@clearway/sync': fileURLToPath(new URL('./packages/sync/src/index.ts', import.meta.url)),
  '@clearway/planfiles': fileURLToPath(new URL('./packages/planfiles/src/index.ts', import.meta.url)),
};

/**
 * Services some tests need, as tags on those tests: `npm test` (scripts/test.mjs) accepts a skipped
 * test only when one of its tags is named in ALLOW_SKIP (apps/server/src/testing/skips.ts).
 */
export const serviceTags = [
  { name: 'postgres', description: 'needs PostgreSQL (TEST_DATABASE_URL); skipped only with ALLOW_SKIP=postgres' },
  { name: 'redis', description: 'needs Redis (TEST_REDIS_URL or redis-server); skipped only with ALLOW_SKIP=redis' },
];

// One run covers every workspace; each project picks its environment.
export default defineConfig({
  test: {
    tags: serviceTags,
    // Vitest's default is one worker fewer than the cores: on CI's 2 cores that is one, and the
    // unit run took 831 s. At least two workers keep both cores busy (the main process mostly waits).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        resolve: { alias: workspaceAliases },
        // Pure code with no shared state: one module graph per worker (isolate: false) halves the run
        // (132 s to 61 s wall on 2 cores, 1,042 tests passing either way).
        test: { name: 'packages', include: ['packages/*/src/**/*.test.ts'], environment: 'node', testTimeout: 60000, isolate: false },
      },
      {
        resolve: { alias: workspaceAliases },
        // One module graph per worker (isolate: false): 230 s to 93 s wall on 2 cores. A test that
        // mocks a Node built-in (vi.mock('node:fs')) cannot reach modules another file already
        // loaded, so it is named *.isolated.test.ts and runs in its own graph below.
        test: { name: 'server', include: ['apps/server/src/**/*.test.ts'], exclude: ['**/*.isolated.test.ts'], environment: 'node', testTimeout: 20000, isolate: false },
      },
      {
        resolve: { alias: workspaceAliases },
        test: { name: 'server-isolated', include: ['apps/server/src/**/*.isolated.test.ts'], environment: 'node', testTimeout: 20000 },
      },
      {
        test: { name: 'repo', include: ['scripts/**/*.test.ts'], environment: 'node', testTimeout: 20000 },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
