import type { FastifyInstance } from 'fastify';
import {
  findChartRegion,
  PLATES_PACK_FILE_PATTERN,
  PLATES_PACKS_INDEX_PATH,
  PLATES_PACKS_PATH,
  PLATES_PATH,
  platesPackRequestSchema,
  type PlatesPackEntry,
} from '@clearway/protocol';
import type { Database } from '../db/index.js';
import { addressLimited } from '../http/index.js';
import { DATASET_INDEX_CACHE_CONTROL, DatasetStore, registerDataset, sendDatasetFile, sendTaggedJson } from '../datasets/index.js';
import { buildPlatesPack, platesPackIndex, platesPacksDir } from './packs.js';
import { DEFAULT_PLATES_PACKS_MAX_MB, prunePlatesPacks } from './packPrune.js';
import type { AirportPositions } from './positions.js';
import { AddressRateLimit } from './rateLimit.js';
import { airportPlates, servedCycle } from './store.js';

/** Largest `POST /plates/packs` body, bytes (500 idents are about 4 KiB). */
const PACK_BODY_LIMIT_BYTES = 16 * 1024;
/** `POST /plates/packs` per client address: each may write a pack (seconds for a large region), so few. */
const PACK_BUILDS_PER_MINUTE = { perMinute: 20 };

/** Requests per address per minute on the plates endpoints (list and PDFs together). */
export const PLATES_RATE_LIMIT = { max: 600, windowMs: 60_000 };

export interface PlatesRoutesOptions {
  db: Database;
  /** PLATES_DIR: `{dir}/{cycle}/{PDF}`. */
  platesDir: string;
  rateLimit?: { max: number; windowMs: number };
  /** The clock, for the served cycle (tests). */
  now?: () => number;
  /** Airport positions (the nav database), which place each plate airport in its chart regions for the packs. */
  airportPositions?: AirportPositions;
  /** PLATES_PACKS_MAX_MB in bytes (default DEFAULT_PLATES_PACKS_MAX_MB). */
  packsMaxBytes?: number;
}

/** The packs folder is looked over at most this often, after a build (and once when the server is ready). */
export const PACK_PRUNE_INTERVAL_MS = 10 * 60_000;

