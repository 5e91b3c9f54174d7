import type { RoutingWorkerFacade } from '../../worker/facade';
import { createWorkerEndpoint, type WorkerLike } from '../../worker/workerClient';
import type { RoutingEndpoint } from '../../worker/endpoint';

/**
 * Start-up's link between the routing worker and the traffic receiver (spec part 1 §4 "... links the
 * routing worker to the traffic receiver"; §8 "Port creation time-out (7 s): warning; traffic receiver
 * not linked"; part 2 §9 "port wait 5 s").
 *
 * A MessageChannel: one port goes to the routing worker, which serves its message map on it
 * (`linkReceiver`); the other is held here until the ADS-B worker exists (it is created on first use)
 * and is then handed to it. Over it the ADS-B worker asks the airport database where the stations of
 * FIS-B METARs and TAFs are (`stationPlaces`), without a round trip through the page.
 */

/** Spec part 1 §8: the routing worker must take its port within this long. */
export const PORT_CREATION_TIMEOUT_MS = 7_000;
/** Spec part 2 §9: the ADS-B worker waits this long for the routing worker to answer on the port. */
export const PORT_WAIT_MS = 5_000;
/** Spec part 1 §8 ("warning; traffic receiver not linked"), worded as a sentence. */
export const RECEIVER_NOT_LINKED_WARNING = 'Port creation timed out after 7 s: the traffic receiver is not linked to the routing worker';

let heldPort: MessagePort | null = null;
let taker: ((port: MessagePort) => void) | null = null;

/** Gives the receiver's port to whoever waits for it (the ADS-B worker's start), else keeps it. */
function offerReceiverPort(port: MessagePort): void {
  if (taker) {
    const take = taker;
    taker = null;
    take(port);
  } else {
    heldPort?.close();
    heldPort = port;
  }
}

/**
 * Calls `take` with the receiver's port once there is one (at once when start-up has already linked).
 * One taker at a time; the returned function withdraws it.
 */
export function whenReceiverPort(take: (port: MessagePort) => void): () => void {
  if (heldPort) {
    const port = heldPort;
    heldPort = null;
    take(port);
    return () => undefined;
  }
  taker = take;
  return () => {
    if (taker === take) taker = null;
  };
}

export interface LinkOptions {
  timeoutMs?: number;
  createChannel?: () => MessageChannel;
}

/**
 * Start-up's step: the routing worker (initialised) takes one port within 7 s, the other is offered
 * to the ADS-B worker. Never throws: 'not_linked' with the reason, for boot's warning panel.
 */
export async function linkRoutingToReceiver(routing: Pick<RoutingWorkerFacade, 'call'>, options: LinkOptions = {}): Promise<{ state: 'linked' } | { state: 'not_linked'; reason: string }> {
  const timeoutMs = options.timeoutMs ?? PORT_CREATION_TIMEOUT_MS;
  let channel: MessageChannel;
  try {
    channel = (options.createChannel ?? (() => new MessageChannel()))();
  } catch (error) {
    return { state: 'not_linked', reason: `no MessageChannel: ${(error as Error).message}` };
  }
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    const outcome = await Promise.race([routing.call('linkReceiver', { port: channel.port1 }, { signal: controller.signal }).then(() => 'linked' as const), timedOut]);
    if (outcome === 'timeout') {
      controller.abort();
      channel.port2.close();
      return { state: 'not_linked', reason: RECEIVER_NOT_LINKED_WARNING };
    }
    offerReceiverPort(channel.port2);
    return { state: 'linked' };
  } catch (error) {
    channel.port2.close();
    return { state: 'not_linked', reason: `the traffic receiver is not linked to the routing worker: ${(error as Error).message}` };
  } finally {
    clearTimeout(timer);
  }
}

/** A MessagePort as the routing client's worker (a port has no error event and is closed, not terminated). */
function portAsWorker(port: MessagePort): WorkerLike {
  return {
    postMessage: (message, transfer) => port.postMessage(message, transfer),
    addEventListener: (type: 'message' | 'error', listener: (event: never) => void) => {
      if (type === 'message') port.addEventListener('message', listener as (event: MessageEvent) => void);
    },
    terminate: () => port.close(),
  } as WorkerLike;
}

/**
 * The ADS-B worker's side: the routing worker's message map over the port, once it has said 'ready'
 * within the port wait (5 s); else null and the port is closed.
 */
export async function routingOverPort(port: MessagePort, waitMs = PORT_WAIT_MS): Promise<RoutingEndpoint | null> {
  const endpoint = createWorkerEndpoint(portAsWorker(port));
  port.start();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = await Promise.race([
    endpoint.ready.then(() => true),
    new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), waitMs);
    }),
  ]).finally(() => clearTimeout(timer));
  if (waited) return endpoint;
  endpoint.dispose();
  return null;
}

/** The host's part (worker or direct endpoint): a `link` input becomes the core's station lookup. */
export function takeLink(port: MessagePort, core: { setStationPlaces(lookup: ((idents: string[]) => Promise<Record<string, { lat: number; lon: number }>>) | null): void }, emit: (output: { kind: 'linked'; ok: boolean; reason: string | null }) => void, waitMs = PORT_WAIT_MS): void {
  void routingOverPort(port, waitMs).then((routing) => {
    if (routing === null) {
      emit({ kind: 'linked', ok: false, reason: `the routing worker did not answer on the port within ${waitMs / 1000} s: traffic receiver not linked` });
      return;
    }
    core.setStationPlaces((idents) => routing.call('stationPlaces', { idents }));
    emit({ kind: 'linked', ok: true, reason: null });
  });
}
