import { describe, expect, it, vi } from 'vitest';
import { createPropertyExpression, latest, type LayerSpecification, type StylePropertySpecification } from '@maplibre/maplibre-gl-style-spec';
import { FLIGHT_CATEGORY_COLOURS } from '@clearway/weather';
import { airmetSnapshot, metarSnapshot, pirepSnapshot } from '../../../test/weather/snapshots';
import { fakeMap } from '../../../test/map/fakeMap';
import { PALETTES } from '../palette';
import { airmetOverlay, metarOverlay, pirepOverlay } from './weather';
import { barbShapes, provideBarbImages, type BarbImage, type ImageMap } from './weatherBarbs';
import { advisoryFeatures, barbImageName, barbParts, CATEGORY_COLOURS, hazardClass, metarFeatures, pirepFeatures, STALE_OPACITY } from './weatherStyle';
import { advisoryLines, metarLines, pirepLines } from './weatherDetails';

/** Evaluates a paint or layout property of a layer as MapLibre does, for a feature's properties. */
function evaluate(layer: LayerSpecification, kind: 'layout' | 'paint', name: string, zoom: number, properties: object): unknown {
  const value = (layer as unknown as Record<string, Record<string, unknown> | undefined>)[kind]?.[name];
  const spec = (latest as unknown as Record<string, Record<string, StylePropertySpecification>>)[`${kind}_${layer.type}`]?.[name];
  if (!spec) throw new Error(`no style-spec entry for ${kind}.${name}`);
  const parsed = createPropertyExpression(value ?? spec.default, `layers.${layer.id}.${kind}.${name}`, spec);
  if (parsed.result !== 'success') throw new Error(`${layer.id} ${name}: ${parsed.value.map((e) => e.message).join('; ')}`);
  return parsed.value.evaluate({ zoom }, { type: 'Point', properties } as never);
}

const colour = (value: unknown) => {
  const { r, g, b } = value as { r: number; g: number; b: number };
  return [r, g, b].map((c) => Math.round(c * 255));
};

function layersOf(overlay: typeof metarOverlay | typeof pirepOverlay | typeof airmetOverlay, theme: 'day' | 'night', performance = false) {
  const { layers } = overlay.style({ origin: 'http://x', theme, palette: PALETTES[theme], performance, shown: true });
  return [...(layers.lines ?? []), ...(layers.features ?? [])];
}

