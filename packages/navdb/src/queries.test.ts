import { describe, expect, it } from 'vitest';
import { decodeNavDb, encodeNavDb, openNavDb, type Airport, type SearchHit } from './index.js';
import { createNaiveNavDb, sampleNavDataSet } from './testing/index.js';

const bytes = encodeNavDb(sampleNavDataSet());
const db = openNavDb(bytes);
// The oracle over exactly what the artifact holds (coordinates rounded to 1e-7 degree).
const naive = createNaiveNavDb(decodeNavDb(bytes));

const brief = (hits: SearchHit[]): string[] => hits.map((h) => `${h.type} ${h.ident}`);

describe('airportSummary', () => {
  it('finds an airport by FAA id, ICAO id or id, ignoring case and spaces', () => {
    for (const code of ['SFO', 'KSFO', 'ksfo', ' sfo ']) {
      expect(db.airportSummary(code)).toMatchObject({ code: 'SFO', icao: 'KSFO', name: 'SAN FRANCISCO INTL' });
    }
    expect(db.airportSummary('LSZH')).toMatchObject({ code: 'LSZH', municipality: 'Zürich', country: 'CH' });
  });

  it('gives the whole summary', () => {
    expect(db.airportSummary('HWD')).toEqual({
      code: 'HWD',
      icao: 'KHWD',
      name: 'HAYWARD EXECUTIVE',
      municipality: 'HAYWARD',
      state: 'CA',
      country: 'US',
      latDeg: 37.6589333,
      lonDeg: -122.1216428,
      elevationFt: 52.3,
      longest_runway_surf: 'H',
      longestRunwayFt: 5694,
      towered: true,
      fuel: false,
      type: 'airport',
    });
  });

  it('answers an error naming the code when there is no such airport', () => {
    expect(db.airportSummary(' xyz1 ')).toEqual({ error: 'Airport XYZ1 not found' });
    // A navaid or fix of that name is not an airport.
    expect(db.airportSummary('OSI')).toEqual({ error: 'Airport OSI not found' });
  });
});

describe('getRunwayInfo', () => {
  it('draws runways whose two ends have positions, x = longitude, y = latitude', () => {
    expect(db.getRunwayInfo('KSFO')).toEqual({
      runway: {
        base: { atct: true, fuel: true },
        paths: [{ x1: -122.393392, y1: 37.628739, x2: -122.357141, y2: 37.613534 }],
      },
      summary: db.airportSummary('SFO'),
    });
  });

  it('treats unknown tower and fuel as false and leaves out single-ended pads', () => {
    expect(db.getRunwayInfo('HWD')?.runway.base).toEqual({ atct: true, fuel: false });
    expect(db.getRunwayInfo('HWD')?.runway.paths).toHaveLength(1);
    expect(db.getRunwayInfo('ca12')?.runway).toEqual({ base: { atct: false, fuel: false }, paths: [] });
  });

  it('is null for an unknown airport', () => {
    expect(db.getRunwayInfo('NOPE')).toBeNull();
  });
});

describe('getWaypoint', () => {
  it('picks the nearest of same-named points and flags the ambiguity', () => {
    const nearSf = db.getWaypoint('alpha', { latDeg: 37.6, lonDeg: -122.3 });
    expect(nearSf).toMatchObject({ code: 'ALPHA', kind: 'FIX', ambiguous: true, candidates: 2, latDeg: 37.5 });
    const nearNd = db.getWaypoint('ALPHA', { latDeg: 46.9, lonDeg: -96.8 });
    expect(nearNd).toMatchObject({ kind: 'FIX', ambiguous: true, latDeg: 47.5, record: { region: 'K3', state: 'ND' } });
  });

  it('without a reference takes airports, then navaids, then fixes', () => {
    expect(db.getWaypoint('SFO')).toMatchObject({ kind: 'AIRPORT', name: 'SAN FRANCISCO INTL', magVarDeg: 13.68, candidates: 2 });
    expect(db.getWaypoint('SFO', null)).toMatchObject({ kind: 'AIRPORT' });
    expect(db.getWaypoint('HWD')).toMatchObject({ kind: 'AIRPORT', ambiguous: true, candidates: 2 });
  });

  it('takes a navaid over an airport when it is nearer, with its slaved variation', () => {
    const vor = db.getWaypoint('SFO', { latDeg: 37.6194, lonDeg: -122.3738 });
    expect(vor).toMatchObject({ kind: 'NAVAID', name: 'SAN FRANCISCO', magVarDeg: 17, elevationFt: 13, ambiguous: true });
    expect(vor?.record).toMatchObject({ type: 'VORTAC', channel: '105X' });
  });

  it('describes a lone fix', () => {
    expect(db.getWaypoint('dumba')).toEqual({
      code: 'DUMBA',
      kind: 'FIX',
      name: 'DUMBA',
      latDeg: 37.503517,
      lonDeg: -122.096147,
      elevationFt: null,
      magVarDeg: null,
      ambiguous: false,
      candidates: 1,
      record: db.fixes('DUMBA')[0],
    });
  });

  it('is null for airways and unknown idents', () => {
    expect(db.getWaypoint('V25')).toBeNull();
    expect(db.getWaypoint('NOPE')).toBeNull();
    expect(db.getWaypoint('')).toBeNull();
  });
});

