import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { PackSources } from './build.js';

/**
 * The sources a build uses: CHARTS_DIR and TERRAIN_DIR when set, else the shared test data beside
 * the repository (`../shared/data/charts/vfr-raster-tiles`, `../shared/data/terrain`) when it is there,
 * so `npm start` and `npm run charts -- build` on a developer's machine build what that data allows.
 */
export function packSources(configured: PackSources, repoRoot: string): PackSources & { fromShared: string[] } {
  const shared = join(repoRoot, '..', 'shared', 'data');
  const fromShared: string[] = [];
  const pick = (value: string | undefined, fallback: string, variable: string) => {
    if (value !== undefined) return value;
    if (!existsSync(fallback)) return undefined;
    fromShared.push(`${variable}=${fallback}`);
    return fallback;
  };
  return {
    chartsDir: pick(configured.chartsDir, join(shared, 'charts', 'vfr-raster-tiles'), 'CHARTS_DIR'),
    terrainDir: pick(configured.terrainDir, join(shared, 'terrain'), 'TERRAIN_DIR'),
    fromShared,
  };
}
