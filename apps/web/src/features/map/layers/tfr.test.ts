import { describe, expect, it } from 'vitest';
import type { FeatureCollection } from 'geojson';
import { makeStore } from '../../../store';
import { fakeMap } from '../../../test/map/fakeMap';
import { overlayToggled } from '../overlaysSlice';
import { PALETTES } from '../palette';
import { createTfrOverlay, tfrLabel, TFR_PATH } from './tfr';

// A TFR as the server serves it (the shared data holds no TFR list: this one is written here).
const AIRSHOW: FeatureCollection = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Polygon', coordinates: [[[-88.65, 43.9], [-88.45, 43.9], [-88.45, 44.07], [-88.65, 44.07], [-88.65, 43.9]]] },
      properties: { id: '4/2258-1-FDC-F', notam: '4/2258', title: 'OSHKOSH, WI, AIRSHOW', floorFt: 0, ceilingFt: 3000, floorAgl: true, ceilingAgl: true, start: Date.UTC(2024, 6, 22, 19, 15), end: Date.UTC(2024, 6, 28, 19, 30) },
    },
  ],
};

describe('TFR overlay', () => {
  it('fetches the TFRs when switched on, draws them with labels, hides them when off', async () => {
    const requests: string[] = [];
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const overlay = createTfrOverlay(async (input) => {
      requests.push(String(input));
      release();
      return new Response(JSON.stringify(AIRSHOW), { status: 200, headers: { 'content-type': 'application/geo+json' } });
    });
    const map = fakeMap({ sources: ['tfr'], layers: ['tfr-fill', 'tfr-line', 'tfr-label'] });
    const out: Record<string, string | undefined> = {};
    overlay.update(map, { shown: false }, out);
    expect(requests).toEqual([]);
    expect(map.layers.get('tfr-fill')).toBe('none');
    overlay.update(map, { shown: true }, out);
    await answered;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(requests).toEqual([TFR_PATH]);
    expect(map.layers.get('tfr-fill')).toBe('visible');
    expect(map.layers.get('tfr-label')).toBe('visible');
    expect(out['mapTfr']).toBe('on');
    expect(out['mapTfrCount']).toBe('1');
    const drawn = map.sources.get('tfr')?.given.at(-1) as FeatureCollection;
    expect(drawn.features[0]?.properties?.['label']).toBe('TFR 4/2258\nSFC to 3,000 ft AGL\n2024-07-22 1915Z until 2024-07-28 1930Z');
    // On again within the refresh time: no new request.
    overlay.update(map, { shown: true }, out);
    expect(requests).toHaveLength(1);
    overlay.update(map, { shown: false }, out);
    expect(map.layers.get('tfr-line')).toBe('none');
    expect(out['mapTfr']).toBe('off');
  });

  it('a failed fetch says why and draws nothing new', async () => {
    const overlay = createTfrOverlay(async () => new Response('nope', { status: 503 }));
    const map = fakeMap({ sources: ['tfr'], layers: ['tfr-fill', 'tfr-line', 'tfr-label'] });
    const out: Record<string, string | undefined> = {};
    overlay.update(map, { shown: true }, out);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(out['mapTfrError']).toBe('/notams/tfrs.geojson answered 503');
    expect(map.sources.get('tfr')?.given).toEqual([]);
  });

  it('unknown altitudes and times point to the NOTAM; the switch is in the store', () => {
    expect(tfrLabel({ notam: '4/9999', floorFt: null, ceilingFt: null, start: null, end: null })).toBe('TFR 4/9999\naltitudes: see NOTAM\ntimes: see NOTAM');
    const overlay = createTfrOverlay(async () => new Response('{}'));
    const style = overlay.style({ origin: 'http://x', theme: 'night', palette: PALETTES.night, performance: false, shown: false });
    expect(style.layers.lines?.map((l) => [l.id, l.layout?.visibility])).toEqual([['tfr-fill', 'none'], ['tfr-line', 'none']]);
    const store = makeStore();
    expect(overlay.select(store.getState(), { routing: undefined })).toEqual({ shown: false });
    store.dispatch(overlayToggled('tfr'));
    expect(overlay.select(store.getState(), { routing: undefined })).toEqual({ shown: true });
  });
});
