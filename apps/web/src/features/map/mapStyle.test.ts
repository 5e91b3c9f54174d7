import { describe, expect, it } from 'vitest';
import { createPropertyExpression, latest, validateStyleMin, type LayerSpecification, type StylePropertySpecification } from '@maplibre/maplibre-gl-style-spec';
import { airportFeatures, airwayFeatures, navaidFeatures, type Airport, type AirwaySegment, type Navaid, type RunwayInfo } from '@clearway/navdb';
import { mapStyle } from './mapStyle';
import { CHART_COLOURS } from './palette';
import { LABEL_LAYERS, runwayFeatures } from './layers/aviationStyle';
import { routeFeatures } from './layers/route';
import { featureDetails } from './featureDetails';

const origin = 'http://127.0.0.1:8080';

describe('map style', () => {
  it('uses the server basemap and chart tiles and lists the aviation layers', () => {
    const style = mapStyle({ origin, theme: 'day', performance: false });
    expect(style.sources['basemap']).toMatchObject({ type: 'vector', tiles: [`clearway-pack://basemap/{z}/{x}/{y}?src=${origin}/tiles/basemap/{z}/{x}/{y}.pbf`] });
    expect(style.sources['vfr']).toMatchObject({ type: 'raster', tiles: [`clearway-pack://vfr/{z}/{x}/{y}?src=${origin}/tiles/vfr/{z}/{x}/{y}.png`] });
    expect(style.glyphs).toBe(`${origin}/fonts/{fontstack}/{range}.pbf`);
    expect(style.layers.map((layer) => layer.id)).toEqual([
      'no-data', 'water', 'land', 'vfr', 'terrain-hillshade', 'states', 'countries', 'country-labels', 'state-labels', 'airways-low', 'airways-high',
      // The weather layers (layers/weather.ts), off until switched on: areas under the airports,
      // symbols over them; the route (line and points) over all of the weather.
      'wx-airmet-fill', 'wx-airmet-line', 'tfr-fill', 'tfr-line', 'final-fixes-line', 'runways',
      'fixes', 'navaids', 'airports', 'water-airports', 'wx-pirep-symbols', 'wx-metar-barbs', 'wx-metar-stations', 'route-line', 'route-points', 'final-fixes-points', 'airway-labels', 'fix-labels', 'navaid-labels', 'airport-labels', 'tfr-label',
    ]);
    expect(style.layers.find((layer) => layer.id === 'vfr')?.layout).toEqual({ visibility: 'none' });
    expect(style.layers.find((layer) => layer.id === 'wx-metar-stations')?.layout).toMatchObject({ visibility: 'none' });
    expect(style.layers.find((layer) => layer.id === 'fixes')?.minzoom).toBe(9);
  });

  it('is a valid MapLibre style in every mode', () => {
    for (const performance of [false, true]) {
      for (const theme of ['day', 'night'] as const) {
        expect(validateStyleMin(mapStyle({ origin, theme, performance })).map((e) => e.message)).toEqual([]);
      }
    }
  });

  it('draws water and land darker at night and shows the VFR layer when asked', () => {
    const day = mapStyle({ origin, theme: 'day', performance: false });
    const night = mapStyle({ origin, theme: 'night', performance: false, shown: { vfr: true } });
    const water = (style: typeof day) => (style.layers.find((layer) => layer.id === 'water')?.paint as Record<string, string>)['fill-color'];
    expect(water(night)).not.toBe(water(day));
    expect(night.layers.find((layer) => layer.id === 'vfr')?.layout).toEqual({ visibility: 'visible' });
  });

  it('drops state borders, fixes and route points in performance mode', () => {
    const ids = mapStyle({ origin, theme: 'day', performance: true }).layers.map((layer) => layer.id);
    expect(ids).not.toContain('states');
    expect(ids).not.toContain('country-labels');
    expect(ids).not.toContain('fixes');
    expect(ids).not.toContain('route-points');
    expect(ids).toContain('airports');
  });

  const layout = (layer: LayerSpecification | undefined) => (layer && 'layout' in layer ? (layer.layout as Record<string, unknown>) : {});

  it('labels airports, navaids, fixes and airways with collision detection on', () => {
    const style = mapStyle({ origin, theme: 'day', performance: false });
    for (const id of LABEL_LAYERS) {
      const layer = style.layers.find((l) => l.id === id);
      expect(layer?.type, id).toBe('symbol');
      expect(layout(layer)['text-allow-overlap'], id).toBeUndefined();
      expect(layout(layer)['text-ignore-placement'], id).toBeUndefined();
      expect(layout(layer)['text-font'], id).toBeDefined();
      expect((layer as { paint: Record<string, unknown> }).paint['text-halo-width'], id).toBeGreaterThan(0);
    }
    const airways = style.layers.find((l) => l.id === 'airway-labels');
    expect(layout(airways)['symbol-placement']).toBe('line');
    expect(style.layers.find((l) => l.id === 'fix-labels')?.minzoom).toBeGreaterThanOrEqual(9);
    // Navaid names join their ids only at close zoom.
    expect(JSON.stringify(layout(style.layers.find((l) => l.id === 'navaid-labels'))['text-field'])).toContain('"name"');
  });

  it('places the fewer labels of performance mode without collision work', () => {
    const style = mapStyle({ origin, theme: 'day', performance: true });
    const labels = style.layers.filter((l) => l.type === 'symbol');
    expect(labels.map((l) => l.id)).toEqual(['water-airports', 'navaid-labels', 'airport-labels']);
    for (const layer of labels) {
      expect(layout(layer)['text-allow-overlap']).toBe(true);
      expect(layout(layer)['text-ignore-placement']).toBe(true);
    }
  });

  it('draws low and high airways as separate layers and runways from zoom 11', () => {
    const style = mapStyle({ origin, theme: 'night', performance: false });
    expect(style.layers.find((l) => l.id === 'airways-low')).toMatchObject({ type: 'line', source: 'airways', filter: ['==', ['get', 'level'], 'low'] });
    expect(style.layers.find((l) => l.id === 'airways-high')).toMatchObject({ type: 'line', source: 'airways', filter: ['==', ['get', 'level'], 'high'] });
    expect(style.layers.find((l) => l.id === 'runways')).toMatchObject({ type: 'line', source: 'runways', minzoom: 11 });
    expect(style.layers.find((l) => l.id === 'final-fixes-line')?.paint).toHaveProperty('line-dasharray');
  });

  it('draws the basemap of the opening picture without a fill outline pass or dashed lines (fewer shader programs)', () => {
    for (const theme of ['day', 'night'] as const) {
      const style = mapStyle({ origin, theme, performance: false });
      const paint = (id: string) => (style.layers.find((l) => l.id === id)?.paint ?? {}) as Record<string, unknown>;
      expect(paint('land')['fill-antialias']).toBe(false);
      expect(paint('water')['fill-antialias']).toBe(false);
      expect(paint('states')).not.toHaveProperty('line-dasharray');
      expect(paint('countries')).not.toHaveProperty('line-dasharray');
    }
  });

  it('colours towered airports blue and non-towered magenta', () => {
    const airports = mapStyle({ origin, theme: 'day', performance: false }).layers.find((layer) => layer.id === 'airports');
    expect(JSON.stringify(airports?.paint)).toContain(CHART_COLOURS.towered);
    expect(JSON.stringify(airports?.paint)).toContain(CHART_COLOURS.nonTowered);
  });

  it('gives soft and water airports their own symbols: a filled ring and a ring with an anchor', () => {
    const style = mapStyle({ origin, theme: 'day', performance: false });
    const opacity = JSON.stringify((style.layers.find((l) => l.id === 'airports')?.paint as Record<string, unknown>)['circle-opacity']);
    expect(opacity).toContain('"W",0');
    expect(style.layers.find((l) => l.id === 'water-airports')).toMatchObject({ type: 'symbol', filter: ['==', ['get', 'surface'], 'W'], layout: { 'text-field': '\u2693' } });
  });
});

