import { describe, expect, it, vi } from 'vitest';
import { testPrefs } from '../test/renderApp';
import { CPU_BENCHMARK_ITERATIONS, GEOIP_PATH, isLowMemory, lookupGeoip, readPlatformInfo, readUtmParams, runCpuBenchmark } from './deviceProbes';

const silent = { info: () => undefined, warn: () => undefined };

describe('readUtmParams', () => {
  it('keeps the five spec keys from the landing query string and nothing else', () => {
    expect(readUtmParams('?utm_source=news&utm_medium=email&utm_campaign=spring&utm_term=ifr&utm_content=a&ref=x')).toEqual({
      utm_source: 'news',
      utm_medium: 'email',
      utm_campaign: 'spring',
      utm_term: 'ifr',
      utm_content: 'a',
    });
  });
  it('is null without utm keys, ignores empty values and cuts long ones', () => {
    expect(readUtmParams('')).toBeNull();
    expect(readUtmParams('?ref=x&utm_source=')).toBeNull();
    expect(readUtmParams(`?utm_source=${'a'.repeat(500)}`)?.utm_source).toHaveLength(200);
  });
});

describe('readPlatformInfo', () => {
  it('reads the high-entropy Client Hints named by the spec', async () => {
    const getHighEntropyValues = vi.fn(async () => ({ platform: 'Android', platformVersion: '14.0.0', architecture: 'arm', bitness: '64', model: 'Pixel 8', uaFullVersion: 'x' }));
    const info = await readPlatformInfo({ platform: 'Linux armv8l', userAgentData: { platform: 'Android', getHighEntropyValues } });
    expect(info).toEqual({ platform: 'Android', platformVersion: '14.0.0', architecture: 'arm', bitness: '64', model: 'Pixel 8' });
    expect(getHighEntropyValues).toHaveBeenCalledWith(['platform', 'platformVersion', 'architecture', 'bitness', 'model']);
  });
  it('falls back to navigator.platform without Client Hints or when they are refused', async () => {
    expect(await readPlatformInfo({ platform: 'MacIntel' })).toEqual({ platform: 'MacIntel' });
    const refused = await readPlatformInfo({ platform: 'Win32', userAgentData: { getHighEntropyValues: () => Promise.reject(new Error('no')) } });
    expect(refused).toEqual({ platform: 'Win32' });
  });
});

describe('isLowMemory', () => {
  it('is under 4 GB on a phone or tablet and under 2 GB elsewhere', () => {
    expect(isLowMemory({ deviceMemory: 2, userAgentData: { mobile: true } })).toBe(true);
    expect(isLowMemory({ deviceMemory: 4, userAgentData: { mobile: true } })).toBe(false);
    expect(isLowMemory({ deviceMemory: 2, maxTouchPoints: 5 })).toBe(true);
    expect(isLowMemory({ deviceMemory: 2, userAgentData: { mobile: false } })).toBe(false);
    expect(isLowMemory({ deviceMemory: 1, userAgentData: { mobile: false } })).toBe(true);
    expect(isLowMemory({ deviceMemory: 0.5 })).toBe(true);
  });
  it('is not low when the browser does not say', () => {
    expect(isLowMemory({})).toBe(false);
    expect(isLowMemory({ deviceMemory: Number.NaN })).toBe(false);
  });
});

describe('runCpuBenchmark', () => {
  it('runs 50 iterations timed on the given clock', () => {
    const readings = [100, 142.5];
    const clock = vi.fn(() => readings.shift() ?? 0);
    const result = runCpuBenchmark(clock);
    expect(result.iterations).toBe(CPU_BENCHMARK_ITERATIONS);
    expect(CPU_BENCHMARK_ITERATIONS).toBe(50);
    expect(result.elapsedMs).toBe(42.5);
    expect(clock).toHaveBeenCalledTimes(2);
    expect(Number.isFinite(result.checksum)).toBe(true);
  });
});

function geoFetch(reply: () => Promise<Response> | Response) {
  return vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    expect(String(input)).toBe(GEOIP_PATH);
    return reply();
  });
}

