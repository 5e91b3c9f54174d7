import { notamsFromFaaApiAnswer, type NotamRecord } from '@clearway/weather';
import { NotamFetchError, type NotamBatch, type NotamSource } from './source.js';

/** The FAA NOTAM API (v1) and the FAA TFR list (WFS GeoJSON) when NOTAM_FAA_URL / TFR_FAA_URL are unset. */
export const FAA_NOTAM_API_URL = 'https://external-api.faa.gov/notamapi/v1/notams';
export const FAA_TFR_LIST_URL = 'https://tfr.faa.gov/geoserver/TFR/ows?service=WFS&version=1.1.0&request=GetFeature&typeName=TFR:V_TFR_LOC&maxFeatures=1000&outputFormat=application/json&srsname=EPSG:4326';
/** NOTAMs change by the minute; the API allows a request every few seconds per client: every 10 minutes, all pages. */
export const FAA_POLL_INTERVAL_MS = 10 * 60_000;
/** At most this many pages per fetch (1,000 NOTAMs a page). */
export const FAA_MAX_PAGES = 200;

export interface FaaNotamSourceOptions {
  /** NOTAM API address (`.../notamapi/v1/notams`). */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** Extra query of every request (NOTAM_FAA_QUERY, e.g. `icaoLocation=KSFO,KOAK` or `domesticLocation=...`). */
  query: string;
  /** TFR list address; null: no TFRs. */
  tfrUrl: string | null;
  pageSize?: number;
  maxPages?: number;
  pollIntervalMs?: number;
  /** Request time-out, ms (default 30 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * NOTAM_SOURCE=faa: every page of the FAA NOTAM API's GeoJSON answer (client_id / client_secret
 * headers: NOTAM_FAA_CLIENT_ID, NOTAM_FAA_CLIENT_SECRET), decoded with @clearway/weather, and the FAA
 * TFR list. A failed page fails the fetch (nothing half-read is stored); a failed TFR list too.
 */
export class FaaNotamSource implements NotamSource {
  readonly kind = 'faa';
  readonly description: string;
  readonly pollIntervalMs: number;
  private readonly fetchFn: typeof fetch;

  constructor(private readonly options: FaaNotamSourceOptions) {
    this.description = `FAA NOTAM API ${options.apiUrl}${options.tfrUrl === null ? '' : ` and TFR list ${options.tfrUrl}`}`;
    this.pollIntervalMs = options.pollIntervalMs ?? FAA_POLL_INTERVAL_MS;
    this.fetchFn = options.fetch ?? fetch;
  }

  private async getJson(url: string, headers: Record<string, string>): Promise<unknown> {
    let response: Response;
    try {
      response = await this.fetchFn(url, { headers: { accept: 'application/json', ...headers }, signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000) });
    } catch (error) {
      throw new NotamFetchError(url, null, `GET ${url} failed: ${(error as Error).message}`);
    }
    if (!response.ok) throw new NotamFetchError(url, response.status, `GET ${url} answered HTTP ${response.status}${response.status === 401 || response.status === 403 ? ' (check NOTAM_FAA_CLIENT_ID and NOTAM_FAA_CLIENT_SECRET)' : ''}`);
    const text = await response.text();
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new NotamFetchError(url, response.status, `GET ${url} answered something that is not JSON: ${text.slice(0, 80)}`);
    }
  }

  async fetch(): Promise<NotamBatch> {
    const notams: NotamRecord[] = [];
    const rejected: string[] = [];
    const read: string[] = [];
    const pageSize = this.options.pageSize ?? 1000;
    const maxPages = this.options.maxPages ?? FAA_MAX_PAGES;
    const headers = { client_id: this.options.clientId, client_secret: this.options.clientSecret };
    for (let page = 1; page <= maxPages; page += 1) {
      const url = `${this.options.apiUrl}?responseFormat=geoJson&pageSize=${pageSize}&pageNum=${page}${this.options.query === '' ? '' : `&${this.options.query}`}`;
      let answer;
      try {
        answer = notamsFromFaaApiAnswer(await this.getJson(url, headers));
      } catch (error) {
        if (error instanceof NotamFetchError) throw error;
        throw new NotamFetchError(url, 200, `GET ${url}: ${(error as Error).message}`);
      }
      read.push(url);
      notams.push(...answer.notams);
      rejected.push(...answer.rejected.map((r) => `page ${page}: ${r}`));
      if (page >= answer.totalPages) break;
    }
    const tfrList = this.options.tfrUrl === null ? null : await this.getJson(this.options.tfrUrl, {});
    if (this.options.tfrUrl !== null) read.push(this.options.tfrUrl);
    return { notams, rejected, tfrList, read };
  }
}