describe('METAR station layer', () => {
  it('colours each station by its flight category: the spec\'s green, orange, dark red and magenta by day', () => {
    const stations = layersOf(metarOverlay, 'day').find((l) => l.id === 'wx-metar-stations')!;
    const features = metarFeatures(metarSnapshot(1)).features;
    expect(features.map((f) => f.properties.cat)).toEqual(['VFR', 'MVFR', 'IFR', 'LIFR', 'NONE']);
    const colours = features.map((f) => colour(evaluate(stations, 'paint', 'circle-color', 8, f.properties)));
    // CSS green, orange, darkred, magenta.
    expect(colours.slice(0, 4)).toEqual([[0, 128, 0], [255, 165, 0], [139, 0, 0], [255, 0, 255]]);
    expect(FLIGHT_CATEGORY_COLOURS).toEqual({ VFR: 'green', MVFR: 'orange', IFR: 'darkred', LIFR: 'magenta' });
    expect(colours[4]).toEqual([138, 138, 138]);
    // Overlapping symbols: the worse category on top.
    expect(features.map((f) => evaluate(stations, 'layout', 'circle-sort-key', 8, f.properties))).toEqual([1, 2, 3, 4, 0]);
  });

  it('uses lighter tints at night, each category still its own colour', () => {
    const stations = layersOf(metarOverlay, 'night').find((l) => l.id === 'wx-metar-stations')!;
    const colours = (['VFR', 'MVFR', 'IFR', 'LIFR'] as const).map((cat) => colour(evaluate(stations, 'paint', 'circle-color', 8, { cat })));
    expect(new Set(colours.map(String)).size).toBe(4);
    expect(colours[2]).toEqual([255, 77, 77]);
    expect(CATEGORY_COLOURS.night.IFR).toBe('#ff4d4d');
  });

  it('gives a station a barb only with a direction and 3 kt or more, per 5 kt, rotated to where the wind blows from, from zoom 7', () => {
    const features = metarFeatures(metarSnapshot(1)).features.map((f) => f.properties);
    expect(features.map((p) => p.barb)).toEqual(['wx-barb-10', 'wx-barb-25', '', '', '']);
    expect(features[1]?.dir).toBe(190);
    const barbs = layersOf(metarOverlay, 'day').find((l) => l.id === 'wx-metar-barbs')!;
    expect(barbs.minzoom).toBe(7);
    expect(evaluate(barbs, 'layout', 'icon-image', 8, features[1]!)).toMatchObject({ name: 'wx-barb-25' });
    expect(evaluate(barbs, 'layout', 'icon-rotate', 8, features[1]!)).toBe(190);
    expect(layersOf(metarOverlay, 'day', true).map((l) => l.id)).toEqual(['wx-metar-stations']);
    expect([barbImageName(2), barbImageName(3), barbImageName(12), barbImageName(13), barbImageName(400)]).toEqual([null, 'wx-barb-5', 'wx-barb-10', 'wx-barb-15', 'wx-barb-195']);
    expect(barbParts(65)).toEqual({ pennants: 1, full: 1, half: 1 });
    expect(barbParts(5)).toEqual({ pennants: 0, full: 0, half: 1 });
    const shapes = barbShapes(65);
    expect([shapes.triangles.length, shapes.lines.length]).toEqual([1, 3]);
  });

  it('makes a barb image only when the map misses one, as an SDF image', () => {
    const listeners: ((event: { id: string }) => void)[] = [];
    const added: { id: string; options: unknown }[] = [];
    const map: ImageMap = {
      on: (_type, listener) => listeners.push(listener),
      off: () => undefined,
      hasImage: (id) => added.some((a) => a.id === id),
      addImage: (id, _image, options) => added.push({ id, options }),
    };
    const image: BarbImage = { width: 48, height: 96, data: new Uint8ClampedArray(48 * 96 * 4) };
    const draw = vi.fn(() => image);
    provideBarbImages(map, draw);
    for (const id of ['wx-barb-25', 'wx-barb-25', 'airport-icon']) listeners[0]?.({ id });
    expect(added).toEqual([{ id: 'wx-barb-25', options: { pixelRatio: 2, sdf: true } }]);
    expect(draw).toHaveBeenCalledWith(25);
  });
});

