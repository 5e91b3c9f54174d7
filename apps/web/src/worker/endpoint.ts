import type { RoutingMethod, RoutingParams, RoutingResult } from './messages';

export interface CallOptions {
  /** Aborting it cancels the call: the promise rejects with an AbortError and the other side is told. */
  signal?: AbortSignal;
  /** Extra buffers to transfer beyond the method's own (messages.ts PARAM_TRANSFERABLES). */
  transfer?: Transferable[];
}

/** The generic typed call of the message map. */
export type RoutingCall = <M extends RoutingMethod>(method: M, params: RoutingParams<M>, options?: CallOptions) => Promise<RoutingResult<M>>;

/** One side of the routing boundary as the page sees it: a Web Worker or the direct in-process adapter. */
export interface RoutingEndpoint {
  /** Resolves when the other side takes calls (the worker posts 'ready' once its module has loaded). */
  readonly ready: Promise<void>;
  readonly call: RoutingCall;
  /** Stops the other side; pending calls reject. */
  dispose(): void;
}

export const ENDPOINT_CLOSED_MESSAGE = 'The routing endpoint is closed';

export function endpointClosedError(): Error {
  const error = new Error(ENDPOINT_CLOSED_MESSAGE);
  error.name = 'RoutingEndpointClosedError';
  return error;
}
