import { describe, expect, it } from 'vitest';
import type { AdvisoryEntry } from '@clearway/protocol';
import { currentTime, gairmetGroups, gairmetHazards, gairmetTimes, hazardClassOf, hazardName, reachesAltitude, sigmetGroups, validAt } from './advisories';
import { advisoryTense, altitudesText, dayTime, validityText } from './format';

const square: AdvisoryEntry['polygon'] = [[-100, 40], [-99, 40], [-99, 41], [-100, 41], [-100, 40]];
const T0 = Date.UTC(2026, 2, 17, 15);
const H = 3_600_000;

function advisory(over: Partial<AdvisoryEntry>): AdvisoryEntry {
  return { kind: 'SIGMET', id: 'X', hazard: 'TURBULENCE', severity: null, validFrom: T0, validTo: T0 + 4 * H, baseFt: null, topFt: null, baseIsFreezingLevel: false, polygon: square, raw: 'raw', ...over };
}

const list: AdvisoryEntry[] = [
  advisory({ kind: 'CONVECTIVE_SIGMET', id: '45E', hazard: 'CONVECTION', topFt: 25000 }),
  advisory({ kind: 'G_AIRMET', id: 'TANGO-1', hazard: 'TURBULENCE', validFrom: T0, validTo: T0, baseFt: 18000, topFt: 39000 }),
  advisory({ kind: 'SIGMET', id: 'NOVEMBER 2', hazard: 'TURBULENCE', baseFt: 15000, topFt: 35000 }),
  advisory({ kind: 'G_AIRMET', id: 'SIERRA-1', hazard: 'IFR', validFrom: T0 + 3 * H, validTo: T0 + 3 * H, baseFt: 0, topFt: 0 }),
  advisory({ kind: 'CONVECTIVE_SIGMET', id: '3C', hazard: 'CONVECTION', validFrom: T0 - H, topFt: 45000 }),
  advisory({ kind: 'G_AIRMET', id: 'ZULU-1', hazard: 'ICING', validFrom: T0, validTo: T0, baseFt: null, baseIsFreezingLevel: true, topFt: 16000 }),
  advisory({ kind: 'G_AIRMET', id: 'FZL-1', hazard: 'FREEZING_LEVEL', validFrom: T0 + 3 * H, validTo: T0 + 3 * H, baseFt: 12000, topFt: 12000 }),
  advisory({ kind: 'CWA', id: 'ZOA 101', hazard: 'IFR', baseFt: null, topFt: null }),
];

describe('the SIGMET page', () => {
  it('groups by kind in the page order, keeping the snapshot index, oldest first', () => {
    const groups = sigmetGroups(list);
    expect(groups.map((g) => [g.key, g.items.map((x) => [x.i, x.item.id])])).toEqual([
      ['CONVECTIVE_SIGMET', [[4, '3C'], [0, '45E']]],
      ['SIGMET', [[2, 'NOVEMBER 2']]],
      ['CONVECTIVE_OUTLOOK', []],
      ['CWA', [[7, 'ZOA 101']]],
    ]);
  });

  it('filters by kind and by altitude (unknown altitudes are kept)', () => {
    const groups = sigmetGroups(list, { kinds: new Set(['CONVECTIVE_SIGMET', 'CWA'] as const), altitudeFt: 30000 });
    expect(groups.map((g) => [g.key, g.items.map((x) => x.item.id)])).toEqual([['CONVECTIVE_SIGMET', ['3C']], ['CWA', ['ZOA 101']]]);
  });
});

