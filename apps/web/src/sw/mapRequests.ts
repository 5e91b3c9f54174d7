import { isMapCachedUrl } from './cachePolicy';

/**
 * The map's requests made before a service worker controlled the page (the first visit: the worker is
 * registered after the map's first picture). They went to the network and the HTTP cache only, so when
 * the first worker takes control, register.ts asks for them again through it: the view the pilot opened
 * first is then in the runtime caches too. Once a worker controls the page nothing is recorded, its
 * runtime caches see every request themselves.
 */
export const MAP_REQUESTS_KEPT = 400;

const seen = new Set<string>();

/** Notes one request of a map (MapLibre's transformRequest), if a runtime cache would keep it. */
export function noteMapRequest(url: string, controlled: boolean = typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller)): void {
  if (controlled || seen.size >= MAP_REQUESTS_KEPT || !isMapCachedUrl(url)) return;
  seen.add(url);
}

/** The noted requests, once: the list is emptied. */
export function takeMapRequests(): string[] {
  const urls = [...seen];
  seen.clear();
  return urls;
}
