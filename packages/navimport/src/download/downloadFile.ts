import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Progress of one file download. */
export interface DownloadProgress {
  url: string;
  /** Final path of the file being downloaded. */
  file: string;
  /** Bytes on disk so far, counting what an earlier attempt left in the `.part` file. */
  bytes: number;
  /** Size of the whole file in bytes, or null while the server has not said. */
  totalBytes: number | null;
  /** bytes / totalBytes in percent (0 to 100), or null when the size is unknown. */
  pct: number | null;
  /** Bytes still to come, or null when the size is unknown. */
  remainingBytes: number | null;
}

export interface DownloadOptions {
  url: string;
  /** Final path. The body goes to `${dest}.part` and is renamed to `dest` only once complete. */
  dest: string;
  onProgress?: (progress: DownloadProgress) => void;
  /** Cancels the download; the `.part` file is kept so a later call resumes it. */
  signal?: AbortSignal;
  /** Further attempts after a failed one (network error, cut connection, 5xx, short body). Default 5. */
  retries?: number;
  /** Wait before the first retry in milliseconds, doubled for each further one up to 10 s. Default 500. */
  retryDelayMs?: number;
  /** An attempt that receives nothing for this long, in milliseconds, is dropped and retried. Default 30 000. */
  idleTimeoutMs?: number;
}

export interface DownloadResult {
  url: string;
  file: string;
  /** Size of the file, bytes. */
  bytes: number;
  /** Attempts made (1 when the first one succeeded). */
  attempts: number;
  /** True when some of the file came from an earlier attempt's `.part` file via a Range request. */
  resumed: boolean;
}

/** A download that failed for good, naming the URL and, when there was one, the HTTP status. */
export class DownloadError extends Error {
  override readonly name = 'DownloadError';

  constructor(
    message: string,
    readonly url: string,
    /** HTTP status of the last answer, or null for a network failure. */
    readonly status: number | null,
    /** Whether another attempt could succeed (network errors, 5xx); false for 404 and other 4xx. */
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** What we remember beside a `.part` file, so that a resume asks for the same version of the same URL. */
interface PartMeta {
  url: string;
  etag: string | null;
  lastModified: string | null;
  totalBytes: number | null;
}

const DEFAULTS = { retries: 5, retryDelayMs: 500, idleTimeoutMs: 30_000 } as const;
const MAX_RETRY_DELAY_MS = 10_000;

async function fileSize(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}

async function readMeta(path: string): Promise<PartMeta | null> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as PartMeta;
  } catch {
    return null;
  }
}

/** Parses `bytes 100-199/1000` to {start: 100, end: 199, total: 1000}, and the form without a range (star) to {total}. */
function parseContentRange(value: string | null): { start: number | null; end: number | null; total: number | null } | null {
  const match = /^bytes\s+(?:(\d+)-(\d+)|\*)\/(\d+|\*)$/i.exec(value?.trim() ?? '');
  if (!match) return null;
  return {
    start: match[1] === undefined ? null : Number(match[1]),
    end: match[2] === undefined ? null : Number(match[2]),
    total: match[3] === '*' || match[3] === undefined ? null : Number(match[3]),
  };
}

function parseLength(value: string | null): number | null {
  return value !== null && /^\d+$/.test(value.trim()) ? Number(value.trim()) : null;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The download was aborted', 'AbortError');
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal as AbortSignal));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Outcome of one attempt: done, or a failure that may be retried. */
type Attempt = { done: true; resumed: boolean } | { done: false; error: DownloadError };

/**
 * Downloads `url` to `dest`, resumably. The body is written to `${dest}.part`; when a `.part` file of
 * the same URL exists, the request asks for the rest with `Range: bytes=N-` (and `If-Range` with the
 * validator seen before). A 206 answer is appended; a 200 answer (the server ignores ranges, or the
 * file changed) restarts from zero. The length is checked against Content-Length / Content-Range,
 * and the file is renamed to `dest` only when complete, so `dest` never holds a partial file.
 * Failures that may pass (network errors, a cut connection, an idle connection, 5xx, 408, 429, a
 * short body) are retried up to `retries` times with a growing delay; 404 and other 4xx fail at once.
 * @throws DownloadError when it gives up; the signal's reason when aborted (the `.part` file stays).
 */
export async function downloadFile(options: DownloadOptions): Promise<DownloadResult> {
  const { url, dest, signal } = options;
  const retries = options.retries ?? DEFAULTS.retries;
  const part = `${dest}.part`;
  const metaPath = `${dest}.part.json`;
  await mkdir(dirname(dest), { recursive: true });

  let lastError: DownloadError | null = null;
  for (let attempt = 1; attempt <= retries + 1; attempt++) {
    if (signal?.aborted) throw abortReason(signal);
    if (attempt > 1) {
      const delay = Math.min((options.retryDelayMs ?? DEFAULTS.retryDelayMs) * 2 ** (attempt - 2), MAX_RETRY_DELAY_MS);
      await sleep(delay, signal);
    }
    const outcome = await attemptDownload(options, part, metaPath);
    if (outcome.done) {
      await rename(part, dest);
      await rm(metaPath, { force: true });
      return { url, file: dest, bytes: await fileSize(dest), attempts: attempt, resumed: outcome.resumed };
    }
    lastError = outcome.error;
    if (!outcome.error.retryable) throw outcome.error;
  }
  throw new DownloadError(
    `Download of ${url} failed after ${retries + 1} attempts: ${lastError?.message ?? 'unknown error'}`,
    url,
    lastError?.status ?? null,
    false,
    { cause: lastError },
  );
}