describe('lookupGeoip', () => {
  const NOW = 1_750_000_000_000;

  it('stores the answer as geoip_info with its timestamp', async () => {
    const prefs = testPrefs();
    await prefs.open();
    const fetch = geoFetch(() => Response.json({ latitude: 37.66, longitude: -122.12, city: 'Hayward', region: 'CA', country: 'US', accuracy: null, source: 'ip', provider: 'ip-api' }));
    const outcome = await lookupGeoip({ fetch, prefs, now: () => NOW, log: silent });
    const expected = { latitude: 37.66, longitude: -122.12, city: 'Hayward', region: 'CA', country: 'US', source: 'ip', provider: 'ip-api', timestamp: NOW };
    expect(outcome).toEqual({ state: 'stored', info: expected });
    expect(await prefs.getProperty('geoip_info')).toEqual(expected);
  });

  it('uses a fresh cached entry without asking, and asks again when it is a day old', async () => {
    const prefs = testPrefs();
    await prefs.open();
    await prefs.setProperty('geoip_info', { latitude: 1, longitude: 2, timestamp: NOW - 60_000 });
    const fetch = geoFetch(() => Response.json({ latitude: 3, longitude: 4 }));
    expect(await lookupGeoip({ fetch, prefs, now: () => NOW, log: silent })).toEqual({ state: 'cached', info: { latitude: 1, longitude: 2, timestamp: NOW - 60_000 } });
    expect(fetch).not.toHaveBeenCalled();
    const later = NOW - 60_000 + 24 * 3600_000;
    expect(await lookupGeoip({ fetch, prefs, now: () => later, log: silent })).toEqual({ state: 'stored', info: { latitude: 3, longitude: 4, timestamp: later } });
  });

  it('gives up after the time-out without storing anything', async () => {
    const prefs = testPrefs();
    await prefs.open();
    const fetch = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const outcome = await lookupGeoip({ fetch, prefs, now: () => NOW, timeoutMs: 20, log: silent });
    expect(outcome).toEqual({ state: 'failed', reason: 'GET /geoip gave no answer within 20 ms' });
    expect(await prefs.getProperty('geoip_info')).toBeUndefined();
  });

  it('reports the server refusal, a network failure and a malformed answer', async () => {
    const prefs = testPrefs();
    await prefs.open();
    const notConfigured = geoFetch(() => Response.json({ error: 'not_configured', message: 'IP geolocation is not configured on this server (set GEOIP_PROVIDER_URL)' }, { status: 503 }));
    const log = { info: vi.fn(), warn: vi.fn() };
    expect(await lookupGeoip({ fetch: notConfigured, prefs, now: () => NOW, log })).toEqual({
      state: 'failed',
      reason: 'GET /geoip answered 503: IP geolocation is not configured on this server (set GEOIP_PROVIDER_URL)',
    });
    // The server's default (no provider) is not a warning the error reporter would forward.
    expect(log.warn).not.toHaveBeenCalled();
    expect(log.info).toHaveBeenCalledWith('[boot] IP geolocation: GET /geoip answered 503: IP geolocation is not configured on this server (set GEOIP_PROVIDER_URL)');
    const offline = geoFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await lookupGeoip({ fetch: offline, prefs, now: () => NOW, log: silent })).toEqual({ state: 'failed', reason: 'GET /geoip failed: Failed to fetch' });
    const malformed = geoFetch(() => Response.json({ latitude: 'north', longitude: 200 }));
    expect(await lookupGeoip({ fetch: malformed, prefs, now: () => NOW, log: silent })).toEqual({
      state: 'failed',
      reason: 'GET /geoip answered without a valid latitude and longitude (latitude "north", longitude 200)',
    });
    const notJson = geoFetch(() => new Response('<html>', { status: 200 }));
    expect((await lookupGeoip({ fetch: notJson, prefs, now: () => NOW, log: silent })).state).toBe('failed');
    expect(await prefs.getProperty('geoip_info')).toBeUndefined();
  });
});
