/**
 * Runway rows of `apt.dat`: 100 land runway, 101 water runway, 102 helipad (850 and later), and the
 * 810 row 10 (runway centre, heading and length; `xxx` rows there are taxiways).
 */
import type { Runway, RunwayEnd, SurfaceClass } from '@clearway/navdb';
import {
  greatCircleDestination as destination,
  greatCircleDistanceNm as distanceNm,
  greatCircleInitialCourseDeg as initialBearingDeg,
  metresToFeet,
} from '@clearway/geo';
import { reciprocalEnd } from '../cifp/assemble.js';
import { num, validPosition } from './datFile.js';
import { FT_PER_NM, round } from './geometry.js';

/** apt.dat surface codes. */
const SURFACES: Record<number, [string, SurfaceClass]> = {
  1: ['ASPH', 'H'],
  2: ['CONC', 'H'],
  3: ['TURF', 'S'],
  4: ['DIRT', 'S'],
  5: ['GRVL', 'S'],
  6: ['ASPH', 'H'], // 810 helipad surfaces 6-9
  7: ['CONC', 'H'],
  8: ['TURF', 'S'],
  9: ['DIRT', 'S'],
  12: ['LAKEBED', 'S'],
  13: ['WATER', 'W'],
  14: ['SNOW', 'S'],
  // Transparent runways overlay custom scenery; they are almost always paved.
  15: ['TRANSPARENT', 'H'],
};

function surfaceOf(code: number | null): { surface: string | null; surfaceClass: SurfaceClass } {
  const s = code === null ? undefined : SURFACES[code];
  return s ? { surface: s[0], surfaceClass: s[1] } : { surface: code === null ? null : String(code), surfaceClass: 'S' };
}

/** Edge lighting code of rows 100/102: 0 none, 1 low, 2 medium, 3 high intensity. */
const EDGE_LIGHTS = ['NONE', 'LOW', 'MED', 'HIGH'];

export interface ParsedRunway {
  runway: Runway;
  helipad: boolean;
}

function end(id: string, lat: number, lon: number, headingDeg: number | null, displacedFt: number | null): RunwayEnd {
  return {
    id,
    latDeg: lat,
    lonDeg: lon,
    trueHeadingDeg: headingDeg === null ? null : round(headingDeg, 2),
    elevationFt: null,
    displacedThresholdFt: displacedFt,
  };
}

/** Row 100: `100 width_m surface shoulder smoothness centre_lights edge_lights signs` then 9 fields per end. */
export function landRunway(t: readonly string[]): ParsedRunway | string {
  if (t.length < 26) return `row 100 needs 26 fields, has ${t.length}`;
  const width = num(t[1]);
  const ends: { id: string; lat: number; lon: number; displacedM: number | null }[] = [];
  for (const at of [8, 17]) {
    const lat = num(t[at + 1]);
    const lon = num(t[at + 2]);
    if (!validPosition(lat, lon)) return `runway end ${t[at] ?? '?'} has no readable position`;
    ends.push({ id: t[at] as string, lat: lat as number, lon: lon as number, displacedM: num(t[at + 3]) });
  }
  const [e1, e2] = ends as [(typeof ends)[0], (typeof ends)[0]];
  const edge = num(t[6]);
  return {
    helipad: false,
    runway: {
      id: `${e1.id}/${e2.id}`,
      lengthFt: Math.round(distanceNm(e1.lat, e1.lon, e2.lat, e2.lon) * FT_PER_NM),
      widthFt: width === null ? null : Math.round(metresToFeet(width)),
      ...surfaceOf(num(t[2])),
      lighted: edge === null ? null : edge > 0,
      lighting: edge === null ? null : (EDGE_LIGHTS[edge] ?? String(edge)),
      ends: [
        end(e1.id, e1.lat, e1.lon, initialBearingDeg(e1.lat, e1.lon, e2.lat, e2.lon), e1.displacedM === null ? null : Math.round(metresToFeet(e1.displacedM))),
        end(e2.id, e2.lat, e2.lon, initialBearingDeg(e2.lat, e2.lon, e1.lat, e1.lon), e2.displacedM === null ? null : Math.round(metresToFeet(e2.displacedM))),
      ],
    },
  };
}

