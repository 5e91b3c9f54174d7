/**
 * IP geolocation providers (issue 19: "IP geolocation (a server endpoint with a configurable provider;
 * none by default) asked once when nothing else exists"). A provider turns a client address into a
 * rough position; the HTTP provider asks a web service through a URL template.
 */

export interface GeoipPosition {
  latitude: number;
  longitude: number;
  city: string | null;
  region: string | null;
  country: string | null;
}

export interface GeoipProvider {
  /** Where the address is, or null when the provider does not know it. Throws GeoipProviderError when the provider fails. */
  locate(address: string | null): Promise<GeoipPosition | null>;
  /** For logs and answers: the provider's host. */
  readonly name: string;
}

export class GeoipProviderError extends Error {
  override readonly name = 'GeoipProviderError';
}

/** Loopback, private, link-local and unique-local addresses: a provider cannot place them. */
export function isPrivateAddress(address: string): boolean {
  const a = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (/^(127\.|10\.|192\.168\.|169\.254\.|0\.)/.test(a)) return true;
  const m = /^172\.(\d+)\./.exec(a);
  if (m && Number(m[1]) >= 16 && Number(m[1]) <= 31) return true;
  const lower = a.toLowerCase();
  return lower === '::1' || lower === '::' || /^f[cd][0-9a-f]{2}:/.test(lower) || /^fe[89ab][0-9a-f]:/.test(lower);
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/**
 * Reads the JSON of ip-api-like services: `lat`/`lon` (ip-api.com) or `latitude`/`longitude`
 * (ipapi.co, ipwho.is, freeipapi), `city`, `regionName`/`region`, `country`/`country_name`;
 * `status: "fail"` (ip-api) or `success: false` / `error: true` (others) means not known.
 */
export function positionFromProviderJson(body: unknown): GeoipPosition | null {
  if (typeof body !== 'object' || body === null) return null;
  const o = body as Record<string, unknown>;
  if (o.status === 'fail' || o.success === false || o.error === true) return null;
  const latitude = num(o.lat ?? o.latitude);
  const longitude = num(o.lon ?? o.lng ?? o.longitude);
  if (latitude === null || longitude === null || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return {
    latitude,
    longitude,
    city: str(o.city),
    region: str(o.regionName ?? o.region ?? o.region_name),
    country: str(o.country_name ?? o.country ?? o.countryName),
  };
}

export interface HttpGeoipProviderOptions {
  /** URL with `{ip}` where the address goes (URL-encoded; empty for a private address: the provider places the caller, this server). */
  urlTemplate: string;
  fetch?: typeof fetch;
  /** Default 5,000 ms. */
  timeoutMs?: number;
}

/** A provider behind an HTTP GET answering JSON (see positionFromProviderJson). */
export function httpGeoipProvider(options: HttpGeoipProviderOptions): GeoipProvider {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const name = (() => {
    try {
      return new URL(options.urlTemplate.replace('{ip}', '0.0.0.0')).host;
    } catch {
      return 'provider';
    }
  })();
  return {
    name,
    async locate(address) {
      const url = options.urlTemplate.replace('{ip}', address === null ? '' : encodeURIComponent(address));
      let response: Response;
      try {
        response = await doFetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        throw new GeoipProviderError(`the geolocation provider ${name} could not be reached: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (response.status === 404) return null;
      if (!response.ok) throw new GeoipProviderError(`the geolocation provider ${name} answered ${response.status}`);
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw new GeoipProviderError(`the geolocation provider ${name} answered something that is not JSON`);
      }
      return positionFromProviderJson(body);
    },
  };
}
