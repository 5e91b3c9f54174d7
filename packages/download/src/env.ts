/**
 * What a download needs from its host, as small structural interfaces: the browser's and Node's
 * fetch, AbortController and timers fit them without this package naming the DOM or Node.
 */

/** The part of an AbortSignal a download reads. */
export interface SignalLike {
  readonly aborted: boolean;
  readonly reason?: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** An AbortController: one per attempt, so an idle or broken attempt is dropped without ending the download. */
export interface ControllerLike {
  readonly signal: SignalLike;
  abort(reason?: unknown): void;
}

/** A body reader (ReadableStreamDefaultReader<Uint8Array>). */
export interface BodyReaderLike {
  read(): Promise<{ done: boolean; value?: Uint8Array }>;
  cancel(reason?: unknown): Promise<void>;
}

/** The part of a fetch Response a download reads. */
export interface ResponseLike {
  readonly status: number;
  readonly statusText: string;
  readonly headers: { get(name: string): string | null };
  readonly body: { getReader(): BodyReaderLike } | null;
}

/** fetch, reduced to a GET with headers and a signal. Adapters add what their platform needs (credentials, cache mode). */
export type FetchLike = (url: string, init: { headers: Record<string, string>; signal: SignalLike }) => Promise<ResponseLike>;

/**
 * Waits `ms` milliseconds. With a signal it rejects with the signal's reason when aborted (and must
 * then stop its timer). Tests pass a fake that records the delays and returns at once.
 */
export type Sleep = (ms: number, signal?: SignalLike) => Promise<void>;

/** The host: network, timers and, when a SHA-256 is to be checked, a hasher. */
export interface DownloadEnv {
  fetch: FetchLike;
  sleep: Sleep;
  /** `() => new AbortController()` in the browser and in Node. */
  abortController: () => ControllerLike;
}

/** The error an aborted download rejects with when its signal gave no reason (the DOM's AbortError name). */
export function abortReason(signal: SignalLike): unknown {
  if (signal.reason !== undefined) return signal.reason;
  const error = new Error('The download was aborted');
  error.name = 'AbortError';
  return error;
}

/** An error's message with its cause's (Node's fetch says "fetch failed" and puts the reason in the cause). */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}

/** The host's timer functions (globalThis.setTimeout / clearTimeout in the browser and in Node). */
export interface TimersLike {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * A `Sleep` on the host's timers: resolves after `ms`, or rejects with the signal's reason (see
 * `abortReason`) as soon as the signal aborts, stopping its timer. Both adapters (browser, Node) use it.
 */
export function timerSleep(timers: TimersLike): Sleep {
  return (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(abortReason(signal));
        return;
      }
      const onAbort = () => {
        timers.clearTimeout(handle);
        reject(abortReason(signal as SignalLike));
      };
      const handle = timers.setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
}
