import type { GeoipInfo, PlatformInfo, PropertyStore, UtmParams } from '../db/prefs';

/**
 * The start-up probes of spec part 1 §4 "Start-up" and §3 "Property keys" that never hold boot up:
 * the landing page's utm_params, the platform info, the 50-iteration CPU benchmark, low-memory
 * detection (§9 "Device memory below 2 or 4 gigabytes counts as low memory") and the cached
 * IP-geolocation lookup (`geoip_info`, from the server's `GET /geoip`).
 */

/** The utm parameter names of spec part 1 §3 "utm_params". */
export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
/** Iterations of the start-up CPU benchmark (spec part 1 §4). */
export const CPU_BENCHMARK_ITERATIONS = 50;
/** Low memory on a phone or tablet: navigator.deviceMemory under this many GB (spec part 1 §9). */
export const LOW_MEMORY_MOBILE_GB = 4;
/** Low memory on any other device: navigator.deviceMemory under this many GB (spec part 1 §9). */
export const LOW_MEMORY_GB = 2;
/** The server's IP-geolocation endpoint (apps/server src/geoip). */
export const GEOIP_PATH = '/geoip';
/** The geolocation lookup gives up after this long; boot never waits for it. */
export const GEOIP_TIMEOUT_MS = 5000;
/** A cached geoip_info younger than this is used as it is, without asking again. */
export const GEOIP_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Max characters kept of one utm value (a landing URL is the visitor's to write). */
export const UTM_VALUE_MAX_CHARS = 200;

/** The utm parameters of a landing URL's query string; null when it has none. */
export function readUtmParams(search: string): UtmParams | null {
  const query = new URLSearchParams(search);
  const params: UtmParams = {};
  for (const key of UTM_KEYS) {
    const value = query.get(key);
    if (value !== null && value.trim() !== '') params[key] = value.trim().slice(0, UTM_VALUE_MAX_CHARS);
  }
  return Object.keys(params).length > 0 ? params : null;
}

/** What of `navigator` the platform and memory probes read (a fake in tests). */
export interface NavigatorLike {
  platform?: string;
  deviceMemory?: number;
  maxTouchPoints?: number;
  userAgentData?: {
    mobile?: boolean;
    platform?: string;
    getHighEntropyValues?: (hints: string[]) => Promise<Record<string, unknown>>;
  };
}

const PLATFORM_HINTS = ['platform', 'platformVersion', 'architecture', 'bitness', 'model'] as const;

/**
 * The platform info property (spec part 1 §3: platform, platformVersion, architecture, bitness,
 * model) from User-Agent Client Hints where the browser has them, else `navigator.platform`.
 */
export async function readPlatformInfo(nav: NavigatorLike): Promise<PlatformInfo> {
  const info: PlatformInfo = {};
  const data = nav.userAgentData;
  if (data?.platform) info.platform = data.platform;
  if (data?.getHighEntropyValues) {
    try {
      const hints = await data.getHighEntropyValues([...PLATFORM_HINTS]);
      for (const key of PLATFORM_HINTS) {
        const value = hints[key];
        if (typeof value === 'string' && value !== '') info[key] = value;
      }
    } catch {
      // Hints refused: keep what the low-entropy values gave.
    }
  }
  if (!info.platform && nav.platform) info.platform = nav.platform;
  return info;
}

/**
 * Low memory (spec part 1 §9 "Device memory below 2 or 4 gigabytes counts as low memory"): under
 * 4 GB on a phone or tablet (Client Hints `mobile`, or a touch screen), under 2 GB elsewhere. Unknown
 * memory (Firefox, Safari have no deviceMemory) is not low.
 */
export function isLowMemory(nav: NavigatorLike): boolean {
  const gb = nav.deviceMemory;
  if (typeof gb !== 'number' || !Number.isFinite(gb) || gb <= 0) return false;
  const mobile = nav.userAgentData?.mobile ?? (nav.maxTouchPoints ?? 0) > 0;
  return gb < (mobile ? LOW_MEMORY_MOBILE_GB : LOW_MEMORY_GB);
}

/**
 * The start-up CPU benchmark (spec part 1 §4 "A 50-iteration CPU benchmark runs and its time is
 * logged"): 50 rounds of a fixed floating-point workload, timed on `clock` (ms). Returns the total ms
 * and a checksum of the work (so it cannot be optimised away).
 */
export function runCpuBenchmark(clock: () => number, iterations = CPU_BENCHMARK_ITERATIONS): { elapsedMs: number; iterations: number; checksum: number } {
  const start = clock();
  let checksum = 0;
  for (let i = 0; i < iterations; i += 1) {
    let x = i + 1;
    for (let j = 0; j < 2000; j += 1) x = Math.sqrt(x * x + j) * Math.sin(j) + Math.cos(x);
    checksum += x;
  }
  return { elapsedMs: clock() - start, iterations, checksum };
}

export interface GeoipLookupDeps {
  fetch: typeof fetch;
  prefs: Pick<PropertyStore, 'getProperty' | 'setProperty'>;
  /** Wall clock, ms since epoch (the cached entry's timestamp). */
  now: () => number;
  timeoutMs?: number;
  maxAgeMs?: number;
  log?: Pick<Console, 'info' | 'warn'>;
}

export type GeoipLookupOutcome =
  | { state: 'cached'; info: GeoipInfo }
  | { state: 'stored'; info: GeoipInfo }
  | { state: 'failed'; reason: string };

/**
 * The IP-geolocation lookup cached as `geoip_info` with its timestamp (spec part 1 §3, §4, §7):
 * a fresh cached entry is used as it is; else `GET /geoip` is asked with a time-out and a good
 * answer (numeric latitude and longitude) is stored. Every failure (time-out, no provider on the
 * server: 503, unknown address, a malformed answer) is reported in the outcome and logged (503 as
 * info: the server's default), never thrown.
 */
export async function lookupGeoip(deps: GeoipLookupDeps): Promise<GeoipLookupOutcome> {
  const { log = console, timeoutMs = GEOIP_TIMEOUT_MS, maxAgeMs = GEOIP_MAX_AGE_MS } = deps;
  // A server without a provider (503, the default) is normal: logged as info, not a reported warning.
  const fail = (reason: string, level: 'info' | 'warn' = 'warn'): GeoipLookupOutcome => {
    log[level](`[boot] IP geolocation: ${reason}`);
    return { state: 'failed', reason };
  };
  try {
    const cached = await deps.prefs.getProperty('geoip_info');
    if (cached && typeof cached.timestamp === 'number' && deps.now() - cached.timestamp < maxAgeMs) return { state: 'cached', info: cached };
  } catch {
    // Unreadable cache: ask again.
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let body: unknown;
  try {
    const response = await deps.fetch(GEOIP_PATH, { signal: controller.signal, headers: { accept: 'application/json' } });
    if (!response.ok) {
      let detail = '';
      try {
        const error = (await response.json()) as { message?: unknown };
        if (typeof error.message === 'string') detail = `: ${error.message}`;
      } catch {
        // Not JSON: the status says enough.
      }
      return fail(`GET ${GEOIP_PATH} answered ${response.status}${detail}`, response.status === 503 ? 'info' : 'warn');
    }
    body = await response.json();
  } catch (error) {
    if (controller.signal.aborted) return fail(`GET ${GEOIP_PATH} gave no answer within ${timeoutMs} ms`);
    return fail(`GET ${GEOIP_PATH} failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    clearTimeout(timer);
  }
  if (typeof body !== 'object' || body === null) return fail(`GET ${GEOIP_PATH} answered with no JSON object`);
  const { latitude, longitude } = body as { latitude?: unknown; longitude?: unknown };
  if (typeof latitude !== 'number' || typeof longitude !== 'number' || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
    return fail(`GET ${GEOIP_PATH} answered without a valid latitude and longitude (latitude ${JSON.stringify(latitude)}, longitude ${JSON.stringify(longitude)})`);
  }
  const fields = body as Record<string, unknown>;
  const info: GeoipInfo = { latitude, longitude, timestamp: deps.now() };
  for (const key of ['city', 'region', 'country', 'provider', 'source'] as const) if (typeof fields[key] === 'string') info[key] = fields[key];
  try {
    await deps.prefs.setProperty('geoip_info', info);
  } catch (error) {
    return fail(`could not store geoip_info: ${error instanceof Error ? error.message : String(error)}`);
  }
  log.info(`[boot] IP geolocation stored (${latitude.toFixed(2)}, ${longitude.toFixed(2)})`);
  return { state: 'stored', info };
}