/**
 * The plates endpoints (registered in their own scope, so the rate limit covers only them):
 * - `GET /plates/airports/{airport}`: PlateAirportList of the served cycle (ETag, no-cache); 404 naming
 *   the airport and cycle when it has no charts, or saying no cycle is imported;
 * - `GET`/`HEAD /plates/files/{cycle}/{PDF}` (and the generic `index.json`) through the datasets
 *   module: strong ETag, 304, byte ranges;
 * - `GET /plates/packs/index.json`: PlatesPackIndex, the chart regions with their plate airports and bytes;
 * - `POST /plates/packs` (PlatesPackRequest): builds (or finds) the region's pack of all its airports or
 *   of those named, and answers its PlatesPackEntry (size, SHA-256, ETag, URL);
 * - `GET`/`HEAD /plates/packs/{cycle}/{file}`: the pack file through the datasets sender (Range, If-Range);
 * - 429 with Retry-After past PLATES_RATE_LIMIT requests per address and minute.
 * All of it is published data, as the nav data and chart packs: no session needed. `POST /plates/packs`
 * also: PACK_BUILDS_PER_MINUTE per address, a body of at most PACK_BODY_LIMIT_BYTES, and from this
 * site only (the app's cross-site guard refuses a foreign Origin or Sec-Fetch-Site with 403).
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

  // Keeps the packs folder bounded (packPrune.ts): once when ready, then after builds at most every
  // PACK_PRUNE_INTERVAL_MS, one look at a time, in the background.
  const packsMaxBytes = options.packsMaxBytes ?? DEFAULT_PLATES_PACKS_MAX_MB * 1024 * 1024;
  let pruning: Promise<void> | null = null;
  let prunedAt = -Infinity;
  const prune = (): Promise<void> => {
    if (pruning !== null || now() - prunedAt < PACK_PRUNE_INTERVAL_MS) return pruning ?? Promise.resolve();
    prunedAt = now();
    pruning = (async () => {
      try {
        const cycle = await servedCycle(db, now());
        const report = await prunePlatesPacks({ packsDir: platesPacksDir(platesDir), servedCycle: cycle?.cycle ?? null, maxBytes: packsMaxBytes, now: now() });
        if (report.removed.length > 0) app.log.info({ platePacks: report }, `Plate packs: removed ${report.removed.length} (${(report.freedBytes / 1048576).toFixed(1)} MB): ${report.removed.join(', ')}`);
      } catch (error) {
        app.log.warn({ err: error }, `Plate packs: could not look over ${platesPacksDir(platesDir)}: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        pruning = null;
      }
    })();
    return pruning;
  };
  app.addHook('onReady', async () => {
    void prune();
  });
  app.addHook('onClose', async () => {
    await pruning;
  });

  const packFiles = new DatasetStore({ name: 'plate packs', dir: platesPacksDir(platesDir), contentType: 'application/octet-stream', accepts: (name) => PLATES_PACK_FILE_PATTERN.test(name) }, app.log);
  const locator = async () => (options.airportPositions ? options.airportPositions() : null);

  app.get(PLATES_PACKS_INDEX_PATH, async (request, reply) => sendTaggedJson(request, reply, await platesPackIndex(db, await servedCycle(db, now()), await locator())));

  app.post(PLATES_PACKS_PATH, { ...addressLimited(PACK_BUILDS_PER_MINUTE), bodyLimit: PACK_BODY_LIMIT_BYTES }, async (request, reply) => {
    const parsed = platesPackRequestSchema.safeParse(request.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return reply.code(400).send({ error: `Not a plate pack request: ${issue?.path.length ? `${issue.path.join('.')}: ` : ''}${issue?.message ?? 'invalid'}` });
    }
    const { strategy } = parsed.data;
    const region = findChartRegion(parsed.data.region);
    if (region === undefined) return reply.code(404).send({ error: `Unknown chart region "${parsed.data.region}": the regions are listed at ${PLATES_PACKS_INDEX_PATH}` });
    if (strategy === 'selected' && (parsed.data.airports ?? []).length === 0) return reply.code(400).send({ error: 'Not a plate pack request: airports: the selected strategy needs at least one airport' });
    const cycle = await servedCycle(db, now());
    if (cycle === null) return reply.code(404).send({ error: 'No approach plates: no d-TPP cycle has been imported (PLATES_SOURCE)' });
    const index = await platesPackIndex(db, cycle, await locator());
    const inRegion = index.regions.find((r) => r.code === region.code)?.airports ?? [];
    const wanted = new Set((parsed.data.airports ?? []).map((ident) => ident.toUpperCase()));
    const chosen = strategy === 'all' ? inRegion : inRegion.filter((a) => wanted.has(a.airport) || wanted.has(a.faaIdent));
    if (chosen.length === 0) {
      return reply.code(404).send({ error: strategy === 'all' ? `No airport with plates in ${region.name} in d-TPP cycle ${cycle.cycle}` : `None of ${[...wanted].join(', ')} has plates in ${region.name} in d-TPP cycle ${cycle.cycle}` });
    }
    const built = await buildPlatesPack({ db, platesDir, cycle, region, strategy, airports: chosen.map((a) => a.airport) });
    void prune();
    const file = await packFiles.file(cycle.cycle, built.name);
    if (file === null) return reply.code(500).send({ error: `Plate pack ${built.name} was built but cannot be read` });
    const entry: PlatesPackEntry = {
      region: region.code, cycle: cycle.cycle, effectiveFrom: cycle.effectiveFrom, effectiveTo: cycle.effectiveTo, strategy,
      airports: built.airports, bytes: file.bytes, sha256: file.sha256, etag: file.etag, url: `${PLATES_PACKS_PATH}/${cycle.cycle}/${built.name}`,
    };
    return reply.header('cache-control', 'no-store').send(entry);
  });

  app.route<{ Params: { cycle: string; file: string } }>({
    method: ['GET', 'HEAD'],
    url: `${PLATES_PACKS_PATH}/:cycle/:file`,
    handler: async (request, reply) => {
      const { cycle, file } = request.params;
      return sendDatasetFile(request, reply, {
        lookup: () => packFiles.file(cycle, file),
        notFound: (missing) => missing.code(404).header('cache-control', DATASET_INDEX_CACHE_CONTROL).send({ error: `No plate pack ${file} of d-TPP cycle ${cycle}: ask for it with POST ${PLATES_PACKS_PATH} first`, file, cycle }),
      });
    },
  });

  registerDataset(app, {
    name: 'plates',
    dir: platesDir,
    prefix: `${PLATES_PATH}/files`,
    contentType: 'application/pdf',
    accepts: (name) => /\.pdf$/i.test(name),
  });
}
