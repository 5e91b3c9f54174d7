import { defineConfig, defaultClientConditions, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import pkg from './package.json' with { type: 'json' };
import { CONFIG_CACHE_NAME, MAP_RUNTIME_CACHES, PRECACHE_GLOB_IGNORES, PRECACHE_GLOB_PATTERNS, SERVER_PATHS } from './src/sw/cachePolicy';

// Config files use no Node built-in imports: the web app's layer lint rule covers them too.
const root = import.meta.dirname;
/** The build version shown in the drawer and used to version the service worker registration. */
const appVersion = process.env.CLEARWAY_VERSION ?? pkg.version;

const devServer = process.env.CLEARWAY_DEV_SERVER ?? 'http://127.0.0.1:8080';

/**
 * The map's chunk (MapLibre, about 1 MB) is preloaded from the page's head, so it downloads and compiles
 * beside the main bundle instead of after it has run: the first map is created that much sooner.
 */
function preloadMapChunk(): Plugin {
  return {
    name: 'clearway-preload-map-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunk = Object.values(context.bundle ?? {}).find((output) => output.type === 'chunk' && output.facadeModuleId?.endsWith('/features/map/MapView.tsx'));
        if (!chunk) throw new Error('preloadMapChunk: no chunk for src/features/map/MapView.tsx in the build');
        return [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` }, injectTo: 'head' }];
      },
    },
  };
}

export default defineConfig({
  root,
  base: '/',
  define: {
    'import.meta.env.VITE_APP_VERSION': JSON.stringify(appVersion),
  },
  resolve: {
    // Workspace packages export their TypeScript sources under the "source" condition.
    conditions: ['source', ...defaultClientConditions],
  },
  // The routing worker (src/worker/routing.worker.ts) is an ES module worker, so it can split chunks too.
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: true,
  },
  server: {
    proxy: {
      // Every path the server answers (apps/server: REST, sign-in, downloads, data); the app is Vite's.
      ...Object.fromEntries(
        ['/api', '/auth', '/oidc', '/account', '/help', '/healthz', '/downloads', '/tiles', '/packs', '/cycles', '/wx', '/notams', '/plates', '/fs', '/sim', '/geoip'].map((path) => [path, devServer]),
      ),
      '/ws': { target: devServer.replace(/^http/, 'ws'), ws: true },
    },
  },
  plugins: [
    react(),
    preloadMapChunk(),
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      // src/sw/register.ts registers the worker itself through workbox-window.
      injectRegister: null,
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      // The icons are precached by globPatterns below; listing them again would duplicate entries.
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'Clearway',
        short_name: 'Clearway',
        description: 'Flight planning and navigation for pilots',
        theme_color: '#13406A',
        background_color: '#0d2c51',
        display: 'standalone',
        start_url: '/app/map1',
        scope: '/',
        // Issue 24: a flight plan file shared from another app opens the route screen's import
        // (public/sw-share.js keeps the file; features/route/planfiles/sharedPlan.ts imports it).
        share_target: {
          action: '/app/route/share',
          method: 'POST',
          enctype: 'multipart/form-data',
          params: {
            files: [
              {
                name: 'plan',
                accept: ['.fpl', '.gfp', '.fms', '.pln', '.lnmpln', '.fgfp', '.gpx', '.txt', 'application/xml', 'text/xml', 'application/gpx+xml', 'text/plain', 'application/octet-stream'],
              },
            ],
          },
        },
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      workbox: {
        // Precache and navigation rules: src/sw/cachePolicy.ts (nav data artifacts are never cached
        // here; the loader keeps them in IndexedDB).
        globPatterns: [...PRECACHE_GLOB_PATTERNS],
        globIgnores: [...PRECACHE_GLOB_IGNORES],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [...SERVER_PATHS],
        cleanupOutdatedCaches: true,
        // Relays spec part 2 §7's change_cycle, download_complete, download_deleted and
        // airportdb_downloaded from one tab to the others (public/sw-messages.js, src/sw/messages.ts).
        // public/sw-share.js takes the manifest's share_target POST (a shared flight plan file).
        importScripts: ['sw-messages.js', 'sw-share.js'],
        // 'prompt': a new worker waits until the user chooses Restart (src/sw/register.ts). Once active
        // it takes control of open pages at once, so the first visit is already offline-capable.
        skipWaiting: false,
        clientsClaim: true,
        runtimeCaching: [
          {
            // The start-up configuration: network first, the last good copy when offline. Nav data
            // artifacts (/downloads/.../*.cwnav) go straight to the network: the loader keeps them.
            urlPattern: ({ url }) => url.pathname === '/api/config',
            handler: 'NetworkFirst',
            options: {
              cacheName: CONFIG_CACHE_NAME,
              networkTimeoutSeconds: 4,
              cacheableResponse: { statuses: [200] },
            },
          },
          // What the map draws from the server, kept as it is asked for (src/sw/cachePolicy.ts).
          ...MAP_RUNTIME_CACHES.map((cache) => ({
            urlPattern: cache.pattern,
            handler: cache.handler,
            options: {
              cacheName: cache.name,
              ...(cache.networkTimeoutSeconds === undefined ? {} : { networkTimeoutSeconds: cache.networkTimeoutSeconds }),
              expiration: { maxEntries: cache.maxEntries, maxAgeSeconds: cache.maxAgeDays * 86_400, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [200] },
            },
          })),
        ],
      },
    }),
  ],
});