describe('map features', () => {
  it('turns airports into points with towered and surface, leaving closed ones out', () => {
    const base = { name: 'X', latDeg: 37.66, lonDeg: -122.12, towered: true, longestRunwaySurface: 'H' };
    const features = airportFeatures([
      { ...base, id: 'HWD', type: 'airport' },
      { ...base, id: 'W01', type: 'seaplane_base', towered: null },
      { ...base, id: 'OLD', type: 'closed' },
    ] as unknown as Airport[]).features;
    expect(features.map((f) => f.properties)).toEqual([
      { id: 'HWD', name: 'X', type: 'airport', towered: true, surface: 'H' },
      { id: 'W01', name: 'X', type: 'seaplane_base', towered: false, surface: 'W' },
    ]);
    expect(features[0]?.geometry).toEqual({ type: 'Point', coordinates: [-122.12, 37.66] });
  });

  it('groups navaids into VOR and NDB symbols and skips plain DMEs', () => {
    const navaids = ['VORTAC', 'NDB', 'DME', 'VOR-DME'].map((type, i) => ({ id: `N${i}`, type, latDeg: 1, lonDeg: 2 }));
    expect(navaidFeatures(navaids as Navaid[]).features.map((f) => f.properties?.['family'])).toEqual(['VOR', 'NDB', 'VOR']);
  });

  it('draws a route line with its waypoints only from two positions', () => {
    expect(routeFeatures(null).features).toEqual([]);
    expect(routeFeatures([{ lat: 1, lon: 2 }]).features).toEqual([]);
    const route = routeFeatures([{ lat: 37.66, lon: -122.12, code: 'KHWD' }, { lat: 38.5, lon: -122.8, code: 'KSTS' }]);
    expect(route.features[0]?.geometry).toEqual({ type: 'LineString', coordinates: [[-122.12, 37.66], [-122.8, 38.5]] });
    expect(route.features).toHaveLength(3);
  });
});

