import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/testApp.js';
import { BASEMAP_CACHE_CONTROL, NO_VFR_MESSAGE } from './routes.js';

const CHARTS_DIR = '/work/shared/data/charts/vfr-raster-tiles';

/** The layer names in a vector tile: field 3 (layers) -> field 1 (name), read without a protobuf library. */
function layerNames(tile: Buffer): string[] {
  const names: string[] = [];
  const varint = (buffer: Buffer, at: number): [number, number] => {
    let value = 0;
    let shift = 0;
    let position = at;
    for (;;) {
      const byte = buffer[position++] ?? 0;
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
      if (byte < 0x80) return [value, position];
    }
  };
  let at = 0;
  while (at < tile.length) {
    const [key, afterKey] = varint(tile, at);
    const [length, afterLength] = varint(tile, afterKey);
    const layer = tile.subarray(afterLength, afterLength + length);
    if (key >> 3 === 3) {
      // Walk the layer's fields (version, field 15, comes first in vt-pbf's output) to the name, field 1.
      let inner = 0;
      while (inner < layer.length) {
        const [fieldKey, afterField] = varint(layer, inner);
        if ((fieldKey & 7) === 0) {
          inner = varint(layer, afterField)[1];
          continue;
        }
        const [fieldLength, afterFieldLength] = varint(layer, afterField);
        if (fieldKey >> 3 === 1) names.push(layer.subarray(afterFieldLength, afterFieldLength + fieldLength).toString('utf8'));
        inner = afterFieldLength + fieldLength;
      }
    }
    at = afterLength + length;
  }
  return names;
}

describe('tiles', () => {
  let running: TestApp;
  let bare: TestApp;

  beforeAll(async () => {
    running = await startTestApp({ env: { CHARTS_DIR } });
    bare = await startTestApp();
  });
  afterAll(async () => {
    await running.close();
    await bare.close();
  });

  it('serves basemap vector tiles with land, countries, states and their name points', async () => {
    // z4 x3 y6 covers the western United States.
    const response = await running.app.inject({ method: 'GET', url: '/tiles/basemap/4/3/6.pbf' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-protobuf');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe(BASEMAP_CACHE_CONTROL);
    const tile = gunzipSync(response.rawPayload);
    expect(tile.length).toBeGreaterThan(1000);
    expect(layerNames(tile)).toEqual(['land', 'countries', 'states', 'places', 'coverage']);
    // The tile (lon -112.5 to -90) holds state names such as Texas's.
    expect(tile.includes(Buffer.from('Texas'))).toBe(true);
  }, 60_000);

  it('serves the world tile and answers the same bytes twice', async () => {
    const first = await running.app.inject({ method: 'GET', url: '/tiles/basemap/0/0/0.pbf' });
    const second = await running.app.inject({ method: 'GET', url: '/tiles/basemap/0/0/0.pbf' });
    expect(first.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('rejects out-of-range and malformed basemap addresses with JSON 404', async () => {
    for (const url of ['/tiles/basemap/2/4/0.pbf', '/tiles/basemap/11/0/0.pbf', '/tiles/basemap/a/0/0.pbf', '/tiles/basemap/1/0/0.png']) {
      const response = await running.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json<{ error: string }>().error).toBeTruthy();
    }
  });

  it('serves VFR chart tiles from CHARTS_DIR', async () => {
    const response = await running.app.inject({ method: 'GET', url: '/tiles/vfr/5/8/13.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(response.headers['cache-control']).toMatch(/max-age/);
    const missing = await running.app.inject({ method: 'GET', url: '/tiles/vfr/5/0/0.png' });
    expect(missing.statusCode).toBe(404);
    const traversal = await running.app.inject({ method: 'GET', url: '/tiles/vfr/5/8/..%2F..%2Fx.png' });
    expect(traversal.statusCode).toBe(404);
  });

  it('answers 404 JSON when no VFR tiles are configured', async () => {
    const response = await bare.app.inject({ method: 'GET', url: '/tiles/vfr/5/8/13.png' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: NO_VFR_MESSAGE });
  });
});
