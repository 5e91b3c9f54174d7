import { defineConfig } from 'vitest/config';

// Browser benchmarks on the real built server and app (npm run bench:wx-map): they print figures and
// never fail on time; not part of `npm test` (the e2e config includes only *.e2e.ts).
export default defineConfig({
  test: {
    name: 'e2e-bench',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.bench.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 180_000,
  },
});