/** Row 101: `101 width_m buoys id1 lat1 lon1 id2 lat2 lon2`. */
export function waterRunway(t: readonly string[]): ParsedRunway | string {
  if (t.length < 9) return `row 101 needs 9 fields, has ${t.length}`;
  const lat1 = num(t[4]);
  const lon1 = num(t[5]);
  const lat2 = num(t[7]);
  const lon2 = num(t[8]);
  if (!validPosition(lat1, lon1) || !validPosition(lat2, lon2)) return 'water runway end without a readable position';
  const [a, b, c, d] = [lat1, lon1, lat2, lon2] as [number, number, number, number];
  const width = num(t[1]);
  return {
    helipad: false,
    runway: {
      id: `${t[3]}/${t[6]}`,
      lengthFt: Math.round(distanceNm(a, b, c, d) * FT_PER_NM),
      widthFt: width === null ? null : Math.round(metresToFeet(width)),
      surface: 'WATER',
      surfaceClass: 'W',
      lighted: null,
      lighting: null,
      ends: [end(t[3] as string, a, b, initialBearingDeg(a, b, c, d), null), end(t[6] as string, c, d, initialBearingDeg(c, d, a, b), null)],
    },
  };
}

/** Row 102: `102 id lat lon heading length_m width_m surface markings shoulder smoothness edge_lights`. */
export function helipad(t: readonly string[]): ParsedRunway | string {
  if (t.length < 8) return `row 102 needs at least 8 fields, has ${t.length}`;
  const lat = num(t[2]);
  const lon = num(t[3]);
  if (!validPosition(lat, lon)) return 'helipad without a readable position';
  const length = num(t[5]);
  const width = num(t[6]);
  const edge = num(t[11]);
  return {
    helipad: true,
    runway: {
      id: t[1] as string,
      lengthFt: length === null ? null : Math.round(metresToFeet(length)),
      widthFt: width === null ? null : Math.round(metresToFeet(width)),
      ...surfaceOf(num(t[7])),
      lighted: edge === null ? null : edge > 0,
      lighting: edge === null ? null : (EDGE_LIGHTS[edge] ?? String(edge)),
      ends: [end(t[1] as string, lat as number, lon as number, num(t[4]), null)],
    },
  };
}

/** Displaced thresholds or stopways of an 810 runway, `0150.0300`: this end, then the other, feet. */
function endPair(token: string | undefined): [number | null, number | null] {
  const m = /^(\d+)\.(\d+)$/.exec(token ?? '');
  return m ? [Number(m[1]), Number(m[2])] : [null, null];
}

/**
 * Row 10 of apt.dat 810: `10 lat lon rwy heading_true length_ft displaced stopway width_ft lights
 * surface ...` with the runway centre. `xxx` rows are taxiways (null). Designators like `04x` have no
 * side letter; `H` designators are helipads.
 */
export function runway810(t: readonly string[]): ParsedRunway | string | null {
  const designator = t[3];
  if (designator === 'xxx') return null;
  if (t.length < 11 || designator === undefined) return `row 10 needs at least 11 fields, has ${t.length}`;
  const lat = num(t[1]);
  const lon = num(t[2]);
  const heading = num(t[4]);
  const length = num(t[5]);
  if (!validPosition(lat, lon) || heading === null || length === null) return 'runway without a readable centre, heading or length';
  const width = num(t[8]);
  const lights = t[9] ?? '';
  const id1 = designator.replace(/x$/, '');
  const { surface, surfaceClass } = surfaceOf(num(t[10]));
  const base = {
    widthFt: width,
    surface,
    surfaceClass,
    // Lighting code: 3 digits per end (approach slope, runway edge, approach lights); edge > 1 is lit.
    lighted: /^\d{6}$/.test(lights) ? Number(lights[1]) > 1 || Number(lights[4]) > 1 : null,
    lighting: null,
  };
  if (id1.startsWith('H')) {
    return { helipad: true, runway: { id: id1, lengthFt: length, ...base, ends: [end(id1, lat as number, lon as number, heading, null)] } };
  }
  const id2 = reciprocalEnd(id1) ?? String(Math.round(((heading + 180) % 360) / 10) || 36).padStart(2, '0');
  const halfNm = length / 2 / FT_PER_NM;
  const p1 = destination(lat as number, lon as number, heading + 180, halfNm);
  const p2 = destination(lat as number, lon as number, heading, halfNm);
  const [d1, d2] = endPair(t[6]);
  return {
    helipad: false,
    runway: {
      id: `${id1}/${id2}`,
      lengthFt: length,
      ...base,
      ends: [
        end(id1, round(p1.latDeg, 8), round(p1.lonDeg, 8), heading, d1),
        end(id2, round(p2.latDeg, 8), round(p2.lonDeg, 8), (heading + 180) % 360, d2),
      ],
    },
  };
}
