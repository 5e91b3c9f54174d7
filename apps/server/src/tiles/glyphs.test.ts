import { gunzipSync } from 'node:zlib';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/testApp.js';
import { GLYPHS_CACHE_CONTROL } from './glyphs.js';

interface DecodedGlyph {
  id: number;
  bitmap: Uint8Array | null;
  width: number;
  height: number;
  left: number;
  top: number;
  advance: number;
}

interface DecodedStack {
  name: string;
  range: string;
  glyphs: DecodedGlyph[];
}

/** Decodes the glyphs protobuf as MapLibre does (its field numbers), independently of the encoder. */
function decode(bytes: Uint8Array): DecodedStack[] {
  const readGlyph = (tag: number, glyph: DecodedGlyph, pbf: PbfReader) => {
    if (tag === 1) glyph.id = pbf.readVarint();
    else if (tag === 2) glyph.bitmap = pbf.readBytes();
    else if (tag === 3) glyph.width = pbf.readVarint();
    else if (tag === 4) glyph.height = pbf.readVarint();
    else if (tag === 5) glyph.left = pbf.readSVarint();
    else if (tag === 6) glyph.top = pbf.readSVarint();
    else if (tag === 7) glyph.advance = pbf.readVarint();
  };
  const readStack = (tag: number, stack: DecodedStack, pbf: PbfReader) => {
    if (tag === 1) stack.name = pbf.readString();
    else if (tag === 2) stack.range = pbf.readString();
    else if (tag === 3) stack.glyphs.push(pbf.readMessage(readGlyph, { id: 0, bitmap: null, width: 0, height: 0, left: 0, top: 0, advance: 0 }));
  };
  const stacks: DecodedStack[] = [];
  new PbfReader(bytes).readFields((tag, _result, pbf) => {
    if (tag === 1) stacks.push(pbf.readMessage(readStack, { name: '', range: '', glyphs: [] }));
  }, null);
  return stacks;
}

describe('glyphs', () => {
  let running: TestApp;
  beforeAll(async () => {
    running = await startTestApp();
  });
  afterAll(async () => {
    await running.close();
  });

  it('serves a Latin range of SDF glyphs for K, H, W and D', async () => {
    const response = await running.app.inject({ method: 'GET', url: `/fonts/${encodeURIComponent('DejaVu Sans Bold')}/0-255.pbf` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-protobuf');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe(GLYPHS_CACHE_CONTROL);
    const stacks = decode(gunzipSync(response.rawPayload));
    expect(stacks).toHaveLength(1);
    expect(stacks[0]).toMatchObject({ name: 'DejaVu Sans Bold', range: '0-255' });
    const byId = new Map(stacks[0]!.glyphs.map((glyph) => [glyph.id, glyph]));
    for (const char of ['K', 'H', 'W', 'D']) {
      const glyph = byId.get(char.charCodeAt(0));
      expect(glyph, char).toBeDefined();
      // A capital letter of a 24 px font: about 16 px tall, with an SDF of (width + 6) x (height + 6) bytes.
      expect(glyph!.height, char).toBeGreaterThan(12);
      expect(glyph!.height, char).toBeLessThan(24);
      expect(glyph!.width, char).toBeGreaterThan(8);
      expect(glyph!.advance, char).toBeGreaterThan(glyph!.width - 2);
      expect(glyph!.bitmap?.length, char).toBe((glyph!.width + 6) * (glyph!.height + 6));
      // Inside the letter the distance field is high, outside low: both kinds of values occur.
      const values = [...glyph!.bitmap!];
      expect(Math.max(...values), char).toBeGreaterThan(200);
      expect(Math.min(...values), char).toBeLessThan(100);
    }
    // W is wider than H; a space has an advance but no bitmap.
    expect(byId.get(87)!.width).toBeGreaterThan(byId.get(72)!.width);
    expect(byId.get(32)).toMatchObject({ width: 0, height: 0, bitmap: null });
    expect(byId.get(32)!.advance).toBeGreaterThan(0);
  });

  it('answers the same bytes twice and the regular font for other stacks', async () => {
    const url = `/fonts/${encodeURIComponent('DejaVu Sans Book')}/0-255.pbf`;
    const first = await running.app.inject({ method: 'GET', url });
    const second = await running.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const bold = await running.app.inject({ method: 'GET', url: `/fonts/${encodeURIComponent('DejaVu Sans Bold')}/0-255.pbf` });
    const regularK = decode(gunzipSync(first.rawPayload))[0]!.glyphs.find((g) => g.id === 75)!;
    const boldK = decode(gunzipSync(bold.rawPayload))[0]!.glyphs.find((g) => g.id === 75)!;
    expect(boldK.advance).toBeGreaterThan(regularK.advance);
  });

  it('rejects malformed ranges with JSON 404', async () => {
    for (const url of ['/fonts/DejaVu%20Sans/0-254.pbf', '/fonts/DejaVu%20Sans/1-256.pbf', '/fonts/DejaVu%20Sans/0-255.png', '/fonts/DejaVu%20Sans/65536-65791.pbf']) {
      const response = await running.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json<{ error: string }>().error).toBeTruthy();
    }
  });
});
