import type { WeatherProductType } from '@clearway/protocol';
import { textOf, type WeatherFile, type WeatherFileKind } from './files.js';
import type { SourceResult, WeatherSource } from './source.js';
import type { SourceValidator, SourceValidators } from './store.js';

/** One publisher URL of a type (a path below the AWC base URL) and the format it answers in. */
export interface AwcProduct {
  path: string;
  kind: WeatherFileKind;
}

/**
 * What is fetched for each type: the bulk cache files where the AWC publishes one (one request for
 * the whole world), the Data API's JSON for advisories and its text for FB winds. Gzip cache files
 * are gunzipped here; JSON and text come with Content-Encoding, which fetch undoes.
 */
export const AWC_PRODUCTS: Readonly<Record<WeatherProductType, readonly AwcProduct[]>> = {
  metar: [{ path: '/data/cache/metars.cache.csv.gz', kind: 'metar-csv' }],
  taf: [{ path: '/data/cache/tafs.cache.xml.gz', kind: 'taf-xml' }],
  pirep: [{ path: '/data/cache/aircraftreports.cache.csv.gz', kind: 'pirep-csv' }],
  airmet: [
    { path: '/api/data/airsigmet?format=json', kind: 'airsigmet-json' },
    { path: '/api/data/isigmet?format=json', kind: 'isigmet-json' },
    { path: '/api/data/gairmet?format=json', kind: 'gairmet-json' },
    { path: '/api/data/cwa?format=json', kind: 'cwa-json' },
  ],
  fbo: [
    { path: '/api/data/windtemp?region=all&level=low&fcst=06', kind: 'fb-text' },
    { path: '/api/data/windtemp?region=all&level=low&fcst=12', kind: 'fb-text' },
    { path: '/api/data/windtemp?region=all&level=low&fcst=24', kind: 'fb-text' },
  ],
  stations: [{ path: '/data/cache/stations.cache.json.gz', kind: 'stations-json' }],
};

/**
 * Poll intervals, ms. The METAR cache is rebuilt about every minute, but reports come hourly with
 * specials between: every 5 minutes. PIREPs and advisories as they come: 5 minutes. TAFs every 6 h
 * with amendments: 10 minutes. FB winds 4 times a day: 30 minutes. The station list daily.
 * Requests: (1 + 1 + 4) every 5 min + 1 every 10 + 3 every 30 + 1 a day, about 1.4 a minute
 * (at most 4 times that with every retry), far below the Data API's 100 a minute.
 */
export const AWC_POLL_INTERVAL_MS: Readonly<Record<WeatherProductType, number>> = {
  metar: 5 * 60_000,
  pirep: 5 * 60_000,
  airmet: 5 * 60_000,
  taf: 10 * 60_000,
  fbo: 30 * 60_000,
  stations: 24 * 60 * 60_000,
};

/** A request that failed: the URL and what came back. */
export class WeatherFetchError extends Error {
  override readonly name = 'WeatherFetchError';
  constructor(readonly url: string, readonly status: number | null, message: string) {
    super(message);
  }
}

export interface AwcSourceOptions {
  /** Per-type intervals (tests). */
  pollIntervalMs?: Partial<Record<WeatherProductType, number>>;
  /** Per-request time limit, ms (default 60 s: the METAR cache is a few MB). */
  timeoutMs?: number;
  /** The fetch to use (default the global one). */
  fetch?: typeof fetch;
  /** Clock for reference times (default Date.now). */
  now?: () => number;
}

interface Fetched {
  status: 'not-modified' | 'body';
  text: string | null;
  validator: SourceValidator;
  referenceMs: number;
}

/**
 * The Aviation Weather Center (https://aviationweather.gov, WEATHER_AWC_URL) over HTTP, with
 * conditional requests: the ETag and Last-Modified of each URL's last answer go back as
 * If-None-Match / If-Modified-Since, and a type all of whose URLs answer 304 is not modified. A
 * type of several URLs where only some changed reuses the others' last bodies (held here; after a
 * restart, fetched again without conditions).
 */
