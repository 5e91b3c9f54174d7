import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IMAGERY_INDEX_PATH, IMAGERY_PRODUCTS, imageryKey, type ImageryIndex, type ImageryProductInfo, type ImageryViewState } from '@clearway/protocol';
import type { Database } from '../../db/index.js';
import { sendTaggedJson } from '../../datasets/index.js';
import { ADDRESS_LIMITS, addressLimited } from '../../http/index.js';
import type { ImagerySource } from './ingest.js';
import { ImageryStore } from './store.js';

/** A frame's path names its content: it never changes, so clients keep it for a year. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** The index changes with every new frame and failure: always revalidate (cheap with its ETag). */
export const IMAGERY_INDEX_CACHE_CONTROL = 'no-cache';

export interface ImageryRoutesOptions {
  db: Database;
  /** The configured views (WX_IMAGERY_SOURCES). */
  sources: readonly ImagerySource[];
  /** The weather root, `/wx`. */
  root: string;
}

function noneMatch(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (header === undefined) return false;
  const text = Array.isArray(header) ? header.join(',') : header;
  if (text.trim() === '*') return true;
  const strip = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);
  return (text.match(/(?:W\/)?"[^"]*"/g) ?? []).map(strip).includes(etag);
}

/** The index: every product of the catalogue, each view configured or not, with its kept frames and its source's state. */
export async function imageryIndex(store: ImageryStore, sources: readonly ImagerySource[]): Promise<ImageryIndex> {
  const [frames, states] = await Promise.all([store.frames(), store.sources()]);
  const configured = new Map(sources.map((source) => [imageryKey(source.product, source.view), source]));
  return {
    products: (IMAGERY_PRODUCTS as readonly ImageryProductInfo[]).map((product) => {
      const views = product.views.map((view): ImageryViewState => {
        const key = imageryKey(product.id, view.id);
        const base = { id: view.id, label: view.label, ...(view.group === undefined ? {} : { group: view.group }) };
        if (!configured.has(key)) return { ...base, configured: false, status: 'not-configured', error: null, lastAttemptAt: null, lastSuccessAt: null, frames: [] };
        const state = states.find((s) => s.product === product.id && s.view === view.id);
        const kept = frames
          .filter((frame) => frame.product === product.id && frame.view === view.id)
          .map(({ id, path, issuedAt, issuedFrom, fetchedAt, bytes, etag, contentType }) => ({ id, path, issuedAt, issuedFrom, fetchedAt, bytes, etag, contentType }));
        const status = state === undefined || state.lastAttemptAt === null ? 'pending' : state.error === null ? 'ok' : 'failing';
        return { ...base, configured: true, status, error: state?.error ?? null, lastAttemptAt: state?.lastAttemptAt ?? null, lastSuccessAt: state?.lastSuccessAt ?? null, frames: kept };
      });
      // Frames kept per view: the configured count (the largest of the product's views), else the catalogue's.
      const configuredFrames = sources.filter((s) => s.product === product.id).map((s) => s.maxFrames);
      const maxFrames = configuredFrames.length > 0 ? Math.max(...configuredFrames) : product.kind === 'loop' ? product.maxFrames : 1;
      return { id: product.id, title: product.title, kind: product.kind, maxFrames, staleAfterMs: product.staleAfterMs, configured: views.some((view) => view.configured), views };
    }),
  };
}

/**
 * Weather imagery below the weather root (packages/protocol weatherImagery.ts):
 *
 *   GET /wx/img/index.json                      every product and view: configured or not, the source's
 *                                               state (pending, ok, failing with its reason) and the kept
 *                                               frames with issue time, size and ETag; no-cache + ETag
 *   GET /wx/img/{product}/{view}/{frame}.{ext}  one frame's image: strong ETag, 304 on If-None-Match,
 *                                               cached for a year (the path names the content)
 *
 * No sign-in, as for the rest of the weather: public pictures the app keeps for offline use. Every
 * answer comes from the database, so every process answers the same.
 */
export async function imageryRoutes(app: FastifyInstance, options: ImageryRoutesOptions): Promise<void> {
  const store = new ImageryStore(options.db);
  const notFound = (reply: FastifyReply, error: string) => reply.code(404).header('cache-control', IMAGERY_INDEX_CACHE_CONTROL).send({ error });

  app.get(`${options.root}${IMAGERY_INDEX_PATH}`, addressLimited(ADDRESS_LIMITS.weatherImagery), async (request, reply) => sendTaggedJson(request, reply, await imageryIndex(store, options.sources), IMAGERY_INDEX_CACHE_CONTROL));

  app.get<{ Params: { product: string; view: string; file: string } }>(`${options.root}/img/:product/:view/:file`, addressLimited(ADDRESS_LIMITS.weatherImagery), async (request, reply) => {
    const { product, view, file } = request.params;
    const match = /^(\d{1,16}-[0-9a-f]{12})\.(png|gif|jpg|webp)$/.exec(file);
    if (match === null) return notFound(reply, `Unknown weather image "${file}": expected {frame id}.{png|gif|jpg|webp} as the index lists it`);
    const frameId = match[1]!;
    const head = await store.frameEtag(product, view, frameId);
    if (head === null || head.ext !== match[2]) {
      return notFound(reply, `No weather image ${imageryKey(product, view)} frame ${frameId}: it was never stored or is no longer kept (see ${options.root}${IMAGERY_INDEX_PATH})`);
    }
    reply.header('cache-control', IMAGE_CACHE_CONTROL).header('etag', head.etag);
    if (noneMatch(request, head.etag)) return reply.code(304).send();
    const frame = await store.frame(product, view, frameId);
    if (frame === null) return notFound(reply, `No weather image ${imageryKey(product, view)} frame ${frameId}: it is no longer kept`);
    return reply.type(frame.contentType).header('content-length', frame.body.length).send(frame.body);
  });
}
