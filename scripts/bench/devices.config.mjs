import { defineConfig } from 'vitest/config';
import { workspaceAliases } from '../../vitest.config.ts';

// npm run bench:devices: UDP datagram to devices-socket message latency (devices.bench.ts). It prints
// figures and never fails on time; not part of `npm test` (no *.test.ts here).
export default defineConfig({
  resolve: { alias: workspaceAliases },
  test: {
    name: 'devices-bench',
    root: new URL('../..', import.meta.url).pathname,
    include: ['scripts/bench/devices.bench.ts'],
    environment: 'node',
    testTimeout: 120_000,
  },
});
