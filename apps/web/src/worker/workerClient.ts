import { endpointClosedError, type RoutingCall, type RoutingEndpoint } from './endpoint';
import { abortError, deserializeError, transferablesFor, type RoutingReply, type RoutingRequest } from './messages';

/** The part of a Worker the client uses (a real Worker, or a test double). */
export interface WorkerLike {
  postMessage(message: RoutingRequest, transfer: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<RoutingReply>) => void): void;
  addEventListener(type: 'error', listener: (event: ErrorEvent | Event) => void): void;
  terminate(): void;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  cleanup: () => void;
}

function workerFailure(event: ErrorEvent | Event): Error {
  const detail = 'message' in event && event.message ? event.message : 'the worker script could not be loaded or crashed';
  const error = new Error(`Routing worker failed: ${detail}`);
  error.name = 'RoutingWorkerError';
  return error;
}

/**
 * The page's side of the worker boundary: request ids, one pending promise per id, a `cancel`
 * message when a call's signal aborts (its promise rejects with an AbortError at once), errors
 * re-thrown with the worker's name and message, and each method's buffers transferred.
 */
export function createWorkerEndpoint(worker: WorkerLike): RoutingEndpoint {
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let failure: Error | null = null;
  let markReady: () => void = () => undefined;
  let markFailed: (error: Error) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    markFailed = reject;
  });
  // A failure before anyone awaits `ready` must not be reported as unhandled.
  ready.catch(() => undefined);

  const failAll = (error: Error) => {
    failure = error;
    markFailed(error);
    const calls = [...pending.values()];
    pending.clear();
    for (const call of calls) {
      call.cleanup();
      call.reject(error);
    }
  };

  worker.addEventListener('message', (event) => {
    const reply = event.data;
    if (reply.type === 'ready') {
      markReady();
      return;
    }
    const call = pending.get(reply.id);
    // A reply to a cancelled call: its promise has already rejected.
    if (!call) return;
    pending.delete(reply.id);
    call.cleanup();
    if (reply.ok) call.resolve(reply.result);
    else call.reject(deserializeError(reply.error));
  });
  worker.addEventListener('error', (event) => failAll(workerFailure(event)));

  const call: RoutingCall = (method, params, options = {}) => {
    const { signal } = options;
    if (failure) return Promise.reject(failure);
    if (signal?.aborted) return Promise.reject(abortError(signal.reason));
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        if (!pending.delete(id)) return;
        worker.postMessage({ type: 'cancel', id }, []);
        reject(abortError(signal?.reason));
      };
      const cleanup = () => signal?.removeEventListener('abort', onAbort);
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject, cleanup });
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        worker.postMessage({ type: 'request', id, method, params }, [...transferablesFor(method, params), ...(options.transfer ?? [])]);
      } catch (error) {
        // DataCloneError: the parameters cannot cross the boundary.
        pending.delete(id);
        cleanup();
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  };

  return {
    ready,
    call,
    dispose() {
      worker.terminate();
      failAll(endpointClosedError());
    },
  };
}
