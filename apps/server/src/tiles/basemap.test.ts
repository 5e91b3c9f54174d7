import { describe, expect, it } from 'vitest';
import { basemapGeoJson, labelPoint } from './basemap.js';

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