describe('altitudes and times', () => {
  it('reaches an altitude between base and top inclusive; a freezing-level base counts as the surface', () => {
    expect(reachesAltitude({ baseFt: 15000, topFt: 35000, baseIsFreezingLevel: false }, 15000)).toBe(true);
    expect(reachesAltitude({ baseFt: 15000, topFt: 35000, baseIsFreezingLevel: false }, 35001)).toBe(false);
    expect(reachesAltitude({ baseFt: 15000, topFt: 35000, baseIsFreezingLevel: false }, 12000)).toBe(false);
    expect(reachesAltitude({ baseFt: null, topFt: 16000, baseIsFreezingLevel: true }, 1000)).toBe(true);
    expect(reachesAltitude({ baseFt: null, topFt: null, baseIsFreezingLevel: false }, 50000)).toBe(true);
  });

  it('is valid between its times', () => {
    expect(validAt({ validFrom: T0, validTo: T0 + H }, T0 + H)).toBe(true);
    expect(validAt({ validFrom: T0, validTo: T0 + H }, T0 + H + 1)).toBe(false);
    expect(validAt({ validFrom: null, validTo: null }, 0)).toBe(true);
  });

  it('says whether an advisory is in force, over or to come; a G-AIRMET stands 3 hours', () => {
    expect(advisoryTense({ validFrom: T0, validTo: T0 + H }, T0 + 2 * H)).toBe('expired');
    expect(advisoryTense({ validFrom: T0, validTo: T0 + H }, T0 - 1)).toBe('future');
    expect(advisoryTense({ validFrom: T0, validTo: T0 }, T0 + 2 * H)).toBe('current');
    expect(advisoryTense({ validFrom: T0, validTo: T0 }, T0 + 4 * H)).toBe('expired');
  });

  it('writes validity and altitudes', () => {
    expect(dayTime(T0)).toBe('17 Mar 15:00Z');
    expect(validityText(T0, T0 + 4 * H)).toBe('17 Mar 15:00Z to 19:00Z');
    expect(validityText(T0, T0 + 12 * H)).toBe('17 Mar 15:00Z to 18 Mar 03:00Z');
    expect(validityText(T0, T0)).toBe('17 Mar 15:00Z');
    expect(validityText(null, null)).toBe('Validity not given');
    expect(altitudesText({ baseFt: 0, topFt: 45000, baseIsFreezingLevel: false })).toBe('SFC to FL450');
    expect(altitudesText({ baseFt: null, topFt: 16000, baseIsFreezingLevel: true })).toBe('Freezing level to 16,000 ft');
    expect(altitudesText({ baseFt: 12000, topFt: 12000, baseIsFreezingLevel: false })).toBe('12,000 ft');
    expect(altitudesText({ baseFt: null, topFt: null, baseIsFreezingLevel: false })).toBe('Altitudes not given');
  });
});

describe('the G-AIRMET page', () => {
  it('has the distinct times, and opens on the one in force', () => {
    const times = gairmetTimes(list);
    expect(times).toEqual([T0, T0 + 3 * H]);
    expect(currentTime(times, T0 + 2 * H)).toBe(T0);
    expect(currentTime(times, T0 + 5 * H)).toBe(T0 + 3 * H);
    expect(currentTime(times, T0 - H)).toBe(T0);
    expect(currentTime([], T0)).toBeNull();
  });

  it('groups by hazard in the page order, filtered by time, hazard and altitude', () => {
    expect(gairmetHazards(list)).toEqual(['IFR', 'TURBULENCE', 'ICING', 'FREEZING_LEVEL']);
    const at = (timeMs: number | null, hazards: string[] | null, altitudeFt: number | null) =>
      gairmetGroups(list, { timeMs, hazards: hazards && new Set(hazards), altitudeFt }).map((g) => [g.title, g.items.map((x) => x.i)]);
    expect(at(T0, null, null)).toEqual([['Turbulence', [1]], ['Icing', [5]]]);
    expect(at(T0 + 3 * H, null, null)).toEqual([['IFR', [3]], ['Freezing level', [6]]]);
    expect(at(null, ['ICING', 'IFR'], null)).toEqual([['IFR', [3]], ['Icing', [5]]]);
    expect(at(T0, null, 20000)).toEqual([['Turbulence', [1]]]);
  });

  it('names and colours hazards', () => {
    expect(hazardName('MOUNTAIN_OBSCURATION')).toBe('Mountain obscuration');
    expect(hazardName('SOMETHING_NEW')).toBe('Something new');
    expect(hazardClassOf({ kind: 'G_AIRMET', hazard: 'MOUNTAIN_OBSCURATION' })).toBe('mountain');
    expect(hazardClassOf({ kind: 'G_AIRMET', hazard: 'FREEZING_LEVEL' })).toBe('icing');
    expect(hazardClassOf({ kind: 'G_AIRMET', hazard: 'TURBULENCE' })).toBe('turbulence');
    expect(hazardClassOf({ kind: 'CONVECTIVE_SIGMET', hazard: 'CONVECTION' })).toBe('convective');
  });
});
