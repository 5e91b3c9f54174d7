// The briefing's inputs from the server's answers: TFRs read from /notams/tfrs.geojson's shape, NOTAMs
// per airport with the reason when none could be had. The NOTAM sources are the network edge: here
// functions that answer or fail as the server or an offline device would.
import { describe, expect, it } from 'vitest';
import { loadNotams, tfrsOf, type NotamSources } from './briefingInput';

const ring = [[-88.6, 43.9], [-88.5, 43.9], [-88.5, 44.0], [-88.6, 44.0], [-88.6, 43.9]];

describe('tfrsOf', () => {
  it('reads polygons and multipolygons with their properties, and skips features without an area', () => {
    const tfrs = tfrsOf({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: { type: 'Polygon', coordinates: [ring] }, properties: { notam: '4/2258', title: 'OSHKOSH', floorFt: 0, ceilingFt: 3000, floorAgl: true, start: 1, end: null } },
        { type: 'Feature', geometry: { type: 'MultiPolygon', coordinates: [[ring], [ring]] }, properties: { notam: '4/2259' } },
        { type: 'Feature', geometry: { type: 'Point', coordinates: [-88, 44] }, properties: { notam: '4/2260' } },
      ],
    });
    expect(tfrs.map((t) => [t.notam, t.rings.length, t.floorFt, t.ceilingFt, t.floorAgl, t.startMs, t.endMs])).toEqual([
      ['4/2258', 1, 0, 3000, true, 1, null],
      ['4/2259', 2, null, null, false, null, null],
    ]);
  });

  it('says what is wrong with an answer that is not a feature collection', () => {
    expect(() => tfrsOf({ type: 'nothing' })).toThrow('/notams/tfrs.geojson has no features list');
  });
});

describe('loadNotams', () => {
  const sources = (airport: NotamSources['airport'], tfrs: NotamSources['tfrs']): NotamSources => ({ airport, tfrs, now: () => 5 });

  it('keeps each airport that answered and says nothing is missing', async () => {
    const got = await loadNotams(['KOSH', 'KATW'], sources(async (id) => ({ airport: id, fetchedAt: 4, notams: [] }), async () => ({ type: 'FeatureCollection', features: [] })));
    expect(got).toEqual({ airports: [{ airport: 'KOSH', fetchedAtMs: 4, notams: [] }, { airport: 'KATW', fetchedAtMs: 4, notams: [] }], unavailable: null, tfrs: { items: [], asOfMs: 5 } });
  });

  it('when no airport answers, says why; TFRs that fail are null', async () => {
    const refused = () => Promise.reject(new Error('/notams/airport/KOSH.json answered 503'));
    const got = await loadNotams(['KOSH'], sources(refused, refused));
    expect(got.airports).toEqual([]);
    expect(got.unavailable).toBe('the server could not be reached (/notams/airport/KOSH.json answered 503)');
    expect(got.tfrs).toEqual({ items: null, asOfMs: null });
  });
});
