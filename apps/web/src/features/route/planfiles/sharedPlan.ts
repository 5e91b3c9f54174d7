/**
 * The flight plan file shared to the installed app (manifest share_target, issue 24): the service
 * worker (public/sw-share.js) keeps it in Cache Storage and sends the app to `/app/route?shared=1`;
 * the route screen takes it from there (once: the entry is deleted) and imports it.
 */
export const SHARED_PLAN_CACHE = 'clearway-shared-plan';
export const SHARED_PLAN_KEY = '/shared-plan';

/** What `?shared=` says: a file is waiting, the share carried no file, or the worker could not read it. */
export function sharedPlanProblem(shared: string | null): string | null {
  if (shared === 'none') return 'The share carried no flight plan file.';
  if (shared === 'error') return 'The shared file could not be read.';
  return null;
}

/** The shared file, removed from the cache; null when there is none (or no Cache Storage). */
export async function takeSharedPlan(storage: CacheStorage | undefined = globalThis.caches): Promise<File | null> {
  if (!storage) return null;
  const cache = await storage.open(SHARED_PLAN_CACHE);
  const response = await cache.match(SHARED_PLAN_KEY);
  if (!response) return null;
  await cache.delete(SHARED_PLAN_KEY);
  const name = decodeURIComponent(response.headers.get('x-file-name') ?? 'shared plan');
  return new File([await response.blob()], name, { type: response.headers.get('content-type') ?? '' });
}
