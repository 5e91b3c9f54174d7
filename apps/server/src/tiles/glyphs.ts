import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import TinySDF from '@mapbox/tiny-sdf';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { PbfWriter } from 'pbf';

/**
 * Map label glyphs without an outside service: `GET /fonts/{fontstack}/{range}.pbf` answers the
 * glyphs protobuf MapLibre asks for (256 code points a range), as signed distance fields drawn by
 * tiny-sdf on a Skia canvas from the DejaVu Sans TTF files of the `dejavu-fonts-ttf` package.
 * Every font stack is served: one naming "Bold" gets DejaVu Sans Bold, any other DejaVu Sans.
 * Encoded ranges are kept gzipped in memory.
 */

/** Glyph ranges change only with a server release. */
export const GLYPHS_CACHE_CONTROL = 'public, max-age=86400';

/** MapLibre's glyph metrics: 24 px glyphs with a 3 px border (the bitmap is (width + 6) x (height + 6)). */
const FONT_SIZE = 24;
const BUFFER = 3;
const RADIUS = 8;
/** Ranges beyond this (CJK and above) are answered empty: DejaVu Sans has none of them. */
const LAST_RANGE_START = 0x2f00;

const FAMILY_REGULAR = 'Clearway DejaVu Sans';
const FAMILY_BOLD = 'Clearway DejaVu Sans Bold';

let fontsRegistered = false;
function registerFonts(): void {
  if (fontsRegistered) return;
  const require = createRequire(import.meta.url);
  const folder = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  GlobalFonts.registerFromPath(join(folder, 'DejaVuSans.ttf'), FAMILY_REGULAR);
  GlobalFonts.registerFromPath(join(folder, 'DejaVuSans-Bold.ttf'), FAMILY_BOLD);
  fontsRegistered = true;
}

/** tiny-sdf draws on a browser canvas; here it draws on @napi-rs/canvas. */
class NodeTinySDF extends TinySDF {
  _createCanvas(size: number) {
    return createCanvas(size, size);
  }
}

export interface Glyph {
  id: number;
  /** SDF bytes, (width + 6) x (height + 6); absent for blank glyphs (space). */
  bitmap: Uint8Array | null;
  width: number;
  height: number;
  left: number;
  top: number;
  advance: number;
}

const sdfs = new Map<string, TinySDF>();
function sdfFor(bold: boolean): TinySDF {
  registerFonts();
  const family = bold ? FAMILY_BOLD : FAMILY_REGULAR;
  let sdf = sdfs.get(family);
  if (!sdf) {
    sdf = new NodeTinySDF({ fontSize: FONT_SIZE, buffer: BUFFER, radius: RADIUS, cutoff: 0.25, fontFamily: `"${family}"` });
    sdfs.set(family, sdf);
  }
  return sdf;
}

/** The glyphs of one range (`start` a multiple of 256) for a font stack name. */
export function renderGlyphs(fontstack: string, start: number): Glyph[] {
  if (start > LAST_RANGE_START) return [];
  const sdf = sdfFor(/bold/i.test(fontstack));
  const glyphs: Glyph[] = [];
  for (let id = start; id < start + 256; id++) {
    // Control characters and surrogates have no glyph.
    if (id < 0x20 || (id >= 0x7f && id < 0xa0) || (id >= 0xd800 && id < 0xe000)) continue;
    const drawn = sdf.draw(String.fromCharCode(id));
    const advance = Math.max(0, Math.round(drawn.glyphAdvance));
    if (drawn.glyphWidth === 0 || drawn.glyphHeight === 0) {
      glyphs.push({ id, bitmap: null, width: 0, height: 0, left: 0, top: 0, advance });
      continue;
    }
    glyphs.push({
      id,
      bitmap: Uint8Array.from(drawn.data),
      width: drawn.glyphWidth,
      height: drawn.glyphHeight,
      left: Math.round(drawn.glyphLeft),
      // MapLibre's own tiny-sdf glyphs use the same offset to match server glyphs' baseline.
      top: Math.round(drawn.glyphTop) - 27,
      advance,
    });
  }
  return glyphs;
}

/** The glyphs protobuf: glyphs{ 1: stacks{ 1: name, 2: range, 3: glyphs{ 1 id, 2 bitmap, 3 width, 4 height, 5 left, 6 top, 7 advance } } }. */
export function encodeGlyphs(fontstack: string, start: number, glyphs: readonly Glyph[]): Uint8Array {
  const pbf = new PbfWriter();
  pbf.writeMessage(1, (_: null, stack) => {
    stack.writeStringField(1, fontstack);
    stack.writeStringField(2, `${start}-${start + 255}`);
    for (const glyph of glyphs) {
      stack.writeMessage(3, (g: Glyph, out) => {
        out.writeVarintField(1, g.id);
        if (g.bitmap) out.writeBytesField(2, g.bitmap);
        out.writeVarintField(3, g.width);
        out.writeVarintField(4, g.height);
        out.writeSVarintField(5, g.left);
        out.writeSVarintField(6, g.top);
        out.writeVarintField(7, g.advance);
      }, glyph);
    }
  }, null);
  return pbf.finish();
}

interface GlyphParams {
  fontstack: string;
  range: string;
}

const RANGE = /^(\d{1,5})-(\d{1,5})\.pbf$/;

function notFound(reply: FastifyReply, error: string): FastifyReply {
  return reply.code(404).header('cache-control', 'no-cache').send({ error });
}

export interface GlyphRoutesOptions {
  /** Draw the Latin range of the label fonts just after `listen` (default true; `inject` never triggers it). */
  warm?: boolean;
}

/** `GET /fonts/{fontstack}/{start}-{end}.pbf`, gzipped glyphs protobuf. */
export async function glyphRoutes(app: FastifyInstance, options: GlyphRoutesOptions = {}): Promise<void> {
  const cache = new Map<string, Buffer>();
  const encoded = (fontstack: string, start: number): Buffer => {
    const key = `${fontstack}\n${start}`;
    let body = cache.get(key);
    if (!body) {
      body = gzipSync(encodeGlyphs(fontstack, start, renderGlyphs(fontstack, start)));
      if (cache.size > 500) cache.clear();
      cache.set(key, body);
    }
    return body;
  };
  if (options.warm !== false) {
    app.addHook('onListen', async () => {
      setTimeout(() => encoded('DejaVu Sans Bold', 0), 200).unref();
    });
  }

  app.get<{ Params: GlyphParams }>('/fonts/:fontstack/:range', async (request, reply) => {
    const match = RANGE.exec(request.params.range);
    const fontstack = request.params.fontstack;
    if (!match || fontstack.length === 0 || fontstack.length > 200) return notFound(reply, 'Not a glyph range');
    const start = Number(match[1]);
    const end = Number(match[2]);
    if (start % 256 !== 0 || end !== start + 255 || end > 0xffff) return notFound(reply, 'Not a glyph range');
    return reply
      .header('content-type', 'application/x-protobuf')
      .header('content-encoding', 'gzip')
      .header('cache-control', GLYPHS_CACHE_CONTROL)
      .send(encoded(fontstack, start));
  });
}
