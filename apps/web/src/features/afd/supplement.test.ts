import { describe, expect, it } from 'vitest';
import type { AirportSummary } from '@clearway/navdb';
import { buildSupplement } from './supplement';

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
