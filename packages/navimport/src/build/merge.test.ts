import type { Airport, Airway, Fix, Navaid, SourceId } from '@clearway/navdb';
import { describe, expect, it } from 'vitest';
import { mergeSources } from './merge.js';
import type { SourceData } from './sourceData.js';

const ref = (source: SourceId, line = 1) => ({ source, file: 'f', line });

function airport(source: SourceId, over: Partial<Airport> = {}): Airport {
  return {
    id: 'HWD', faaId: 'HWD', icaoId: 'KHWD', name: 'HAYWARD EXEC', city: 'HAYWARD', state: 'CA', country: 'US',
    latDeg: 37.658929, lonDeg: -122.121737, elevationFt: 52, type: 'airport', publicUse: true, towered: true, fuel: true,
    fuelTypes: '100LL', longestRunwayFt: 5694, longestRunwaySurface: 'H', magVarDeg: 15,
    runways: [{ id: '10R/28L', lengthFt: 5694, widthFt: 150, surface: 'ASPH', surfaceClass: 'H', lighted: true, lighting: 'MED',
      ends: [
        { id: '10R', latDeg: null, lonDeg: null, trueHeadingDeg: null, elevationFt: null, displacedThresholdFt: null },
        { id: '28L', latDeg: null, lonDeg: null, trueHeadingDeg: null, elevationFt: null, displacedThresholdFt: null },
      ] }],
    frequencies: [], source: ref(source), ...over,
  };
}

const navaid = (source: SourceId, over: Partial<Navaid> = {}): Navaid => ({
  id: 'OAK', name: 'OAKLAND', type: 'VORTAC', latDeg: 37.7259, lonDeg: -122.2236, elevationFt: 10, frequencyKhz: 116800,
  channel: '115X', slavedVarDeg: 17, region: null, state: 'CA', country: 'US', source: ref(source), ...over,
});

const fix = (source: SourceId, id: string, latDeg: number, lonDeg: number): Fix => ({
  id, latDeg, lonDeg, region: 'K2', state: 'CA', country: 'US', use: 'WP', airportId: null, source: ref(source),
});

function source(id: SourceId, parts: Partial<SourceData>): SourceData {
  return { id, edition: null, files: [], airports: [], navaids: [], fixes: [], airways: [], procedures: [], ...parts };
}

