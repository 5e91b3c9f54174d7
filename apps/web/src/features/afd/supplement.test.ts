import { describe, expect, it } from 'vitest';
import type { Airport, AirportSummary } from '@clearway/navdb';
import { buildSupplement, REMARKS_NONE_TEXT } from './supplement';

const summary = (elevationFt: number | null) =>
  ({ code: 'SFO', icao: 'KSFO', name: 'SAN FRANCISCO INTL', municipality: 'SAN FRANCISCO', state: 'CA', country: 'US', latDeg: 37.619, lonDeg: -122.375, elevationFt, fuel: true, towered: true }) as unknown as AirportSummary;

describe('buildSupplement', () => {
  it('gives the elevation in whole feet as the Chart Supplement does (NASR has tenths), and says when the nav database has none', () => {
    const elevation = (ft: number | null) => buildSupplement(summary(ft), null).sections.find((s) => s.title === 'Elevation')!.lines;
    expect(elevation(13.1)).toEqual(['13 ft']);
    expect(elevation(5434.6)).toEqual(['5,435 ft']);
    expect(elevation(-11.8)).toEqual(['-12 ft']);
    expect(elevation(null)).toEqual(['Not in the nav database.']);
  });
});

// The navimport golden of the real NASR excerpt (O'Hare: APT_BASE, APT_RWY, APT_RWY_END and the
// excerpt's APT_RMK rows of ORD), as the importer gives the airport to the nav database.
import ORD_GOLDEN from '../../../../../packages/navimport/cases/nasr/chicago-ohare/expected.json?raw';

describe('buildSupplement remarks', () => {
  const ord = (JSON.parse(ORD_GOLDEN) as { airports: Airport[] }).airports[0]!;

  it('lists the airport remarks of the real excerpt in the FAA order, runway remarks after the general ones', () => {
    const remarks = buildSupplement(summary(672), ord).sections.find((s) => s.title === 'Airport remarks')!.lines;
    expect(remarks).toEqual(ord.remarks);
    expect(remarks.length).toBe(39);
    expect(remarks.slice(0, 2)).toEqual(['COUNTY: AND DU PAGE CO.', 'NOISE ABATEMENT PROC IN EFFECT FM 2200 TO 0700; CTC AMGR - 773-686-2255.']);
    expect(remarks).toContain('RWY 04R EMAS: ENGINEERED MATERIALS ARRESTING SYSTEM (EMAS), 170 FT WIDE BY 546 FT LENGTH, LCTD AT THE DER 04R.');
    expect(remarks.indexOf('RWY 27L: PAPI UNUSBL BYD 8 DEGS RIGHT AND 9 DEGS LEFT OF CNTRLN.')).toBe(38);
  });

  it('says so when the nav database has no remarks for the airport', () => {
    const lines = buildSupplement(summary(13), { ...ord, remarks: undefined }).sections.find((s) => s.title === 'Airport remarks')!.lines;
    expect(lines).toEqual([REMARKS_NONE_TEXT]);
  });
});
