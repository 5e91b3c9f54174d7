import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  DATA_CHANNELS,
  DEFAULT_ENDPOINT_PATHS,
  DOWNLOAD_ROOT_KEYS,
  NAVDATA_EXTENSION,
  NAVDATA_FOLDER,
  NAVDATA_INDEX_FILE,
  NAVDATA_OVERVIEW_EXTENSION,
  NAVDATA_OVERVIEW_LAYERS,
  navdataArtifactUrl,
  type DataChannel,
  type EndpointMap,
  type NavdataIndex,
  type NavdataOverviewLayer,
} from '@clearway/protocol';
import { DATASET_CACHE_CONTROL, DATASET_INDEX_CACHE_CONTROL, sendDatasetFile, sendMemory, sendTaggedJson } from '../datasets/index.js';
import { ArtifactStore, type ArtifactInfo } from './artifactStore.js';
import { OverviewStore } from './overview.js';

/** Artifacts are replaced once per cycle (or per rebuild); a browser or CDN may reuse one for 5 minutes, then revalidates by ETag. */
export const ARTIFACT_CACHE_CONTROL = DATASET_CACHE_CONTROL;
/** The index is small and says which build is current: always revalidate (cheap with its ETag). */
export const INDEX_CACHE_CONTROL = DATASET_INDEX_CACHE_CONTROL;

/** Where the routes live: the download roots' default paths, `/downloads/{channel}`. */
const DOWNLOADS_PREFIX = '/downloads';

export interface NavdataRoutesOptions {
  /** Folder with `{channel}/{region}.cwnav` (+ `.gz`, `.br`). */
  navdataDir: string;
  /** For the absolute artifact URLs in the index: each channel's download root. */
  endpoints: EndpointMap;
  /** Build the map overview of every artifact just after `listen` (default true; `inject` never triggers it). */
  warm?: boolean;
}

interface ChannelParams {
  channel: string;
}

function isChannel(value: string): value is DataChannel {
  return (DATA_CHANNELS as readonly string[]).includes(value);
}

function unknownChannel(reply: FastifyReply, channel: string): FastifyReply {
  return reply
    .code(404)
    .header('cache-control', INDEX_CACHE_CONTROL)
    .send({ error: `Unknown nav data channel "${channel}"`, channel, channels: DATA_CHANNELS });
}

function noArtifact(reply: FastifyReply, channel: DataChannel, region: string): FastifyReply {
  return reply
    .code(404)
    .header('cache-control', INDEX_CACHE_CONTROL)
    .send({ error: `No nav data for region "${region}" in channel ${channel}`, channel, region });
}

/** `us.airports.geojson` -> region `us`, layer `airports`; null for any other name. */
function overviewFile(file: string): { region: string; layer: NavdataOverviewLayer } | null {
  if (!file.endsWith(NAVDATA_OVERVIEW_EXTENSION)) return null;
  const stem = file.slice(0, -NAVDATA_OVERVIEW_EXTENSION.length);
  const dot = stem.lastIndexOf('.');
  const layer = NAVDATA_OVERVIEW_LAYERS.find((name) => name === stem.slice(dot + 1));
  return dot > 0 && layer !== undefined ? { region: stem.slice(0, dot), layer } : null;
}

/** The wire form of the artifacts of a channel: only those whose header could be read. */
export function indexOf(channel: DataChannel, artifacts: readonly ArtifactInfo[], downloadRoot: string): NavdataIndex {
  return {
    channel,
    artifacts: artifacts.flatMap((artifact) => {
      const { header } = artifact;
      if (header === null) return [];
      return [{
        region: artifact.region,
        cycle: header.cycle,
        effective: header.effective,
        expires: header.expires,
        formatVersion: header.formatVersion,
        bytes: artifact.bytes,
        gzipBytes: artifact.variants.find((variant) => variant.encoding === 'gzip')?.bytes ?? null,
        etag: artifact.etag,
        url: navdataArtifactUrl(downloadRoot, artifact.region),
      }];
    }),
  };
}

/**
 * Nav data downloads under each channel's download root:
 * - `GET /downloads/{channel}/navdata/index.json`: the protocol NavdataIndex, computed from the files;
 * - `GET /downloads/{channel}/navdata/{region}.cwnav`: the artifact with a strong ETag (If-None-Match
 *   -> 304), single byte ranges (206, 416), and its precompressed `.br` / `.gz` copy with
 *   Content-Encoding when the client accepts one and asks for no range;
 * - `GET /downloads/{channel}/navdata/{region}.{airports|navaids}.geojson`: the map's overview layers,
 *   built from the bytes the artifact store read to hash the artifact (artifactStore.ts, overview.ts),
 *   gzip-encoded when the client accepts it.
 * Files, conditional requests, ranges and encodings are answered by the dataset module
 * (../datasets: DatasetStore, sendDatasetFile, sendMemory, sendTaggedJson), as for every dataset.
 * @fastify/static's preCompressed mode was not used: its ETags are weak and per file (size and
 * mtime), so two servers would disagree, and it would pick a compressed copy for a Range request.
 */