describe('airway, runway and tap features', () => {
  it('splits airways into low (V, T, others) and high (J, Q) lines named by airway', () => {
    const segment = (airwayId: string, kind: AirwaySegment['kind']): AirwaySegment => ({
      airwayId, kind, from: { ident: 'A', latDeg: 37, lonDeg: -122 }, to: { ident: 'B', latDeg: 38, lonDeg: -121 },
    });
    const features = airwayFeatures([segment('V25', 'V'), segment('T257', 'T'), segment('J80', 'J'), segment('Q120', 'Q'), segment('A16', 'OTHER')]).features;
    expect(features.map((f) => `${f.properties?.['id']} ${f.properties?.['level']}`)).toEqual(['V25 low', 'T257 low', 'J80 high', 'Q120 high', 'A16 low']);
    expect(features[0]?.geometry).toEqual({ type: 'LineString', coordinates: [[-122, 37], [-121, 38]] });
  });

  it('draws each runway path of an airport as a line with the airport id and tower', () => {
    const info = {
      runway: { base: { atct: true, fuel: true }, paths: [{ x1: -122.13, y1: 37.66, x2: -122.11, y2: 37.65 }, { x1: -122.12, y1: 37.66, x2: -122.1, y2: 37.655 }] },
      summary: { code: 'HWD', name: 'HAYWARD EXECUTIVE' },
    } as unknown as RunwayInfo;
    const features = runwayFeatures([info]).features;
    expect(features).toHaveLength(2);
    expect(features[0]).toMatchObject({ geometry: { coordinates: [[-122.13, 37.66], [-122.11, 37.65]] }, properties: { id: 'HWD', towered: true } });
  });

  it('describes a tapped airport, navaid or fix, and nothing for other layers', () => {
    expect(featureDetails({ layer: { id: 'airports' }, properties: { id: 'HWD', name: 'HAYWARD EXECUTIVE', type: 'airport', towered: true } }, 5, 6))
      .toEqual({ kind: 'airport', id: 'HWD', name: 'HAYWARD EXECUTIVE', type: 'Airport, towered', x: 5, y: 6 });
    expect(featureDetails({ layer: { id: 'navaids' }, properties: { id: 'OAK', name: 'OAKLAND', type: 'VORTAC' } }, 0, 0))
      .toMatchObject({ kind: 'navaid', id: 'OAK', name: 'OAKLAND', type: 'VORTAC' });
    expect(featureDetails({ layer: { id: 'fixes' }, properties: { id: 'SUNOL' } }, 0, 0)).toMatchObject({ kind: 'fix', type: 'Fix' });
    expect(featureDetails({ layer: { id: 'land' }, properties: { id: 'X' } }, 0, 0)).toBeNull();
  });
});

