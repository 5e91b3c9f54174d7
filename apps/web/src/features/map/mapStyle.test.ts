import { describe, expect, it } from 'vitest';
import type { Airport, Navaid } from '@clearway/navdb';
import { CHART_COLOURS, airportFeatures, mapStyle, navaidFeatures, routeFeatures } from './mapStyle';

const origin = 'http://127.0.0.1:8080';

describe('map style', () => {
  it('uses the server basemap and chart tiles and lists the aviation layers', () => {
    const style = mapStyle({ origin, theme: 'day', performance: false, vfr: false });
    expect(style.sources['basemap']).toMatchObject({ type: 'vector', tiles: [`${origin}/tiles/basemap/{z}/{x}/{y}.pbf`] });
    expect(style.sources['vfr']).toMatchObject({ type: 'raster', tiles: [`${origin}/tiles/vfr/{z}/{x}/{y}.png`] });
    expect(style.layers.map((layer) => layer.id)).toEqual([
      'water', 'land', 'vfr', 'states', 'countries', 'route-line', 'fixes', 'navaids', 'airports', 'route-points',
    ]);
    expect(style.layers.find((layer) => layer.id === 'vfr')?.layout).toEqual({ visibility: 'none' });
    expect(style.layers.find((layer) => layer.id === 'fixes')?.minzoom).toBe(9);
  });

  it('draws water and land darker at night and shows the VFR layer when asked', () => {
    const day = mapStyle({ origin, theme: 'day', performance: false, vfr: false });
    const night = mapStyle({ origin, theme: 'night', performance: false, vfr: true });
    const water = (style: typeof day) => (style.layers[0]?.paint as Record<string, string>)['background-color'];
    expect(water(night)).not.toBe(water(day));
    expect(night.layers.find((layer) => layer.id === 'vfr')?.layout).toEqual({ visibility: 'visible' });
  });

  it('drops state borders, fixes and route points in performance mode', () => {
    const ids = mapStyle({ origin, theme: 'day', performance: true, vfr: false }).layers.map((layer) => layer.id);
    expect(ids).not.toContain('states');
    expect(ids).not.toContain('fixes');
    expect(ids).not.toContain('route-points');
    expect(ids).toContain('airports');
  });

  it('colours towered airports blue and non-towered magenta', () => {
    const airports = mapStyle({ origin, theme: 'day', performance: false, vfr: false }).layers.find((layer) => layer.id === 'airports');
    expect(JSON.stringify(airports?.paint)).toContain(CHART_COLOURS.towered);
    expect(JSON.stringify(airports?.paint)).toContain(CHART_COLOURS.nonTowered);
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
      { id: 'HWD', name: 'X', towered: true, surface: 'H' },
      { id: 'W01', name: 'X', towered: false, surface: 'W' },
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
