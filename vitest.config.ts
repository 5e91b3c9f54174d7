import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Workspace packages resolve to their TypeScript sources, so unit tests need no build first. */
export const workspaceAliases = {
  '@clearway/geo': fileURLToPath(new URL('./packages/geo/src/index.ts', import.meta.url)),
  '@clearway/protocol': fileURLToPath(new URL('./packages/protocol/src/index.ts', import.meta.url)),
  '@clearway/navdb': fileURLToPath(new URL('./packages/navdb/src/index.ts', import.meta.url)),
  '@clearway/navimport': fileURLToPath(new URL('./packages/navimport/src/index.ts', import.meta.url)),
  '@clearway/flightplan': fileURLToPath(new URL('./packages/flightplan/src/index.ts', import.meta.url)),
  '@clearway/weather': fileURLToPath(new URL('./packages/weather/src/index.ts', import.meta.url)),
  '@clearway/sync': fileURLToPath(new URL('./packages/sync/src/index.ts', import.meta.url)),
};

// One run covers every workspace; each project picks its environment.
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: workspaceAliases },
        test: { name: 'packages', include: ['packages/*/src/**/*.test.ts'], environment: 'node', testTimeout: 60000 },
      },
      {
        resolve: { alias: workspaceAliases },
        test: { name: 'server', include: ['apps/server/src/**/*.test.ts'], environment: 'node', testTimeout: 20000 },
      },
      {
        test: { name: 'repo', include: ['scripts/**/*.test.ts'], environment: 'node', testTimeout: 20000 },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