export class AwcSource implements WeatherSource {
  readonly kind = 'awc';
  readonly types = Object.keys(AWC_PRODUCTS) as WeatherProductType[];
  readonly description: string;
  private readonly bodies = new Map<string, { text: string; referenceMs: number }>();
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => number;

  constructor(private readonly baseUrl: string, private readonly options: AwcSourceOptions = {}) {
    this.description = `Aviation Weather Center at ${baseUrl}`;
    this.fetchImpl = options.fetch ?? fetch;
    this.now = options.now ?? Date.now;
  }

  pollIntervalMs(type: WeatherProductType): number {
    return this.options.pollIntervalMs?.[type] ?? AWC_POLL_INTERVAL_MS[type];
  }

  urlOf(product: AwcProduct): string {
    return `${this.baseUrl}${product.path}`;
  }

  private async get(url: string, validator: SourceValidator | undefined): Promise<Fetched> {
    const headers: Record<string, string> = { 'user-agent': 'Clearway weather ingestion (https://github.com/clearway)', accept: '*/*' };
    if (validator?.etag !== undefined) headers['if-none-match'] = validator.etag;
    if (validator?.lastModified !== undefined) headers['if-modified-since'] = validator.lastModified;
    let response: Response;
    try {
      response = await this.fetchImpl(url, { headers, signal: AbortSignal.timeout(this.options.timeoutMs ?? 60_000) });
    } catch (error) {
      throw new WeatherFetchError(url, null, `GET ${url} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    const etag = response.headers.get('etag') ?? undefined;
    const lastModified = response.headers.get('last-modified') ?? undefined;
    const next: SourceValidator = { ...(etag === undefined ? {} : { etag }), ...(lastModified === undefined ? {} : { lastModified }) };
    const modifiedMs = lastModified === undefined ? NaN : Date.parse(lastModified);
    const referenceMs = Number.isNaN(modifiedMs) ? this.now() : modifiedMs;
    if (response.status === 304) {
      await response.body?.cancel();
      return { status: 'not-modified', text: null, validator: { ...validator, ...next }, referenceMs };
    }
    if (response.status === 204) return { status: 'body', text: '[]', validator: next, referenceMs };
    if (!response.ok) {
      await response.body?.cancel();
      throw new WeatherFetchError(url, response.status, `GET ${url} answered ${response.status} ${response.statusText}`);
    }
    return { status: 'body', text: textOf(Buffer.from(await response.arrayBuffer())), validator: next, referenceMs };
  }

  async fetch(type: WeatherProductType, previous: SourceValidators): Promise<SourceResult> {
    const products = AWC_PRODUCTS[type];
    const validators: SourceValidators = {};
    const answers: Array<{ product: AwcProduct; url: string; fetched: Fetched }> = [];
    // One URL after another: a type's requests never burst.
    for (const product of products) {
      const url = this.urlOf(product);
      const fetched = await this.get(url, previous[url]);
      answers.push({ product, url, fetched });
      validators[url] = fetched.validator;
    }
    if (answers.every((answer) => answer.fetched.status === 'not-modified')) return { status: 'not-modified', validators };
    const files: WeatherFile[] = [];
    for (const { product, url, fetched } of answers) {
      let body = fetched.status === 'body' && fetched.text !== null ? { text: fetched.text, referenceMs: fetched.referenceMs } : this.bodies.get(url);
      if (body === undefined) {
        // 304 for a body this process never had (restarted): fetch it without conditions.
        const fresh = await this.get(url, undefined);
        validators[url] = fresh.validator;
        body = { text: fresh.text ?? '', referenceMs: fresh.referenceMs };
      }
      this.bodies.set(url, body);
      // The Data API answers an empty list as `[]` or nothing at all: no file.
      if (body.text.trim() === '' || body.text.trim() === '[]') continue;
      files.push({ name: url, kind: product.kind, text: body.text, referenceMs: body.referenceMs });
    }
    return { status: 'files', files, validators };
  }
}
