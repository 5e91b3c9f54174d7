import { describe, expect, it } from 'vitest';
import { CHART_REGIONS, CHART_REGION_CODE_PATTERN, boundsIntersect, findChartRegion } from './chartRegions.js';
import { chartCycleAt, chartCycleById, chartCycleOffered, chartCycleProblem, isAreaId, offsetChartCycle, packFileName, packPath, parsePackFileName, stateAreaId } from './packs.js';
import { packAreaRequestSchema, packIndexSchema } from './packsSchema.js';

describe('chart regions', () => {
  it('has one region per FAA sectional: 52, 14 of them in Alaska, codes unique and safe', () => {
    expect(CHART_REGIONS).toHaveLength(52);
    expect(CHART_REGIONS.filter((region) => region.alaska).map((region) => region.name)).toEqual([
      'Anchorage', 'Bethel', 'Cape Lisburne', 'Cold Bay', 'Dawson', 'Dutch Harbor', 'Fairbanks', 'Juneau', 'Ketchikan', 'Kodiak', 'McGrath', 'Nome', 'Point Barrow', 'Seward',
    ]);
    expect(new Set(CHART_REGIONS.map((region) => region.code.toLowerCase())).size).toBe(52);
    for (const region of CHART_REGIONS) expect(region.code).toMatch(CHART_REGION_CODE_PATTERN);
    // The spec's examples.
    expect(['Albuquerque', 'Anchorage', 'Hawaiian_Islands'].map((code) => findChartRegion(code)?.name)).toEqual(['Albuquerque', 'Anchorage', 'Hawaiian Islands']);
  });

  it('has boxes 2 to 18 degrees wide and 2 to 5.5 high, west before east, inside the US charting area', () => {
    for (const { code, bounds: [west, south, east, north] } of CHART_REGIONS) {
      expect(east - west, code).toBeGreaterThan(2);
      expect(east - west, code).toBeLessThan(18);
      expect(north - south, code).toBeGreaterThan(2);
      expect(north - south, code).toBeLessThan(5.5);
      expect(west, code).toBeGreaterThanOrEqual(-173);
      expect(east, code).toBeLessThanOrEqual(-60);
      expect(south, code).toBeGreaterThanOrEqual(18);
      expect(north, code).toBeLessThanOrEqual(72.2);
    }
  });

  it('finds the chart over known places (independent positions: airports from their charts)', () => {
    // Mount Washington, NH (44.27N 71.30W) is on the Montreal chart, Lebanon NH (43.63N 72.30W) on New
    // York, the overlap 44.0-44.2N on both; Denver on Denver; Honolulu on Hawaiian Islands.
    const over = (lon: number, lat: number) => CHART_REGIONS.filter((r) => boundsIntersect(r.bounds, [lon, lat, lon, lat])).map((r) => r.code);
    expect(over(-71.3, 44.27)).toEqual(['Montreal']);
    expect(over(-72.3, 43.63)).toEqual(['New_York']);
    expect(over(-71.7, 44.1)).toEqual(['Montreal', 'New_York']);
    expect(over(-104.67, 39.86)).toEqual(['Denver']);
    expect(over(-157.92, 21.32)).toEqual(['Hawaiian_Islands']);
    expect(over(-149.99, 61.17)).toContain('Anchorage');
    expect(findChartRegion('new_york')?.code).toBe('New_York');
    expect(findChartRegion('Atlantis')).toBeUndefined();
  });
});

describe('chart cycles', () => {
  it('follows the FAA 56-day VFR chart dates (published lists for 2023 to 2025)', () => {
    const published = ['2023-02-23', '2023-04-20', '2024-01-25', '2024-12-26', '2025-02-20', '2025-10-02', '2025-11-27'];
    for (const date of published) {
      expect(chartCycleProblem(date), date).toBeNull();
      expect(chartCycleAt(Date.parse(`${date}T00:00:00Z`)).id).toBe(date);
    }
    expect(chartCycleAt(Date.parse('2025-11-26T23:59:59Z'))).toEqual({ id: '2025-10-02', effective: '2025-10-02', expires: '2025-11-27' });
    expect(offsetChartCycle(chartCycleById('2025-10-02')!, 1).id).toBe('2025-11-27');
    expect(offsetChartCycle(chartCycleById('2025-02-20')!, -1).id).toBe('2024-12-26');
  });

  it('says why a name is not a cycle', () => {
    expect(chartCycleProblem('2025-10-03')).toBe("2025-10-03 is not a chart cycle's effective date (charts change every 56 days: 2025-10-02 and 2025-11-27 are)");
    expect(chartCycleProblem('2025-02-30')).toBe('"2025-02-30" is not a date');
    expect(chartCycleProblem('2510')).toMatch(/^"2510" is not a chart cycle: write its effective date as YYYY-MM-DD/);
    expect(chartCycleById('2025-10-03')).toBeNull();
  });
});

