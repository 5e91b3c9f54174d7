// Global set-up of the e2e run (vitest.config.ts): the test nav data is built once, before any test
// file starts (files run side by side), into a folder removed at the end; harness.ts buildTestNavData
// copies it to each file's own folder. Building it takes about 7 s of CPU; every file built its own before.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the global set-up keeps the run's one build of the test nav data (harness.ts reads it). */
export const NAVDATA_CACHE_ENV = 'CLEARWAY_E2E_NAVDATA_CACHE';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Builds the US test nav data from the shared FAA files (NASR national and excerpts, CIFP KHWD) into `out` with the real `navdata` command. */
export function buildNavDataInto(out: string): void {
  const shared = join(repoRoot, '..', 'shared', 'data', 'navdata');
  if (!existsSync(shared)) throw new Error(`Shared nav data not found at ${shared} (../shared beside the repository).`);
  const result = spawnSync(
    process.execPath,
    [
      join(repoRoot, 'packages/navimport/dist/cli.js'), 'build',
      '--from', join(shared, 'faa-nasr/national'), '--from', join(shared, 'faa-nasr/excerpts-2025'), '--from', join(shared, 'faa-cifp'),
      '--out', out, '--region', 'us', '--quiet',
    ],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`navdata build failed:\n${result.stdout}\n${result.stderr}`);
}

export default function setup(): () => void {
  const folder = mkdtempSync(join(tmpdir(), 'clearway-e2e-navdata-cache-'));
  buildNavDataInto(join(folder, 'us'));
  process.env[NAVDATA_CACHE_ENV] = folder;
  return () => {
    rmSync(folder, { recursive: true, force: true });
  };
}
