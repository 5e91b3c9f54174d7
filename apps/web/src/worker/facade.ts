import type { CallOptions, RoutingCall, RoutingEndpoint } from './endpoint';
import type { RoutingMethod, RoutingParams, RoutingResult } from './messages';

/** Spec part 1 §4 "Routing worker". */
export type RoutingWorkerState = 'not_initialized' | 'initializing' | 'initialized';

/** Spec part 1 §9: the worker must have loaded (posted 'ready') within 5 s of its creation. */
export const ROUTING_WORKER_CREATION_TIMEOUT_MS = 5_000;
/** Spec part 1 §9: initialisation (creation and the first answered call) within 15 s ... */
export const ROUTING_WORKER_INIT_TIMEOUT_MS = 15_000;
/** ... or 12 s when start-up initialises it (spec part 1 §8). */
export const ROUTING_WORKER_BOOT_INIT_TIMEOUT_MS = 12_000;
/** Spec part 1 §4 "Start-up": the airport database waits this long for the worker, polling. */
export const ROUTING_READY_WAIT_MS = 30_000;
export const ROUTING_READY_POLL_MS = 500;

/** Spec part 1 §8, verbatim. */
export const ROUTING_INIT_TIMEOUT_MESSAGE = 'RoutingWorkerFacade initialization timeout';
/** Spec part 1 §8, verbatim. */
export const ROUTING_NOT_READY_MESSAGE = 'RoutingWorkerFacade not ready after 30 seconds - database loading cannot proceed';
/** Not in the spec (it names no text for the creation time-out); worded like the others. */
export const ROUTING_CREATION_TIMEOUT_MESSAGE = 'RoutingWorkerFacade creation timeout';
/** Worded like the spec's ADS-B facade message (part 2 §8). */
export const ROUTING_NOT_INITIALIZED_MESSAGE = 'RoutingWorkerFacade not initialized. Call init() first.';

export interface RoutingWorkerFacadeOptions {
  /** Creates the other side: a Web Worker endpoint in the browser, the direct adapter in tests and Node. */
  createEndpoint: () => RoutingEndpoint;
  creationTimeoutMs?: number;
  initTimeoutMs?: number;
  log?: Pick<Console, 'info' | 'warn' | 'error'>;
}

export interface WaitOptions {
  timeoutMs?: number;
  pollMs?: number;
  signal?: AbortSignal;
}

function timeoutError(message: string): Error {
  const error = new Error(message);
  error.name = 'TimeoutError';
  return error;
}

/** Rejects with `message` after `ms` unless `work` settles first; the timer never outlives the race. */
function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(timeoutError(message)), ms);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

/**
 * The page's handle on the routing worker: the spec's states, its creation and initialisation
 * time-outs with their texts, and the typed `call` of the message map once initialised.
 */
export class RoutingWorkerFacade {
  #state: RoutingWorkerState = 'not_initialized';
  #endpoint: RoutingEndpoint | null = null;
  #initializing: Promise<void> | null = null;
  readonly #listeners = new Set<(state: RoutingWorkerState) => void>();
  readonly #options: Required<Omit<RoutingWorkerFacadeOptions, 'log'>> & Pick<RoutingWorkerFacadeOptions, 'log'>;

  constructor(options: RoutingWorkerFacadeOptions) {
    this.#options = {
      creationTimeoutMs: ROUTING_WORKER_CREATION_TIMEOUT_MS,
      initTimeoutMs: ROUTING_WORKER_INIT_TIMEOUT_MS,
      ...options,
    };
  }

  get state(): RoutingWorkerState {
    return this.#state;
  }

  get initialized(): boolean {
    return this.#state === 'initialized';
  }

  /** Calls `listener` on every state change; returns an unsubscribe function. */
  onStateChange(listener: (state: RoutingWorkerState) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #setState(state: RoutingWorkerState): void {
    if (this.#state === state) return;
    this.#state = state;
    for (const listener of this.#listeners) listener(state);
  }

  /**
   * not_initialized -> initializing -> initialized. Creates the endpoint, waits for it to load
   * (creation time-out, 5 s) and for its first answer (init time-out from the start: 15 s, or the
   * `timeoutMs` given, 12 s at boot). On failure the endpoint is disposed, the state returns to
   * not_initialized and the error is thrown; a later init() tries again. Concurrent calls share one attempt.
   */
  init({ timeoutMs = this.#options.initTimeoutMs }: { timeoutMs?: number } = {}): Promise<void> {
    if (this.#state === 'initialized') return Promise.resolve();
    if (this.#initializing) return this.#initializing;
    this.#setState('initializing');
    const attempt = (async () => {
      let endpoint: RoutingEndpoint | null = null;
      try {
        const start = async () => {
          endpoint = this.#options.createEndpoint();
          await withTimeout(endpoint.ready, this.#options.creationTimeoutMs, ROUTING_CREATION_TIMEOUT_MESSAGE);
          await endpoint.call('status', {});
        };
        await withTimeout(start(), timeoutMs, ROUTING_INIT_TIMEOUT_MESSAGE);
        this.#endpoint = endpoint;
        this.#setState('initialized');
      } catch (error) {
        (endpoint as RoutingEndpoint | null)?.dispose();
        this.#setState('not_initialized');
        throw error;
      } finally {
        this.#initializing = null;
      }
    })();
    this.#initializing = attempt;
    return attempt;
  }

  /**
   * Resolves once the facade is initialised: at once when it becomes so (its state change), else at
   * the 500 ms checks; rejects with the spec's text after 30 s (spec part 1 §4 "Start-up"), or with
   * an AbortError when `signal` aborts.
   */
  waitUntilInitialized({ timeoutMs = ROUTING_READY_WAIT_MS, pollMs = ROUTING_READY_POLL_MS, signal }: WaitOptions = {}): Promise<void> {
    if (this.initialized) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const started = Date.now();
      let waited = 0;
      const stop = () => {
        clearInterval(poll);
        unsubscribe();
        signal?.removeEventListener('abort', onAbort);
      };
      const unsubscribe = this.onStateChange((state) => {
        if (state !== 'initialized') return;
        stop();
        resolve();
      });
      const onAbort = () => {
        stop();
        reject(signal?.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
      };
      const poll = setInterval(() => {
        waited += pollMs;
        if (this.initialized) {
          stop();
          resolve();
        } else if (waited >= timeoutMs || Date.now() - started >= timeoutMs) {
          stop();
          reject(timeoutError(ROUTING_NOT_READY_MESSAGE));
        }
      }, pollMs);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** The message map's typed call. Throws ROUTING_NOT_INITIALIZED_MESSAGE before init() has finished. */
  readonly call: RoutingCall = <M extends RoutingMethod>(method: M, params: RoutingParams<M>, options?: CallOptions): Promise<RoutingResult<M>> => {
    const endpoint = this.#endpoint;
    if (this.#state !== 'initialized' || !endpoint) return Promise.reject(new Error(ROUTING_NOT_INITIALIZED_MESSAGE));
    return endpoint.call(method, params, options).catch((error: unknown) => {
      // The worker itself died: back to not_initialized so init() can start a new one.
      if (error instanceof Error && error.name === 'RoutingWorkerError' && this.#endpoint === endpoint) {
        this.#options.log?.error('[routing] worker failed', error);
        this.terminate();
      }
      throw error;
    });
  };

  /** Stops the worker; state not_initialized. */
  terminate(): void {
    const endpoint = this.#endpoint;
    this.#endpoint = null;
    endpoint?.dispose();
    this.#setState('not_initialized');
  }
}
