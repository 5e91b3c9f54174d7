import { abortReason, describeError, type BodyReaderLike, type ControllerLike, type DownloadEnv, type ResponseLike, type SignalLike } from './env.js';
import { DownloadError, type DownloadErrorDetails } from './downloadError.js';
import { ifRangeValidator, isContentCoded, isStrongEtag, parseContentRange, parseLength } from './httpHeaders.js';
import type { PartMeta, PartStore, PartWriter } from './partStore.js';

/** What one attempt reports as it goes. */
export interface AttemptHooks {
  onRequest(offset: number): void;
  /** The answer is accepted; `bytes` are held (the resume offset), of `totalBytes`. */
  onResponse(bytes: number, totalBytes: number | null): void;
  onChunk(bytes: number, totalBytes: number | null): void;
}

export interface AttemptOptions {
  url: string;
  env: DownloadEnv;
  store: PartStore<unknown>;
  signal: SignalLike | undefined;
  headers: Record<string, string>;
  /** Strong ETag of the identity representation known beforehand (an index), or null. */
  etag: string | null;
  /** Size of the file known beforehand (an index), or null. */
  totalBytes: number | null;
  idleTimeoutMs: number | null;
}

type ReadResult = Awaited<ReturnType<BodyReaderLike['read']>>;

/** Outcome of one attempt: done (with the size held), or a failure that may be retried. */
export type AttemptOutcome = { done: true; resumed: boolean; bytes: number } | { done: false; error: DownloadError };

class IdleTimeout extends Error {
  constructor(ms: number) {
    super(`no data for ${ms} ms`);
  }
}

/**
 * One request: resumes the held part with `Range: bytes=N-` (and If-Range with the validator seen
 * before) or starts from zero, and streams the body into the part store. A 206 answer is appended;
 * a 200 answer (the server ignores ranges, or the file changed) restarts from zero. Throws only the
 * caller's abort reason; every other failure is an outcome.
 */
