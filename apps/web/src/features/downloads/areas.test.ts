// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { PackArea } from '@clearway/protocol';
import { areaRows, corridorPoints, requestArea } from './areas';

const wp = (lat: number, lon: number, invalid = false) => ({ location: { lat, lon }, invalid });

const AREA: PackArea = {
  id: 'state-RI',
  type: 'state',
  name: 'Rhode Island',
  cycle: '2026-12-24',
  bounds: [-71.9, 41.1, -71.1, 42.0],
  packs: [
    { kind: 'vfr', cycle: '2026-12-24', effective: '2026-12-24', expires: '2027-02-18', bytes: 3_000_000, sha256: 'a'.repeat(64), etag: '"v"', url: '/packs/areas/2026-12-24/state-RI.vfr.pmtiles', tiles: 40, minZoom: 5, maxZoom: 9 },
    { kind: 'basemap', cycle: '2026-12-24', effective: '2026-12-24', expires: '2027-02-18', bytes: 500_000, sha256: 'b'.repeat(64), etag: '"b"', url: '/packs/areas/2026-12-24/state-RI.basemap.pmtiles', tiles: 30, minZoom: 0, maxZoom: 10 },
  ],
};

describe('corridor points of the current route', () => {
  it('takes the expanded waypoints as [lon, lat], skipping invalid and repeated ones', () => {
    const route = { waypoints: [wp(37.66, -122.12), wp(37.62, -122.38)], all_waypoints: [wp(37.66, -122.12), wp(37.72, -122.22), wp(37.72, -122.22), wp(0, 0, true), wp(37.62, -122.38)] };
    expect(corridorPoints(route)).toEqual([[-122.12, 37.66], [-122.22, 37.72], [-122.38, 37.62]]);
  });

  it('gives none for no route or a single point, and thins a long route evenly keeping both ends', () => {
    expect(corridorPoints(null)).toEqual([]);
    expect(corridorPoints({ waypoints: [wp(37, -122)] })).toEqual([]);
    const long = { waypoints: Array.from({ length: 401 }, (_, i) => wp(30 + i / 100, -100)) };
    const thinned = corridorPoints(long, 200);
    expect(thinned).toHaveLength(200);
    expect(thinned[0]).toEqual([-100, 30]);
    expect(thinned.at(-1)).toEqual([-100, 34]);
  });
});

describe('area rows', () => {
  it("shows a sized area with its packs' total size before it is downloaded", () => {
    const [row] = areaRows([AREA], {}, []);
    expect(row).toMatchObject({ code: 'state-RI', name: 'Rhode Island', cycle: '2026-12-24', bytes: 3_500_000, storedCycle: null });
    expect(row?.chunks.map((chunk) => chunk.url)).toEqual(AREA.packs.map((pack) => pack.url));
  });

  it('lists an area stored on the device under its remembered name, offline too, and no chart region', () => {
    const stored = [
      { region: 'state-RI', kind: 'vfr' as const, cycle: '2026-10-29', bytes: 2_000_000, sha256: 'c'.repeat(64), expires: '2026-12-24' },
      { region: 'New_York', kind: 'vfr' as const, cycle: '2026-10-29', bytes: 9, sha256: 'd'.repeat(64), expires: '2026-12-24' },
    ];
    const [offline, ...rest] = areaRows([], { 'state-RI': { id: 'state-RI', name: 'Rhode Island', bounds: AREA.bounds } }, stored);
    expect(rest).toEqual([]);
    expect(offline).toMatchObject({ code: 'state-RI', name: 'Rhode Island', cycle: null, storedCycle: '2026-10-29', storedBytes: 2_000_000, updateAvailable: false });
    // Sized again when the server has the next cycle: 'update available'.
    expect(areaRows([AREA], {}, stored)[0]).toMatchObject({ storedCycle: '2026-10-29', cycle: '2026-12-24', updateAvailable: true });
  });
});

describe('requestArea', () => {
  it("shows the server's own message when it refuses, and says which address could not be reached", async () => {
    const refused = await requestArea({ type: 'state', state: 'ZZ' }, async () => new Response(JSON.stringify({ error: 'Unknown US state "ZZ": the states are listed at /packs/states.json' }), { status: 404 }));
    expect(refused).toEqual({ error: 'Unknown US state "ZZ": the states are listed at /packs/states.json' });
    const down = await requestArea({ type: 'state', state: 'RI' }, async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(down).toEqual({ error: '/packs/areas could not be reached: Failed to fetch' });
    const odd = await requestArea({ type: 'state', state: 'RI' }, async () => new Response(JSON.stringify({ id: 'state-RI' }), { status: 200 }));
    expect('error' in odd && odd.error.startsWith('/packs/areas answered something else than expected:')).toBe(true);
    const ok = await requestArea({ type: 'state', state: 'RI' }, async () => new Response(JSON.stringify(AREA), { status: 200 }));
    expect(ok).toEqual({ area: AREA });
  });
});
