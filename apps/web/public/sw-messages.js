// Imported into the generated service worker (vite.config.ts workbox.importScripts). It relays the
// messages of spec part 2 §7 that keep open tabs up to date (change_cycle, download_complete,
// download_deleted, airportdb_downloaded; src/sw/messages.ts) from the tab that posts one to every
// other window of the app. Workbox's own SKIP_WAITING is left to it.
/* global self */
const CLEARWAY_RELAYED = ['change_cycle', 'download_complete', 'download_deleted', 'airportdb_downloaded'];

self.addEventListener('message', (event) => {
  const data = event.data;
  if (typeof data !== 'object' || data === null || !CLEARWAY_RELAYED.includes(data.type)) return;
  const from = event.source && event.source.id;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const client of windows) if (client.id !== from) client.postMessage(data);
    }),
  );
});
