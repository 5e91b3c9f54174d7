import { IMAGERY_INDEX_PATH, IMAGERY_MEDIA_TYPES, type ImageryExtension, type ImageryFrame, type ImageryIndex, type ImageryProductState, type ImageryViewState } from '@clearway/protocol';
import type { WxDb } from '../../db/wx';

/**
 * The imagery kept on this device for offline use, in the `wx` database (no new store: the index is
 * a `stats` row, each frame's image a `tiles` row keyed `img{path}`), and the server client that
 * fills it. A frame's path names its content, so a stored image never needs revalidating.
 */

/** The `stats` key of the stored index. */
export const INDEX_STAT_KEY = 'imagery-index';
/** Prefix of the `tiles` keys of stored images. */
export const IMAGE_TILE_PREFIX = 'img';

export interface StoredIndex {
  index: ImageryIndex;
  /** The server's ETag of it (If-None-Match next time); null when it gave none. */
  etag: string | null;
  /** When this device stored it, ms since the epoch. */
  storedAt: number;
}

/** Where the imagery is kept (the `wx` database in the app; a fake in tests). */
export interface ImageryCacheDb {
  getIndex(): Promise<StoredIndex | null>;
  putIndex(stored: StoredIndex): Promise<void>;
  getImage(path: string): Promise<ArrayBuffer | null>;
  putImage(path: string, bytes: ArrayBuffer, at: number): Promise<void>;
  /** The paths of every stored image. */
  storedPaths(): Promise<string[]>;
  /** Removes every stored image whose path is not in `keep`; answers how many went. */
  prune(keep: ReadonlySet<string>): Promise<number>;
}

/** The imagery stores of a `wx` database. */
export function wxImageryDb(wx: Pick<WxDb, 'stats' | 'tiles'>): ImageryCacheDb {
  return {
    async getIndex() {
      const row = await wx.stats.get(INDEX_STAT_KEY);
      if (row === undefined || typeof row.index !== 'object' || row.index === null) return null;
      return { index: row.index as ImageryIndex, etag: typeof row.etag === 'string' ? row.etag : null, storedAt: row.ts };
    },
    async putIndex(stored) {
      await wx.stats.put({ key: INDEX_STAT_KEY, ts: stored.storedAt, index: stored.index, etag: stored.etag });
    },
    async getImage(path) {
      const row = await wx.tiles.get(`${IMAGE_TILE_PREFIX}${path}`);
      if (row === undefined) return null;
      // A Blob (written by another version) or an ArrayBuffer (checked by shape: realms differ in tests).
      const data: unknown = row.data;
      return typeof (data as Blob).arrayBuffer === 'function' ? await (data as Blob).arrayBuffer() : (data as ArrayBuffer);
    },
    async putImage(path, bytes, at) {
      await wx.tiles.put({ key: `${IMAGE_TILE_PREFIX}${path}`, ts: at, data: bytes });
    },
    async storedPaths() {
      const keys = await wx.tiles.where('key').startsWith(`${IMAGE_TILE_PREFIX}/`).primaryKeys();
      return keys.map((key) => key.slice(IMAGE_TILE_PREFIX.length));
    },
    async prune(keep) {
      const keys = await wx.tiles.where('key').startsWith(`${IMAGE_TILE_PREFIX}/`).primaryKeys();
      const gone = keys.filter((key) => !keep.has(key.slice(IMAGE_TILE_PREFIX.length)));
      await wx.tiles.bulkDelete(gone);
      return gone.length;
    },
  };
}

/** The media type of a frame's path by its extension. */
export function mediaTypeOf(path: string): string {
  const ext = path.slice(path.lastIndexOf('.') + 1) as ImageryExtension;
  return IMAGERY_MEDIA_TYPES[ext] ?? 'application/octet-stream';
}

/** Every frame path an index lists. */
export function framePaths(index: ImageryIndex): Set<string> {
  return new Set(index.products.flatMap((product) => product.views.flatMap((view) => view.frames.map((frame) => frame.path))));
}

/** What a frame's path says: `/img/{product}/{view}/{issuedAt}-{hash}.{ext}` (imageryFramePath). */
export function parseFramePath(path: string): { product: string; view: string; id: string; issuedAt: number; ext: string } | null {
  const match = /^\/img\/([a-z0-9-]+)\/([a-z0-9-]+)\/((\d+)-[0-9a-f]{12})\.(png|gif|jpg|webp)$/.exec(path);
  if (match === null) return null;
  return { product: match[1]!, view: match[2]!, id: match[3]!, issuedAt: Number(match[4]), ext: match[5]! };
}

