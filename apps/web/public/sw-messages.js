// Imported into the generated service worker (vite.config.ts workbox.importScripts).
//
// 1. It relays the messages of spec part 2 §7 that keep open tabs up to date (change_cycle,
//    download_complete, download_deleted, airportdb_downloaded; src/sw/messages.ts) from the tab that
//    posts one to every other window of the app. Workbox's own SKIP_WAITING is left to it.
// 2. Its own messages (spec part 2 §7 "In: SW_STALE_DETECTED, SW_ACTIVATED, get_router";
//    src/sw/workerChannel.ts reads them in the page):
//    - on activation it tells every window `SW_ACTIVATED` with its version (the `v` of its address,
//      /sw.js?v=<version>); a window of another version reloads once for it;
//    - a page that says its version (`client_version`) and runs another build than this worker gets
//      `SW_STALE_DETECTED` with this worker's version, and reloads once for it;
//    - `performance_mode` (on) from a page is kept as `self.clearwayPerformanceMode` (spec part 1 §4
//      "Performance mode: saved, sent to the native app and to the service worker");
//    - a page's `router` answer (to `get_router`) is kept per window as its last known path.
/* global self, URL */
const CLEARWAY_RELAYED = ['change_cycle', 'download_complete', 'download_deleted', 'airportdb_downloaded'];
const CLEARWAY_VERSION = new URL(self.location.href).searchParams.get('v') || '';
self.clearwayPerformanceMode = false;
self.clearwayRouters = new Map();

function clearwayWindows() {
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true });
}

self.addEventListener('activate', (event) => {
  if (!CLEARWAY_VERSION) return;
  event.waitUntil(
    clearwayWindows().then((windows) => {
      for (const client of windows) {
        client.postMessage({ type: 'SW_ACTIVATED', version: CLEARWAY_VERSION });
        client.postMessage({ type: 'get_router' });
      }
    }),
  );
});

self.addEventListener('message', (event) => {
  const data = event.data;
  if (typeof data !== 'object' || data === null) return;
  const source = event.source;
  if (data.type === 'client_version') {
    if (CLEARWAY_VERSION && typeof data.version === 'string' && data.version !== CLEARWAY_VERSION && source) {
      source.postMessage({ type: 'SW_STALE_DETECTED', version: CLEARWAY_VERSION });
    }
    return;
  }
  if (data.type === 'performance_mode') {
    if (typeof data.on === 'boolean') self.clearwayPerformanceMode = data.on;
    return;
  }
  if (data.type === 'router') {
    if (source && typeof data.path === 'string') self.clearwayRouters.set(source.id, data.path.slice(0, 2048));
    return;
  }
  if (!CLEARWAY_RELAYED.includes(data.type)) return;
  const from = source && source.id;
  event.waitUntil(
    clearwayWindows().then((windows) => {
      for (const client of windows) if (client.id !== from) client.postMessage(data);
    }),
  );
});
