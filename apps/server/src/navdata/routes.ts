import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
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
import { ArtifactStore, fileVersion, type ArtifactInfo } from './artifactStore.js';
import { chooseEncoding, ifRangeAllows, noneMatchHits, parseRange } from './httpHeaders.js';
import { OverviewStore } from './overview.js';

/** Artifacts are replaced once per cycle (or per rebuild); a browser or CDN may reuse one for 5 minutes, then revalidates by ETag. */
export const ARTIFACT_CACHE_CONTROL = 'public, max-age=300';
/** The index is small and says which build is current: always revalidate (cheap with its ETag). */
export const INDEX_CACHE_CONTROL = 'no-cache';

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

/** A request header as one string (repeated list headers joined with commas, as RFC 9110 allows). */
function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

function sha256Tag(text: string): string {
  return `"${createHash('sha256').update(text).digest('hex').slice(0, 32)}"`;
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
 *   built from the artifact in memory (overview.ts), gzip-encoded when the client accepts it.
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
    const index = indexOf(channel, await store.list(channel), options.endpoints[DOWNLOAD_ROOT_KEYS[channel]]);
    const json = JSON.stringify(index);
    const etag = sha256Tag(json);
    reply.header('cache-control', INDEX_CACHE_CONTROL).header('etag', etag);
    if (noneMatchHits(headerText(request.headers['if-none-match']), [etag])) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(json);
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

/** Answers one artifact request (see navdataRoutes); retries when the file is replaced mid-request. */
async function sendArtifact(
  store: ArtifactStore,
  request: FastifyRequest,
  reply: FastifyReply,
  channel: DataChannel,
  region: string,
): Promise<FastifyReply> {
  const { headers } = request;
  for (let attempt = 0; attempt < 3; attempt++) {
    const info = await store.artifact(channel, region);
    if (info === null) return noArtifact(reply, channel, region);
    // A Range is honoured only for the version the client started from (If-Range), and only on the raw file.
    const range = headers.range !== undefined && ifRangeAllows(headerText(headers['if-range']), info.etag, info.lastModified)
      ? parseRange(headers.range, info.bytes)
      : { kind: 'whole' as const };
    const encoding = headers.range === undefined
      ? chooseEncoding(headerText(headers['accept-encoding']), info.variants.map((v) => v.encoding))
      : 'identity';
    const variant = info.variants.find((v) => v.encoding === encoding);
    const etag = variant?.etag ?? info.etag;

    reply
      .header('cache-control', ARTIFACT_CACHE_CONTROL)
      .header('vary', 'Accept-Encoding')
      .header('accept-ranges', 'bytes')
      .header('last-modified', info.lastModified)
      .header('etag', etag);
    // Any encoding's tag means the client has this build: its cached copy is still good.
    if (noneMatchHits(headerText(headers['if-none-match']), [info.etag, ...info.variants.map((v) => v.etag)])) {
      return reply.code(304).send();
    }
    if (range.kind === 'unsatisfiable') {
      return reply
        .code(416)
        .header('content-range', `bytes */${info.bytes}`)
        .send({ error: `Range ${headers.range} is outside the ${info.bytes} bytes of ${region}${NAVDATA_EXTENSION}`, bytes: info.bytes });
    }

    const handle = await open(variant?.path ?? info.path, 'r');
    if (fileVersion(await handle.stat()) !== (variant?.version ?? info.version)) {
      // Replaced between the look-up and the open: describe the new file and start again.
      await handle.close();
      continue;
    }
    reply.type('application/octet-stream');
    if (range.kind === 'range') {
      reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${info.bytes}`)
        .header('content-length', range.end - range.start + 1);
    } else {
      reply.code(200).header('content-length', variant?.bytes ?? info.bytes);
      if (variant) reply.header('content-encoding', variant.encoding);
    }
    if (request.method === 'HEAD') {
      await handle.close();
      return reply.send();
    }
    return reply.send(range.kind === 'range' ? handle.createReadStream({ start: range.start, end: range.end }) : handle.createReadStream());
  }
  throw new Error(`${region}${NAVDATA_EXTENSION} in ${channel} kept changing while it was being opened`);
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
  const { headers } = request;
  for (let attempt = 0; attempt < 3; attempt++) {
    const info = await store.artifact(channel, region);
    if (info === null) return noArtifact(reply, channel, region);
    const outcome = await overviews.overview(info);
    if (outcome.kind === 'changed') continue;
    if (outcome.kind === 'failed') {
      return reply.code(500).header('cache-control', INDEX_CACHE_CONTROL).send({ error: outcome.error, channel, region });
    }
    const body = outcome.layers[layer];
    const gzip = chooseEncoding(headerText(headers['accept-encoding']), ['gzip']) === 'gzip';
    reply
      .header('cache-control', ARTIFACT_CACHE_CONTROL)
      .header('vary', 'Accept-Encoding')
      .header('etag', gzip ? body.gzipEtag : body.etag);
    // Either encoding's tag means the client has this overview.
    if (noneMatchHits(headerText(headers['if-none-match']), [body.etag, body.gzipEtag])) return reply.code(304).send();
    const payload = gzip ? body.gzip : body.json;
    reply.code(200).type('application/geo+json').header('content-length', payload.length);
    if (gzip) reply.header('content-encoding', 'gzip');
    return reply.send(request.method === 'HEAD' ? undefined : payload);
  }
  throw new Error(`${region}${NAVDATA_EXTENSION} in ${channel} kept changing while its overview was being built`);
}

/** Builds the overview of every artifact of every channel, one at a time (memory); the store logs artifacts that do not open. */
async function warmOverviews(store: ArtifactStore, overviews: OverviewStore): Promise<void> {
  for (const channel of DATA_CHANNELS) {
    for (const info of await store.list(channel)) await overviews.overview(info);
  }
}
