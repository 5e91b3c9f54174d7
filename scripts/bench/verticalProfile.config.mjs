import { defineConfig } from 'vitest/config';
import { workspaceAliases } from '../../vitest.config.ts';

// npm run bench:vprofile: the route's vertical profile for a 500 nm route, computed and drawn
// (verticalProfile.bench.ts). It prints figures and never fails on time; not part of `npm test`.
export default defineConfig({
  resolve: { alias: workspaceAliases },
  test: {
    name: 'vprofile-bench',
    root: new URL('../..', import.meta.url).pathname,
    include: ['scripts/bench/verticalProfile.bench.ts'],
    environment: 'node',
    testTimeout: 300_000,
  },
});
