import {
  CLIENT_CONFIG_PATH,
  clientConfigSchema,
  defaultDataChannel,
  describeIssues,
  endpointsForOrigin,
  resolveEndpoints,
  type ClientConfig,
} from '@clearway/protocol';
import type { ConfigSource } from '../store/configSlice';

export interface LoadedConfig {
  config: ClientConfig;
  source: ConfigSource;
  /** Why the server's configuration was not used (source 'fallback'). */
  error?: string;
}

export interface LoadConfigOptions {
  fetch: typeof fetch;
  /** location.origin, e.g. 'http://127.0.0.1:8080'. */
  origin: string;
  /** This build's version, used in the fallback configuration. */
  appVersion: string;
  /** Give up on the request after this many ms (the service worker answers from cache first when offline). */
  timeoutMs?: number;
  /** The request's HTTP cache mode ('no-store' for the version poll). */
  cache?: RequestCache;
}

/** The configuration used when the server's cannot be had: every endpoint on this origin. */
export function fallbackClientConfig(origin: string, appVersion: string): ClientConfig {
  const env = 'localhost';
  return {
    env,
    version: appVersion,
    dataChannel: defaultDataChannel(env),
    remoteLogging: false,
    endpoints: endpointsForOrigin(origin),
  };
}

/**
 * GET /api/config and validate it; endpoints the server gives as paths on this origin (its default)
 * are made absolute on `origin`, so the rest of the app always sees full addresses, at whatever
 * address the app was opened (localhost, 127.0.0.1, a LAN address, a host name). Offline, the service worker's NetworkFirst route answers from its
 * cache; if that fails too, start with the fallback configuration derived from the origin.
 */
export async function loadClientConfig({ fetch, origin, appVersion, timeoutMs = 8000, cache }: LoadConfigOptions): Promise<LoadedConfig> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(CLIENT_CONFIG_PATH, { signal: controller.signal, headers: { accept: 'application/json' }, ...(cache ? { cache } : {}) });
    if (!response.ok) throw new Error(`${CLIENT_CONFIG_PATH} answered ${response.status}`);
    const parsed = clientConfigSchema.safeParse(await response.json());
    if (!parsed.success) {
      const issues = describeIssues(parsed.error).map((issue) => `${issue.path}: ${issue.message}`);
      throw new Error(`${CLIENT_CONFIG_PATH} is not a valid configuration (${issues.join('; ')})`);
    }
    return { config: { ...parsed.data, endpoints: resolveEndpoints(parsed.data.endpoints, origin) }, source: 'server' };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { config: fallbackClientConfig(origin, appVersion), source: 'fallback', error: message };
  } finally {
    clearTimeout(timer);
  }
}
