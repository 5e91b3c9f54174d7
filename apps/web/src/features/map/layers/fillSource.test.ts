import { describe, expect, it } from 'vitest';
import type { FeatureCollection } from 'geojson';
import { fakeMap } from '../../../test/map/fakeMap';
import { NOTHING, fillSource, forgetSources, sourceData } from './fillSource';

const ONE: FeatureCollection = { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [1, 2] }, properties: {} }] };

describe('fillSource', () => {
  it('skips the same data again and an empty collection for a source that never had features', () => {
    const map = fakeMap({ sources: ['a'], layers: [] });
    fillSource(map, 'a', NOTHING);
    fillSource(map, 'a', ONE);
    fillSource(map, 'a', ONE);
    fillSource(map, 'a', NOTHING);
    expect(map.sources.get('a')?.given).toEqual([ONE, NOTHING]);
  });

  it('empties a source whose address failed to load, so the map can still be idle', () => {
    const map = fakeMap({ sources: ['a'], layers: [] });
    fillSource(map, 'a', '/overview.geojson');
    expect(sourceData(map, 'a')).toBe('/overview.geojson');
    map.sources.get('a')?.fail();
    expect(map.sources.get('a')?.given).toEqual(['/overview.geojson', NOTHING]);
    expect(sourceData(map, 'a')).toBe(NOTHING);
  });

  it('fills again after a new style made it forget', () => {
    const map = fakeMap({ sources: ['a'], layers: [] });
    fillSource(map, 'a', ONE);
    forgetSources(map, ['a']);
    fillSource(map, 'a', ONE);
    expect(map.sources.get('a')?.given).toEqual([ONE, ONE]);
  });
});
