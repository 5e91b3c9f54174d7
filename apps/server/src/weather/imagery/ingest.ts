import { imageryKey, imageryProduct, type ImageryFrame } from '@clearway/protocol';
import { redactAddresses, type ImagerySourceVariable } from '../../config/index.js';
import type { Database } from '../../db/index.js';
import { JobRunner, leasesFor, systemClock, type Job, type JobClock, type JobRun, type LeaseStore } from '../../jobs/index.js';
import { sniffImage } from './sniff.js';
import { ImageryStore, type ImageValidators } from './store.js';

/** The largest image the server takes from a source, bytes. */
export const MAX_IMAGE_BYTES = 25 * 1024 * 1024;
/** How long one fetch may take, ms. */
export const IMAGE_FETCH_TIMEOUT_MS = 30_000;

/** A configured view, with its product's settings filled in. */
export interface ImagerySource {
  product: string;
  view: string;
  url: string;
  everySeconds: number;
  maxFrames: number;
}

/** WX_IMAGERY_SOURCES entries with the catalogue's defaults (poll interval, frames kept). */
export function imagerySources(entries: readonly ImagerySourceVariable[]): ImagerySource[] {
  return entries.map((entry) => {
    const [product = '', view = ''] = entry.key.split('/');
    const info = imageryProduct(product);
    if (info === undefined || !info.views.some((v) => v.id === view)) throw new Error(`Unknown imagery view "${entry.key}"`);
    return { product, view, url: entry.url, everySeconds: entry.everySeconds ?? info.pollSeconds, maxFrames: info.kind === 'loop' ? (entry.frames ?? info.maxFrames) : 1 };
  });
}

/** pino's methods the ingester uses. */
export interface ImageryLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface ImageryIngesterOptions {
  db: Database;
  sources: readonly ImagerySource[];
  logger: ImageryLogger;
  clock?: JobClock;
  /** Default leasesFor(db): each view is fetched by one process per period. */
  leases?: LeaseStore;
  /** First look after start, ms (default 1 s). */
  startDelayMs?: number;
  /** Default the global fetch. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export type ImageryOutcome =
  | { key: string; status: 'new-frame'; frame: ImageryFrame; dropped: number }
  | { key: string; status: 'unchanged' | 'not-modified' }
  | { key: string; status: 'failed'; error: string };

export function imageryJobName(product: string, view: string): string {
  return `wximg_${product}_${view}`;
}

/** Reads a body up to `limit` bytes; null when it is longer. */
async function readLimited(response: Response, limit: number): Promise<Buffer | null> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel();
    return null;
  }
  if (response.body === null) return Buffer.alloc(0);
  const parts: Buffer[] = [];
  let total = 0;
  for await (const part of response.body as unknown as AsyncIterable<Uint8Array>) {
    total += part.length;
    if (total > limit) return null;
    parts.push(Buffer.from(part));
  }
  return Buffer.concat(parts);
}

/** What the index may say about a failure: the reason, never the source's address (it may carry a key). */
function failureText(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return `the source did not answer within ${Math.round(timeoutMs / 1000)} s`;
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = typeof cause === 'object' && cause !== null && 'code' in cause ? String((cause as { code: unknown }).code) : null;
  return `the source could not be reached${code === null ? '' : ` (${code})`}`;
}

/**
 * Fetches each configured imagery view from its source on its own period (one job per view in a
 * JobRunner: leases in job_leases on PostgreSQL, in-process on SQLite), with the source's validators
 * (If-None-Match / If-Modified-Since). A new picture (checked by its first bytes: PNG, GIF, JPEG or
 * WebP) becomes the view's newest frame with its issue time (Last-Modified, else the fetch time);
 * the same bytes again keep the frame. A failure (no answer, an HTTP error, not an image, too large)
 * keeps the frames and is recorded for the index and logged.
 */
export class ImageryIngester {
  readonly store: ImageryStore;
  private readonly runner: JobRunner;
  private readonly clock: JobClock;
  private readonly inFlight = new Map<string, Promise<ImageryOutcome>>();

  constructor(private readonly options: ImageryIngesterOptions) {
    this.store = new ImageryStore(options.db);
    this.clock = options.clock ?? systemClock;
    this.runner = new JobRunner(this.jobs(), {
      leases: options.leases ?? leasesFor(options.db),
      clock: this.clock,
      logger: { info: () => undefined, error: (details, message) => options.logger.warn(details, message) },
      startDelayMs: options.startDelayMs ?? 1_000,
    });
  }