describe('search', () => {
  it('puts exact ident matches first, airports before navaids, then longer idents', () => {
    expect(brief(db.search('sfo'))).toEqual(['Airport SFO', 'VOR SFO', 'Waypoint SFOXY']);
    expect(brief(db.search('HW'))).toEqual(['NDB HW', 'Airport HWD', 'Waypoint HWD']);
    expect(brief(db.search('OS'))).toEqual(['VOR OS', 'VOR OSI', 'Waypoint OSIRI']);
  });

  it('matches ICAO ids by prefix, shorter and alphabetical first, each airport once', () => {
    expect(brief(db.search('K'))).toEqual(['Airport HWD', 'Airport OAK', 'Airport SFO']);
    expect(brief(db.search('OAK'))).toEqual(['Airport OAK', 'VOR OAK']);
  });

  it('matches words of airport names and cities, prominent airports first', () => {
    expect(brief(db.search('san'))).toEqual(['Airport SFO', 'Airport CA12']);
    expect(brief(db.search('FRAN'))).toEqual(['Airport SFO', 'Airport CA12']);
    expect(brief(db.search('san francisco i'))).toEqual(['Airport SFO']);
    expect(brief(db.search('zür'))).toEqual(['Airport LSZH']);
    expect(brief(db.search('hare'))).toEqual([]);
    expect(brief(db.search("mary's"))).toEqual(['Airport CA12']);
  });

  it('finds airways', () => {
    expect(brief(db.search('v2'))).toEqual(['Airway V25']);
    expect(db.search('J80')).toEqual([{ type: 'Airway', ident: 'J80', name: 'J80', place: null, latDeg: null, lonDeg: null, summary: null }]);
  });

  it('fills hits for the suggestion list', () => {
    const [airport, vor] = db.search('SFO');
    expect(airport).toMatchObject({ name: 'SAN FRANCISCO INTL', place: 'SAN FRANCISCO, CA', summary: db.airportSummary('SFO') });
    expect(vor).toMatchObject({ name: 'SAN FRANCISCO', place: 'CA, US', latDeg: 37.619369, summary: null });
    expect(db.search('NZCH')[0]).toMatchObject({ place: 'Christchurch, NZ' });
    expect(db.search('OS')[0]?.place).toBeNull();
  });

  it('honours the limit and ignores empty queries', () => {
    expect(db.search('O', { limit: 2 })).toHaveLength(2);
    expect(db.search('O', { limit: 0 })).toEqual([]);
    expect(db.search('')).toEqual([]);
    expect(db.search('   ')).toEqual([]);
  });

  it('agrees with the naive scan on every prefix of every ident and word in the sample', () => {
    const data = decodeNavDb(bytes);
    const words = [
      ...data.airports.flatMap((a) => [a.id, a.icaoId ?? '', a.name, a.city ?? '']),
      ...data.navaids.map((n) => n.id),
      ...data.fixes.map((f) => f.id),
      ...data.airways.map((w) => w.id),
    ].flatMap((w) => w.split(/\s+/));
    for (const word of words) {
      for (let n = 1; n <= word.length; n++) {
        const q = word.slice(0, n);
        expect(db.search(q), q).toEqual(naive.search(q));
        expect(db.search(q, { limit: 1 }), q).toEqual(naive.search(q, { limit: 1 }));
      }
    }
  });
});

