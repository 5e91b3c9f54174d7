import type { AirportSummary, SearchHit, WaypointMatch } from './api.js';
import type { Airport, Fix, Navaid } from './model.js';
import { navaidHitType, placeOf } from './semantics.js';

/** Search hits and waypoint matches from model objects, shared by the indexed reader and the oracle. */

/** An airport hit: ident is the airport's primary id, place "City, ST" (or country). */
export function airportHit(summary: AirportSummary): SearchHit {
  return {
    type: 'Airport',
    ident: summary.code,
    name: summary.name,
    place: placeOf(summary.municipality, summary.state, summary.country),
    latDeg: summary.latDeg,
    lonDeg: summary.lonDeg,
    summary,
  };
}

/** A navaid hit: type VOR or NDB (see `navaidHitType`), place "ST, Country". */
export function navaidHit(n: Navaid): SearchHit {
  return {
    type: navaidHitType(n.type),
    ident: n.id,
    name: n.name,
    place: placeOf(n.state, null, n.country),
    latDeg: n.latDeg,
    lonDeg: n.lonDeg,
    summary: null,
  };
}

/** A fix hit, type Waypoint; fixes have no name, so the name is the ident. */
export function fixHit(f: Fix): SearchHit {
  return {
    type: 'Waypoint',
    ident: f.id,
    name: f.id,
    place: placeOf(f.state, null, f.country),
    latDeg: f.latDeg,
    lonDeg: f.lonDeg,
    summary: null,
  };
}

/** An airway hit: no position, no place. */
export function airwayHit(id: string): SearchHit {
  return { type: 'Airway', ident: id, name: id, place: null, latDeg: null, lonDeg: null, summary: null };
}

/** A waypoint match of `code` (normalised) for a record that shares it with `candidates - 1` others. */
export function waypointMatch(
  code: string,
  record: { kind: 'AIRPORT'; value: Airport } | { kind: 'NAVAID'; value: Navaid } | { kind: 'FIX'; value: Fix },
  candidates: number,
): WaypointMatch {
  const common = { code, ambiguous: candidates > 1, candidates, record: record.value };
  switch (record.kind) {
    case 'AIRPORT': {
      const a = record.value;
      return { ...common, kind: 'AIRPORT', name: a.name, latDeg: a.latDeg, lonDeg: a.lonDeg, elevationFt: a.elevationFt, magVarDeg: a.magVarDeg };
    }
    case 'NAVAID': {
      const n = record.value;
      return { ...common, kind: 'NAVAID', name: n.name, latDeg: n.latDeg, lonDeg: n.lonDeg, elevationFt: n.elevationFt, magVarDeg: n.slavedVarDeg };
    }
    case 'FIX': {
      const f = record.value;
      return { ...common, kind: 'FIX', name: f.id, latDeg: f.latDeg, lonDeg: f.lonDeg, elevationFt: null, magVarDeg: null };
    }
  }
}
