import { defineConfig } from 'vitest/config';
import { workspaceAliases } from '../../vitest.config.ts';

// npm run bench:clearsky: ClearSky on a 25-leg route with the shared weather (clearsky.bench.ts). It
// prints figures and never fails on time; not part of `npm test` (no *.test.ts here).
export default defineConfig({
  resolve: { alias: workspaceAliases },
  test: {
    name: 'clearsky-bench',
    root: new URL('../..', import.meta.url).pathname,
    include: ['scripts/bench/clearsky.bench.ts'],
    environment: 'node',
    testTimeout: 300_000,
  },
});
