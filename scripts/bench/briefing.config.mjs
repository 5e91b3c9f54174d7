import { defineConfig } from 'vitest/config';
import { workspaceAliases } from '../../vitest.config.ts';

// npm run bench:briefing: a 25-leg route briefing from the shared weather (briefing.bench.ts). It
// prints figures and never fails on time; not part of `npm test` (no *.test.ts here).
export default defineConfig({
  resolve: { alias: workspaceAliases },
  test: {
    name: 'briefing-bench',
    root: new URL('../..', import.meta.url).pathname,
    include: ['scripts/bench/briefing.bench.ts'],
    environment: 'node',
    testTimeout: 300_000,
  },
});
