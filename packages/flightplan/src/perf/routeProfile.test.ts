// Vertical profile over the shared NASADEM tile (../shared/data/terrain, Mount Washington): the
// terrain the profile finds along a route is checked against the raw 16-bit samples read from the
// file here, and the summit against its published elevation. The engine sees only TerrainSource.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE, type AircraftProfile } from '../model.js';
import { makeRoute, makeWaypoint } from '../testing/testRoute.js';
import { runFlightPlan } from './flightPlan.js';
import { plannedAltitudeFt, routeProfile, type TerrainSource } from './routeProfile.js';
import { profileTerrainZoom, terrainTilesFor, terrariumTerrain, type TerrainTile, type TileId } from './terrarium.js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const file = join(repo, '../shared/data/terrain/N44W072_nasadem_3arcsec.hgt');
const SIZE = 1201;
const M_PER_FT = 0.3048;

function tile(): DataView {
  if (!existsSync(file)) throw new Error(`NASADEM tile expected at ${file} (the repository's ../shared/data)`);
  const bytes = readFileSync(file);
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
const view = tile();
/** The raw sample at row (from the north edge, 45°N) and column (from the west edge, 72°W), metres. */
const raw = (row: number, col: number): number => view.getInt16((row * SIZE + col) * 2, false);

/** Bilinear between the four samples around a position: the app's terrain tiles do the same. */
const hgtTerrain: TerrainSource = {
  elevationM(lat, lon) {
    if (lat < 44 || lat > 45 || lon < -72 || lon > -71) return null;
    const row = (45 - lat) * (SIZE - 1);
    const col = (lon + 72) * (SIZE - 1);
    const r0 = Math.min(SIZE - 2, Math.floor(row));
    const c0 = Math.min(SIZE - 2, Math.floor(col));
    const fr = row - r0;
    const fc = col - c0;
    return (raw(r0, c0) * (1 - fc) + raw(r0, c0 + 1) * fc) * (1 - fr) + (raw(r0 + 1, c0) * (1 - fc) + raw(r0 + 1, c0 + 1) * fc) * fr;
  },
};

const NOW = Date.UTC(2026, 5, 1, 12);
// Column 836 of the tile runs through Mount Washington's summit (44.2706 N, 71.3033 W).
const COL = 836;
const LON = -72 + COL / (SIZE - 1);
const LAT_START = 44.02;
const LAT_END = 44.98;

function meridianRoute(cruiseFt: number) {
  // A brisk climber, so the route (58 nm, the tile's height) has a cruise at 9,500 ft.
  const profile: AircraftProfile = { ...DEFAULT_PROFILE, altitude: cruiseFt, climb_rate: 1000, descent_rate: 1000 };
  const route = makeRoute([
    makeWaypoint('KAAA', LAT_START, LON, { elevation: 1000, type: 'AIRPORT' }),
    makeWaypoint('MIDL', 44.5, LON),
    makeWaypoint('KBBB', LAT_END, LON, { elevation: 1200, type: 'AIRPORT' }),
  ]);
  return runFlightPlan(route, profile, { now: NOW, variationAt: null });
}

describe('routeProfile over the shared terrain tile', () => {
  const route = meridianRoute(9500);
  const profile = routeProfile(route, hgtTerrain, { bins: 60 });

  it('finds in each bin the highest ground the raw samples under it allow', () => {
    expect(profile.samples).toHaveLength(60);
    const rowOf = (alongNm: number) => (45 - (LAT_START + ((LAT_END - LAT_START) * alongNm) / profile.totalNm)) * (SIZE - 1);
    for (const s of profile.samples) {
      expect(s.terrainFt).not.toBeNull();
      const metres = s.terrainFt! * M_PER_FT;
      // Rows the bin spans (north-going route: the row number falls along it).
      const first = rowOf(s.alongNm + profile.binNm / 2);
      const last = rowOf(s.alongNm - profile.binNm / 2);
      const rows: number[] = [];
      for (let r = Math.floor(first); r <= Math.ceil(last); r++) rows.push(raw(r, COL));
      const inner: number[] = [];
      for (let r = Math.ceil(first); r <= Math.floor(last); r++) inner.push(Math.min(raw(r - 1, COL), raw(r, COL), raw(r + 1, COL)));
      // Never above the highest sample around the bin; never below what a lookup near each inner sample must see.
      expect(metres, `bin at ${s.alongNm.toFixed(2)} nm`).toBeLessThanOrEqual(Math.max(...rows) + 0.01);
      expect(metres, `bin at ${s.alongNm.toFixed(2)} nm`).toBeGreaterThanOrEqual(Math.max(...inner) - 0.01);
      expect(s.lon).toBeCloseTo(LON, 9);
    }
  });

  it('puts the highest ground at the summit of Mount Washington (6,288 ft published)', () => {
    const summitRow = Math.round((45 - 44.2706) * (SIZE - 1));
    let rawMax = -Infinity;
    for (let r = summitRow - 20; r <= summitRow + 20; r++) rawMax = Math.max(rawMax, raw(r, COL));
    expect(profile.highestTerrain).not.toBeNull();
    // Bilinear lookups about a sample apart: at most the highest raw sample, within a few metres of it.
    expect(profile.highestTerrain!.terrainFt * M_PER_FT).toBeLessThanOrEqual(rawMax + 0.01);
    expect(profile.highestTerrain!.terrainFt * M_PER_FT).toBeGreaterThan(rawMax - 5);
    expect(Math.abs(profile.highestTerrain!.terrainFt - 6288)).toBeLessThan(60);
    const summitNm = ((44.2706 - LAT_START) / (LAT_END - LAT_START)) * profile.totalNm;
    expect(Math.abs(profile.highestTerrain!.alongNm - summitNm)).toBeLessThanOrEqual(profile.binNm);
  });

  it('draws the planned path from the engine: departure elevation, top of climb, top of descent, destination elevation', () => {
    expect(route.toc).toBeTruthy();
    expect(route.tod).toBeTruthy();
    expect(profile.planned).toEqual([
      { alongNm: 0, altitudeFt: 1000 },
      { alongNm: route.toc!.distanceFromStart, altitudeFt: 9500 },
      { alongNm: route.tod!.distanceFromStart, altitudeFt: 9500 },
      { alongNm: route.total_distance, altitudeFt: 1200 },
    ]);
    // Climb 8,500 ft at 1,000 fpm is 8.5 min at 79 kt: 11.19 nm in calm air.
    expect(route.toc!.distanceFromStart).toBeCloseTo((8.5 / 60) * DEFAULT_PROFILE.climb_speed, 6);
    expect(plannedAltitudeFt(profile.planned, route.toc!.distanceFromStart / 2)).toBeCloseTo(5250, 6);
    expect(profile.waypoints.map((w) => w.code)).toEqual(['KAAA', 'MIDL', 'KBBB']);
    expect(profile.waypoints[2]!.alongNm).toBeCloseTo(route.total_distance, 9);
  });

  it('reports the least terrain clearance: below the summit at 5,500 ft it is negative there', () => {
    const low = routeProfile(meridianRoute(5500), hgtTerrain, { bins: 60 });
    expect(low.planned[1]!.altitudeFt).toBe(5500);
    expect(low.leastClearance!.clearanceFt).toBeLessThan(-700);
    // At least as bad as at the summit bin, where the plan is level at 5,500 ft.
    expect(low.leastClearance!.clearanceFt).toBeLessThanOrEqual(5500 - low.highestTerrain!.terrainFt + 1e-6);
    // 9,500 ft clears the summit by 3,200 ft (the least clearance of that plan is in the climb, over rising ground).
    const summit = profile.highestTerrain!;
    expect(plannedAltitudeFt(profile.planned, summit.alongNm) - summit.terrainFt).toBeGreaterThan(3100);
    expect(profile.leastClearance!.alongNm).toBeLessThan(route.toc!.distanceFromStart);
    // ... but not in the take-off: clearance is judged from 1,000 ft above the departure (1000 of the 8,500 ft climbed).
    expect(profile.leastClearance!.alongNm).toBeGreaterThanOrEqual(route.toc!.distanceFromStart * (1000 / 8500));
  });

  it('has no terrain figures without terrain data', () => {
    const none = routeProfile(route, null, { bins: 10 });
    expect(none.samples).toHaveLength(10);
    expect(none.samples.every((s) => s.terrainFt === null)).toBe(true);
    expect(none.highestTerrain).toBeNull();
    expect(none.leastClearance).toBeNull();
  });
});

/**
 * The tile as the server's terrain packs hold it: Terrarium pixels, each the elevation at its centre
 * (bilinear between the .hgt samples), whole metres (encoded here from the formula, not the app's code).
 */
function encodeTile({ z, x, y }: TileId): TerrainTile {
  const size = 256;
  const rgba = new Uint8Array(size * size * 4);
  const n = 2 ** z;
  for (let py = 0; py < size; py++) {
    const lat = (Math.atan(Math.sinh(Math.PI * (1 - (2 * (y + (py + 0.5) / size)) / n))) * 180) / Math.PI;
    for (let px = 0; px < size; px++) {
      const lon = ((x + (px + 0.5) / size) / n) * 360 - 180;
      const value = Math.round(hgtTerrain.elevationM(lat, lon) ?? 0) + 32768;
      const at = (py * size + px) * 4;
      rgba[at] = value >> 8;
      rgba[at + 1] = value & 0xff;
      rgba[at + 3] = 255;
    }
  }
  return { z, x, y, size, rgba };
}

describe("terrain from Terrarium tiles (the app's terrain packs) against the shared tile", () => {
  const route = meridianRoute(9500);
  const z = profileTerrainZoom(route.total_distance);
  const ids = terrainTilesFor(route, z);
  const profile = routeProfile(route, terrariumTerrain(ids.map(encodeTile)), { bins: 60 });

  it('reads at the deepest zoom for a short route, shallower for long ones', () => {
    expect(z).toBe(11);
    expect(profileTerrainZoom(500)).toBe(9);
    expect(profileTerrainZoom(3000)).toBe(7);
    // A 58 nm route due north at zoom 11 crosses 8 tile rows, in one or two columns.
    expect(ids.length).toBeGreaterThanOrEqual(8);
    expect(ids.length).toBeLessThanOrEqual(20);
  });

  it("finds in each bin the ground the raw samples around it allow (within the tiles' whole metres)", () => {
    const rowOf = (alongNm: number) => (45 - (LAT_START + ((LAT_END - LAT_START) * alongNm) / profile.totalNm)) * (SIZE - 1);
    const around = (r: number) => [-1, 0, 1].flatMap((dr) => [-1, 0, 1].map((dc) => raw(r + dr, COL + dc)));
    for (const s of profile.samples) {
      const metres = s.terrainFt! * M_PER_FT;
      const first = rowOf(s.alongNm + profile.binNm / 2);
      const last = rowOf(s.alongNm - profile.binNm / 2);
      const upper: number[] = [];
      for (let r = Math.floor(first); r <= Math.ceil(last); r++) upper.push(...around(r));
      const lower: number[] = [];
      for (let r = Math.ceil(first); r <= Math.floor(last); r++) lower.push(Math.min(...around(r)));
      expect(metres, `bin at ${s.alongNm.toFixed(2)} nm`).toBeLessThanOrEqual(Math.max(...upper) + 1);
      expect(metres, `bin at ${s.alongNm.toFixed(2)} nm`).toBeGreaterThanOrEqual(Math.max(...lower) - 1);
    }
    expect(Math.abs(profile.highestTerrain!.terrainFt - 6288)).toBeLessThan(80);
  });

  it('has no terrain where a tile is missing', () => {
    const some = terrariumTerrain(ids.slice(0, 1).map(encodeTile));
    const partial = routeProfile(route, some, { bins: 60 });
    expect(partial.samples.some((s) => s.terrainFt === null)).toBe(true);
    expect(partial.samples.some((s) => s.terrainFt !== null)).toBe(true);
  });
});
