import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDirectRoutingEndpoint } from './directEndpoint';
import type { RoutingEndpoint } from './endpoint';
import {
  ROUTING_CREATION_TIMEOUT_MESSAGE,
  ROUTING_INIT_TIMEOUT_MESSAGE,
  ROUTING_NOT_INITIALIZED_MESSAGE,
  ROUTING_NOT_READY_MESSAGE,
  ROUTING_WORKER_BOOT_INIT_TIMEOUT_MS,
  RoutingWorkerFacade,
  type RoutingWorkerState,
} from './facade';

/** An endpoint whose `ready` and first answer are under the test's control. */
function controlledEndpoint() {
  let markReady: () => void = () => undefined;
  let answer: () => void = () => undefined;
  const dispose = vi.fn();
  const endpoint: RoutingEndpoint = {
    ready: new Promise<void>((resolve) => (markReady = resolve)),
    call: (() => new Promise<unknown>((resolve) => (answer = () => resolve({ loaded: false, header: null })))) as RoutingEndpoint['call'],
    dispose,
  };
  return { endpoint, ready: () => markReady(), answer: () => answer(), dispose };
}

/** Settles a promise into a readable outcome without an unhandled rejection. */
function track(promise: Promise<unknown>) {
  const outcome: { settled: boolean; error: Error | null } = { settled: false, error: null };
  promise.then(
    () => (outcome.settled = true),
    (error: Error) => Object.assign(outcome, { settled: true, error }),
  );
  return outcome;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('RoutingWorkerFacade', () => {
  it('goes not_initialized -> initializing -> initialized and then answers calls', async () => {
    const facade = new RoutingWorkerFacade({ createEndpoint: () => createDirectRoutingEndpoint() });
    const states: RoutingWorkerState[] = [];
    facade.onStateChange((state) => states.push(state));
    expect(facade.state).toBe('not_initialized');
    await expect(facade.call('status', {})).rejects.toThrow(ROUTING_NOT_INITIALIZED_MESSAGE);
    const first = facade.init();
    expect(facade.init()).toBe(first);
    await first;
    expect(states).toEqual(['initializing', 'initialized']);
    expect(await facade.call('status', {})).toEqual({ loaded: false, header: null });
    await facade.init();
    facade.terminate();
    expect(facade.state).toBe('not_initialized');
  });

  it('gives up on a worker that has not loaded within 5 s (creation time-out)', async () => {
    const worker = controlledEndpoint();
    const facade = new RoutingWorkerFacade({ createEndpoint: () => worker.endpoint });
    const init = track(facade.init());
    await vi.advanceTimersByTimeAsync(4_999);
    expect(init.settled).toBe(false);
    expect(facade.state).toBe('initializing');
    await vi.advanceTimersByTimeAsync(1);
    expect(init.error?.message).toBe(ROUTING_CREATION_TIMEOUT_MESSAGE);
    expect(worker.dispose).toHaveBeenCalledOnce();
    expect(facade.state).toBe('not_initialized');
  });

  it("throws 'RoutingWorkerFacade initialization timeout' after 15 s without an answer", async () => {
    const worker = controlledEndpoint();
    const facade = new RoutingWorkerFacade({ createEndpoint: () => worker.endpoint });
    const init = track(facade.init());
    worker.ready();
    await vi.advanceTimersByTimeAsync(14_999);
    expect(init.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(init.error?.message).toBe('RoutingWorkerFacade initialization timeout');
    expect(init.error?.message).toBe(ROUTING_INIT_TIMEOUT_MESSAGE);
    expect(facade.state).toBe('not_initialized');
    expect(worker.dispose).toHaveBeenCalledOnce();
  });

  it('uses 12 s at boot, and a later init() starts a new worker', async () => {
    let worker = controlledEndpoint();
    const facade = new RoutingWorkerFacade({ createEndpoint: () => worker.endpoint });
    const init = track(facade.init({ timeoutMs: ROUTING_WORKER_BOOT_INIT_TIMEOUT_MS }));
    worker.ready();
    await vi.advanceTimersByTimeAsync(11_999);
    expect(init.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(init.error?.message).toBe(ROUTING_INIT_TIMEOUT_MESSAGE);

    worker = controlledEndpoint();
    const again = track(facade.init());
    worker.ready();
    await vi.advanceTimersByTimeAsync(100);
    worker.answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(again).toEqual({ settled: true, error: null });
    expect(facade.state).toBe('initialized');
  });

  it('waitUntilInitialized resolves as soon as the worker is initialised, not at the next 500 ms check', async () => {
    const worker = controlledEndpoint();
    const facade = new RoutingWorkerFacade({ createEndpoint: () => worker.endpoint });
    const wait = track(facade.waitUntilInitialized());
    void facade.init();
    worker.ready();
    await vi.advanceTimersByTimeAsync(1_200);
    expect(wait.settled).toBe(false);
    worker.answer();
    await vi.advanceTimersByTimeAsync(1);
    expect(facade.state).toBe('initialized');
    expect(wait).toEqual({ settled: true, error: null });
  });

  it("rejects with the spec's text when the worker is not ready after 30 s", async () => {
    const facade = new RoutingWorkerFacade({ createEndpoint: () => controlledEndpoint().endpoint });
    const wait = track(facade.waitUntilInitialized());
    await vi.advanceTimersByTimeAsync(29_999);
    expect(wait.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(wait.error?.message).toBe('RoutingWorkerFacade not ready after 30 seconds - database loading cannot proceed');
    expect(wait.error?.message).toBe(ROUTING_NOT_READY_MESSAGE);
  });

  it('returns to not_initialized when the worker dies', async () => {
    const failing: RoutingEndpoint = {
      ready: Promise.resolve(),
      call: ((method: string) =>
        method === 'status'
          ? Promise.resolve({ loaded: false, header: null })
          : Promise.reject(Object.assign(new Error('Routing worker failed: crashed'), { name: 'RoutingWorkerError' }))) as RoutingEndpoint['call'],
      dispose: vi.fn(),
    };
    const facade = new RoutingWorkerFacade({ createEndpoint: () => failing, log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() } });
    await facade.init();
    await expect(facade.call('search', { query: 'X' })).rejects.toMatchObject({ name: 'RoutingWorkerError' });
    expect(facade.state).toBe('not_initialized');
    expect(failing.dispose).toHaveBeenCalledOnce();
  });
});
