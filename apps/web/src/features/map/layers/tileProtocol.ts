import { withCoverage } from './tileCoverage';

/**
 * The basemap's tiles go through a MapLibre protocol of the app's own (addProtocol), which adds the
 * coverage layer to each tile that arrives (tileCoverage.ts). The style keeps the server's plain
 * address (the service worker's caches and the first visit's request list see it); createMap's
 * transformRequest prefixes it with `clearway+`, and the handler fetches the plain address again, so
 * the service worker still answers it offline.
 */
export const TILE_PROTOCOL_PREFIX = 'clearway+';

const BASEMAP_TILE = /^https?:\/\/[^/]+\/tiles\/basemap\/\d+\/\d+\/\d+\.pbf$/;

/** For MapLibre's transformRequest: a basemap tile's address through the protocol; undefined for anything else. */
export function coverageTileRequest(url: string): { url: string } | undefined {
  return BASEMAP_TILE.test(url) ? { url: TILE_PROTOCOL_PREFIX + url } : undefined;
}

/** An error MapLibre reads like its own request errors: a 404 is "no tile here", anything else is a failure. */
export class TileRequestError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
  ) {
    super(`${url} answered ${status}`);
    this.name = 'TileRequestError';
  }
}

interface ProtocolResponse {
  data: ArrayBuffer;
  cacheControl?: string;
  expires?: string;
}

/** The protocol's handler: fetches the plain address, appends the coverage layer; a network error is passed on as is. */
export async function loadCoverageTile(params: { url: string }, abort: AbortController, fetchFn: typeof fetch = (...args) => globalThis.fetch(...args)): Promise<ProtocolResponse> {
  const url = params.url.startsWith(TILE_PROTOCOL_PREFIX) ? params.url.slice(TILE_PROTOCOL_PREFIX.length) : params.url;
  const reply = await fetchFn(url, { signal: abort.signal });
  if (!reply.ok) throw new TileRequestError(reply.status, url);
  const data = withCoverage(await reply.arrayBuffer());
  return { data, cacheControl: reply.headers.get('cache-control') ?? undefined, expires: reply.headers.get('expires') ?? undefined };
}

type AddProtocol = (scheme: string, load: (params: { url: string }, abort: AbortController) => Promise<ProtocolResponse>) => void;

/** Registers the protocol for both schemes (MapLibre's addProtocol, passed in so this module stays free of MapLibre). */
export function registerTileProtocol(addProtocol: AddProtocol): void {
  for (const scheme of ['http', 'https']) addProtocol(`${TILE_PROTOCOL_PREFIX}${scheme}`, (params, abort) => loadCoverageTile(params, abort));
}
