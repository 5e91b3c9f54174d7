import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  NEXT_CHART_CYCLE_LEAD_DAYS,
  PACK_KINDS,
  PACKS_AREAS_PATH,
  PACKS_INDEX_PATH,
  PACKS_PATH,
  PACKS_STATES_PATH,
  chartCycleAt,
  chartCycleById,
  chartCycleOffered,
  chartCycleProblem,
  findChartRegion,
  isPackKind,
  packFileName,
  packAreaRequestSchema,
  parsePackFileName,
  type DataChannel,
} from '@clearway/protocol';
import { DATASET_INDEX_CACHE_CONTROL, sendDatasetFile, sendTaggedJson } from '../datasets/index.js';
import { ADDRESS_LIMITS, addressLimited, type AddressLimit } from '../http/index.js';
import { AreaPacks, isAreaPackName } from './areas.js';
import { packSources } from './sources.js';
import { PackStore } from './store.js';
import { usStates } from './usStates.js';

/** `POST /packs/areas` per client address: each may build packs (seconds of work), so few. */
const AREA_BUILDS_PER_MINUTE: AddressLimit = { perMinute: 20 };
/** Largest area request body, bytes (200 points are about 8 KiB). */
const AREA_BODY_LIMIT_BYTES = 64 * 1024;

export interface PackRoutesOptions {
  /** PACKS_DIR: `{dir}/{cycle}/{region}.{kind}.pmtiles`. */
  packsDir: string;
  /** DATA_CHANNEL: which cycles the index offers (default current). */
  channel?: DataChannel;
  /** Wall clock, ms since the epoch (default Date.now): when a next cycle is offered. */
  now?: () => number;
  /** Sources of the area packs (US states, route corridors), as for `npm run charts -- build`: CHARTS_DIR, TERRAIN_DIR, CHARTS_CYCLE. */
  chartsDir?: string;
  terrainDir?: string;
  chartsCycle?: string;
  /** The repository root: without CHARTS_DIR, the shared data beside it is used when present (sources.ts). */
  repoRoot?: string;
}

function notFound(reply: FastifyReply, body: Record<string, unknown> & { error: string }): FastifyReply {
  return reply.code(404).header('cache-control', DATASET_INDEX_CACHE_CONTROL).send(body);
}

/**
 * `GET /packs/index.json` (PackIndex: every chart region with its packs' kind, cycle, size, SHA-256,
 * ETag and URL) and `GET`/`HEAD /packs/{cycle}/{region}.{kind}.pmtiles` through the datasets sender
 * (strong ETag, 304, one byte range, If-Range), so a download resumes where it stopped. Packs are
 * published map data, like the tiles and the nav data: no session needed; the 404s say what is unknown.
 */
export async function packRoutes(app: FastifyInstance, options: PackRoutesOptions): Promise<void> {
  const store = new PackStore(options.packsDir, app.log);
  const channel = options.channel ?? 'current';
  const now = options.now ?? Date.now;

  app.get(PACKS_INDEX_PATH, addressLimited(ADDRESS_LIMITS.packs), async (request, reply) => sendTaggedJson(request, reply, await store.index(channel, now())));

  // Areas: a US state or a route's corridor, packed on demand (areas.ts).
  const sources = packSources({ chartsDir: options.chartsDir, terrainDir: options.terrainDir }, options.repoRoot ?? process.cwd());
  const areaCycle = () => chartCycleById(options.chartsCycle ?? sources.chartsCycle ?? '') ?? chartCycleAt(now());
  const areas = new AreaPacks({ packsDir: options.packsDir, sources, cycle: areaCycle, log: app.log });

  app.get(PACKS_STATES_PATH, addressLimited(ADDRESS_LIMITS.packs), async (request, reply) => sendTaggedJson(request, reply, usStates()));

  app.post(PACKS_AREAS_PATH, { ...addressLimited(AREA_BUILDS_PER_MINUTE), bodyLimit: AREA_BODY_LIMIT_BYTES }, async (request, reply) => {
    const parsed = packAreaRequestSchema.safeParse(request.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return reply.code(400).send({ error: `Not an area request: ${issue?.path.length ? `${issue.path.join('.')}: ` : ''}${issue?.message ?? 'invalid'}` });
    }
    const result = await areas.area(parsed.data);
    if ('error' in result) return reply.code(result.status).send({ error: result.error });
    return reply.header('cache-control', 'no-store').send(result.area);
  });

  app.route<{ Params: { cycle: string; file: string } }>({
    method: ['GET', 'HEAD'],
    url: `${PACKS_AREAS_PATH}/:cycle/:file`,
    ...addressLimited(ADDRESS_LIMITS.packs),
    handler: async (request, reply) => {
      const { cycle, file } = request.params;
      const cycleProblem = chartCycleProblem(cycle);
      if (cycleProblem !== null) return notFound(reply, { error: `Unknown chart cycle: ${cycleProblem}`, cycle });
      if (!isAreaPackName(file)) return notFound(reply, { error: `"${file}" is not an area pack name: area packs are named {state-XX|route-<12 hex>}.{kind}.pmtiles and made by POST ${PACKS_AREAS_PATH}`, file });
      return sendDatasetFile(request, reply, {
        lookup: () => areas.store.files.file(cycle, file),
        notFound: (missing) => notFound(missing, { error: `No area pack ${file} for chart cycle ${cycle}: ask for the area with POST ${PACKS_AREAS_PATH} first`, file, cycle }),
      });
    },
  });

  app.route<{ Params: { cycle: string; file: string } }>({
    // HEAD is its own method here: Fastify's automatic HEAD would read the whole file to drop it.
    method: ['GET', 'HEAD'],
    url: `${PACKS_PATH}/:cycle/:file`,
    ...addressLimited(ADDRESS_LIMITS.packs),
    handler: async (request, reply) => {
      const { cycle, file } = request.params;
      const cycleProblem = chartCycleProblem(cycle);
      if (cycleProblem !== null) return notFound(reply, { error: `Unknown chart cycle: ${cycleProblem}`, cycle });
      const meta = chartCycleById(cycle);
      if (meta !== null && !chartCycleOffered(meta, channel, now())) {
        const from = channel === 'next' ? `${NEXT_CHART_CYCLE_LEAD_DAYS} days before ${meta.effective}` : meta.effective;
        return notFound(reply, { error: `Chart cycle ${cycle} is not offered on channel ${channel} before ${from}`, cycle, channel });
      }
      const parsed = parsePackFileName(file);
      if (parsed === null) return notFound(reply, { error: `"${file}" is not a pack name: packs are named {region}.{kind}.pmtiles, e.g. New_York.vfr.pmtiles`, file });
      const region = findChartRegion(parsed.region);
      if (region === undefined) {
        return notFound(reply, { error: `Unknown chart region "${parsed.region}": the regions are listed at ${PACKS_INDEX_PATH}`, region: parsed.region });
      }
      if (!isPackKind(parsed.kind)) {
        return notFound(reply, { error: `Unknown pack kind "${parsed.kind}": packs are ${PACK_KINDS.join(', ')}`, region: region.code, kind: parsed.kind });
      }
      const kind = parsed.kind;
      return sendDatasetFile(request, reply, {
        // The region's code in any letter case names the same pack.
        lookup: () => store.files.file(cycle, packFileName(region.code, kind)),
        notFound: (missing) => notFound(missing, { error: `No ${kind} pack of ${region.name} (${region.code}) for chart cycle ${cycle}`, region: region.code, kind, cycle }),
      });
    },
  });
}
