import type { AirportSummary } from './api.js';
import {
  AIRPORT_TYPE_CODES,
  AIRWAY_KIND_CODES,
  coordAt,
  decodeTri,
  NAVAID_TYPE_CODES,
  POINT_KIND_CODES,
  SOURCE_CODES,
  SURFACE_CODES,
  valueOf,
} from './columns.js';
import type { Airport, Airway, AirwayPoint, Fix, Frequency, Navaid, Runway, RunwayEnd, SourceRef, SurfaceClass } from './model.js';
import type { Tables } from './tables.js';

/**
 * Builds model objects from columns on demand. Every call returns fresh objects, so callers may
 * keep or change what they get without affecting the database.
 */

function sourceAt(t: Tables, cols: { src: Uint8Array; srcFile: Int32Array; srcLine: Uint32Array }, i: number): SourceRef {
  return {
    source: valueOf(SOURCE_CODES, cols.src[i]!),
    file: t.strings.req(cols.srcFile[i]!),
    line: cols.srcLine[i]!,
  };
}

/** The summary of airport `i`, read from its columns without building runways or frequencies. */
export function summaryAt(t: Tables, i: number): AirportSummary {
  const a = t.apt;
  const s = t.strings;
  return {
    code: s.req(a.id[i]!),
    icao: s.get(a.icaoId[i]!),
    name: s.req(a.name[i]!),
    municipality: s.get(a.city[i]!),
    state: s.get(a.state[i]!),
    country: s.req(a.country[i]!),
    latDeg: coordAt(a.lat, i)!,
    lonDeg: coordAt(a.lon, i)!,
    elevationFt: a.elevationFt.get(i),
    longest_runway_surf: valueOf(SURFACE_CODES, a.surface[i]!),
    longestRunwayFt: a.longestRunwayFt.get(i),
    towered: decodeTri(a.towered[i]!),
    fuel: decodeTri(a.fuel[i]!),
    type: valueOf(AIRPORT_TYPE_CODES, a.type[i]!),
  };
}

function runwayEndAt(t: Tables, e: number): RunwayEnd {
  const c = t.rwyEnd;
  return {
    id: t.strings.req(c.id[e]!),
    latDeg: coordAt(c.lat, e),
    lonDeg: coordAt(c.lon, e),
    trueHeadingDeg: c.trueHeadingDeg.get(e),
    elevationFt: c.elevationFt.get(e),
    displacedThresholdFt: c.displacedThresholdFt.get(e),
  };
}

function runwayAt(t: Tables, r: number): Runway {
  const c = t.rwy;
  const ends: RunwayEnd[] = [];
  for (let e = c.endStart[r]!; e < c.endStart[r + 1]!; e++) ends.push(runwayEndAt(t, e));
  return {
    id: t.strings.req(c.id[r]!),
    lengthFt: c.lengthFt.get(r),
    widthFt: c.widthFt.get(r),
    surface: t.strings.get(c.surface[r]!),
    surfaceClass: valueOf(SURFACE_CODES, c.surfaceClass[r]!) as SurfaceClass,
    lighted: decodeTri(c.lighted[r]!),
    lighting: t.strings.get(c.lighting[r]!),
    ends,
  };
}

function frequencyAt(t: Tables, f: number): Frequency {
  return {
    type: t.strings.req(t.freq.type[f]!),
    frequencyKhz: t.freq.khz.get(f) ?? 0,
    description: t.strings.get(t.freq.description[f]!),
  };
}

/** Airport `i` with its runways and frequencies. */
export function airportAt(t: Tables, i: number): Airport {
  const a = t.apt;
  const s = t.strings;
  const runways: Runway[] = [];
  for (let r = a.rwyStart[i]!; r < a.rwyStart[i + 1]!; r++) runways.push(runwayAt(t, r));
  const frequencies: Frequency[] = [];
  for (let f = a.freqStart[i]!; f < a.freqStart[i + 1]!; f++) frequencies.push(frequencyAt(t, f));
  const remarks: string[] = [];
  if (t.rmk !== null) for (let r = t.rmk.start[i]!; r < t.rmk.start[i + 1]!; r++) remarks.push(s.req(t.rmk.text[r]!));
  return {
    id: s.req(a.id[i]!),
    faaId: s.get(a.faaId[i]!),
    icaoId: s.get(a.icaoId[i]!),
    name: s.req(a.name[i]!),
    city: s.get(a.city[i]!),
    state: s.get(a.state[i]!),
    country: s.req(a.country[i]!),
    latDeg: coordAt(a.lat, i)!,
    lonDeg: coordAt(a.lon, i)!,
    elevationFt: a.elevationFt.get(i),
    type: valueOf(AIRPORT_TYPE_CODES, a.type[i]!),
    publicUse: decodeTri(a.publicUse[i]!),
    towered: decodeTri(a.towered[i]!),
    fuel: decodeTri(a.fuel[i]!),
    fuelTypes: s.get(a.fuelTypes[i]!),
    longestRunwayFt: a.longestRunwayFt.get(i),
    longestRunwaySurface: valueOf(SURFACE_CODES, a.surface[i]!),
    magVarDeg: a.magVarDeg.get(i),
    runways,
    frequencies,
    ...(remarks.length > 0 ? { remarks } : {}),
    source: sourceAt(t, a, i),
  };
}

/** Navaid `i`. */
export function navaidAt(t: Tables, i: number): Navaid {
  const n = t.nav;
  const s = t.strings;
  return {
    id: s.req(n.id[i]!),
    name: s.req(n.name[i]!),
    type: valueOf(NAVAID_TYPE_CODES, n.type[i]!),
    latDeg: coordAt(n.lat, i)!,
    lonDeg: coordAt(n.lon, i)!,
    elevationFt: n.elevationFt.get(i),
    frequencyKhz: n.frequencyKhz.get(i),
    channel: s.get(n.channel[i]!),
    slavedVarDeg: n.slavedVarDeg.get(i),
    region: s.get(n.region[i]!),
    state: s.get(n.state[i]!),
    country: s.get(n.country[i]!),
    source: sourceAt(t, n, i),
  };
}

/** Fix `i`. */
export function fixAt(t: Tables, i: number): Fix {
  const f = t.fix;
  const s = t.strings;
  return {
    id: s.req(f.id[i]!),
    latDeg: coordAt(f.lat, i)!,
    lonDeg: coordAt(f.lon, i)!,
    region: s.get(f.region[i]!),
    state: s.get(f.state[i]!),
    country: s.get(f.country[i]!),
    use: s.get(f.use[i]!),
    airportId: s.get(f.airportId[i]!),
    source: sourceAt(t, f, i),
  };
}

/** Airway `i` with its points in sequence. */
export function airwayAt(t: Tables, i: number): Airway {
  const w = t.awy;
  const p = t.awyPt;
  const points: AirwayPoint[] = [];
  for (let k = w.pointStart[i]!; k < w.pointStart[i + 1]!; k++) {
    points.push({
      ident: t.strings.req(p.ident[k]!),
      kind: valueOf(POINT_KIND_CODES, p.kind[k]!),
      latDeg: coordAt(p.lat, k),
      lonDeg: coordAt(p.lon, k),
      meaFt: p.meaFt.get(k),
      gapAfter: p.gapAfter[k] === 1,
    });
  }
  return {
    id: t.strings.req(w.id[i]!),
    kind: valueOf(AIRWAY_KIND_CODES, w.kind[i]!),
    points,
    source: sourceAt(t, w, i),
  };
}