/**
 * The images to keep on the device: every frame the index lists, and of each view the newest
 * stored ones up to its product's frame count, so a view whose source moved on since its pictures
 * were stored (a radar loop) still has them offline.
 */
export function keptPaths(index: ImageryIndex, stored: readonly string[]): Set<string> {
  const keep = framePaths(index);
  const byView = new Map<string, { path: string; issuedAt: number }[]>();
  for (const path of stored) {
    const parsed = parseFramePath(path);
    if (parsed === null) continue;
    const key = `${parsed.product}/${parsed.view}`;
    byView.set(key, [...(byView.get(key) ?? []), { path, issuedAt: parsed.issuedAt }]);
  }
  for (const product of index.products) {
    for (const view of product.views) {
      const own = (byView.get(`${product.id}/${view.id}`) ?? []).sort((a, b) => b.issuedAt - a.issuedAt).slice(0, product.maxFrames);
      for (const { path } of own) keep.add(path);
    }
  }
  return keep;
}

/**
 * A view's frames as this device can show them, oldest first: the index's, and the stored images
 * of the view it no longer lists (their issue time is in their path), the newest `maxFrames`.
 */
export function deviceFrames(product: Pick<ImageryProductState, 'id' | 'maxFrames'>, view: Pick<ImageryViewState, 'id' | 'frames'>, stored: readonly string[]): ImageryFrame[] {
  const frames = new Map<string, ImageryFrame>(view.frames.map((frame) => [frame.path, frame]));
  for (const path of stored) {
    const parsed = parseFramePath(path);
    if (parsed === null || parsed.product !== product.id || parsed.view !== view.id || frames.has(path)) continue;
    frames.set(path, { id: parsed.id, path, issuedAt: parsed.issuedAt, issuedFrom: 'fetched', fetchedAt: parsed.issuedAt, bytes: 0, etag: '', contentType: mediaTypeOf(path) as ImageryFrame['contentType'] });
  }
  return [...frames.values()].sort((a, b) => a.issuedAt - b.issuedAt || a.id.localeCompare(b.id)).slice(-Math.max(1, product.maxFrames));
}

export interface ImageryClientDeps {
  fetch: typeof fetch;
  db: ImageryCacheDb | null;
  /** The weather root, e.g. `https://host/wx`. */
  root: string;
  now: () => number;
}

/** What asking the server for the index gave. */
export type IndexFetch = { status: 'new'; stored: StoredIndex } | { status: 'not-modified' };

/**
 * Asks the server for the index (If-None-Match with the stored ETag), validates it, stores it and
 * drops stored images it no longer lists. Throws with what went wrong (network, HTTP, shape).
 */
export async function fetchImageryIndex(deps: ImageryClientDeps, previous: StoredIndex | null, signal?: AbortSignal): Promise<IndexFetch> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (previous?.etag) headers['if-none-match'] = previous.etag;
  const response = await deps.fetch(`${deps.root}${IMAGERY_INDEX_PATH}`, { headers, signal, cache: 'no-cache' });
  if (response.status === 304 && previous !== null) return { status: 'not-modified' };
  if (!response.ok) throw new Error(`${IMAGERY_INDEX_PATH} answered HTTP ${response.status}`);
  const { imageryIndexSchema } = await import('./schema');
  const parsed = imageryIndexSchema.safeParse(await response.json());
  if (!parsed.success) throw new Error(`${IMAGERY_INDEX_PATH} is not an imagery index (${parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')})`);
  const stored: StoredIndex = { index: parsed.data, etag: response.headers.get('etag'), storedAt: deps.now() };
  if (deps.db !== null) {
    await deps.db.putIndex(stored);
    await deps.db.prune(keptPaths(parsed.data, await deps.db.storedPaths()));
  }
  return { status: 'new', stored };
}

/** A frame's image: the stored copy, else the server's (then stored). Throws when neither is there. */
export async function loadFrameImage(deps: ImageryClientDeps, frame: Pick<ImageryFrame, 'path'>, signal?: AbortSignal): Promise<{ blob: Blob; from: 'device' | 'server' }> {
  const type = mediaTypeOf(frame.path);
  const stored = deps.db === null ? null : await deps.db.getImage(frame.path).catch(() => null);
  if (stored !== null) return { blob: new Blob([stored], { type }), from: 'device' };
  const response = await deps.fetch(`${deps.root}${frame.path}`, { signal });
  if (!response.ok) throw new Error(`${frame.path} answered HTTP ${response.status}`);
  const bytes = await response.arrayBuffer();
  if (deps.db !== null) await deps.db.putImage(frame.path, bytes, deps.now()).catch(() => undefined);
  return { blob: new Blob([bytes], { type }), from: 'server' };
}
