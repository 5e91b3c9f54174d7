import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  NEXT_CHART_CYCLE_LEAD_DAYS,
  PACK_KINDS,
  PACKS_INDEX_PATH,
  PACKS_PATH,
  chartCycleById,
  chartCycleOffered,
  chartCycleProblem,
  findChartRegion,
  isPackKind,
  packFileName,
  parsePackFileName,
  type DataChannel,
} from '@clearway/protocol';
import { DATASET_INDEX_CACHE_CONTROL, sendDatasetFile, sendTaggedJson } from '../datasets/index.js';
import { ADDRESS_LIMITS, addressLimited } from '../http/index.js';
import { PackStore } from './store.js';

export interface PackRoutesOptions {
  /** PACKS_DIR: `{dir}/{cycle}/{region}.{kind}.pmtiles`. */
  packsDir: string;
  /** DATA_CHANNEL: which cycles the index offers (default current). */
  channel?: DataChannel;
  /** Wall clock, ms since the epoch (default Date.now): when a next cycle is offered. */
  now?: () => number;
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
