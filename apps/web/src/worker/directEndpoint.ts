import { endpointClosedError, type RoutingCall, type RoutingEndpoint } from './endpoint';
import { createRoutingHandlers, runHandler, type RoutingHandlers } from './handlers';
import { abortError, deserializeError, serializeError, transferablesFor } from './messages';

export interface DirectEndpointOptions {
  handlers?: RoutingHandlers;
  /**
   * Pass parameters and results through structuredClone (with the transfer list), as a worker would,
   * so tests catch anything that would not cross the boundary. Default true; Node callers that trust
   * the map may turn it off to save the copies.
   */
  clone?: boolean;
}

/**
 * The message map implemented in-process (tests and Node): the same handlers, the same cancellation,
 * the same error serialisation as the worker, without a thread.
 */
export function createDirectRoutingEndpoint({ handlers = createRoutingHandlers(), clone = true }: DirectEndpointOptions = {}): RoutingEndpoint {
  let closed = false;
  /** Calls in flight, with how to reject each when the endpoint closes. */
  const live = new Map<AbortController, (error: Error) => void>();
  const copy = <T>(value: T, transfer: Transferable[] = []): T => (clone ? structuredClone(value, { transfer }) : value);

  const call: RoutingCall = (method, params, options = {}) => {
    const { signal } = options;
    if (closed) return Promise.reject(endpointClosedError());
    if (signal?.aborted) return Promise.reject(abortError(signal.reason));
    return new Promise((resolve, reject) => {
      const controller = new AbortController();
      live.set(controller, (error) => {
        controller.abort();
        reject(error);
      });
      const onAbort = () => {
        controller.abort();
        reject(abortError(signal?.reason));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const done = () => {
        live.delete(controller);
        signal?.removeEventListener('abort', onAbort);
      };
      let sent: typeof params;
      try {
        sent = copy(params, [...transferablesFor(method, params), ...(options.transfer ?? [])]);
      } catch (error) {
        done();
        reject(deserializeError(serializeError(error)));
        return;
      }
      runHandler(handlers, method, sent, { signal: controller.signal }).then(
        (result) => {
          done();
          if (controller.signal.aborted) return;
          try {
            resolve(copy(result));
          } catch (error) {
            reject(deserializeError(serializeError(error)));
          }
        },
        (error: unknown) => {
          done();
          if (!controller.signal.aborted) reject(deserializeError(serializeError(error)));
        },
      );
    });
  };

  return {
    ready: Promise.resolve(),
    call,
    dispose() {
      closed = true;
      const pending = [...live.values()];
      live.clear();
      for (const fail of pending) fail(endpointClosedError());
    },
  };
}
