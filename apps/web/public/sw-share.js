// Imported into the generated service worker (vite.config.ts workbox.importScripts). The installed
// app's share target (manifest share_target, issue 24): a flight plan file shared from another app
// arrives as a POST (multipart/form-data, field "plan") to /app/route/share. The worker keeps the
// file in Cache Storage (CLEARWAY_SHARED_PLAN_CACHE, one entry) and redirects to the route screen,
// which takes it from there and imports it (src/features/route/planfiles/sharedPlan.ts).
/* global self, caches, Response, URL */
const CLEARWAY_SHARE_PATH = '/app/route/share';
const CLEARWAY_SHARED_PLAN_CACHE = 'clearway-shared-plan';
const CLEARWAY_SHARED_PLAN_KEY = '/shared-plan';

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'POST' || url.origin !== self.location.origin || url.pathname !== CLEARWAY_SHARE_PATH) return;
  event.respondWith(
    (async () => {
      let target = '/app/route?shared=1';
      try {
        const form = await event.request.formData();
        const file = form.getAll('plan').find((value) => typeof value === 'object' && value !== null && 'name' in value);
        if (file) {
          const cache = await caches.open(CLEARWAY_SHARED_PLAN_CACHE);
          await cache.put(
            CLEARWAY_SHARED_PLAN_KEY,
            new Response(file, { headers: { 'content-type': file.type || 'application/octet-stream', 'x-file-name': encodeURIComponent(file.name) } }),
          );
        } else {
          target = '/app/route?shared=none';
        }
      } catch {
        target = '/app/route?shared=error';
      }
      return Response.redirect(target, 303);
    })(),
  );
});
