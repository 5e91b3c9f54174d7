import type { FastifyInstance } from 'fastify';
import { PLATES_PATH } from '@clearway/protocol';
import type { Database } from '../db/index.js';
import { DATASET_INDEX_CACHE_CONTROL, registerDataset, sendTaggedJson } from '../datasets/index.js';
import { AddressRateLimit } from './rateLimit.js';
import { airportPlates, servedCycle } from './store.js';

/** Requests per address per minute on the plates endpoints (list and PDFs together). */
export const PLATES_RATE_LIMIT = { max: 600, windowMs: 60_000 };

export interface PlatesRoutesOptions {
  db: Database;
  /** PLATES_DIR: `{dir}/{cycle}/{PDF}`. */
  platesDir: string;
  rateLimit?: { max: number; windowMs: number };
  /** The clock, for the served cycle (tests). */
  now?: () => number;
}

/**
 * The plates endpoints (registered in their own scope, so the rate limit covers only them):
 * - `GET /plates/airports/{airport}`: PlateAirportList of the served cycle (ETag, no-cache); 404 naming
 *   the airport and cycle when it has no charts, or saying no cycle is imported;
 * - `GET`/`HEAD /plates/files/{cycle}/{PDF}` (and the generic `index.json`) through the datasets
 *   module: strong ETag, 304, byte ranges;
 * - 429 with Retry-After past PLATES_RATE_LIMIT requests per address and minute.
 */
export async function platesRoutes(app: FastifyInstance, options: PlatesRoutesOptions): Promise<void> {
  const { db, platesDir, now = Date.now } = options;
  const limit = new AddressRateLimit(options.rateLimit?.max ?? PLATES_RATE_LIMIT.max, options.rateLimit?.windowMs ?? PLATES_RATE_LIMIT.windowMs);
  app.addHook('onRequest', async (request, reply) => {
    const retryAfter = limit.take(request.ip, now());
    if (retryAfter > 0) {
      return reply
        .code(429)
        .header('retry-after', String(retryAfter))
        .header('cache-control', 'no-store')
        .send({ error: `Too many plate requests from ${request.ip}: at most ${limit.max} per ${limit.windowMs / 1000} s; try again in ${retryAfter} s` });
    }
    return undefined;
  });

  app.get<{ Params: { airport: string } }>(`${PLATES_PATH}/airports/:airport`, async (request, reply) => {
    const airport = request.params.airport.trim().toUpperCase();
    const cycle = await servedCycle(db, now());
    if (cycle === null) return reply.code(404).header('cache-control', DATASET_INDEX_CACHE_CONTROL).send({ error: 'No approach plates: no d-TPP cycle has been imported (PLATES_SOURCE)', airport });
    const list = await airportPlates(db, airport, cycle);
    if (list === null) return reply.code(404).header('cache-control', DATASET_INDEX_CACHE_CONTROL).send({ error: `No approach plates for ${airport} in d-TPP cycle ${cycle.cycle}`, airport, cycle: cycle.cycle });
    return sendTaggedJson(request, reply, list);
  });

  registerDataset(app, {
    name: 'plates',
    dir: platesDir,
    prefix: `${PLATES_PATH}/files`,
    contentType: 'application/pdf',
    accepts: (name) => /\.pdf$/i.test(name),
  });
}
