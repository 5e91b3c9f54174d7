import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { chooseEncoding, headerText, ifRangeAllows, noneMatchHits, parseRange } from './httpHeaders.js';
import { fileVersion, type DatasetFile } from './store.js';

/**
 * The one place that answers a download request: ETag, Last-Modified, Cache-Control,
 * Accept-Ranges, Vary, conditional requests (If-None-Match -> 304, If-Range), byte ranges (206,
 * 416) and the choice of a precompressed copy by Accept-Encoding. Routes of every dataset call these.
 */

/** How a file is cached: artifacts are replaced once per cycle or rebuild, so 5 minutes then revalidate by ETag. */
export const DATASET_CACHE_CONTROL = 'public, max-age=300';
/** Indexes are small and say which build is current: always revalidate (cheap with their ETag). */
export const DATASET_INDEX_CACHE_CONTROL = 'no-cache';

export interface SendFileOptions<Extra> {
  /** Looks the file up (again after it was replaced mid-request); null when there is none. */
  lookup: () => Promise<DatasetFile<Extra> | null>;
  /** The reply when there is no such file. */
  notFound: (reply: FastifyReply) => FastifyReply;
  /** Cache-Control of the file (default DATASET_CACHE_CONTROL). */
  cacheControl?: string;
}

/**
 * Sends a dataset file (GET or HEAD): a strong ETag (either encoding's tag in If-None-Match -> 304),
 * one byte range of the raw file (206; past the end 416 with `Content-Range: bytes *\/size`;
 * several ranges, bad syntax or a stale If-Range -> the whole file), and with no Range the
 * `.br`/`.gz` copy the client accepts, with Content-Encoding. A file replaced between the look-up
 * and the open is looked up again.
 */
export async function sendDatasetFile<Extra>(request: FastifyRequest, reply: FastifyReply, options: SendFileOptions<Extra>): Promise<FastifyReply> {
  const { headers } = request;
  const rangeHeader = headerText(headers.range);
  let file: DatasetFile<Extra> | null = null;
  for (let attempt = 0; attempt < 3; attempt++) {
    file = await options.lookup();
    if (file === null) return options.notFound(reply);
    // A Range is honoured only for the version the client started from (If-Range), and only on the raw file.
    const range = rangeHeader !== undefined && ifRangeAllows(headerText(headers['if-range']), file.etag, file.lastModified)
      ? parseRange(rangeHeader, file.bytes)
      : { kind: 'whole' as const };
    const encoding = rangeHeader === undefined
      ? chooseEncoding(headerText(headers['accept-encoding']), file.variants.map((v) => v.encoding))
      : 'identity';
    const variant = file.variants.find((v) => v.encoding === encoding);

    reply
      .header('cache-control', options.cacheControl ?? DATASET_CACHE_CONTROL)
      .header('vary', 'Accept-Encoding')
      .header('accept-ranges', 'bytes')
      .header('last-modified', file.lastModified)
      .header('etag', variant?.etag ?? file.etag);
    // Any encoding's tag means the client has this build: its cached copy is still good.
    if (noneMatchHits(headerText(headers['if-none-match']), [file.etag, ...file.variants.map((v) => v.etag)])) {
      return reply.code(304).send();
    }
    if (range.kind === 'unsatisfiable') {
      return reply
        .code(416)
        .header('content-range', `bytes */${file.bytes}`)
        .send({ error: `Range ${rangeHeader} is outside the ${file.bytes} bytes of ${file.name}`, bytes: file.bytes });
    }

    const handle = await open(variant?.path ?? file.path, 'r');
    if (fileVersion(await handle.stat()) !== (variant?.version ?? file.version)) {
      // Replaced between the look-up and the open: describe the new file and start again.
      await handle.close();
      continue;
    }
    reply.type(file.contentType);
    if (range.kind === 'range') {
      reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${file.bytes}`)
        .header('content-length', range.end - range.start + 1);
    } else {
      reply.code(200).header('content-length', variant?.bytes ?? file.bytes);
      if (variant) reply.header('content-encoding', variant.encoding);
    }
    if (request.method === 'HEAD') {
      await handle.close();
      return reply.send();
    }
    return reply.send(range.kind === 'range' ? handle.createReadStream({ start: range.start, end: range.end }) : handle.createReadStream());
  }
  throw new Error(`${file?.name ?? 'A file'} of ${file?.dataset ?? 'a dataset'} in ${file?.channel ?? 'its channel'} kept changing while it was being opened`);
}

/** A body held in memory (a derived file such as a map overview), plain and gzip, each with its strong ETag. */
export interface MemoryRepresentation {
  contentType: string;
  cacheControl: string;
  identity: { body: Buffer; etag: string };
  gzip?: { body: Buffer; etag: string };
}

/**
 * Sends a body held in memory (GET or HEAD): gzip when the client accepts it, either encoding's ETag
 * in If-None-Match -> 304. No ranges: such bodies are small and derived, so they are not resumed.
 */
export function sendMemory(request: FastifyRequest, reply: FastifyReply, representation: MemoryRepresentation): FastifyReply {
  const { headers } = request;
  const { identity, gzip } = representation;
  const encoded = gzip !== undefined && chooseEncoding(headerText(headers['accept-encoding']), ['gzip']) === 'gzip' ? gzip : undefined;
  reply
    .header('cache-control', representation.cacheControl)
    .header('vary', 'Accept-Encoding')
    .header('etag', (encoded ?? identity).etag);
  // Either encoding's tag means the client has this body.
  if (noneMatchHits(headerText(headers['if-none-match']), [identity.etag, ...(gzip ? [gzip.etag] : [])])) return reply.code(304).send();
  const payload = (encoded ?? identity).body;
  reply.code(200).type(representation.contentType).header('content-length', payload.length);
  if (encoded) reply.header('content-encoding', 'gzip');
  return reply.send(request.method === 'HEAD' ? undefined : payload);
}

/** A strong ETag of a text: the first 128 bits of its SHA-256. */
export function sha256Tag(text: string | Buffer): string {
  return `"${createHash('sha256').update(text).digest('hex').slice(0, 32)}"`;
}

/** Sends a JSON index with an ETag of its text (If-None-Match -> 304), revalidated every time by default. */
export function sendTaggedJson(request: FastifyRequest, reply: FastifyReply, value: unknown, cacheControl = DATASET_INDEX_CACHE_CONTROL): FastifyReply {
  const json = JSON.stringify(value);
  const etag = sha256Tag(json);
  reply.header('cache-control', cacheControl).header('etag', etag);
  if (noneMatchHits(headerText(request.headers['if-none-match']), [etag])) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}
