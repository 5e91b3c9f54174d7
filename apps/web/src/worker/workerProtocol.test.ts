// @vitest-environment node
// Node, not jsdom: jsdom's TextEncoder returns Uint8Arrays of another realm, which the nav database
// encoder does not recognise (the browser and its workers have one realm).
import { describe, expect, it, vi } from 'vitest';
import { createRoutingHandlers, type RoutingHandlers } from './handlers';
import type { RoutingReply, RoutingRequest } from './messages';
import { createWorkerEndpoint, type WorkerLike } from './workerClient';
import { serveRouting, type WorkerScopeLike } from './workerHost';
import { tinyArtifact } from '../test/navFixture';

/**
 * A page and a worker scope joined like a real Worker: every message is structured-cloned (with its
 * transfer list) and delivered in a later task.
 */
function workerPair(handlers: RoutingHandlers) {
  const toWorker = new EventTarget();
  const toPage = new EventTarget();
  const requests: { message: RoutingRequest; transfer: Transferable[] }[] = [];
  const deliver = (target: EventTarget, data: unknown) => setTimeout(() => target.dispatchEvent(new MessageEvent('message', { data })));
  const scope: WorkerScopeLike = {
    postMessage: (message) => deliver(toPage, structuredClone(message)),
    addEventListener: (type, listener) => toWorker.addEventListener(type, listener as EventListener),
  };
  const worker: WorkerLike = {
    postMessage: (message, transfer) => {
      requests.push({ message, transfer });
      deliver(toWorker, structuredClone(message, { transfer }));
    },
    addEventListener: (type: string, listener: (event: never) => void) => toPage.addEventListener(type, listener as EventListener),
    terminate: vi.fn(),
  };
  serveRouting(scope, handlers);
  return { worker, requests, toPage };
}

describe('the worker protocol (client and host)', () => {
  it('is ready once the host listens, and round-trips calls with the buffer transferred', async () => {
    const { worker, requests } = workerPair(createRoutingHandlers());
    const routing = createWorkerEndpoint(worker);
    await routing.ready;
    const bytes = tinyArtifact();
    const header = await routing.call('loadDatabase', { bytes });
    expect(header.cycle).toBe('2511');
    expect(requests[0]?.transfer).toEqual([bytes]);
    expect(bytes.byteLength).toBe(0);
    const [a, b] = await Promise.all([routing.call('airportSummary', { code: 'OAK' }), routing.call('airportSummary', { code: 'HWD' })]);
    expect([a, b].map((s) => ('code' in s ? s.code : s.error))).toEqual(['OAK', 'HWD']);
    // Each request has an id of its own.
    const ids = requests.map((r) => (r.message.type === 'request' ? r.message.id : -1));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('re-throws the worker error with its name and message', async () => {
    const { worker } = workerPair(createRoutingHandlers());
    const routing = createWorkerEndpoint(worker);
    const error = await routing.call('getRunwayInfo', { airportId: 'HWD' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'NavDbNotLoadedError', message: 'No nav database is loaded' });
  });

  it('answers a method outside the map with a TypeError', async () => {
    const { worker } = workerPair(createRoutingHandlers());
    const routing = createWorkerEndpoint(worker);
    await expect(routing.call('noSuchMethod' as never, {} as never)).rejects.toMatchObject({ name: 'TypeError', message: 'Unknown routing method: noSuchMethod' });
  });

  it('sends a cancel message on abort, rejects with AbortError and aborts the handler', async () => {
    const aborted = vi.fn();
    const handlers: RoutingHandlers = {
      ...createRoutingHandlers(),
      search: (_params, { signal }) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            aborted();
            reject(new Error('stopped'));
          });
        }),
    };
    const { worker, requests } = workerPair(handlers);
    const routing = createWorkerEndpoint(worker);
    const controller = new AbortController();
    const pending = routing.call('search', { query: 'HWD' }, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    const request = requests[0]?.message;
    expect(requests[1]?.message).toEqual({ type: 'cancel', id: request?.type === 'request' ? request.id : -1 });
    await vi.waitFor(() => expect(aborted).toHaveBeenCalledOnce());
    // The endpoint keeps working after a cancellation.
    expect(await routing.call('status', {})).toEqual({ loaded: false, header: null });
  });

  it('fails every pending call, and `ready`, when the worker script fails', async () => {
    const toPage = new EventTarget();
    const worker: WorkerLike = {
      postMessage: () => undefined,
      addEventListener: (type: string, listener: (event: never) => void) => toPage.addEventListener(type, listener as EventListener),
      terminate: vi.fn(),
    };
    const routing = createWorkerEndpoint(worker);
    const pending = routing.call('status', {});
    toPage.dispatchEvent(Object.assign(new Event('error'), { message: 'SyntaxError: bad chunk' }));
    await expect(pending).rejects.toMatchObject({ name: 'RoutingWorkerError', message: 'Routing worker failed: SyntaxError: bad chunk' });
    await expect(routing.ready).rejects.toMatchObject({ name: 'RoutingWorkerError' });
    await expect(routing.call('status', {})).rejects.toMatchObject({ name: 'RoutingWorkerError' });
  });

  it('ignores replies to unknown ids and terminates the worker on dispose', async () => {
    const { worker, toPage } = workerPair(createRoutingHandlers());
    const routing = createWorkerEndpoint(worker);
    const stray: RoutingReply = { type: 'response', id: 999, ok: true, result: 1 };
    toPage.dispatchEvent(new MessageEvent('message', { data: stray }));
    const pending = routing.call('status', {});
    routing.dispose();
    expect(worker.terminate).toHaveBeenCalledOnce();
    await expect(pending).rejects.toMatchObject({ name: 'RoutingEndpointClosedError' });
  });
});
