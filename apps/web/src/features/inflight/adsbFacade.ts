import type { AdsbInput, AdsbOutput } from './adsbMessages';

/** Spec part 2 §8, verbatim. */
export const ADSB_NOT_INITIALIZED_MESSAGE = 'ADSBWorkerFacade not initialized. Call init() first.';

/** The other side of the facade: a Web Worker, or the core run on the page. */
export interface AdsbEndpoint {
  /** `transfer`: what moves with the message (the link's port). */
  post(input: AdsbInput, transfer?: Transferable[]): void;
  onOutput(listener: (output: AdsbOutput) => void): void;
  terminate(): void;
}

/** The ADS-B module worker (Vite bundles adsb.worker.ts from this form into its own chunk). */
export function createAdsbWorkerEndpoint(): AdsbEndpoint {
  const worker = new Worker(new URL('./adsb.worker.ts', import.meta.url), { type: 'module', name: 'adsb' });
  return {
    post: (input, transfer = []) => worker.postMessage(input, transfer),
    onOutput(listener) {
      worker.onmessage = (event: MessageEvent<AdsbOutput>) => listener(event.data);
      worker.onerror = (event) => listener({ kind: 'bad', reason: `ADS-B worker error: ${event.message}` });
    },
    terminate: () => worker.terminate(),
  };
}

/** Without Worker support there is no ADS-B decoding: input is dropped (tests pass createDirectAdsbEndpoint). */
export function defaultAdsbEndpoint(): AdsbEndpoint {
  if (typeof Worker !== 'undefined') return createAdsbWorkerEndpoint();
  return { post: () => undefined, onOutput: (listener) => listener({ kind: 'bad', reason: 'no Web Worker support: ADS-B input is not decoded' }), terminate: () => undefined };
}

/**
 * The page's handle on the ADS-B worker (spec part 2 §8): created on first use by `init()`; any
 * other call before it throws the spec's 'ADSBWorkerFacade not initialized. Call init() first.'.
 */
export class AdsbWorkerFacade {
  #endpoint: AdsbEndpoint | null = null;
  #ready = false;
  readonly #listeners = new Set<(output: AdsbOutput) => void>();
  readonly #createEndpoint: () => AdsbEndpoint;

  constructor(createEndpoint: () => AdsbEndpoint = defaultAdsbEndpoint) {
    this.#createEndpoint = createEndpoint;
  }

  get initialized(): boolean {
    return this.#endpoint !== null;
  }

  /** Whether the worker has said it is running. */
  get ready(): boolean {
    return this.#ready;
  }

  /** Creates the worker (once; later calls do nothing). */
  init(): void {
    if (this.#endpoint) return;
    const endpoint = this.#createEndpoint();
    endpoint.onOutput((output) => {
      if (output.kind === 'ready') this.#ready = true;
      for (const listener of [...this.#listeners]) listener(output);
    });
    this.#endpoint = endpoint;
  }

  #require(): AdsbEndpoint {
    if (!this.#endpoint) throw new Error(ADSB_NOT_INITIALIZED_MESSAGE);
    return this.#endpoint;
  }

  post(input: AdsbInput): void {
    this.#require().post(input, input.kind === 'link' ? [input.port] : []);
  }

  subscribe(listener: (output: AdsbOutput) => void): () => void {
    this.#require();
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  terminate(): void {
    this.#endpoint?.terminate();
    this.#endpoint = null;
    this.#ready = false;
    this.#listeners.clear();
  }
}