describe('spatial queries', () => {
  const ids = (items: { id: string }[]): string[] => items.map((x) => x.id).sort();

  it('lists every item of a kind inside a box', () => {
    const bay = { west: -122.5, south: 37.4, east: -122.0, north: 37.8 };
    expect(ids(db.inBounds('airport', bay) as Airport[])).toEqual(['CA12', 'HWD', 'OAK', 'SFO']);
    expect(ids(db.inBounds('navaid', bay) as { id: string }[])).toEqual(['HW', 'OAK', 'SFO']);
    expect(ids(db.inBounds('fix', bay) as { id: string }[])).toEqual(['ALPHA', 'DUMBA', 'HWD']);
  });

  it('crosses the antimeridian when west is greater than east', () => {
    expect(ids(db.inBounds('airport', { west: 170, south: -50, east: -170, north: -40 }) as Airport[])).toEqual(['NZCH']);
    expect(ids(db.inBounds('airport', { west: 172, south: -50, east: 190, north: -40 }) as Airport[])).toEqual(['NZCH']);
    expect(db.inBounds('airport', { west: -180, south: -90, east: 180, north: 90 })).toHaveLength(6);
    expect(db.inBounds('airport', { west: 0, south: 10, east: 10, north: -10 })).toEqual([]);
  });

  it('lists airway segments meeting a box, skipping gaps and points without a position', () => {
    const bay = { west: -122.5, south: 37.4, east: -122.0, north: 37.8 };
    // V25: SFO-ARCHI is drawn; ARCHI has a gap after it and NOWHR has no position. J80 has one point.
    expect(db.airwaySegmentsInBounds(bay)).toEqual([
      { airwayId: 'V25', kind: 'V', from: { ident: 'SFO', latDeg: 37.619369, lonDeg: -122.373867 }, to: { ident: 'ARCHI', latDeg: 37.490833, lonDeg: -121.875 } },
    ]);
    // A box between the two ends, inside the segment's bounding box, still meets it.
    expect(db.airwaySegmentsInBounds({ west: -122.2, south: 37.5, east: -122.1, north: 37.6 })).toHaveLength(1);
    expect(db.airwaySegmentsInBounds({ west: -100, south: 30, east: -90, north: 40 })).toEqual([]);
    for (const box of [bay, { west: -180, south: -90, east: 180, north: 90 }, { west: 170, south: -50, east: -170, north: -40 }]) {
      expect(db.airwaySegmentsInBounds(box)).toEqual(naive.airwaySegmentsInBounds(box));
    }
  });

  it('finds the nearest airports, nearest first, with distances in nm', () => {
    const near = db.nearestAirports({ latDeg: 37.6589, lonDeg: -122.1216 }, 2);
    expect(near.map((n) => n.airport.id)).toEqual(['HWD', 'OAK']);
    expect(near[0]!.distanceNm).toBeLessThan(0.01);
    expect(near[1]!.distanceNm).toBeCloseTo(6.0, 1);
    expect(db.nearestAirports({ latDeg: 37.6, lonDeg: -122.3 }, 100).map((n) => n.airport.id)).toEqual(
      naive.nearestAirports({ latDeg: 37.6, lonDeg: -122.3 }, 100).map((n) => n.airport.id),
    );
    expect(db.nearestAirports({ latDeg: -45, lonDeg: 179.9 }, 1)[0]?.airport.id).toBe('NZCH');
    expect(db.nearestAirports({ latDeg: 0, lonDeg: 0 }, 0)).toEqual([]);
  });
});

describe('procedures and records by id', () => {
  it('lists an airport\'s procedures by any of its ids, optionally of one kind', () => {
    expect(db.procedures('HWD').map((p) => p.id)).toEqual(['HWD3', 'I28L']);
    expect(db.procedures('khwd', 'SID').map((p) => p.id)).toEqual(['HWD3']);
    expect(db.procedures('KHWD', 'STAR')).toEqual([]);
    expect(db.procedures('KXXX').map((p) => p.id)).toEqual(['NOWHR1']);
    expect(db.procedures('SFO')).toEqual([]);
    expect(db.procedures('HWD')).toEqual(naive.procedures('HWD'));
  });

  it('returns fresh objects that callers may change', () => {
    db.procedures('HWD')[0]!.id = 'CHANGED';
    db.airport('SFO')!.runways.pop();
    expect(db.procedures('HWD')[0]!.id).toBe('HWD3');
    expect(db.airport('SFO')!.runways).toHaveLength(2);
  });

  it('finds records by ident, ignoring case', () => {
    expect(db.airport('ksfo')?.frequencies).toEqual([
      { type: 'TWR', frequencyKhz: 120500, description: null },
      { type: 'ATIS', frequencyKhz: 118850, description: 'ARR/DEP' },
    ]);
    expect(db.airport('OSI')).toBeNull();
    expect(db.navaids('sfo').map((n) => n.type)).toEqual(['VORTAC']);
    expect(db.fixes('ALPHA').map((f) => f.region)).toEqual(['K2', 'K3']);
    expect(db.airway('v25')?.points.map((p) => p.ident)).toEqual(['SFO', 'ARCHI', 'NOWHR']);
    expect(db.airway('V99')).toBeNull();
    expect(db.airways('v25').map((w) => w.id)).toEqual(['V25']);
    expect(db.airways('V99')).toEqual([]);
  });

  it('lists every candidate of an ident in getWaypoint order', () => {
    const alpha = db.waypointCandidates('alpha');
    expect(alpha.map((m) => [m.kind, m.record.source.line])).toEqual(db.fixes('ALPHA').map((f) => ['FIX', f.source.line]));
    expect(alpha.map((m) => m.candidates)).toEqual([2, 2]);
    expect(db.waypointCandidates('SFO').map((m) => m.kind)).toEqual(['AIRPORT', 'NAVAID']);
    expect(db.waypointCandidates('SFO')[0]).toEqual(db.getWaypoint('SFO'));
    expect(db.waypointCandidates('V25')).toEqual([]);
  });
});