describe('PIREP and advisory layers', () => {
  it('colours PIREPs urgent, turbulence or icing, and areas by hazard', () => {
    const reports = pirepFeatures(pirepSnapshot(1)).features.map((f) => f.properties);
    expect(reports).toEqual([{ i: 0, kind: 'urgent' }, { i: 1, kind: 'icing' }]);
    const symbols = layersOf(pirepOverlay, 'day')[0]!;
    expect(colour(evaluate(symbols, 'paint', 'circle-color', 6, { kind: 'urgent' }))).toEqual([212, 0, 0]);
    expect(colour(evaluate(symbols, 'paint', 'circle-color', 6, { kind: 'icing' }))).toEqual([0, 105, 192]);
    expect(evaluate(symbols, 'paint', 'circle-stroke-width', 6, { kind: 'urgent' })).toBe(3);
    const areas = advisoryFeatures(airmetSnapshot(1)).features;
    expect(areas[0]?.properties).toEqual({ i: 0, hazard: 'turbulence', sigmet: false });
    expect(areas[0]?.geometry.coordinates[0]).toHaveLength(4);
    expect(hazardClass({ kind: 'SIGMET', hazard: 'ICE' })).toBe('icing');
    expect(hazardClass({ kind: 'CONVECTIVE_SIGMET', hazard: 'TS' })).toBe('convective');
    expect(hazardClass({ kind: 'G_AIRMET', hazard: 'IFR' })).toBe('ifr');
    expect(hazardClass({ kind: 'G_AIRMET', hazard: 'MT_OBSC' })).toBe('mountain');
    const fill = layersOf(airmetOverlay, 'day').find((l) => l.id === 'wx-airmet-fill')!;
    expect(colour(evaluate(fill, 'paint', 'fill-color', 6, { hazard: 'turbulence' }))).toEqual([179, 92, 0]);
  });

  it('says what a tap found: METAR wind and age, PIREP turbulence and icing, advisory validity and altitudes', () => {
    const now = 1_700_000_000_000 + 14 * 60_000;
    const oak = metarSnapshot(1).stations[1]!;
    expect(metarLines(oak, now)).toEqual(['MVFR, wind 190° 23 kt gusting 31, visibility 4 SM, ceiling 2,500 ft', 'Observed 2213Z, 14 min old']);
    const [urgent] = pirepSnapshot(1_700_000_000_000).reports;
    expect(pirepLines(urgent!, now)).toEqual(['Urgent PIREP (UUA), 9,000 ft, C172', 'Turbulence: severe', 'Reported 2203Z, 24 min old']);
    const [advisory] = airmetSnapshot(1_700_000_000_000).advisories;
    expect(advisoryLines(advisory!)).toEqual(['Turbulence (low) (moderate)', 'Valid 2213Z to 0113Z', 'SFC to FL180']);
  });
});

describe('weather overlay on a map', () => {
  it('draws the snapshot when switched on, hides it when off, and fades it when stale', () => {
    const map = Object.assign(fakeMap({ sources: ['wx-metar'], layers: ['wx-metar-stations', 'wx-metar-barbs'] }), { paint: new Map<string, unknown>() });
    const withPaint = Object.assign(map, { setPaintProperty: (layer: string, property: string, value: unknown) => map.paint.set(`${layer}.${property}`, value) });
    const out: Record<string, string | undefined> = {};
    const snapshot = metarSnapshot(1_700_000_000_000);
    metarOverlay.update(withPaint, { shown: false, snapshot, arrivedAt: 1, stale: false }, out);
    expect(map.sources.get('wx-metar')?.given).toEqual([]);
    expect(map.layers.get('wx-metar-stations')).toBe('none');
    metarOverlay.update(withPaint, { shown: true, snapshot, arrivedAt: 1, stale: false }, out);
    expect(map.layers.get('wx-metar-stations')).toBe('visible');
    expect((map.sources.get('wx-metar')?.given[0] as { features: unknown[] }).features).toHaveLength(5);
    expect(out).toMatchObject({ mapWxMetar: 'on', mapWxMetarCycle: '1700000000000', mapWxMetarFeatures: '5', mapWxMetarStale: 'no' });
    expect(map.paint.get('wx-metar-stations.circle-opacity')).toBe(1);
    metarOverlay.update(withPaint, { shown: true, snapshot, arrivedAt: 1, stale: true }, out);
    expect(map.paint.get('wx-metar-stations.circle-opacity')).toBe(STALE_OPACITY);
    expect(out['mapWxMetarStale']).toBe('yes');
    // The drawing time is written at the first frame with the source loaded, and at the next idle.
    expect(out['mapWxMetarDrawnCycle']).toBeUndefined();
    map.fire('render');
    expect(Number(out['mapWxMetarDrawnMs'])).toBeGreaterThan(0);
    expect(out['mapWxMetarDrawnCycle']).toBe('1700000000000');
    map.fire('idle');
    expect(Number(out['mapWxMetarIdleMs'])).toBeGreaterThanOrEqual(Number(out['mapWxMetarDrawnMs']));
  });
});
