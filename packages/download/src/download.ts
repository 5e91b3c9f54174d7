import { runAttempt } from './attempt.js';
import { BACKOFF_DEFAULTS, retryDelayMs } from './backoff.js';
import { DownloadError, sha256MismatchMessage } from './downloadError.js';
import { abortReason, type DownloadEnv, type SignalLike } from './env.js';
import type { PartStore } from './partStore.js';
import { normaliseSha256, type Sha256Hasher } from './sha256.js';
import { isFinal, transition, type DownloadEvent, type DownloadState } from './state.js';

/** Progress of one download. */
export interface DownloadProgress {
  url: string;
  /** Bytes held so far, counting what an earlier attempt or run left. */
  bytes: number;
  /** Size of the whole file in bytes, or null while unknown. */
  totalBytes: number | null;
  /** bytes / totalBytes in percent (0 to 100), or null when the size is unknown. */
  pct: number | null;
  /** Bytes still to come, or null when the size is unknown. */
  remainingBytes: number | null;
  /** 'response' once per attempt when its answer is accepted (bytes = what is held), 'chunk' after each piece written. */
  kind: 'response' | 'chunk';
}

export interface DownloadOptions<T> {
  url: string;
  /** Where the bytes go (and what an earlier run left there). */
  store: PartStore<T>;
  env: DownloadEnv;
  /** Names the file in messages (a path, an artifact name); default the URL. */
  name?: string;
  /** Cancels the download; the held part is kept, so a later call resumes it. */
  signal?: SignalLike;
  /** Request headers of every attempt (Range and If-Range are added by the download). */
  headers?: Record<string, string>;
  /** Strong ETag of the file known beforehand (an index): the If-Range validator when the answer was content-coded. */
  etag?: string | null;
  /** Size of the file in bytes known beforehand (an index), used while the server does not say. */
  totalBytes?: number | null;
  /** Expected SHA-256 (hex); checked with `sha256Hasher` once every byte is held. */
  sha256?: string | null;
  sha256Hasher?: Sha256Hasher;
  /** Further attempts after a failed one (network error, cut connection, 5xx, 408, 429, short body). Default 5. */
  retries?: number;
  /** Wait before the first retry in milliseconds, doubled for each further one. Default 500. */
  retryDelayMs?: number;
  /** Longest wait between attempts, milliseconds. Default 10 000. */
  maxRetryDelayMs?: number;
  /** An attempt that receives nothing for this long (ms; detected within twice that) is dropped and retried; null: never. Default null. */
  idleTimeoutMs?: number | null;
  /** Forget the held part when the download fails for good (the spec's "clears partial data"). Default false. */
  discardOnFailure?: boolean;
  onProgress?: (progress: DownloadProgress) => void;
  /** Every state of the machine (state.ts), in order. */
  onState?: (state: DownloadState) => void;
}

export interface DownloadResult<T> {
  url: string;
  /** What the part store made of the finished part (a path, a buffer). */
  value: T;
  /** Size of the file, bytes. */
  bytes: number;
  /** Attempts made (1 when the first one succeeded). */
  attempts: number;
  /** True when some of the file came from an earlier attempt's or run's part via a Range request. */
  resumed: boolean;
  /** The SHA-256 checked (hex), or null when none was asked for. */
  sha256: string | null;
}

function progressOf(url: string, bytes: number, totalBytes: number | null, kind: DownloadProgress['kind']): DownloadProgress {
  return {
    url,
    bytes,
    totalBytes,
    pct: totalBytes ? Math.min(100, (bytes / totalBytes) * 100) : totalBytes === 0 ? 100 : null,
    remainingBytes: totalBytes === null ? null : Math.max(0, totalBytes - bytes),
    kind,
  };
}

/**
 * Downloads `url` into `store`, resumably: each attempt resumes what is held with a Range request
 * (If-Range with the ETag, so a changed file restarts from zero), failures that may pass (network
 * errors, a cut or idle connection, 5xx, 408, 429, a short body) are retried up to `retries` times
 * after `retryDelayMs * 2^(n-1)` ms (at most `maxRetryDelayMs`) on the injected sleep, and 404 and
 * other 4xx fail at once. Once every byte is held, the SHA-256 is checked when one was given (a
 * mismatch discards the part and fails, naming the file and both hashes), then the store finishes.
 * @throws DownloadError when it gives up; the signal's reason when aborted (the part stays).
 */