  jobs(): Job[] {
    return this.options.sources.map((source) => {
      const periodMs = source.everySeconds * 1000;
      return { name: imageryJobName(source.product, source.view), periodMs, leaseMs: Math.max(periodMs, (this.options.timeoutMs ?? IMAGE_FETCH_TIMEOUT_MS) + 5_000), run: async () => void (await this.ingest(source)) };
    });
  }

  start(): void {
    if (this.options.sources.length === 0) return;
    this.options.logger.info({ views: this.options.sources.map((s) => imageryKey(s.product, s.view)) }, 'weather imagery ingestion started');
    this.runner.start();
  }

  stop(): Promise<void> {
    return this.runner.stop();
  }

  runDue(): Promise<JobRun[]> {
    return this.runner.runDue();
  }

  /** Every configured view once, one after another (tests, tools). */
  async ingestAll(): Promise<ImageryOutcome[]> {
    const outcomes: ImageryOutcome[] = [];
    for (const source of this.options.sources) outcomes.push(await this.ingest(source));
    return outcomes;
  }

  /** One fetch of a view now; a call while one runs joins it. */
  ingest(source: ImagerySource): Promise<ImageryOutcome> {
    const key = imageryKey(source.product, source.view);
    let running = this.inFlight.get(key);
    if (running === undefined) {
      running = this.ingestNow(source).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, running);
    }
    return running;
  }

  private async ingestNow(source: ImagerySource): Promise<ImageryOutcome> {
    const key = imageryKey(source.product, source.view);
    const { logger } = this.options;
    const timeoutMs = this.options.timeoutMs ?? IMAGE_FETCH_TIMEOUT_MS;
    const previous = (await this.store.source(source.product, source.view))?.validators ?? {};
    const headers: Record<string, string> = { accept: 'image/png, image/gif, image/jpeg, image/webp' };
    if (previous.etag !== undefined) headers['if-none-match'] = previous.etag;
    if (previous.lastModified !== undefined) headers['if-modified-since'] = previous.lastModified;
    const fail = async (error: string, details: object = {}): Promise<ImageryOutcome> => {
      const kept = await this.store.viewFrames(source.product, source.view);
      const latest = kept.at(-1);
      await this.store.recordAttempt(source.product, source.view, { at: this.clock.now(), error });
      logger.warn(
        { view: key, url: redactAddresses(source.url), error, keptFrames: kept.length, keptAgeMs: latest === undefined ? null : this.clock.now() - latest.issuedAt, ...details },
        latest === undefined ? 'weather image fetch failed; no image of this view yet' : 'weather image fetch failed; the last image is kept',
      );
      return { key, status: 'failed', error };
    };
    let response: Response;
    try {
      response = await (this.options.fetch ?? fetch)(source.url, { headers, redirect: 'follow', signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      return fail(failureText(error, timeoutMs), { err: error });
    }
    const at = this.clock.now();
    if (response.status === 304) {
      await response.body?.cancel();
      await this.store.recordAttempt(source.product, source.view, { at, error: null, validators: previous });
      return { key, status: 'not-modified' };
    }
    if (!response.ok) {
      await response.body?.cancel();
      return fail(`the source answered HTTP ${response.status}`);
    }
    let body: Buffer | null;
    try {
      body = await readLimited(response, MAX_IMAGE_BYTES);
    } catch (error) {
      return fail(failureText(error, timeoutMs), { err: error });
    }
    if (body === null) return fail(`the source's image is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`);
    const type = sniffImage(body);
    if (type === null) {
      return fail(`the source answered ${response.headers.get('content-type') ?? 'without a Content-Type'} (${body.length} bytes), not a PNG, GIF, JPEG or WebP image`);
    }
    const lastModified = response.headers.get('last-modified');
    const modifiedAt = lastModified === null ? NaN : Date.parse(lastModified);
    const validators: ImageValidators = {};
    const etag = response.headers.get('etag');
    if (etag !== null) validators.etag = etag;
    if (lastModified !== null) validators.lastModified = lastModified;
    const result = await this.store.add(
      source.product,
      source.view,
      {
        body,
        ext: type.ext,
        contentType: type.contentType,
        issuedAt: Number.isFinite(modifiedAt) ? modifiedAt : at,
        issuedFrom: Number.isFinite(modifiedAt) ? 'last-modified' : 'fetched',
        fetchedAt: at,
      },
      source.maxFrames,
    );
    await this.store.recordAttempt(source.product, source.view, { at, error: null, validators });
    if (!result.added) return { key, status: 'unchanged' };
    logger.info({ view: key, frame: result.frame.id, bytes: body.length, issuedAt: new Date(result.frame.issuedAt).toISOString(), dropped: result.dropped }, 'weather image stored');
    return { key, status: 'new-frame', frame: result.frame, dropped: result.dropped };
  }
}
