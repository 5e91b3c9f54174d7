import type { Airway, Fix, Navaid } from '@clearway/navdb';
import { describe, expect, it } from 'vitest';
import { fillAirways, offArcNm, restrictAirway } from './airwayFill.js';

// FAA points on the equator, one degree of longitude apart (60.04 nm on the 3440.07 nm sphere).
const navaid = (id: string, latDeg: number, lonDeg: number): Navaid => ({
  id, name: id, type: 'VORTAC', latDeg, lonDeg, elevationFt: 0, frequencyKhz: 113000, channel: null, slavedVarDeg: null,
  region: null, state: null, country: 'US', source: { source: 'faa-nasr', file: 'NAV_BASE.csv', line: 2 },
});
const fix = (id: string, latDeg: number, lonDeg: number): Fix => ({
  id, latDeg, lonDeg, region: null, state: null, country: 'US', use: 'WP', airportId: null, source: { source: 'faa-nasr', file: 'FIX_BASE.csv', line: 2 },
});
const byId = <T extends { id: string }>(items: T[]) => new Map(items.map((x) => [x.id, [x]]));
const navaids = byId([navaid('AAA', 0, 0), navaid('DDD', 0, 3)]);
const fixes = byId([fix('BBB', 0, 1), fix('CCC', 0, 2), fix('FFF', 0, 4), fix('EEE', 1, 5)]);

/** An X-Plane airway through `points` [ident, lat, lon, MEA feet of the segment it starts]. */
function xplane(id: string, points: [string, number, number, number][]): Airway {
  return {
    id, kind: 'V', source: { source: 'xplane', file: 'awy.dat', line: 10 },
    points: points.map(([ident, latDeg, lonDeg, meaFt]) => ({ ident, kind: 'unknown' as const, latDeg, lonDeg, meaFt, gapAfter: false })),
  };
}

describe('offArcNm', () => {
  it('is the cross-track distance beside the arc and the distance to the nearer end beyond it (hand-worked)', () => {
    // 0.01 degree of arc north of the equator: 3440.07 nm x 0.01 x pi/180 = 0.6004 nm.
    expect(offArcNm(0.01, 1, 0, 0, 0, 2)).toBeCloseTo(0.6004, 4);
    // One degree beyond B along the equator: 60.04 nm to B, not 0 to the great circle.
    expect(offArcNm(0, 3, 0, 0, 0, 2)).toBeCloseTo(60.04, 2);
    expect(offArcNm(0, -1, 0, 0, 0, 2)).toBeCloseTo(60.04, 2);
  });
});

describe('restrictAirway', () => {
  const airway = xplane('V1', [
    ['ZZZ', 0, -1, 3000], // no FAA point: outside, trimmed
    ['AAA', 0.005, 0, 3000], // the FAA navaid 0.3 nm away
    ['BBB', 0, 1, 4000],
    ['OLD', 0.01, 1.5, 6000], // 0.6 nm off the BBB-CCC arc: dropped, its MEA kept on BBB
    ['CCC', 0, 2, 5000],
    ['GONE', 0.5, 2.5, 5000], // 30 nm off the CCC-DDD arc: the airway is cut
    ['DDD', 0, 3, 7000],
    ['FFF', 0, 4, 7000],
    ['EEE', 1.02, 5, 0], // 1.2 nm from the FAA fix EEE: no match, trimmed
  ]);

  it('keeps the runs of FAA points with FAA positions and kinds, and reports every point left out', () => {
    const { pieces, unmatched } = restrictAirway(airway, navaids, fixes);
    expect(pieces.map((p) => p.points.map((q) => [q.ident, q.kind, q.latDeg, q.lonDeg, q.meaFt]))).toEqual([
      [
        ['AAA', 'navaid', 0, 0, 3000],
        ['BBB', 'fix', 0, 1, 6000],
        ['CCC', 'fix', 0, 2, null],
      ],
      [
        ['DDD', 'navaid', 0, 3, 7000],
        ['FFF', 'fix', 0, 4, null],
      ],
    ]);
    expect(pieces.every((p) => p.id === 'V1' && p.source.source === 'xplane')).toBe(true);
    expect(unmatched.map((u) => [u.ident, u.action])).toEqual([
      ['ZZZ', 'trimmed'],
      ['OLD', 'dropped'],
      ['GONE', 'cut'],
      ['EEE', 'trimmed'],
    ]);
    // The source airway is left as it was.
    expect(airway.points[1]).toMatchObject({ latDeg: 0.005, kind: 'unknown' });
  });

  it('takes nothing from an airway with fewer than two FAA points (outside the area)', () => {
    expect(restrictAirway(xplane('A1', [['XXX', 10, 10, 0], ['AAA', 0, 0, 0], ['YYY', 11, 11, 0]]), navaids, fixes)).toEqual({ pieces: [], unmatched: [] });
  });
});

describe('fillAirways', () => {
  const lower = {
    id: 'xplane' as const,
    airways: [
      xplane('V1', [['AAA', 0, 0, 3000], ['BBB', 0, 1, 0]]),
      xplane('V2', [['BBB', 0, 1, 3000], ['CCC', 0, 2, 0]]),
      xplane('V3', [['CCC', 0, 2, 3000], ['DDD', 0, 3, 0]]),
      xplane('A9', [['XXX', 50, 10, 3000], ['YYY', 51, 11, 0]]),
    ],
  };
  const faa = (id: string): Airway => ({ ...xplane(id, [['BBB', 0, 1, 2000], ['CCC', 0, 2, 0]]), source: { source: 'faa-nasr', file: 'AWY_SEG_ALT.csv', line: 2 } });

  it('takes every airway in the area when the FAA sources have no airway table', () => {
    const { airways, report } = fillAirways([], lower, navaids, fixes);
    expect(airways.map((a) => a.id)).toEqual(['V1', 'V2', 'V3']);
    expect(report).toEqual({ from: 'xplane', faaTables: 'none', faaIds: 0, lowerIds: 3, added: 3, outside: 1, unmatched: [] });
  });

  it('keeps the FAA airways of an excerpt and takes only the missing ones', () => {
    // 1 FAA id against 3 in the area: fewer than half, an excerpt.
    const { airways, report } = fillAirways([faa('V2')], lower, navaids, fixes);
    expect(airways.map((a) => a.id)).toEqual(['V1', 'V3']);
    expect(report).toMatchObject({ faaTables: 'excerpt', faaIds: 1, lowerIds: 3, added: 2 });
  });

  it('takes nothing when the FAA tables are full, so an older source cannot bring back removed airways', () => {
    // 2 FAA ids against 3: at least half, the full tables.
    const { airways, report } = fillAirways([faa('V2'), faa('V3')], lower, navaids, fixes);
    expect(airways).toEqual([]);
    expect(report).toMatchObject({ faaTables: 'full', faaIds: 2, lowerIds: 3, added: 0 });
  });
});
