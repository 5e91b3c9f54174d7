/** IP geolocation (geoip/: GEOIP_PROVIDER_URL, GEOIP_RATE_LIMIT). No provider by default. */
export interface GeoipConfig {
  /**
   * GEOIP_PROVIDER_URL: an http(s) URL template with `{ip}` where the client's address goes, e.g.
   * `http://ip-api.com/json/{ip}` (ip-api-like JSON: `lat`/`lon` or `latitude`/`longitude`).
   * null: not configured, GET /geoip answers 503.
   */
  providerUrl: string | null;
  /** GEOIP_RATE_LIMIT: requests per client address per 10 minutes (default 10). */
  ratePer10Min: number;
}

export class GeoipConfigError extends Error {
  override readonly name = 'GeoipConfigError';
}

/** Reads GEOIP_* from the environment; throws GeoipConfigError naming the variable and value. */
export function geoipConfigOf(env: Record<string, string | undefined>): GeoipConfig {
  const url = env.GEOIP_PROVIDER_URL?.trim() ?? '';
  let providerUrl: string | null = null;
  if (url !== '' && url !== 'off') {
    let parsed: URL;
    try {
      parsed = new URL(url.replace('{ip}', '0.0.0.0'));
    } catch {
      throw new GeoipConfigError(`GEOIP_PROVIDER_URL must be an http(s) URL template with {ip} (got "${url}")`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new GeoipConfigError(`GEOIP_PROVIDER_URL must be an http(s) URL (got "${url}")`);
    providerUrl = url;
  }
  const rate = env.GEOIP_RATE_LIMIT?.trim() ?? '';
  if (rate !== '' && (!/^\d+$/.test(rate) || Number(rate) < 1 || Number(rate) > 10_000)) {
    throw new GeoipConfigError(`GEOIP_RATE_LIMIT must be an integer between 1 and 10000 (got "${rate}")`);
  }
  return { providerUrl, ratePer10Min: rate === '' ? 10 : Number(rate) };
}
