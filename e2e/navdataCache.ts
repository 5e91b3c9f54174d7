// Global set-up of the e2e run (vitest.config.ts): one folder for the run's single build of the test
// nav data (harness.ts buildTestNavData), removed at the end. Building it takes about 7 s of CPU;
// fourteen files each built their own before.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where the global set-up keeps the run's one build of the test nav data (harness.ts reads it). */
export const NAVDATA_CACHE_ENV = 'CLEARWAY_E2E_NAVDATA_CACHE';

export default function setup(): () => void {
  const folder = mkdtempSync(join(tmpdir(), 'clearway-e2e-navdata-cache-'));
  process.env[NAVDATA_CACHE_ENV] = folder;
  return () => {
    rmSync(folder, { recursive: true, force: true });
  };
}
