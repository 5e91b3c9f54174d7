/**
 * What the generated service worker (vite.config.ts, Workbox generateSW) caches and what it leaves
 * alone. Kept here, free of imports, so vite.config.ts and the unit tests read the same values.
 *
 * - Precache: the built app shell, found by PRECACHE_GLOB_PATTERNS in dist/ (the routing worker
 *   chunk included). Nav data artifacts never live in dist/, so they are never precached.
 * - Runtime caches: /api/config (vite.config.ts runtimeCaching; register.ts RUNTIME_CACHED_PATHS), and
 *   what the map draws from the server (MAP_RUNTIME_CACHES: basemap and chart tiles, label glyphs, the
 *   region's airport and navaid overview), kept as the map asks for them so a map seen once opens in the
 *   cockpit without a network. Nav data artifacts (/downloads/.../*.cwnav, index.json) are kept in
 *   IndexedDB by the loader, never in a cache.
 * - Navigations to SERVER_PATHS are never answered with index.html.
 */

/** Server paths that are never the app shell: the service worker must not answer them with index.html. */
const SERVER_PREFIXES = ['api', 'healthz', 'elk', 'ws', 'downloads', 'tiles', 'auth', 'oidc', 'help', 'fonts'] as const;
/** Each prefix as a whole first segment: Workbox tests the path with its query (`/help?jwt=...`). */
export const SERVER_PATHS: readonly RegExp[] = SERVER_PREFIXES.map((prefix) => new RegExp(`^/${prefix}([/?#]|$)`));

/** .mjs is not in Workbox's default patterns; workers shipped as .mjs must be precached too. */
export const PRECACHE_GLOB_PATTERNS: readonly string[] = ['**/*.{js,mjs,css,html,svg,png,woff2,webmanifest}'];

/** Files in dist/ that are not precached (the plugin adds manifest.webmanifest itself). */
export const PRECACHE_GLOB_IGNORES: readonly string[] = ['**/*.map', 'manifest.webmanifest'];

/** One runtime cache of map resources: which requests, which Workbox strategy, how much is kept. */
export interface MapRuntimeCache {
  /** Cache name (the `clearway-` prefix keeps them apart from Workbox's own). */
  name: string;
  /** Tested against the request's full URL. */
  pattern: RegExp;
  /**
   * StaleWhileRevalidate: answered from the cache at once, refreshed behind (tiles: they change with a
   * server release or a chart cycle, and an old tile is better than none); CacheFirst: never changes
   * (glyphs); NetworkFirst: the current copy when the network answers within the timeout (the overview
   * changes with each nav data cycle).
   */
  handler: 'StaleWhileRevalidate' | 'CacheFirst' | 'NetworkFirst';
  maxEntries: number;
  maxAgeDays: number;
  networkTimeoutSeconds?: number;
}

/** What the map fetches that the service worker keeps for offline use. */
export const MAP_RUNTIME_CACHES: readonly MapRuntimeCache[] = [
  // About 2-10 KB a tile: 4,000 hold a country's worth of zoom levels. `-2`: tiles since they carry the
  // coverage layer (apps/server tiles/basemap.ts); one kept from before would draw its sea as no data.
  { name: 'clearway-basemap-2', pattern: /\/tiles\/basemap\/\d+\/\d+\/\d+\.pbf$/, handler: 'StaleWhileRevalidate', maxEntries: 4000, maxAgeDays: 90 },
  // Chart tiles are larger (10-60 KB): the last 3,000 viewed, for at most one chart cycle (56 days).
  { name: 'clearway-charts', pattern: /\/tiles\/vfr\/\d+\/\d+\/\d+\.png$/, handler: 'StaleWhileRevalidate', maxEntries: 3000, maxAgeDays: 56 },
  { name: 'clearway-glyphs', pattern: /\/fonts\/[^/]+\/\d+-\d+\.pbf$/, handler: 'CacheFirst', maxEntries: 64, maxAgeDays: 365 },
  {
    name: 'clearway-map-overview',
    pattern: /\/downloads\/[^/]+\/navdata\/[^/]+\.(?:airports|navaids)\.geojson$/,
    handler: 'NetworkFirst',
    networkTimeoutSeconds: 3,
    maxEntries: 8,
    maxAgeDays: 90,
  },
];

/** The runtime cache of the start-up configuration (vite.config.ts runtimeCaching). */
export const CONFIG_CACHE_NAME = 'clearway-config';

/** Every runtime cache the current worker fills; any other `clearway-` cache is left over from an older release. */
export function keptRuntimeCaches(): readonly string[] {
  return [CONFIG_CACHE_NAME, ...MAP_RUNTIME_CACHES.map((cache) => cache.name)];
}

/**
 * The caches of older releases among `names` (from `caches.keys()`): Clearway's own (`clearway-` prefix)
 * that the current worker no longer fills, e.g. `clearway-basemap` once tiles moved to
 * `clearway-basemap-2`. Workbox's precache (`workbox-precache-...`) cleans itself up and is left alone.
 */
export function staleRuntimeCaches(names: readonly string[]): string[] {
  const kept = new Set(keptRuntimeCaches());
  return names.filter((name) => name.startsWith('clearway-') && !kept.has(name));
}

/** Whether the map's request for this URL is one a runtime cache keeps. */
export function isMapCachedUrl(url: string): boolean {
  return MAP_RUNTIME_CACHES.some((cache) => cache.pattern.test(url));
}
