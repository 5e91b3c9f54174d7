import { describe, expect, it } from 'vitest';
import { IMMUTABLE, NO_CACHE, cacheControlFor } from './cachePolicy.js';

describe('cacheControlFor', () => {
  it.each([
    ['assets/index-abc123.js', IMMUTABLE],
    ['assets/maplibre-gl-worker-9f8e7d.mjs', IMMUTABLE],
    ['assets/fonts/inter-1a2b.woff2', IMMUTABLE],
    ['/assets/x-abc123.css', IMMUTABLE],
    ['index.html', NO_CACHE],
    ['sw.js', NO_CACHE],
    ['registerSW.js', NO_CACHE],
    ['manifest.webmanifest', NO_CACHE],
    ['workbox-4a8b2c1d.js', NO_CACHE],
    ['favicon.svg', NO_CACHE],
    ['icons/pwa-192x192.png', NO_CACHE],
    ['assets/index-abc123.js.br', IMMUTABLE],
    ['assets/index-abc123.js.gz', IMMUTABLE],
    ['index.html.br', NO_CACHE],
    ['sw.js.gz', NO_CACHE],
    ['manifest.webmanifest.br', NO_CACHE],
  ])('%s -> %s', (path, expected) => {
    expect(cacheControlFor(path)).toBe(expected);
  });
});