/** One request: resume or restart the `.part` file and stream the body into it. */
async function attemptDownload(options: DownloadOptions, part: string, metaPath: string): Promise<Attempt> {
  const { url, dest, signal, onProgress } = options;
  const idleTimeoutMs = options.idleTimeoutMs ?? DEFAULTS.idleTimeoutMs;
  const meta = await readMeta(metaPath);
  // A .part file is only trusted when we know it came from this URL.
  let offset = meta?.url === url ? await fileSize(part) : 0;
  if (offset === 0) await rm(part, { force: true });

  const headers: Record<string, string> = { 'accept-encoding': 'identity' };
  if (offset > 0) {
    headers.range = `bytes=${offset}-`;
    const validator = meta?.etag && !meta.etag.startsWith('W/') ? meta.etag : meta?.lastModified;
    if (validator) headers['if-range'] = validator;
  }

  // Each attempt has its own controller, so an idle connection can be dropped without ending the whole download.
  const idle = new AbortController();
  const requestSignal = signal ? AbortSignal.any([signal, idle.signal]) : idle.signal;
  let timer: NodeJS.Timeout | undefined;
  const armIdleTimer = () => {
    clearTimeout(timer);
    timer = setTimeout(() => idle.abort(new Error(`no data for ${idleTimeoutMs} ms`)), idleTimeoutMs);
  };
  const failure = (message: string, status: number | null, retryable: boolean, cause?: unknown): Attempt => ({
    done: false,
    error: new DownloadError(message, url, status, retryable, { cause }),
  });

  armIdleTimer();
  try {
    let response: Response;
    try {
      response = await fetch(url, { headers, signal: requestSignal, redirect: 'follow' });
    } catch (error) {
      if (signal?.aborted) throw abortReason(signal);
      return failure(`Cannot reach ${url}: ${describe(error)}`, null, true, error);
    }

    if (response.status === 416 && offset > 0) {
      await response.body?.cancel();
      // Asked for bytes past the end: the .part file may already be the whole file.
      const range = parseContentRange(response.headers.get('content-range'));
      if (range?.total !== null && range?.total === offset) return { done: true, resumed: true };
      await rm(part, { force: true });
      return failure(`${url} rejected the resume at byte ${offset} (HTTP 416); restarting`, 416, true);
    }
    if (response.status !== 200 && response.status !== 206) {
      await response.body?.cancel();
      const retryable = response.status >= 500 || response.status === 408 || response.status === 429;
      return failure(`HTTP ${response.status} ${response.statusText} from ${url}`, response.status, retryable);
    }

    let expected = parseLength(response.headers.get('content-length'));
    let totalBytes: number | null;
    let resumed = false;
    if (response.status === 206) {
      const range = parseContentRange(response.headers.get('content-range'));
      if (range === null || range.start !== offset || range.end === null) {
        await response.body?.cancel();
        await rm(part, { force: true });
        return failure(`${url} answered a resume with an unexpected range; restarting`, 206, true);
      }
      expected = range.end - range.start + 1;
      totalBytes = range.total;
      resumed = true;
    } else {
      // 200: the whole file, whatever was asked.
      offset = 0;
      totalBytes = expected;
    }
    const etag = response.headers.get('etag');
    const lastModified = response.headers.get('last-modified');
    const saved: PartMeta = { url, etag, lastModified, totalBytes };
    await writeFile(metaPath, JSON.stringify(saved));

    const handle = await open(part, offset > 0 ? 'a' : 'w');
    let received = 0;
    const report = () => {
      const bytes = offset + received;
      onProgress?.({
        url,
        file: dest,
        bytes,
        totalBytes,
        pct: totalBytes ? Math.min(100, (bytes / totalBytes) * 100) : totalBytes === 0 ? 100 : null,
        remainingBytes: totalBytes === null ? null : Math.max(0, totalBytes - bytes),
      });
    };
    try {
      report();
      if (response.body) {
        for await (const chunk of response.body) {
          armIdleTimer();
          await handle.write(chunk);
          received += chunk.byteLength;
          report();
        }
      }
    } catch (error) {
      if (signal?.aborted) throw abortReason(signal);
      return failure(`Connection to ${url} broke after ${offset + received} bytes: ${describe(error)}`, response.status, true, error);
    } finally {
      await handle.close();
    }

    if (expected !== null && received !== expected) {
      return failure(`${url} sent ${received} of ${expected} bytes`, response.status, true);
    }
    const size = await fileSize(part);
    if (totalBytes !== null && size !== totalBytes) {
      // The pieces do not add up (the file changed between attempts without a validator): start again.
      await rm(part, { force: true });
      return failure(`${url}: the downloaded file has ${size} bytes, expected ${totalBytes}; restarting`, response.status, true);
    }
    return { done: true, resumed };
  } finally {
    clearTimeout(timer);
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}
