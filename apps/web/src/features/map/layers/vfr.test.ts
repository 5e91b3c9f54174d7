import { describe, expect, it } from 'vitest';
import { makeStore } from '../../../store';
import { overlayToggled } from '../overlaysSlice';
import { PALETTES } from '../palette';
import { fakeMap } from '../../../test/map/fakeMap';
import { vfrOverlay } from './vfr';

describe('VFR sectional overlay', () => {
  it('shows and hides its raster layer without a new style', () => {
    const map = fakeMap({ sources: ['vfr'], layers: ['vfr'] });
    const out: Record<string, string | undefined> = {};
    vfrOverlay.update(map, { shown: true }, out);
    expect(map.layers.get('vfr')).toBe('visible');
    expect(out['mapVfr']).toBe('on');
    vfrOverlay.update(map, { shown: false }, out);
    expect(map.layers.get('vfr')).toBe('none');
    expect(out['mapVfr']).toBe('off');
  });

  it('switches once the style is loaded when asked before', () => {
    const map = fakeMap();
    vfrOverlay.update(map, { shown: false }, {});
    map.loadStyle(['vfr'], ['vfr']);
    expect(map.layers.get('vfr')).toBe('none');
  });

  it('is in the style hidden unless shown, and follows the toolbar switch in the store', () => {
    const style = (shown: boolean) => vfrOverlay.style({ origin: 'http://x', theme: 'day', palette: PALETTES.day, performance: false, shown });
    expect(style(false).layers.chart?.[0]?.layout).toEqual({ visibility: 'none' });
    expect(style(true).layers.chart?.[0]?.layout).toEqual({ visibility: 'visible' });
    expect(style(true).sources['vfr']).toMatchObject({ type: 'raster', tiles: ['clearway-pack://vfr/{z}/{x}/{y}?src=http://x/tiles/vfr/{z}/{x}/{y}.png'] });
    const store = makeStore();
    expect(vfrOverlay.select(store.getState(), { routing: undefined })).toEqual({ shown: false });
    store.dispatch(overlayToggled('vfr'));
    expect(vfrOverlay.select(store.getState(), { routing: undefined })).toEqual({ shown: true });
    store.dispatch(overlayToggled('vfr'));
    expect(vfrOverlay.select(store.getState(), { routing: undefined })).toEqual({ shown: false });
  });
});