export async function download<T>(options: DownloadOptions<T>): Promise<DownloadResult<T>> {
  const { url, store, env, signal } = options;
  const retries = options.retries ?? BACKOFF_DEFAULTS.retries;
  let state = { status: 'idle' } as DownloadState;
  const send = (event: DownloadEvent) => {
    const next = transition(state, event);
    if (next === null) throw new Error(`download state machine: ${event.type} is not expected in state ${state.status}`);
    state = next;
    options.onState?.(state);
  };
  const stop = async (error: unknown): Promise<never> => {
    if (signal?.aborted) {
      send({ type: 'abort' });
      throw abortReason(signal);
    }
    if (options.discardOnFailure) await store.discard();
    send({ type: 'fail', reason: error instanceof Error ? error.message : String(error) });
    throw error;
  };

  let lastError: DownloadError | null = null;
  for (let attempt = 1; attempt <= retries + 1; attempt++) {
    try {
      if (signal?.aborted) throw abortReason(signal);
      if (attempt > 1) await env.sleep(retryDelayMs(attempt, options.retryDelayMs, options.maxRetryDelayMs), signal);
      const outcome = await runAttempt(
        {
          url,
          env,
          store: store as PartStore<unknown>,
          signal,
          headers: options.headers ?? {},
          etag: options.etag ?? null,
          totalBytes: options.totalBytes ?? null,
          idleTimeoutMs: options.idleTimeoutMs ?? null,
        },
        {
          onRequest: (offset) => send({ type: 'request', attempt, offset }),
          onResponse: (bytes, totalBytes) => {
            send({ type: 'response', bytes, totalBytes });
            options.onProgress?.(progressOf(url, bytes, totalBytes, 'response'));
          },
          onChunk: (bytes, totalBytes) => {
            send({ type: 'chunk', bytes });
            options.onProgress?.(progressOf(url, bytes, totalBytes, 'chunk'));
          },
        },
      );
      if (outcome.done) {
        send({ type: 'complete', bytes: outcome.bytes });
        const sha256 = await verify(options, outcome.bytes);
        const value = await store.finish();
        send({ type: 'verified', attempts: attempt, resumed: outcome.resumed });
        return { url, value, bytes: outcome.bytes, attempts: attempt, resumed: outcome.resumed, sha256 };
      }
      lastError = outcome.error;
      if (!outcome.error.retryable) return await stop(outcome.error);
      if (attempt <= retries) {
        send({ type: 'retry', attempt: attempt + 1, delayMs: retryDelayMs(attempt + 1, options.retryDelayMs, options.maxRetryDelayMs), reason: outcome.error.message });
      }
    } catch (error) {
      // The abort reason, a SHA-256 mismatch or a store failure: nothing to retry.
      if (isFinal(state)) throw error;
      return stop(error);
    }
  }
  return stop(
    new DownloadError(`Download of ${url} failed after ${retries + 1} attempts: ${lastError?.message ?? 'unknown error'}`, url, lastError?.status ?? null, false, {
      cause: lastError,
      kind: 'gave-up',
      bytes: lastError?.bytes ?? null,
      expectedBytes: lastError?.expectedBytes ?? null,
    }),
  );
}

/** Checks the held bytes' SHA-256 when one is expected; a mismatch discards them and throws. */
async function verify<T>(options: DownloadOptions<T>, bytes: number): Promise<string | null> {
  if (options.sha256 === undefined || options.sha256 === null) return null;
  const name = options.name ?? options.url;
  if (options.sha256Hasher === undefined) {
    throw new DownloadError(`${name}: a SHA-256 was given but no hasher to check it with`, options.url, null, false, { kind: 'sha256', bytes });
  }
  const expected = normaliseSha256(options.sha256);
  const actual = await options.sha256Hasher.hash(options.store.read());
  if (actual === expected) return actual;
  await options.store.discard();
  throw new DownloadError(sha256MismatchMessage(name, expected, actual), options.url, null, false, {
    kind: 'sha256',
    bytes,
    sha256: { file: name, expected, actual },
  });
}
