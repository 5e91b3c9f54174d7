import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { PackSources } from './build.js';

/**
 * The sources a build uses: CHARTS_DIR and TERRAIN_DIR when set, else the shared test data beside
 * the repository (`../shared/data/charts/vfr-raster-tiles`, `../shared/data/terrain`) when it is there,
 * so `npm start` and `npm run charts -- build` on a developer's machine build what that data allows.
 */
/**
 * The edition of the shared chart tiles (`../shared/README.md`: "2026-07"), the July 2026 chart
 * cycle: packs built from them carry that cycle, expired or not, rather than today's.
 */
export const SHARED_CHARTS_CYCLE = '2026-07-09';

export function packSources(configured: PackSources, repoRoot: string): PackSources & { fromShared: string[]; chartsCycle: string | undefined } {
  const shared = join(repoRoot, '..', 'shared', 'data');
  const fromShared: string[] = [];
  const pick = (value: string | undefined, fallback: string, variable: string) => {
    if (value !== undefined) return value;
    if (!existsSync(fallback)) return undefined;
    fromShared.push(`${variable}=${fallback}`);
    return fallback;
  };
  const chartsDir = pick(configured.chartsDir, join(shared, 'charts', 'vfr-raster-tiles'), 'CHARTS_DIR');
  return {
    chartsDir,
    terrainDir: pick(configured.terrainDir, join(shared, 'terrain'), 'TERRAIN_DIR'),
    fromShared,
    // Tiles from CHARTS_DIR are of the cycle CHARTS_CYCLE names (default: the one in force).
    chartsCycle: configured.chartsDir === undefined && chartsDir !== undefined ? SHARED_CHARTS_CYCLE : undefined,
  };
}
