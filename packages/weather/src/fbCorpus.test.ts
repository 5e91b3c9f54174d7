import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createFbWindsSource, decodeFbBulletin, FB_STATION_POSITIONS, FB_STATIONS_NOT_FOUND } from './index.js';

/** ../shared/data beside the repository root. */
const WINDS_DIR = fileURLToPath(new URL('../../../../shared/data/weather/winds-aloft/', import.meta.url));

function corpus(): Map<string, string> {
  if (!existsSync(WINDS_DIR)) {
    throw new Error(`FB bulletins expected in ${WINDS_DIR} (the shared data folder beside the repository, ../shared/data)`);
  }
  const files = readdirSync(WINDS_DIR).filter((n) => n.startsWith('FB') && n.endsWith('.txt')).sort();
  return new Map(files.map((n) => [n.slice(0, 6), readFileSync(WINDS_DIR + n, 'utf8')]));
}

describe('FB bulletin corpus (../shared/data/weather/winds-aloft)', () => {
  // Pinned: station counts, blank (missing) levels, 9900 and 100 kt+ groups (counted independently
  // with awk over the files) and issues. Issues may only go down.
  const expected: Record<string, { stations: number; missingLevels: number; light: number; over99Kt: number; issues: number }> = {
    FBAK31: { stations: 36, missingLevels: 1, light: 7, over99Kt: 0, issues: 0 },
    FBHW31: { stations: 6, missingLevels: 2, light: 15, over99Kt: 0, issues: 0 },
    FBOC31: { stations: 15, missingLevels: 0, light: 14, over99Kt: 0, issues: 0 },
    FBUS31: { stations: 176, missingLevels: 76, light: 22, over99Kt: 122, issues: 0 },
  };

  it('decodes every bulletin with the pinned counts', () => {
    const files = corpus();
    expect([...files.keys()]).toEqual(Object.keys(expected));
    for (const [product, text] of files) {
      const r = decodeFbBulletin(text);
      const levels = r.stations.flatMap((s) => s.levels);
      expect({
        product,
        stations: r.stations.length,
        missingLevels: levels.filter((l) => l.speedKt === null).length,
        light: levels.filter((l) => l.light).length,
        over99Kt: levels.filter((l) => (l.speedKt ?? 0) > 99).length,
        issues: r.issues.length,
      }).toEqual({ product, ...expected[product] });
      expect(r.bulletin.product).toBe(product);
    }
  });

  it('has a position for every station id except the listed ones', () => {
    const ids = new Set<string>();
    for (const text of corpus().values()) for (const s of decodeFbBulletin(text).stations) ids.add(s.id);
    const unlocated = [...ids].filter((id) => FB_STATION_POSITIONS[id] === undefined).sort();
    expect(unlocated).toEqual([...FB_STATIONS_NOT_FOUND]);
    expect(ids.size).toBe(233);
  });

  it("places every located station inside its bulletin's region", () => {
    // Boxes [south, north, west, east] in degrees; the Pacific and Alaska ones cross 180°.
    const regions: Record<string, (lat: number, lon: number) => boolean> = {
      FBUS31: (lat, lon) => lat > 24 && lat < 50 && lon > -125 && lon < -66,
      FBAK31: (lat, lon) => lat > 50 && lat < 72 && (lon < -129 || lon > 170),
      FBHW31: (lat, lon) => lat > 18 && lat < 23 && lon > -161 && lon < -154,
      FBOC31: (lat, lon) => lat > -15 && lat < 30 && (lon > 130 || lon < -160),
    };
    for (const [product, text] of corpus()) {
      const inRegion = regions[product] ?? (() => false);
      const outside = decodeFbBulletin(text)
        .stations.filter((s) => {
          const pos = FB_STATION_POSITIONS[s.id];
          return pos !== undefined && !inRegion(pos[0], pos[1]);
        })
        .map((s) => s.id);
      expect({ product, outside }).toEqual({ product, outside: [] });
    }
  });
});

describe('winds from the real FBUS31 (31 Jan 2026, valid 06Z, for use 02-09Z)', () => {
  const decodedOf = (product: string) => {
    const text = corpus().get(product);
    if (text === undefined) throw new Error(`${product} missing from the corpus`);
    return decodeFbBulletin(text);
  };
  const source = () =>
    createFbWindsSource(
      [
        { decoded: decodedOf('FBUS31'), year: 2026, month: 1 },
        { decoded: decodedOf('FBAK31'), year: 2019, month: 9 },
      ],
      FB_STATION_POSITIONS,
    );
  const at06Z = Date.UTC(2026, 0, 31, 6);

  it('over the DEN VOR at 10,500 ft blends its 9,000 and 12,000 ft winds only', () => {
    // DEN: 9000 2918-03 (290° 18 kt -3 °C), 12000 3220-09 (320° 20 kt -9 °C).
    const [lat, lon] = FB_STATION_POSITIONS.DEN ?? [0, 0];
    const w = source().windAt({ lat, lon, altitudeFt: 10500, timeMs: at06Z });
    expect(w?.stationId).toBe('DEN');
    expect(w?.aloft).toEqual([290, 18, -3, 320, 20, -9]);
    expect(w?.temperatureC).toBeCloseTo(-6, 9);
    // Vector mean of 290/18 and 320/20: toward-east (16.914 + 12.856) / 2 = 14.885,
    // toward-north (-6.156 - 15.321) / 2 = -10.739 -> 18.354 kt from 305.81°.
    expect(w?.directionDeg).toBeCloseTo(305.81, 2);
    expect(w?.speedKt).toBeCloseTo(18.354, 3);
  });

  it('has winds everywhere over the CONUS, none far offshore, and none from an expired bulletin', () => {
    const s = source();
    for (const [lat, lon] of [[39, -98], [34, -112], [44, -70], [30, -90], [47, -122]] as const) {
      expect(s.windAt({ lat, lon, altitudeFt: 9000, timeMs: at06Z })).not.toBeNull();
    }
    expect(s.windAt({ lat: 30, lon: -50, altitudeFt: 9000, timeMs: at06Z })).toBeNull();
    // FBAK31 of September 2019 is long out of its use window in January 2026.
    const [lat, lon] = FB_STATION_POSITIONS.ANC ?? [0, 0];
    expect(s.windAt({ lat, lon, altitudeFt: 9000, timeMs: at06Z })).toBeNull();
    expect(s.windAt({ lat, lon, altitudeFt: 9000, timeMs: Date.UTC(2019, 8, 3, 18) })?.stationId).toBe('ANC');
  });
});
