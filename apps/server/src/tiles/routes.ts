import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { BasemapTiles } from './basemap.js';

/** Basemap tiles change only with a server release: a day in caches, then revalidate. */
export const BASEMAP_CACHE_CONTROL = 'public, max-age=86400';
/** Chart tiles change each chart cycle (56 days); a day is safe. */
export const VFR_CACHE_CONTROL = 'public, max-age=86400';
export const NO_VFR_MESSAGE = 'No VFR chart tiles are configured';

export interface TileRoutesOptions {
  /** Folder of XYZ PNG tiles `{z}/{x}/{y}.png`, or undefined when none are configured. */
  chartsDir: string | undefined;
  /** Build the basemap indexes just after `listen` (default true; `inject` never triggers it). */
  warm?: boolean;
}

interface TileParams {
  z: string;
  x: string;
  y: string;
}

const INTEGER = /^\d{1,7}$/;

function coordinates(params: TileParams, extension: string): { z: number; x: number; y: number } | null {
  const y = params.y.endsWith(extension) ? params.y.slice(0, -extension.length) : null;
  if (y === null || !INTEGER.test(params.z) || !INTEGER.test(params.x) || !INTEGER.test(y)) return null;
  const z = Number(params.z);
  if (z > 24) return null;
  return { z, x: Number(params.x), y: Number(y) };
}

function notFound(reply: FastifyReply, error: string): FastifyReply {
  return reply.code(404).header('cache-control', 'no-cache').send({ error });
}

/** `GET /tiles/basemap/{z}/{x}/{y}.pbf` (vector: land, countries, states) and `GET /tiles/vfr/{z}/{x}/{y}.png`. */
export async function tileRoutes(app: FastifyInstance, options: TileRoutesOptions): Promise<void> {
  const basemap = new BasemapTiles();
  const encoded = new Map<string, Buffer>();
  // Built lazily, but once listening the server builds the indexes right away (about 0.5 s of CPU)
  // so the first map does not wait for them; a request arriving before builds them itself.
  if (options.warm !== false) {
    app.addHook('onListen', async () => {
      setTimeout(() => basemap.warm(), 50).unref();
    });
  }

  app.get<{ Params: TileParams }>('/tiles/basemap/:z/:x/:y', async (request, reply) => {
    const at = coordinates(request.params, '.pbf');
    if (!at) return notFound(reply, 'Not a tile address');
    const key = `${at.z}/${at.x}/${at.y}`;
    let body = encoded.get(key);
    if (!body) {
      const tile = basemap.tile(at.z, at.x, at.y);
      if (!tile) return notFound(reply, 'Tile out of range');
      body = gzipSync(tile);
      if (encoded.size > 4000) encoded.clear();
      encoded.set(key, body);
    }
    return reply
      .header('content-type', 'application/x-protobuf')
      .header('content-encoding', 'gzip')
      .header('cache-control', BASEMAP_CACHE_CONTROL)
      .send(body);
  });

  app.get<{ Params: TileParams }>('/tiles/vfr/:z/:x/:y', async (request, reply) => {
    if (options.chartsDir === undefined) return notFound(reply, NO_VFR_MESSAGE);
    const at = coordinates(request.params, '.png');
    if (!at) return notFound(reply, 'Not a tile address');
    const path = join(options.chartsDir, String(at.z), String(at.x), `${at.y}.png`);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) return notFound(reply, 'No chart tile here');
    return reply
      .header('content-type', 'image/png')
      .header('content-length', info.size)
      .header('cache-control', VFR_CACHE_CONTROL)
      .header('last-modified', info.mtime.toUTCString())
      .send(createReadStream(path));
  });
}
