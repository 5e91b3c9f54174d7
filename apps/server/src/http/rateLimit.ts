import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** At most `perMinute` requests from one client address in a minute on a route (STYLE item 17). */
export interface AddressLimit {
  perMinute: number;
}

/**
 * The per-address limits of the public read endpoints. Generous for a pilot (an imagery loop is a
 * dozen frames; the 3D map reads terrain from a pack by Range, a few requests per tile), tight
 * enough that one address cannot pull a whole dataset in a burst or hold the server's CPU.
 */
export const ADDRESS_LIMITS = {
  /** `GET /wx/img/...`: weather image frames and their index. */
  weatherImagery: { perMinute: 600 },
  /** `GET /wx/...`: weather snapshots (each a few kB to a few MB). */
  weather: { perMinute: 300 },
  /** `GET`/`HEAD /packs/...`: region packs and their index (a download is a few Range requests; the map's remote terrain many small ones). */
  packs: { perMinute: 1200 },
  /** `GET /ws/devices`: websocket upgrades (a reconnecting app opens a few a minute). */
  devicesSocket: { perMinute: 30 },
} as const satisfies Record<string, AddressLimit>;

/**
 * Route options that put `limit` on a route: `app.get(path, addressLimited(limit), handler)`.
 * Counted per client address (request.ip, which honours TRUST_PROXY), in each server process.
 */
export function addressLimited(limit: AddressLimit): { config: { rateLimit: { max: number; timeWindow: number } } } {
  return { config: { rateLimit: { max: limit.perMinute, timeWindow: 60_000 } } };
}

/**
 * Registers @fastify/rate-limit for the routes that ask for it with addressLimited (no global
 * limit). Call before the routes are registered. A refused request gets 429, a Retry-After header
 * and a message that names the address, the path, the limit and when to retry.
 */
export async function registerAddressLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (request: FastifyRequest) => request.ip,
    errorResponseBuilder: (request, context) => ({
      statusCode: context.statusCode,
      error: 'Too Many Requests',
      message: `Too many requests from ${request.ip} to ${request.routeOptions.url ?? request.url}: at most ${context.max} a minute; retry in ${Math.max(1, Math.ceil(context.ttl / 1000))} s.`,
    }),
  });
}
