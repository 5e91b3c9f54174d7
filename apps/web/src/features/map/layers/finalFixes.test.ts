import { describe, expect, it } from 'vitest';
import type { FeatureCollection } from 'geojson';
import { makeWaypoint } from '@clearway/flightplan/testing';
import { fakeMap } from '../../../test/map/fakeMap';
import { finalFixesOverlay } from './finalFixes';

describe('final-fix preview overlay', () => {
  it('draws the previewed fixes as a dashed line with points, and clears them', () => {
    const map = fakeMap({ sources: ['final-fixes'], layers: ['final-fixes-line', 'final-fixes-points'] });
    const out: Record<string, string | undefined> = {};
    finalFixesOverlay.update(map, { fixes: [makeWaypoint('CEPIN', 37.73, -122.0), makeWaypoint('KHWD', 37.66, -122.12)] }, out);
    const given = map.sources.get('final-fixes')?.given ?? [];
    expect((given[0] as FeatureCollection).features).toHaveLength(3);
    expect(out['mapPreviewPoints']).toBe('2');
    finalFixesOverlay.update(map, { fixes: [] }, out);
    expect((given[1] as FeatureCollection).features).toEqual([]);
    expect(out['mapPreviewPoints']).toBe('0');
    // No camera move for a preview.
    expect(map.eased).toEqual([]);
  });
});
