import { defineConfig } from 'vitest/config';
import { workspaceAliases } from '../../vitest.config.ts';

// npm run bench:downloads (after `npm run build`): the background downloader and the packs on the
// device in Debian's Chromium against the built server (downloads.bench.ts). It prints figures and
// ratios and never fails on time; not part of `npm test` (no *.test.ts or *.e2e.ts here).
export default defineConfig({
  resolve: { alias: workspaceAliases },
  test: {
    name: 'downloads-bench',
    root: new URL('../..', import.meta.url).pathname,
    include: ['scripts/bench/downloads.bench.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 180_000,
  },
});