/** WCAG relative luminance of a style-spec colour (r, g, b in 0..1, premultiplied by an alpha of 1). */
function luminance({ r, g, b }: { r: number; g: number; b: number }): number {
  const channel = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function contrast(a: { r: number; g: number; b: number }, b: { r: number; g: number; b: number }): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Evaluates one layout or paint property of a layer the way MapLibre does, at a zoom, for a feature's properties. */
function evaluate(layer: LayerSpecification, kind: 'layout' | 'paint', name: string, zoom: number, properties: Record<string, unknown>): unknown {
  const value = (layer as unknown as Record<string, Record<string, unknown> | undefined>)[kind]?.[name];
  const spec = (latest as unknown as Record<string, Record<string, StylePropertySpecification>>)[`${kind}_symbol`]?.[name];
  if (!spec) throw new Error(`no style-spec entry for ${kind}.${name}`);
  const parsed = createPropertyExpression(value ?? spec.default, `layers.${layer.id}.${kind}.${name}`, spec);
  if (parsed.result !== 'success') throw new Error(`${layer.id} ${name}: ${parsed.value.map((e) => e.message).join('; ')}`);
  return parsed.value.evaluate({ zoom }, { type: 'Point', properties } as never);
}

/** The feature properties the label colours branch on: towered or not, VOR or NDB, low or high airway. */
const LABEL_FEATURES = [
  { towered: true, family: 'VOR', level: 'low' },
  { towered: false, family: 'NDB', level: 'high' },
];

describe('map labels (issue 27 point 8)', () => {
  for (const theme of ['night', 'day'] as const) {
    it(`reads at least 4.5:1 against their halo and are at least 12 px from zoom 8 (${theme})`, () => {
      const labels = mapStyle({ origin, theme, performance: false }).layers.filter(
        // The seaplane anchor is a chart symbol drawn inside the airport ring, not text to read.
        (layer) => layer.type === 'symbol' && layer.id !== 'water-airports' && layer.layout?.['text-field'] !== undefined,
      );
      expect(labels.map((l) => l.id)).toEqual(['country-labels', 'state-labels', 'airway-labels', 'fix-labels', 'navaid-labels', 'airport-labels', 'tfr-label']);
      const failures: string[] = [];
      for (const layer of labels) {
        const from = Math.max(8, layer.minzoom ?? 0);
        const to = Math.min(14, (layer.maxzoom ?? 24) - 0.01);
        for (let zoom = from; zoom <= to; zoom += 0.5) {
          const size = evaluate(layer, 'layout', 'text-size', zoom, {}) as number;
          if (size < 12) failures.push(`${layer.id} is ${size.toFixed(1)} px at zoom ${zoom}`);
        }
        for (const properties of LABEL_FEATURES) {
          const text = evaluate(layer, 'paint', 'text-color', 10, properties) as { r: number; g: number; b: number };
          const halo = evaluate(layer, 'paint', 'text-halo-color', 10, properties) as { r: number; g: number; b: number; a: number };
          const width = evaluate(layer, 'paint', 'text-halo-width', 10, properties) as number;
          if (halo.a === 0 || width < 1) failures.push(`${layer.id} has no halo`);
          const ratio = contrast(text, halo);
          if (ratio < 4.5) failures.push(`${layer.id} ${JSON.stringify(properties)}: ${ratio.toFixed(2)}:1`);
        }
      }
      expect(failures).toEqual([]);
    });
  }
});