describe('mergeSources', () => {
  it('keeps the higher source and lets a lower one fill what it lacks', () => {
    const lower = airport('ourairports', { elevationFt: 50, latDeg: 37.659, frequencies: [{ type: 'TWR', frequencyKhz: 120200, description: null }] });
    const end10 = lower.runways[0]?.ends[0];
    if (end10) Object.assign(end10, { latDeg: 37.6620, lonDeg: -122.1310 });
    const result = mergeSources([source('ourairports', { airports: [lower] }), source('faa-nasr', { airports: [airport('faa-nasr', { frequencies: [] })] })], 'us');
    expect(result.airports).toHaveLength(1);
    const merged = result.airports[0];
    expect(merged?.source.source).toBe('faa-nasr');
    expect(merged?.elevationFt).toBe(52);
    expect(merged?.frequencies).toEqual([{ type: 'TWR', frequencyKhz: 120200, description: null }]);
    expect(merged?.runways[0]?.ends[0]).toMatchObject({ latDeg: 37.662, lonDeg: -122.131 });
    expect(result.merged).toBe(1);
    expect(result.conflicts).toEqual([]);
  });

  it('reports a disagreement instead of dropping it silently', () => {
    const far = navaid('xplane', { latDeg: 37.76, frequencyKhz: 116900 });
    const result = mergeSources([source('faa-nasr', { navaids: [navaid('faa-nasr')] }), source('xplane', { navaids: [far] })], 'world');
    expect(result.navaids).toHaveLength(1);
    expect(result.conflicts.map((c) => c.detail)).toEqual(['position differs by 2.0 nm', 'frequency 116800 kHz vs 116900 kHz']);
  });

  it('never merges two records of the same source, and only lets FAA sources add records to the US region', () => {
    const twin = navaid('faa-nasr', { type: 'VOR', latDeg: 37.80 });
    const us = mergeSources([source('faa-nasr', { navaids: [navaid('faa-nasr'), twin] }), source('xplane', { navaids: [navaid('xplane', { id: 'XYZ' })] })], 'us');
    expect(us.navaids.map((n) => n.id)).toEqual(['OAK', 'OAK']);
    const world = mergeSources([source('faa-nasr', { navaids: [navaid('faa-nasr')] }), source('xplane', { navaids: [navaid('xplane', { id: 'XYZ' })] })], 'world');
    expect(world.navaids.map((n) => n.id)).toEqual(['OAK', 'XYZ']);
  });

  it('resolves airway points against the merged points and reports the ones that do not resolve', () => {
    const airway: Airway = {
      id: 'V25', kind: 'V', source: ref('faa-nasr'),
      points: ['OAK', 'ALLXX', 'NOWHR'].map((ident) => ({ ident, kind: 'unknown' as const, latDeg: null, lonDeg: null, meaFt: 4000, gapAfter: false })),
    };
    const result = mergeSources([source('faa-nasr', { navaids: [navaid('faa-nasr')], fixes: [fix('faa-nasr', 'ALLXX', 37.9, -122.3)], airways: [airway] })], 'us');
    expect(result.airways[0]?.points.map((p) => [p.ident, p.kind, p.latDeg])).toEqual([
      ['OAK', 'navaid', 37.7259],
      ['ALLXX', 'fix', 37.9],
      ['NOWHR', 'unknown', null],
    ]);
    expect(result.dangling).toEqual([{ kind: 'airway', owner: 'V25', fix: 'NOWHR' }]);
  });

  it('completes US airways the FAA sources lack from X-Plane on the FAA points; the world region takes them as they are', () => {
    const v25: Airway = {
      id: 'V25', kind: 'V', source: ref('xplane', 9),
      points: [['OAK', 37.7260, -122.2237], ['ALLXX', 37.9001, -122.3002]].map(([ident, latDeg, lonDeg]) => ({
        ident: ident as string, kind: 'navaid' as const, latDeg: latDeg as number, lonDeg: lonDeg as number, meaFt: 4000, gapAfter: false,
      })),
    };
    const sources = [
      source('faa-nasr', { navaids: [navaid('faa-nasr')], fixes: [fix('faa-nasr', 'ALLXX', 37.9, -122.3)] }),
      source('xplane', { airways: [v25] }),
    ];
    const us = mergeSources(sources, 'us');
    expect(us.airways.map((a) => [a.id, a.source.source, a.points.map((p) => [p.ident, p.kind, p.latDeg, p.lonDeg])])).toEqual([
      ['V25', 'xplane', [['OAK', 'navaid', 37.7259, -122.2236], ['ALLXX', 'fix', 37.9, -122.3]]],
    ]);
    expect(us.airwayFill).toMatchObject({ from: 'xplane', faaTables: 'none', added: 1, unmatched: [] });
    const world = mergeSources(sources, 'world');
    expect(world.airways[0]?.points[0]).toMatchObject({ latDeg: 37.726 });
    expect(world.airwayFill).toBeNull();
  });

  it('places NASR runways of an airport missing from APT_BASE on that airport from a lower source', () => {
    const newer = airport('ourairports', { id: 'NEW', faaId: 'NEW', icaoId: null, name: 'NEW FIELD', runways: [] });
    const runway = { ...airport('faa-nasr').runways[0]!, id: '09/27', ends: [] };
    const result = mergeSources(
      [source('faa-nasr', { orphanRunways: [{ airportId: 'NEW', runway, source: ref('faa-nasr', 7) }] }), source('ourairports', { airports: [newer] })],
      'us',
    );
    expect(result.airports.map((a) => [a.id, a.runways.map((r) => r.id)])).toEqual([['NEW', ['09/27']]]);
    expect(result.placedRunways).toBe(1);
  });
});
