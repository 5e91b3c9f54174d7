import { describe, expect, it } from 'vitest';
import { mapStyle } from '../mapStyle';
import { PALETTES } from '../palette';
import { sameInput } from '../useOverlays';
import { OVERLAYS } from '.';
import { LAYER_SLOTS } from './overlay';

describe('overlay list', () => {
  it('has one entry per id, and every layer of an overlay draws from a source of the style', () => {
    expect(new Set(OVERLAYS.map((o) => o.id)).size).toBe(OVERLAYS.length);
    const style = mapStyle({ origin: 'http://x', theme: 'day', performance: false });
    for (const layer of style.layers) {
      if ('source' in layer) expect(Object.keys(style.sources), layer.id).toContain(layer.source);
    }
  });

  it('stacks the overlays\' layers by slot, in list order within a slot', () => {
    const style = mapStyle({ origin: 'http://x', theme: 'night', performance: false });
    const order = style.layers.map((l) => l.id);
    const expected = LAYER_SLOTS.flatMap((slot) => OVERLAYS.flatMap((o) =>
      (o.style({ origin: 'http://x', theme: 'night', palette: PALETTES.night, performance: false, shown: false }).layers[slot] ?? []).map((l) => l.id)));
    expect(order.filter((id) => expected.includes(id))).toEqual(expected);
  });

  it('updates an overlay only when a field of its input changed (by reference)', () => {
    const waypoints: unknown[] = [];
    expect(sameInput({ waypoints, text: 'A B' }, { waypoints, text: 'A B' })).toBe(true);
    expect(sameInput({ waypoints, text: 'A B' }, { waypoints: [], text: 'A B' })).toBe(false);
    expect(sameInput({ shown: true }, { shown: true, extra: 1 })).toBe(false);
  });
});
