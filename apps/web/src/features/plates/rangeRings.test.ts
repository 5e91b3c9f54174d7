import { describe, expect, it } from 'vitest';
import { greatCircleDistanceNm } from '@clearway/geo';
import { pageToGeoref, type PlateGeoref } from '@clearway/protocol';
import { plateRangeRings, plateWidthNm } from './rangeRings';

// The georeference of KSFO's ILS OR LOC RWY 28L: the <GeoTransform> and raster size of its .vrt in
// ../shared/data/plates/georeferenceplates-2014-SFO, as the server serves it.
const georef: PlateGeoref = { source: 'geotransform', transform: [-122.537960465659, 4.8214202792250022e-4, 0, 37.956035487371402, 0, -3.832369040748694e-4], width: 1613, height: 2475 };
/** SFO VORTAC (FAA NASR), inside the plan view. */
const SFO = { lat: 37.619487, lon: -122.373895 };

describe('range rings on a georeferenced plate', () => {
  it('on the ILS 28L plan view: radii up to a third of the page width, each ring at its radius on the ground', () => {
    // By hand: 1613 px x 4.8214e-4° = 0.7777° of longitude at the page's middle, 37.48° N, where a
    // degree of longitude is 88.47 km on WGS 84: 68.8 km = 37.1 NM.
    expect(Math.abs(plateWidthNm(georef) - 37.1)).toBeLessThan(0.3);
    // A third of it is 12.4 NM: the three largest radii below are 2, 5 and 10 NM.
    const rings = plateRangeRings(georef, SFO);
    expect(rings.map((r) => r.radiusNm)).toEqual([2, 5, 10]);
    for (const ring of rings) {
      // Back through the georeference, every point lies at the radius from the VORTAC (spherical check, 0.5 %).
      for (const p of ring.points) {
        const at = pageToGeoref(georef, p.x, p.y);
        expect(Math.abs(greatCircleDistanceNm(SFO.lat, SFO.lon, at.lat, at.lon) - ring.radiusNm)).toBeLessThan(ring.radiusNm * 0.005);
      }
      // The label sits north of the centre: higher on the page (smaller y).
      const centre = ring.points.reduce((s, p) => ({ x: s.x + p.x / ring.points.length, y: s.y + p.y / ring.points.length }), { x: 0, y: 0 });
      expect(ring.label.y).toBeLessThan(centre.y);
    }
  });

  it('no rings for a georeference that maps nothing', () => {
    expect(plateRangeRings({ ...georef, transform: [0, 0, 0, 0, 0, 0] }, SFO)).toEqual([]);
  });
});
