/**
 * What the generated service worker (vite.config.ts, Workbox generateSW) caches and what it leaves
 * alone. Kept here, free of imports, so vite.config.ts and the unit tests read the same values.
 *
 * - Precache: the built app shell, found by PRECACHE_GLOB_PATTERNS in dist/ (the routing worker
 *   chunk included). Nav data artifacts never live in dist/, so they are never precached.
 * - Runtime cache: only /api/config (vite.config.ts runtimeCaching; register.ts RUNTIME_CACHED_PATHS).
 *   Nav data artifacts (/downloads/...) are kept in IndexedDB by the loader, not in a cache.
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
