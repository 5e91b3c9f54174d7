import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { describe, expect, it } from 'vitest';
import { BasemapTiles, COVERAGE_LAYER, basemapGeoJson, labelPoint } from './basemap.js';

describe('basemap name points', () => {
  it('puts a name at the centroid of the largest polygon', () => {
    const square = (x: number, y: number, size: number) => [[[x, y], [x + size, y], [x + size, y + size], [x, y + size], [x, y]]];
    expect(labelPoint({ type: 'Polygon', coordinates: square(0, 0, 2) })).toEqual([1, 1]);
    expect(labelPoint({ type: 'MultiPolygon', coordinates: [square(10, 10, 1), square(-4, -4, 4)] })).toEqual([-2, -2]);
    expect(labelPoint({ type: 'Point', coordinates: [1, 2] })).toBeNull();
  });

  it('names every US state inside its borders and countries at home (France in Europe)', () => {
    const places = basemapGeoJson().places.features;
    const at = (name: string) => places.find((f) => (f.properties as { name: string }).name === name)?.geometry;
    const california = at('California');
    const france = at('France');
    expect(california?.type).toBe('Point');
    const [lon = 0, lat = 0] = california?.type === 'Point' ? california.coordinates : [];
    expect(lon).toBeGreaterThan(-124.5);
    expect(lon).toBeLessThan(-114);
    expect(lat).toBeGreaterThan(32.5);
    expect(lat).toBeLessThan(42);
    const [flon = 0, flat = 0] = france?.type === 'Point' ? france.coordinates : [];
    expect(flon).toBeGreaterThan(-5);
    expect(flon).toBeLessThan(8);
    expect(flat).toBeGreaterThan(42);
    expect(flat).toBeLessThan(51);
    expect(places.filter((f) => (f.properties as { kind: string }).kind === 'state').length).toBeGreaterThanOrEqual(50);
  });
});

describe('basemap tiles', () => {
  const tiles = new BasemapTiles();

  it("carry the coverage square past every edge of the tile, read by MapLibre's own decoder", () => {
    for (const [z, x, y] of [[0, 0, 0], [1, 0, 0], [5, 5, 12], [10, 163, 395]] as const) {
      const bytes = tiles.tile(z, x, y);
      expect(bytes).not.toBeNull();
      const tile = new VectorTile(new PbfReader(bytes!));
      expect(Object.keys(tile.layers)).toContain(COVERAGE_LAYER);
      const coverage = tile.layers[COVERAGE_LAYER]!;
      expect(coverage.length).toBe(1);
      expect(coverage.extent).toBe(4096);
      const square = coverage.feature(0);
      expect(square.type).toBe(3);
      const [minX = 0, minY = 0, maxX = 0, maxY = 0] = square.bbox();
      expect([minX < 0, minY < 0, maxX > 4096, maxY > 4096]).toEqual([true, true, true, true]);
      // An outer ring: as GeoJSON it is one polygon holding the whole tile.
      const geojson = square.toGeoJSON(x, y, z);
      expect(geojson.geometry.type).toBe('Polygon');
    }
  });

  it('keep their land, borders and names beside it (a tile over California)', () => {
    const tile = new VectorTile(new PbfReader(tiles.tile(5, 5, 12)!));
    expect(tile.layers['land']?.length).toBeGreaterThan(0);
    expect(tile.layers['states']?.length).toBeGreaterThan(0);
  });
});
