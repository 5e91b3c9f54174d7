import { describe, expect, it } from 'vitest';
import { PALETTES } from './palette';
import { mapStyle } from './mapStyle';
import { initialOverlaysState, overlaysSlice, terrainExaggerationSet } from './overlaysSlice';
import { HILLSHADE_LAYER, TERRAIN_SOURCE, terrainOverlay, type TerrainMap } from './terrain';
import { nextExaggeration } from './TerrainControl';

/** A map with just what the terrain overlay uses, recording its calls. */
function fakeMap(options: { sources?: boolean; pitch?: number } = {}) {
  const calls: string[] = [];
  let terrain: unknown = null;
  let pitch = options.pitch ?? 0;
  const map = {
    getSource: (id: string) => (options.sources !== false && id === TERRAIN_SOURCE ? {} : undefined),
    getLayer: (id: string) => (options.sources !== false && id === HILLSHADE_LAYER ? {} : undefined),
    setLayoutProperty: (id: string, _name: string, value: string) => calls.push(`layout ${id} ${value}`),
    setTerrain: (value: unknown) => {
      terrain = value;
      calls.push(`terrain ${JSON.stringify(value)}`);
    },
    getTerrain: () => terrain,
    getPitch: () => pitch,
    easeTo: (to: { pitch: number }) => {
      pitch = to.pitch;
      calls.push(`pitch ${to.pitch}`);
    },
    once: () => undefined,
  };
  return { map: map as unknown as TerrainMap, calls };
}

const state = (shown: boolean, performance = false, exaggeration = 1.5) =>
  ({ overlays: { ...initialOverlaysState, shown: { terrain: shown }, terrainExaggeration: exaggeration }, settings: { performance_mode: performance } }) as never;

describe('3D terrain overlay', () => {
  it('puts Terrarium raster-dem sources through the pack protocol and a hidden hillshade in the style', () => {
    const style = mapStyle({ origin: 'http://o', theme: 'night', performance: false });
    expect(style.sources[TERRAIN_SOURCE]).toEqual({ type: 'raster-dem', tiles: ['clearway-pack://terrain/{z}/{x}/{y}'], tileSize: 256, encoding: 'terrarium', minzoom: 5, maxzoom: 11 });
    const hillshade = style.layers.find((layer) => layer.id === HILLSHADE_LAYER);
    expect(hillshade).toMatchObject({ type: 'hillshade', layout: { visibility: 'none' } });
    expect(PALETTES.night).toBeDefined();
  });

  it('has no terrain in performance mode, whatever the switch says', () => {
    const style = mapStyle({ origin: 'http://o', theme: 'day', performance: true });
    expect(style.sources[TERRAIN_SOURCE]).toBeUndefined();
    expect(style.layers.some((layer) => layer.id === HILLSHADE_LAYER)).toBe(false);
    expect(terrainOverlay.select(state(true, true), { routing: undefined })).toEqual({ on: false, exaggeration: 1.5 });
  });

  it('switches terrain, hillshade and pitch on, changes the exaggeration, and flattens the map when off', () => {
    const { map, calls } = fakeMap();
    const out: Record<string, string | undefined> = {};
    terrainOverlay.update(map, terrainOverlay.select(state(true), { routing: undefined }), out);
    expect(calls).toEqual([`terrain {"source":"${TERRAIN_SOURCE}","exaggeration":1.5}`, `layout ${HILLSHADE_LAYER} visible`, 'pitch 55']);
    expect(out).toEqual({ mapTerrain: 'on', mapTerrainExaggeration: '1.5' });
    calls.length = 0;
    terrainOverlay.update(map, { on: true, exaggeration: 3 }, out);
    expect(calls).toEqual([`terrain {"source":"${TERRAIN_SOURCE}","exaggeration":3}`, `layout ${HILLSHADE_LAYER} visible`]);
    calls.length = 0;
    terrainOverlay.update(map, { on: false, exaggeration: 3 }, out);
    expect(calls).toEqual(['terrain null', `layout ${HILLSHADE_LAYER} none`, 'pitch 0']);
    expect(out['mapTerrain']).toBe('off');
  });

  it('keeps a pitch the pilot chose when switched on', () => {
    const { map, calls } = fakeMap({ pitch: 30 });
    terrainOverlay.update(map, { on: true, exaggeration: 1 }, {});
    expect(calls).not.toContain('pitch 55');
  });

  it('exaggeration steps cycle 1, 1.5, 2, 3 and only positive numbers are kept', () => {
    expect([1, 1.5, 2, 3].map(nextExaggeration)).toEqual([1.5, 2, 3, 1]);
    expect(nextExaggeration(1.2)).toBe(1.5);
    const reduce = overlaysSlice.reducer;
    expect(reduce(initialOverlaysState, terrainExaggerationSet(2)).terrainExaggeration).toBe(2);
    expect(reduce(initialOverlaysState, terrainExaggerationSet(-1)).terrainExaggeration).toBe(1.5);
  });
});
