import type { FastifyInstance } from 'fastify';
import type { GeoipConfig } from '../config/index.js';
import { GeoipProviderError, httpGeoipProvider, isPrivateAddress, type GeoipPosition, type GeoipProvider } from './provider.js';

export const GEOIP_PATH = '/geoip';
/** The rate limit's window, ms. */
export const GEOIP_WINDOW_MS = 10 * 60_000;

export interface GeoipRoutesOptions {
  config: GeoipConfig;
  /** Tests: a provider of their own (default: the HTTP provider of config.providerUrl, or none). */
  provider?: GeoipProvider | null;
  /** Wall clock, ms (the rate limit and the answer cache). */
  now?: () => number;
}

/**
 * `GET /geoip`: where the requesting address is, roughly (the app asks once, when no GPS, ADS-B or
 * simulator position exists).
 *
 * - 200 `{ latitude, longitude, city, region, country, source: 'ip', provider, accuracy: null }`
 * - 503 `{ error: 'not_configured', message }` when no provider is configured (the default)
 * - 404 `{ error: 'not_found', message }` when the provider does not know the address
 * - 502 `{ error: 'provider_failed', message }` when the provider cannot be reached or answers badly
 * - 429 `{ error: 'rate_limited', message }` with Retry-After: more than `ratePer10Min` requests
 *   from one address in 10 minutes (each address's answer is also kept for those 10 minutes).
 *
 * A private or loopback client (the pilot's laptop, an in-aircraft box) is placed by the provider
 * by this server's own public address (`{ip}` left empty), the same network.
 */
export async function geoipRoutes(app: FastifyInstance, options: GeoipRoutesOptions): Promise<void> {
  const now = options.now ?? Date.now;
  const provider = options.provider !== undefined ? options.provider : options.config.providerUrl === null ? null : httpGeoipProvider({ urlTemplate: options.config.providerUrl });
  const limit = options.config.ratePer10Min;
  const windows = new Map<string, { start: number; count: number }>();
  const answers = new Map<string, { at: number; position: GeoipPosition | null }>();

  const prune = (t: number) => {
    for (const [key, w] of windows) if (t - w.start >= GEOIP_WINDOW_MS) windows.delete(key);
    for (const [key, a] of answers) if (t - a.at >= GEOIP_WINDOW_MS) answers.delete(key);
  };

  app.get(GEOIP_PATH, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (provider === null) {
      return reply.code(503).send({ error: 'not_configured', message: 'IP geolocation is not configured on this server (set GEOIP_PROVIDER_URL)' });
    }
    const t = now();
    prune(t);
    const client = request.ip;
    const w = windows.get(client) ?? { start: t, count: 0 };
    w.count += 1;
    windows.set(client, w);
    if (w.count > limit) {
      const retryS = Math.max(1, Math.ceil((w.start + GEOIP_WINDOW_MS - t) / 1000));
      return reply.code(429).header('retry-after', String(retryS)).send({ error: 'rate_limited', message: `too many /geoip requests from ${client}: ${limit} per 10 minutes; try again in ${retryS} s` });
    }
    const address = isPrivateAddress(client) ? null : client;
    let position: GeoipPosition | null;
    const held = answers.get(client);
    if (held) {
      position = held.position;
    } else {
      try {
        position = await provider.locate(address);
      } catch (error) {
        const message = error instanceof GeoipProviderError ? error.message : `the geolocation provider ${provider.name} failed: ${String(error)}`;
        request.log.warn({ client }, `[geoip] ${message}`);
        return reply.code(502).send({ error: 'provider_failed', message });
      }
      answers.set(client, { at: t, position });
    }
    if (position === null) {
      return reply.code(404).send({ error: 'not_found', message: `the geolocation provider ${provider.name} does not know where ${address ?? 'this server'} is` });
    }
    return reply.send({ ...position, accuracy: null, source: 'ip', provider: provider.name });
  });
}
