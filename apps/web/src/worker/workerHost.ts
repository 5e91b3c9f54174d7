import { runHandler, type RoutingHandlers } from './handlers';
import { isRoutingMethod, serializeError, type RoutingMethod, type RoutingParams, type RoutingReply, type RoutingRequest } from './messages';

/** The part of a worker's global scope the host uses (`self` in the worker, or a test double). */
export interface WorkerScopeLike {
  postMessage(message: RoutingReply, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<RoutingRequest>) => void): void;
}

/**
 * The worker's side of the boundary: runs each request's handler with an AbortSignal of its own,
 * aborts it on `cancel`, answers with the result or the error's {name, message}, and posts `ready`
 * once listening. Replies to cancelled requests are not sent.
 */
export function serveRouting(scope: WorkerScopeLike, handlers: RoutingHandlers): void {
  const running = new Map<number, AbortController>();

  const reply = (message: RoutingReply) => {
    try {
      scope.postMessage(message);
    } catch (error) {
      // The result could not be cloned (a bug in a handler): answer with that error instead.
      if (message.type === 'response') scope.postMessage({ type: 'response', id: message.id, ok: false, error: serializeError(error) });
    }
  };

  const handle = async <M extends RoutingMethod>(id: number, method: M, params: RoutingParams<M>) => {
    const controller = new AbortController();
    running.set(id, controller);
    try {
      const result = await runHandler(handlers, method, params, { signal: controller.signal });
      if (!controller.signal.aborted) reply({ type: 'response', id, ok: true, result });
    } catch (error) {
      if (!controller.signal.aborted) reply({ type: 'response', id, ok: false, error: serializeError(error) });
    } finally {
      running.delete(id);
    }
  };

  scope.addEventListener('message', (event) => {
    const message = event.data;
    if (message.type === 'cancel') {
      running.get(message.id)?.abort();
      return;
    }
    if (!isRoutingMethod(message.method)) {
      reply({ type: 'response', id: message.id, ok: false, error: { name: 'TypeError', message: `Unknown routing method: ${String(message.method)}` } });
      return;
    }
    void handle(message.id, message.method, message.params as RoutingParams<typeof message.method>);
  });
  scope.postMessage({ type: 'ready' });
}