describe('pack names and index', () => {
  it('names, parses and places pack files', () => {
    expect(packFileName('New_York', 'terrain')).toBe('New_York.terrain.pmtiles');
    expect(parsePackFileName('Dallas-Ft_Worth.vfr.pmtiles')).toEqual({ region: 'Dallas-Ft_Worth', kind: 'vfr' });
    expect(parsePackFileName('New_York.pmtiles')).toBeNull();
    expect(parsePackFileName('New_York.vfr.mbtiles')).toBeNull();
    expect(packPath('2026-07-09', 'St_Louis', 'basemap')).toBe('/packs/2026-07-09/St_Louis.basemap.pmtiles');
  });

  it('checks an index', () => {
    const pack = { kind: 'vfr', cycle: '2026-07-09', effective: '2026-07-09', expires: '2026-09-03', bytes: 10, sha256: 'a'.repeat(64), etag: '"abc"', url: '/packs/2026-07-09/New_York.vfr.pmtiles', tiles: 3, minZoom: 5, maxZoom: 7 };
    const index = { version: 1, channel: 'current', cycles: ['2026-07-09'], regions: [{ code: 'New_York', name: 'New York', alaska: false, bounds: [-77, 40, -68.67, 44.22], packs: [pack] }] };
    expect(packIndexSchema.parse(index)).toEqual(index);
    expect(packIndexSchema.safeParse({ ...index, regions: [{ ...index.regions[0], packs: [{ ...pack, kind: 'ifr' }] }] }).success).toBe(false);
    expect(packIndexSchema.safeParse({ ...index, regions: [{ ...index.regions[0], packs: [{ ...pack, sha256: 'xyz' }] }] }).success).toBe(false);
  });

  it('offers a cycle by channel: current from its effective date, next 7 days before, dev always', () => {
    const next = chartCycleById('2026-12-24')!;
    const at = (iso: string) => Date.parse(iso);
    expect(chartCycleOffered(next, 'current', at('2026-12-23T23:59:59Z'))).toBe(false);
    expect(chartCycleOffered(next, 'current', at('2026-12-24T00:00:00Z'))).toBe(true);
    expect(chartCycleOffered(next, 'next', at('2026-12-16T23:59:59Z'))).toBe(false);
    expect(chartCycleOffered(next, 'next', at('2026-12-17T00:00:00Z'))).toBe(true);
    expect(chartCycleOffered(next, 'dev', at('2020-01-01T00:00:00Z'))).toBe(true);
  });

  it('checks an area request and says what is wrong where', () => {
    expect(packAreaRequestSchema.parse({ type: 'state', state: 'ny' })).toEqual({ type: 'state', state: 'ny' });
    expect(stateAreaId('ny')).toBe('state-NY');
    expect(isAreaId('state-NY')).toBe(true);
    expect(isAreaId('route-0123456789ab')).toBe(true);
    expect(isAreaId('New_York')).toBe(false);
    const corridor = { type: 'corridor', points: [[-122.1, 37.6], [-122.4, 37.6]], bufferNm: 10 };
    expect(packAreaRequestSchema.safeParse(corridor).success).toBe(true);
    const issues = (value: unknown) => packAreaRequestSchema.safeParse(value).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(issues({ ...corridor, points: [[-122.1, 37.6]] })).toEqual(['points: needs at least 2 points (one leg)']);
    expect(issues({ ...corridor, bufferNm: 80 })).toEqual(['bufferNm: must be at most 50 nm']);
    expect(issues({ ...corridor, points: [[-122.1, 97.6], [-122.4, 37.6]] })?.[0]).toMatch(/^points\.0\.1: /);
    expect(issues({ type: 'state', state: 'New York' })).toEqual(['state: must be a two-letter USPS state code, e.g. NY']);
  });
});
