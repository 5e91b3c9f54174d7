import { basename } from 'node:path';

/** For Vite's content-hashed files: a new build gets new names, so a copy never goes stale. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Revalidate every time (cheap with ETag): the entry points that name the hashed files. */
export const NO_CACHE = 'no-cache';

// The service worker and its registration must be re-checked on every load, or a deploy is not seen.
const ENTRY_POINT = /^(sw\.js|registerSW\.js|manifest\.webmanifest|workbox-[\w-]+\.js|.*\.html)$/;

/** The suffixes of the precompressed copies the build writes beside a file (scripts/compress-web.mjs). */
const ENCODED_COPY = /\.(?:br|gz)$/;

/**
 * The Cache-Control header for a file of the built web app.
 * @param relativePath the file's path below the web dist folder, with forward slashes ("assets/x-abc123.js").
 *   A precompressed copy ("sw.js.br") is cached like the file it encodes ("sw.js").
 */
export function cacheControlFor(relativePath: string): string {
  const path = relativePath.replace(/^\/+/, '').replace(ENCODED_COPY, '');
  if (ENTRY_POINT.test(basename(path))) return NO_CACHE;
  if (path.startsWith('assets/')) return IMMUTABLE;
  // Icons and other unhashed files keep their names across builds, so they must revalidate too.
  return NO_CACHE;
}
