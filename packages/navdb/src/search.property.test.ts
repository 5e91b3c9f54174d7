import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeNavDb,
  encodeNavDb,
  openNavDb,
  type Airport,
  type AirportType,
  type Airway,
  type Fix,
  type Navaid,
  type NavaidType,
  type NavDataSet,
} from './index.js';
import { benchmarkQueries, createNaiveNavDb, sampleNavDataSet, syntheticNavDataSet } from './testing/index.js';

// A small alphabet makes same-named points, shared prefixes and ties common.
const identChars = ['A', 'B', 'K', '1', 'a'];
const ident = fc.array(fc.constantFrom(...identChars), { minLength: 1, maxLength: 4 }).map((c) => c.join(''));
const wordList = ['SAN', 'SANTA', 'Sandy', 'FIELD', 'AB', 'ab-k', 'École', 'ZÜRICH', "O'HARE", 'K1', '(closed)'];
const text = fc.array(fc.constantFrom(...wordList), { minLength: 1, maxLength: 3 }).map((w) => w.join(' '));
// Positions on a 1e-7 degree lattice are stored exactly, so records compare equal after the round trip.
const lat = fc.integer({ min: -900_000_000, max: 900_000_000 }).map((k) => k / 1e7);
const lon = fc.integer({ min: -1_800_000_000, max: 1_800_000_000 }).map((k) => k / 1e7);
// Clustered positions put several records in one grid cell.
const near = fc.tuple(fc.constantFrom(37, 47, -43, 89), fc.constantFrom(-122, 179, -180, 8), fc.integer({ min: 0, max: 20_000_000 }))
  .map(([a, b, k]) => ({ latDeg: Math.min(900_000_000, a * 1e7 + k) / 1e7, lonDeg: Math.min(1_800_000_000, b * 1e7 + k) / 1e7 }));
const position = fc.oneof(fc.record({ latDeg: lat, lonDeg: lon }), near);
const source = { source: 'faa-nasr' as const, file: 'x.csv', line: 1 };

const airport: fc.Arbitrary<Airport> = fc
  .record({
    id: ident,
    faaId: fc.option(ident),
    icaoId: fc.option(ident),
    name: text,
    city: fc.option(text),
    pos: position,
    type: fc.constantFrom<AirportType>('airport', 'heliport', 'closed'),
    towered: fc.option(fc.boolean()),
    longestRunwayFt: fc.option(fc.integer({ min: 0, max: 3 }).map((n) => n * 1000)),
  })
  .map(({ pos, ...a }) => ({
    ...a, ...pos, state: null, country: 'US', elevationFt: null, publicUse: null, fuel: null, fuelTypes: null,
    longestRunwaySurface: null, magVarDeg: null, runways: [], frequencies: [], source,
  }));
const navaid: fc.Arbitrary<Navaid> = fc
  .record({ id: ident, type: fc.constantFrom<NavaidType>('VOR', 'VORTAC', 'NDB', 'DME', 'OTHER'), pos: position, name: text })
  .map(({ pos, ...n }) => ({
    ...n, ...pos, elevationFt: null, frequencyKhz: null, channel: null, slavedVarDeg: null, region: null, state: null, country: null, source,
  }));
const fix: fc.Arbitrary<Fix> = fc
  .record({ id: ident, pos: position })
  .map(({ id, pos }) => ({ id, ...pos, region: null, state: 'CA', country: null, use: null, airportId: null, source }));
const airway: fc.Arbitrary<Airway> = ident.map((id) => ({ id, kind: 'V', points: [], source }));

const dataSet: fc.Arbitrary<NavDataSet> = fc
  .record({
    airports: fc.array(airport, { maxLength: 40 }),
    navaids: fc.array(navaid, { maxLength: 15 }),
    fixes: fc.array(fix, { maxLength: 40 }),
    airways: fc.array(airway, { maxLength: 5 }),
  })
  .map((d) => ({ header: sampleNavDataSet().header, procedures: [], ...d }));

const query = fc.oneof(
  ident,
  ident.map((q) => ` ${q.toLowerCase()} `),
  fc.constantFrom(...wordList).chain((w) => fc.integer({ min: 1, max: w.length }).map((n) => w.slice(0, n))),
  fc.constantFrom('SAN F', 'SANTA FIELD', 'Z', 'é', "O'", '(', ''),
);

