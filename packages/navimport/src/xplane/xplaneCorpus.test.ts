import { describe, expect, it } from 'vitest';
import { IssueCollector } from '../common/diagnostics.js';
import type { ImportProgress } from '../common/progress.js';
import { sharedDataPath } from '../common/sharedData.js';
import { readXPlane } from './readXPlane.js';

/**
 * The world X-Plane data FlightGear ships (cycle 2013.10). Counts and issue counts are pinned: they
 * may only improve. Timings are printed, not asserted (TESTING.md: benchmarks never fail a run).
 */
describe('X-Plane corpus: xplane-fg2013', () => {
  it('reads the four world files with the pinned counts and issues', async () => {
    const folder = sharedDataPath('navdata/xplane-fg2013');
    const issues = new IssueCollector();
    const firstSeen = new Map<string, number>();
    const lastSeen = new Map<string, number>();
    const started = performance.now();
    const data = await readXPlane(folder, {
      issues,
      onProgress: (p: ImportProgress) => {
        const now = performance.now();
        if (!firstSeen.has(p.file)) firstSeen.set(p.file, now);
        lastSeen.set(p.file, now);
      },
    });
    const totalMs = performance.now() - started;
    const perFile = [...firstSeen].map(([f, t]) => `${f} ${Math.round((lastSeen.get(f) ?? t) - t)} ms`).join(', ');
    console.log(`X-Plane world read in ${Math.round(totalMs)} ms (${perFile})`);

    expect(data.edition).toBe('2013.10');
    expect(data.stats.versions).toEqual({ 'fix.dat.gz': 600, 'nav.dat.gz': 810, 'awy.dat.gz': 640, 'apt.dat.gz': 1000 });
    expect(data.stats.lines).toEqual({ 'fix.dat.gz': 119724, 'nav.dat.gz': 26775, 'awy.dat.gz': 70295, 'apt.dat.gz': 2465648 });

    const byType = (list: { type: string }[]): Record<string, number> =>
      list.reduce<Record<string, number>>((m, x) => ({ ...m, [x.type]: (m[x.type] ?? 0) + 1 }), {});
    expect(data.airports).toHaveLength(34074);
    expect(byType(data.airports)).toEqual({ airport: 27444, heliport: 6004, seaplane_base: 584, closed: 42 });
    expect(data.stats.runways).toBe(34490);
    expect(data.stats.helipads).toBe(7490);
    expect(data.stats.frequencies).toBe(25635);
    expect(data.navaids).toHaveLength(11358);
    expect(byType(data.navaids)).toEqual({ NDB: 6576, 'NDB-DME': 523, 'VOR-DME': 2728, VOR: 295, VORTAC: 697, DME: 193, TACAN: 346 });
    expect(data.stats.dmesMerged).toBe(3629);
    expect(data.ils).toHaveLength(11782);
    expect(data.fixes).toHaveLength(119720);
    expect(data.stats.airwaySegments).toBe(70291);
    expect(data.airways).toHaveLength(9803);
    expect(data.stats.airwayBranches).toBe(0);
    expect(data.stats.unresolvedAirwayPoints).toBe(790);

    // Pinned issue counts: two truncated glide slope rows and five VOR DMEs whose VOR row has another
    // frequency or position in nav.dat, and the airway points whose fix is missing from
    // fix.dat/nav.dat or more than 0.1 degree away.
    expect(issues.counts()).toEqual({ errors: 2, warnings: 795, total: 797 });
    expect(Object.fromEntries(issues.countsByFile())).toEqual({
      'nav.dat.gz': { errors: 2, warnings: 5 },
      'awy.dat.gz': { errors: 0, warnings: 790 },
    });
  });
});
