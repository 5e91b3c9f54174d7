import { describe, expect, it } from 'vitest';
// MapLibre's own tile decoder (a dependency of maplibre-gl): the independent reader of what we encode.
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader, PbfWriter } from 'pbf';
import { COVERAGE_LAYER, COVERAGE_TILE, withCoverage } from './tileCoverage';

/** A small "server" tile written with pbf's own writer: one layer `land` with one triangle. */
function serverTile(): ArrayBuffer {
  const pbf = new PbfWriter();
  pbf.writeMessage(3, (_: unknown, layer: PbfWriter) => {
    layer.writeVarintField(15, 2);
    layer.writeStringField(1, 'land');
    layer.writeMessage(2, (__: unknown, feature: PbfWriter) => {
      feature.writeVarintField(3, 3);
      // MoveTo(100,100) LineTo(+200,0)(0,+200) ClosePath
      feature.writePackedVarint(4, [9, 200, 200, 18, 400, 0, 0, 400, 15]);
    }, null);
    layer.writeVarintField(5, 4096);
  }, null);
  const bytes = pbf.finish();
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

describe('coverage layer', () => {
  it("is appended to a server tile: MapLibre's decoder reads both the tile's layer and the coverage square", () => {
    const original = serverTile();
    const tile = new VectorTile(new PbfReader(new Uint8Array(withCoverage(original))));
    expect(Object.keys(tile.layers).sort()).toEqual([COVERAGE_LAYER, 'land']);
    expect(tile.layers['land']?.length).toBe(1);
    const coverage = tile.layers[COVERAGE_LAYER];
    expect(coverage?.length).toBe(1);
    expect(coverage?.extent).toBe(4096);
    const square = coverage!.feature(0);
    expect(square.type).toBe(3);
    // Past every edge of the tile (0..4096), so neighbouring tiles meet without a seam.
    const [minX, minY, maxX, maxY] = square.bbox();
    expect(minX).toBeLessThan(0);
    expect(minY).toBeLessThan(0);
    expect(maxX).toBeGreaterThan(4096);
    expect(maxY).toBeGreaterThan(4096);
    // An outer ring: as GeoJSON at z1 x0 y0 it is one polygon over the whole north-west quarter.
    const geojson = square.toGeoJSON(0, 0, 1);
    expect(geojson.geometry.type).toBe('Polygon');
    const ring = (geojson.geometry as { coordinates: number[][][] }).coordinates[0]!;
    const lons = ring.map(([lon]) => lon!);
    const lats = ring.map(([, lat]) => lat!);
    expect(Math.min(...lons)).toBeLessThan(-180);
    expect(Math.max(...lons)).toBeGreaterThan(0);
    expect(Math.max(...lats)).toBeGreaterThan(85);
    expect(Math.min(...lats)).toBeLessThan(0);
  });

  it('leaves the input untouched and is the coverage alone for an empty tile', () => {
    const original = serverTile();
    const copy = new Uint8Array(original.slice(0));
    withCoverage(original);
    expect(new Uint8Array(original)).toEqual(copy);
    const alone = new VectorTile(new PbfReader(new Uint8Array(withCoverage(new ArrayBuffer(0)))));
    expect(Object.keys(alone.layers)).toEqual([COVERAGE_LAYER]);
    expect(new Uint8Array(withCoverage(new ArrayBuffer(0)))).toEqual(COVERAGE_TILE);
  });
});