describe('indexed queries equal the naive scan', () => {
  it('search: same hits in the same order, for random prefixes and limits', () => {
    fc.assert(
      fc.property(dataSet, fc.array(fc.tuple(query, fc.integer({ min: 1, max: 40 })), { minLength: 1, maxLength: 10 }), (data, queries) => {
        const db = openNavDb(encodeNavDb(data));
        const naive = createNaiveNavDb(data);
        for (const [q, limit] of queries) {
          expect(db.search(q, { limit })).toEqual(naive.search(q, { limit }));
          expect(new Set(db.search(q).map((h) => `${h.type} ${h.ident}`))).toEqual(new Set(naive.search(q).map((h) => `${h.type} ${h.ident}`)));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('airportSummary and getWaypoint: same answer with and without a reference', () => {
    fc.assert(
      fc.property(dataSet, fc.array(fc.tuple(query, fc.option(position)), { minLength: 1, maxLength: 10 }), (data, queries) => {
        const db = openNavDb(encodeNavDb(data));
        const naive = createNaiveNavDb(data);
        for (const [q, reference] of queries) {
          expect(db.airportSummary(q)).toEqual(naive.airportSummary(q));
          expect(db.getWaypoint(q, reference)).toEqual(naive.getWaypoint(q, reference));
          expect(db.navaids(q)).toEqual(naive.navaids(q));
          expect(db.fixes(q)).toEqual(naive.fixes(q));
          expect(db.airway(q)).toEqual(naive.airway(q));
          expect(db.airways(q)).toEqual(naive.airways(q));
          expect(db.waypointCandidates(q)).toEqual(naive.waypointCandidates(q));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('inBounds and nearestAirports: same records, nearest in the same order', () => {
    const bounds = fc.record({ west: lon, south: lat, east: lon, north: lat });
    fc.assert(
      fc.property(dataSet, bounds, position, fc.integer({ min: 0, max: 12 }), (data, box, point, count) => {
        const db = openNavDb(encodeNavDb(data));
        const naive = createNaiveNavDb(data);
        for (const kind of ['airport', 'navaid', 'fix'] as const) {
          const byPosition = (a: { latDeg: number; lonDeg: number; id: string }, b: typeof a): number =>
            a.latDeg - b.latDeg || a.lonDeg - b.lonDeg || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
          const ordered = (xs: { latDeg: number; lonDeg: number; id: string }[]): unknown[] => [...xs].sort(byPosition);
          expect(ordered(db.inBounds(kind, box))).toEqual(ordered(naive.inBounds(kind, box)));
        }
        expect(db.nearestAirports(point, count)).toEqual(naive.nearestAirports(point, count));
      }),
      { numRuns: 300 },
    );
  });

  it('nearestAirports: two airports at the pole at one distance come in index order (the case the property found)', () => {
    const sample = sampleNavDataSet();
    const base = sample.airports[0]!;
    const at = (latDeg: number, lonDeg: number) => ({ ...base, latDeg, lonDeg });
    const data = { ...sample, airports: [at(37, -180), at(89, -122), at(90, 9), at(90, -121)] };
    const point = { latDeg: 48.2358236, lonDeg: -178.7641764 };
    const nearest = openNavDb(encodeNavDb(data)).nearestAirports(point, 3);
    expect(nearest).toEqual(createNaiveNavDb(data).nearestAirports(point, 3));
    expect(nearest.map((n) => n.airport.lonDeg)).toEqual([-180, -122, 9]);
  });

  it('on a synthetic US-like data set, for the benchmark query mix', () => {
    const bytes = encodeNavDb(syntheticNavDataSet({ scale: 0.05 }));
    const db = openNavDb(bytes);
    const data = decodeNavDb(bytes);
    const naive = createNaiveNavDb(data);
    const reference = { latDeg: 39.5, lonDeg: -98.35 };
    for (const q of benchmarkQueries(data, 300)) {
      expect(db.search(q), q).toEqual(naive.search(q));
      expect(db.airportSummary(q), q).toEqual(naive.airportSummary(q));
      expect(db.getWaypoint(q, reference), q).toEqual(naive.getWaypoint(q, reference));
    }
    for (const a of data.airports.slice(0, 20)) {
      expect(db.nearestAirports(a, 10)).toEqual(naive.nearestAirports(a, 10));
      expect(db.procedures(a.id)).toEqual(naive.procedures(a.id));
    }
  });
});
