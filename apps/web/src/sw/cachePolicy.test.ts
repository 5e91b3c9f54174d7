import { describe, expect, it, vi } from 'vitest';
import { MAP_RUNTIME_CACHES, PRECACHE_GLOB_PATTERNS, SERVER_PATHS, isMapCachedUrl, keptRuntimeCaches, staleRuntimeCaches } from './cachePolicy';
import { RUNTIME_CACHED_PATHS, removeStaleCaches } from './register';
import viteConfig from '../../vite.config.ts?raw';

const isServerPath = (path: string) => SERVER_PATHS.some((pattern) => pattern.test(path));

describe('service worker cache policy', () => {
  it('never answers nav data downloads with the app shell', () => {
    for (const path of ['/downloads/current/navdata/index.json', '/downloads/dev/navdata/us.cwnav', '/downloads']) {
      expect(isServerPath(path)).toBe(true);
    }
    expect(isServerPath('/app/map1')).toBe(false);
    expect(isServerPath('/downloadsomething')).toBe(false);
  });

  it('lets sign-in, the identity provider, the help centre and glyphs reach the server', () => {
    for (const path of ['/auth/login', '/auth/callback?code=x&state=y', '/oidc/auth', '/help', '/help?jwt=a.b.c', '/fonts/DejaVu%20Sans/0-255.pbf']) {
      expect(isServerPath(path)).toBe(true);
    }
    expect(isServerPath('/authority')).toBe(false);
    expect(isServerPath('/helpful?x=1')).toBe(false);
  });

  it('does not cache nav data artifacts: not precached, not runtime-cached', () => {
    expect(PRECACHE_GLOB_PATTERNS.join(' ')).not.toMatch(/cwnav|json/);
    expect(RUNTIME_CACHED_PATHS.some((path) => path.startsWith('/downloads'))).toBe(false);
  });

  it('keeps the map\'s basemap and chart tiles, glyphs and the region overview, and nothing else, in runtime caches', () => {
    const origin = 'http://127.0.0.1:8080';
    const cacheOf = (path: string) => MAP_RUNTIME_CACHES.find((cache) => cache.pattern.test(`${origin}${path}`))?.name ?? null;
    expect(cacheOf('/tiles/basemap/3/1/2.pbf')).toBe('clearway-basemap-2');
    expect(cacheOf('/tiles/vfr/9/82/198.png')).toBe('clearway-charts');
    expect(cacheOf('/fonts/DejaVu%20Sans%20Bold/0-255.pbf')).toBe('clearway-glyphs');
    expect(cacheOf('/downloads/current/navdata/us.airports.geojson')).toBe('clearway-map-overview');
    expect(cacheOf('/downloads/dev/navdata/us.navaids.geojson')).toBe('clearway-map-overview');
    // Nav data artifacts and their index stay out of every cache (IndexedDB holds them).
    for (const path of ['/downloads/current/navdata/us.cwnav', '/downloads/current/navdata/index.json', '/downloads/dev/navdata/us.cwnav.gz', '/api/config', '/tiles/basemap/3/1/x.pbf']) {
      expect(isMapCachedUrl(`${origin}${path}`)).toBe(false);
    }
    // Every cache is bounded, and its name is unique.
    expect(new Set(MAP_RUNTIME_CACHES.map((cache) => cache.name)).size).toBe(MAP_RUNTIME_CACHES.length);
    for (const cache of MAP_RUNTIME_CACHES) {
      expect(cache.maxEntries).toBeGreaterThan(0);
      expect(cache.maxAgeDays).toBeGreaterThan(0);
    }
  });

  it('precaches module workers (.js and .mjs chunks)', () => {
    expect(PRECACHE_GLOB_PATTERNS.join(' ')).toMatch(/\{js,mjs,/);
  });

  it('finds the caches an older release left: Clearway\'s own that the worker no longer fills, never Workbox\'s', () => {
    const names = ['clearway-basemap', 'clearway-basemap-2', 'clearway-config', 'clearway-charts', 'workbox-precache-v2-http://127.0.0.1:8080/', 'clearway-old-thing', 'other-app'];
    expect(staleRuntimeCaches(names)).toEqual(['clearway-basemap', 'clearway-old-thing']);
    for (const kept of keptRuntimeCaches()) expect(staleRuntimeCaches([kept])).toEqual([]);
  });

  it('keeps every cache the built worker is configured with (vite.config.ts names no cache of its own)', () => {
    expect(viteConfig).not.toMatch(/cacheName:\s*['"`]/);
    expect(viteConfig).toMatch(/cacheName: CONFIG_CACHE_NAME/);
    expect(viteConfig).toMatch(/cacheName: cache\.name/);
  });

  it('deletes the stale caches from the cache storage and reports them', async () => {
    const held = new Set(['clearway-basemap', 'clearway-basemap-2', 'workbox-precache-v2-x']);
    const storage = { keys: () => Promise.resolve([...held]), delete: (name: string) => Promise.resolve(held.delete(name)) };
    const log = { info: vi.fn(), warn: vi.fn() };
    expect(await removeStaleCaches(log, storage)).toEqual(['clearway-basemap']);
    expect([...held]).toEqual(['clearway-basemap-2', 'workbox-precache-v2-x']);
    expect(log.info).toHaveBeenCalledWith('[sw] removed caches of an older release: clearway-basemap');
  });
});