export async function runAttempt(options: AttemptOptions, hooks: AttemptHooks): Promise<AttemptOutcome> {
  const { url, env, store, signal } = options;
  const held = await store.load();
  // Held bytes are only trusted when we know they came from this URL.
  let offset = held !== null && held.meta?.url === url ? held.bytes : 0;

  const headers: Record<string, string> = { ...options.headers };
  if (offset > 0 && held?.meta) {
    headers.range = `bytes=${offset}-`;
    const validator = ifRangeValidator(held.meta);
    if (validator !== null) headers['if-range'] = validator;
  }
  hooks.onRequest(offset);

  // Each attempt has its own controller, so an idle connection is dropped without ending the download.
  const controller = env.abortController();
  const forward = () => controller.abort(signal === undefined ? undefined : abortReason(signal));
  signal?.addEventListener('abort', forward, { once: true });
  const failure = (message: string, status: number | null, retryable: boolean, details: DownloadErrorDetails = {}): AttemptOutcome => ({
    done: false,
    error: new DownloadError(message, url, status, retryable, details),
  });
  const aborted = () => signal?.aborted === true;
  const idle = idleWatch(env, controller, options.idleTimeoutMs);

  try {
    let response: ResponseLike;
    try {
      response = await env.fetch(url, { headers, signal: controller.signal });
    } catch (error) {
      if (aborted()) throw abortReason(signal as SignalLike);
      return failure(`Cannot reach ${url}: ${describeError(error)}`, null, true, { cause: error, kind: 'network' });
    }
    const cancelBody = () => response.body?.getReader().cancel().catch(() => undefined);

    if (response.status === 416 && offset > 0) {
      await cancelBody();
      // Asked for bytes past the end: the held part may already be the whole file.
      const range = parseContentRange(response.headers.get('content-range'));
      if (range !== null && range.total !== null && range.total === offset) return { done: true, resumed: true, bytes: offset };
      await store.discard();
      return failure(`${url} rejected the resume at byte ${offset} (HTTP 416); restarting`, 416, true, { kind: 'restart' });
    }
    if (response.status !== 200 && response.status !== 206) {
      await cancelBody();
      const retryable = response.status >= 500 || response.status === 408 || response.status === 429;
      return failure(`HTTP ${response.status} ${response.statusText} from ${url}`, response.status, retryable, { kind: 'http' });
    }

    const coded = isContentCoded(response.headers.get('content-encoding'));
    // A content-coded body's length is the coded size, not the file's.
    let expected = coded ? null : parseLength(response.headers.get('content-length'));
    let totalBytes: number | null;
    let resumed = false;
    const responseEtag = response.headers.get('etag');
    if (response.status === 206) {
      const range = parseContentRange(response.headers.get('content-range'));
      if (range === null || range.start !== offset || range.end === null) {
        await cancelBody();
        await store.discard();
        return failure(`${url} answered a resume with an unexpected range; restarting`, 206, true, { kind: 'restart' });
      }
      const asked = headers['if-range'];
      if (isStrongEtag(asked) && isStrongEtag(responseEtag) && responseEtag !== asked) {
        // A server that ignores If-Range sent a piece of another version: the held bytes cannot be completed.
        await cancelBody();
        await store.discard();
        return failure(`${url} changed since the download began (ETag ${asked} became ${responseEtag}); restarting`, 206, true, { kind: 'restart' });
      }
      expected = range.end - range.start + 1;
      totalBytes = range.total;
      resumed = true;
    } else {
      // 200: the whole file, whatever was asked.
      offset = 0;
      totalBytes = options.totalBytes ?? expected;
    }
    const meta: PartMeta = {
      url,
      // Ranges are served on the identity representation: a coded answer's tag does not name it.
      etag: coded ? options.etag : (responseEtag ?? options.etag),
      lastModified: coded ? null : response.headers.get('last-modified'),
      totalBytes,
    };
    // Reading starts before the part is opened: a connection that breaks meanwhile keeps what arrived.
    const reader = response.body?.getReader() ?? null;
    const first = reader === null ? null : reader.read();
    first?.catch(() => undefined);
    // A body that does not watch the request's signal (a stream made in a test, a service worker's) is cancelled here.
    const cancelOnAbort = () => void reader?.cancel(controller.signal.reason).catch(() => undefined);
    controller.signal.addEventListener('abort', cancelOnAbort, { once: true });
    let writer: PartWriter;
    try {
      [, writer] = await Promise.all([store.saveMeta(meta), store.open(offset > 0 ? 'append' : 'truncate')]);
    } catch (error) {
      await reader?.cancel(error).catch(() => undefined);
      throw error;
    }
    let received = 0;
    hooks.onResponse(offset, totalBytes);
    try {
      await pump(reader, first, writer, (length) => {
        received += length;
        idle.touch();
        hooks.onChunk(offset + received, totalBytes);
      });
    } catch (error) {
      if (aborted()) throw abortReason(signal as SignalLike);
      return failure(`Connection to ${url} broke after ${offset + received} bytes: ${describeError(error)}`, response.status, true, {
        cause: error,
        kind: 'broken',
        bytes: offset + received,
        expectedBytes: totalBytes,
      });
    } finally {
      controller.signal.removeEventListener('abort', cancelOnAbort);
      await writer.close();
    }
    if (controller.signal.aborted) {
      // The body ended because it was cancelled, not because it was complete.
      if (aborted()) throw abortReason(signal as SignalLike);
      return failure(`Connection to ${url} broke after ${offset + received} bytes: ${describeError(controller.signal.reason)}`, response.status, true, {
        kind: 'broken',
        bytes: offset + received,
        expectedBytes: totalBytes,
      });
    }

    const size = offset + received;
    if (expected !== null && received !== expected) {
      return failure(`${url} sent ${received} of ${expected} bytes`, response.status, true, { kind: 'short', bytes: size, expectedBytes: totalBytes ?? expected });
    }
    if (totalBytes !== null && size < totalBytes && expected === null) {
      // No length announced (a coded body) and fewer bytes than the file has: resume from here.
      return failure(`${url} sent ${size} of ${totalBytes} bytes`, response.status, true, { kind: 'short', bytes: size, expectedBytes: totalBytes });
    }
    if (totalBytes !== null && size !== totalBytes) {
      // The pieces do not add up (the file changed between attempts without a validator): start again.
      await store.discard();
      return failure(`${url}: the downloaded file has ${size} bytes, expected ${totalBytes}; restarting`, response.status, true, {
        kind: 'restart',
        bytes: size,
        expectedBytes: totalBytes,
      });
    }
    return { done: true, resumed, bytes: size };
  } finally {
    idle.stop();
    signal?.removeEventListener('abort', forward);
  }
}

/** Reads the body into the writer, each chunk written before it is counted. */
async function pump(reader: BodyReaderLike | null, first: Promise<ReadResult> | null, writer: PartWriter, counted: (length: number) => void): Promise<void> {
  if (reader === null || first === null) return;
  let pending: Promise<ReadResult> | null = first;
  try {
    for (;;) {
      const next = await (pending ?? reader.read());
      pending = null;
      if (next.done) return;
      if (next.value === undefined) continue;
      await writer.write(next.value);
      counted(next.value.byteLength);
    }
  } catch (error) {
    await reader.cancel(error).catch(() => undefined);
    throw error;
  }
}

/**
 * Drops the attempt (aborts its controller with "no data for N ms") when no chunk arrived during a
 * whole `idleTimeoutMs` on the injected sleep: one timer per period, not one per chunk, so the body
 * is read at full speed. An idle attempt is dropped after between 1 and 2 periods of silence.
 */
function idleWatch(env: DownloadEnv, attempt: ControllerLike, idleTimeoutMs: number | null): { touch(): void; stop(): void } {
  if (idleTimeoutMs === null) return { touch: () => undefined, stop: () => undefined };
  const timer = env.abortController();
  let touched = 0;
  let stopped = false;
  void (async () => {
    let seen = 0;
    try {
      for (;;) {
        await env.sleep(idleTimeoutMs, timer.signal);
        if (stopped) return;
        if (touched === seen) {
          attempt.abort(new IdleTimeout(idleTimeoutMs));
          return;
        }
        seen = touched;
      }
    } catch {
      // Stopped.
    }
  })();
  return {
    touch: () => {
      touched += 1;
    },
    stop: () => {
      stopped = true;
      timer.abort();
    },
  };
}