export async function navdataRoutes(app: FastifyInstance, options: NavdataRoutesOptions): Promise<void> {
  for (const channel of DATA_CHANNELS) {
    const expected = `${DOWNLOADS_PREFIX}/${channel}`;
    if (DEFAULT_ENDPOINT_PATHS[DOWNLOAD_ROOT_KEYS[channel]].path !== expected) {
      throw new Error(`navdataRoutes serves ${expected}, but the protocol's download root for ${channel} moved`);
    }
  }
  const store = new ArtifactStore(options.navdataDir, app.log);
  const overviews = new OverviewStore(app.log);
  // Built on first request, but once listening the server builds every overview right away so the
  // first map does not wait for one (a few hundred ms of CPU per US-size artifact).
  if (options.warm !== false) {
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onListen', async () => {
      timer = setTimeout(() => {
        // A file that vanishes mid-read must not become an unhandled rejection; requests retry anyway.
        warmOverviews(store, overviews).catch((error: unknown) => app.log.warn({ err: error }, 'nav data overview warm-up failed'));
      }, 100).unref();
    });
    app.addHook('onClose', async () => clearTimeout(timer));
  }

  app.get<{ Params: ChannelParams }>(`${DOWNLOADS_PREFIX}/:channel/${NAVDATA_FOLDER}/${NAVDATA_INDEX_FILE}`, async (request, reply) => {
    const { channel } = request.params;
    if (!isChannel(channel)) return unknownChannel(reply, channel);
    return sendTaggedJson(request, reply, indexOf(channel, await store.list(channel), options.endpoints[DOWNLOAD_ROOT_KEYS[channel]]));
  });

  app.route<{ Params: ChannelParams & { file: string } }>({
    // HEAD is its own method here: Fastify's automatic HEAD would read the whole file to drop it.
    method: ['GET', 'HEAD'],
    url: `${DOWNLOADS_PREFIX}/:channel/${NAVDATA_FOLDER}/:file`,
    handler: async (request, reply) => {
      const { channel, file } = request.params;
      if (!isChannel(channel)) return unknownChannel(reply, channel);
      if (file.endsWith(NAVDATA_EXTENSION)) return sendArtifact(store, request, reply, channel, file.slice(0, -NAVDATA_EXTENSION.length));
      const overview = overviewFile(file);
      if (overview !== null) return sendOverview(store, overviews, request, reply, channel, overview.region, overview.layer);
      return reply.code(404).header('cache-control', INDEX_CACHE_CONTROL).send({ error: `No nav data file "${file}" in channel ${channel}`, channel, file });
    },
  });
}

/** Answers one artifact request (see navdataRoutes) through the dataset module's sender. */
function sendArtifact(store: ArtifactStore, request: FastifyRequest, reply: FastifyReply, channel: DataChannel, region: string): Promise<FastifyReply> {
  return sendDatasetFile(request, reply, {
    lookup: async () => (await store.artifact(channel, region))?.file ?? null,
    cacheControl: ARTIFACT_CACHE_CONTROL,
    notFound: (notFound) => noArtifact(notFound, channel, region),
  });
}

/**
 * Answers one overview layer request (see navdataRoutes): gzip or plain JSON, tagged by the
 * artifact's content; 500 naming the file when the artifact does not open.
 */
async function sendOverview(
  store: ArtifactStore,
  overviews: OverviewStore,
  request: FastifyRequest,
  reply: FastifyReply,
  channel: DataChannel,
  region: string,
  layer: NavdataOverviewLayer,
): Promise<FastifyReply> {
  const info = await store.artifact(channel, region);
  if (info === null) return noArtifact(reply, channel, region);
  const outcome = await overviews.overview(info);
  if (outcome.kind === 'failed') {
    return reply.code(500).header('cache-control', INDEX_CACHE_CONTROL).send({ error: outcome.error, channel, region });
  }
  const body = outcome.layers[layer];
  return sendMemory(request, reply, {
    contentType: 'application/geo+json',
    cacheControl: ARTIFACT_CACHE_CONTROL,
    identity: { body: body.json, etag: body.etag },
    gzip: { body: body.gzip, etag: body.gzipEtag },
  });
}

/** Builds the overview of every artifact of every channel, one at a time (memory); the store logs artifacts that do not open. */
async function warmOverviews(store: ArtifactStore, overviews: OverviewStore): Promise<void> {
  for (const channel of DATA_CHANNELS) {
    for (const info of await store.list(channel)) await overviews.overview(info);
  }
}
