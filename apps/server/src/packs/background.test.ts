import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir, removeTempDir } from '../testing/testApp.js';
import { backgroundPackBuild } from './background.js';
import { packSources, SHARED_CHARTS_CYCLE } from './sources.js';

/** A logger that keeps its messages (the last argument of each call). */
function keepingLogger(): { logger: FastifyBaseLogger; lines: string[] } {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => {
    lines.push(String(args.at(-1)));
  };
  return { logger: { info: keep, warn: keep, error: keep } as unknown as FastifyBaseLogger, lines };
}

describe('pack sources and the start-up build', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await makeTempDir('clearway-pack-start-');
  });
  afterEach(async () => {
    await removeTempDir(dir);
  });

  it('falls back to the shared chart tiles (with their July 2026 cycle) only when CHARTS_DIR is unset', async () => {
    const repo = join(dir, 'repo');
    const sharedCharts = join(dir, 'shared', 'data', 'charts', 'vfr-raster-tiles');
    await mkdir(sharedCharts, { recursive: true });
    await mkdir(repo);
    expect(packSources({ chartsDir: undefined, terrainDir: undefined }, repo)).toEqual({
      chartsDir: sharedCharts,
      terrainDir: undefined,
      fromShared: [`CHARTS_DIR=${sharedCharts}`],
      chartsCycle: SHARED_CHARTS_CYCLE,
    });
    expect(packSources({ chartsDir: '/srv/charts', terrainDir: '/srv/terrain' }, repo)).toEqual({ chartsDir: '/srv/charts', terrainDir: '/srv/terrain', fromShared: [], chartsCycle: undefined });
  });

  it('builds nothing when packs already exist', async () => {
    const packsDir = join(dir, 'packs');
    await mkdir(join(packsDir, '2026-07-09'), { recursive: true });
    await writeFile(join(packsDir, '2026-07-09', 'New_York.vfr.pmtiles'), 'x');
    const { logger, lines } = keepingLogger();
    const build = backgroundPackBuild({ packsDir, chartsDir: join(dir, 'charts'), terrainDir: undefined, chartsCycle: undefined, repoRoot: join(dir, 'repo'), logger, delayMs: 0 });
    build.start();
    expect(await build.done).toBeNull();
    expect(lines).toEqual([]);
  });

  it('says how to add packs when there are none and nothing to build them from', async () => {
    const packsDir = join(dir, 'packs');
    const { logger, lines } = keepingLogger();
    const build = backgroundPackBuild({ packsDir, chartsDir: undefined, terrainDir: undefined, chartsCycle: undefined, repoRoot: join(dir, 'repo'), logger, delayMs: 0 });
    build.start();
    expect(await build.done).toBeNull();
    expect(lines).toEqual([`No region packs in ${packsDir} and no chart tiles to build them from: set CHARTS_DIR (and TERRAIN_DIR), then npm run charts -- build`]);
  });
});
