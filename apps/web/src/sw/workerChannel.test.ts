import { describe, expect, it, vi } from 'vitest';
import swMessagesSource from '../../public/sw-messages.js?raw';
import { createWorkerChannel, isWorkerToPageMessage, staleRegistrations, SW_CHANNEL_RELOAD_DELAY_MS, SW_MESSAGE_WAIT_MS, SW_RELOADED_FOR_KEY, type ChannelContainer } from './workerChannel';

/** A fake navigator.serviceWorker: a controller that may come later, and its message and controllerchange events. */
function fakeContainer() {
  const listeners = { message: new Set<(event: MessageEvent) => void>(), controllerchange: new Set<(event: MessageEvent) => void>() };
  const container = {
    controller: null as { postMessage: ReturnType<typeof vi.fn> } | null,
    addEventListener: (type: 'message' | 'controllerchange', l: (event: MessageEvent) => void) => listeners[type].add(l),
    removeEventListener: (type: 'message' | 'controllerchange', l: (event: MessageEvent) => void) => listeners[type].delete(l),
  };
  return {
    container: container as ChannelContainer & typeof container,
    listeners,
    deliver(data: unknown, ports: { postMessage: (m: unknown) => void }[] = []) {
      for (const l of [...listeners.message]) l({ data, ports } as unknown as MessageEvent);
    },
    takeControl() {
      container.controller = { postMessage: vi.fn() };
      for (const l of [...listeners.controllerchange]) l({} as MessageEvent);
      return container.controller;
    },
  };
}

/** A fake timer queue: run(ms) fires what is due. */
function fakeTimers() {
  let now = 0;
  const queue: { at: number; fn: () => void; id: number }[] = [];
  let next = 1;
  return {
    setTimer: (fn: () => void, ms: number) => {
      const id = next++;
      queue.push({ at: now + ms, fn, id });
      return id;
    },
    clearTimer: (id: unknown) => {
      const i = queue.findIndex((t) => t.id === id);
      if (i >= 0) queue.splice(i, 1);
    },
    advance(ms: number) {
      now += ms;
      for (const t of queue.filter((q) => q.at <= now)) {
        queue.splice(queue.indexOf(t), 1);
        t.fn();
      }
    },
  };
}

function memorySession(): Pick<Storage, 'getItem' | 'setItem'> & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return { values, getItem: (k) => values.get(k) ?? null, setItem: (k, v) => void values.set(k, v) };
}

const silent = { info: () => undefined, warn: () => undefined };

function channel(overrides: { session?: ReturnType<typeof memorySession> } = {}) {
  const fake = fakeContainer();
  const timers = fakeTimers();
  const reload = vi.fn();
  const session = overrides.session ?? memorySession();
  const ch = createWorkerChannel({ container: fake.container, version: '1.2.3', reload, path: () => '/app/route?x=1', session, setTimer: timers.setTimer, clearTimer: timers.clearTimer, log: silent });
  return { ch, fake, timers, reload, session };
}

describe('isWorkerToPageMessage', () => {
  it('accepts the three worker messages and nothing else', () => {
    expect(isWorkerToPageMessage({ type: 'SW_STALE_DETECTED', version: '2' })).toBe(true);
    expect(isWorkerToPageMessage({ type: 'SW_ACTIVATED', version: '2' })).toBe(true);
    expect(isWorkerToPageMessage({ type: 'get_router' })).toBe(true);
    expect(isWorkerToPageMessage({ type: 'SW_ACTIVATED' })).toBe(false);
    expect(isWorkerToPageMessage({ type: 'download_complete', db: 'X' })).toBe(false);
    expect(isWorkerToPageMessage(null)).toBe(false);
  });
});

describe('worker channel (page side)', () => {
  it('SW_STALE_DETECTED of another version reloads after 150 ms, once per version even across reloads', () => {
    const { fake, timers, reload, session } = channel();
    fake.deliver({ type: 'SW_STALE_DETECTED', version: '1.2.4' });
    timers.advance(SW_CHANNEL_RELOAD_DELAY_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    timers.advance(1);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(session.values.get(SW_RELOADED_FOR_KEY)).toBe('1.2.4');
    // The reloaded page (same tab: same sessionStorage) hears it again: no second reload.
    const again = channel({ session });
    again.fake.deliver({ type: 'SW_STALE_DETECTED', version: '1.2.4' });
    again.timers.advance(1000);
    expect(again.reload).not.toHaveBeenCalled();
    // A newer version reloads once more.
    again.fake.deliver({ type: 'SW_ACTIVATED', version: '1.2.5' });
    again.timers.advance(SW_CHANNEL_RELOAD_DELAY_MS);
    expect(again.reload).toHaveBeenCalledTimes(1);
  });

  it('SW_ACTIVATED of its own version does nothing', () => {
    const { fake, timers, reload } = channel();
    fake.deliver({ type: 'SW_ACTIVATED', version: '1.2.3' });
    timers.advance(1000);
    expect(reload).not.toHaveBeenCalled();
  });

  it('answers get_router with the page path, on the port given or to the controller', () => {
    const { fake } = channel();
    const port = { postMessage: vi.fn() };
    fake.deliver({ type: 'get_router' }, [port]);
    expect(port.postMessage).toHaveBeenCalledWith({ type: 'router', path: '/app/route?x=1' });
    const controller = fake.takeControl();
    fake.deliver({ type: 'get_router' });
    expect(controller.postMessage).toHaveBeenCalledWith({ type: 'router', path: '/app/route?x=1' });
  });

  it('a message waits for a controlling worker, up to 30 s', async () => {
    const { ch, fake, timers } = channel();
    const sent = ch.post({ type: 'performance_mode', on: true });
    timers.advance(SW_MESSAGE_WAIT_MS - 1);
    const controller = fake.takeControl();
    await expect(sent).resolves.toBe(true);
    expect(controller.postMessage).toHaveBeenCalledWith({ type: 'performance_mode', on: true });
    // Once controlled, a message goes at once.
    await expect(ch.post({ type: 'client_version', version: '1.2.3' })).resolves.toBe(true);
    expect(controller.postMessage).toHaveBeenLastCalledWith({ type: 'client_version', version: '1.2.3' });
  });

  it('drops a message no worker took within 30 s', async () => {
    const { ch, fake, timers } = channel();
    const sent = ch.post({ type: 'performance_mode', on: false });
    timers.advance(SW_MESSAGE_WAIT_MS);
    await expect(sent).resolves.toBe(false);
    const controller = fake.takeControl();
    expect(controller.postMessage).not.toHaveBeenCalled();
  });

  it('dispose removes its listeners and settles waiting messages', async () => {
    const { ch, fake } = channel();
    const sent = ch.post({ type: 'performance_mode', on: true });
    ch.dispose();
    await expect(sent).resolves.toBe(false);
    expect(fake.listeners.message.size).toBe(0);
    expect(fake.listeners.controllerchange.size).toBe(0);
  });
});

describe('staleRegistrations', () => {
  const script = 'https://clearway.test/sw.js?v=1.2.3';
  it('leaves the current scope alone and removes every other, saying why', () => {
    const current = { scope: 'https://clearway.test/', active: { scriptURL: 'https://clearway.test/sw.js?v=1.2.2' } };
    const oldLayout = { scope: 'https://clearway.test/app/', active: { scriptURL: 'https://clearway.test/service-worker.js' } };
    const sameScript = { scope: 'https://clearway.test/other/', waiting: { scriptURL: script } };
    const stale = staleRegistrations([current, oldLayout, sameScript], current, script);
    expect(stale).toEqual([
      { registration: oldLayout, reason: `script https://clearway.test/service-worker.js is not ${script}` },
      { registration: sameScript, reason: 'scope https://clearway.test/other/ is not https://clearway.test/' },
    ]);
    expect(staleRegistrations([current], current, script)).toEqual([]);
  });
});

describe('public/sw-messages.js: the worker side', () => {
  function worker(version = '1.2.3') {
    const listeners: Record<string, (event: unknown) => void> = {};
    const windows = ['tab-a', 'tab-b'].map((id) => ({ id, postMessage: vi.fn() }));
    const self: Record<string, unknown> = {
      addEventListener: (type: string, listener: (event: unknown) => void) => (listeners[type] = listener),
      clients: { matchAll: vi.fn(async () => windows) },
      location: { href: `https://clearway.test/sw.js?v=${version}` },
    };
    new Function('self', swMessagesSource)(self);
    const fire = async (type: string, event: Record<string, unknown>) => {
      const waits: Promise<unknown>[] = [];
      listeners[type]?.({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) });
      await Promise.all(waits);
    };
    return { self, windows, fire };
  }

  it('tells every window SW_ACTIVATED with its version and asks get_router on activation', async () => {
    const { windows, fire } = worker('2.0.0');
    await fire('activate', {});
    for (const w of windows) {
      expect(w.postMessage).toHaveBeenCalledWith({ type: 'SW_ACTIVATED', version: '2.0.0' });
      expect(w.postMessage).toHaveBeenCalledWith({ type: 'get_router' });
    }
  });

  it('answers a page of another version with SW_STALE_DETECTED, a page of its own with nothing', async () => {
    const { fire } = worker('2.0.0');
    const old = { id: 'tab-a', postMessage: vi.fn() };
    await fire('message', { data: { type: 'client_version', version: '1.9.0' }, source: old });
    expect(old.postMessage).toHaveBeenCalledWith({ type: 'SW_STALE_DETECTED', version: '2.0.0' });
    const current = { id: 'tab-b', postMessage: vi.fn() };
    await fire('message', { data: { type: 'client_version', version: '2.0.0' }, source: current });
    expect(current.postMessage).not.toHaveBeenCalled();
  });

  it('keeps the performance mode and each window path it is told', async () => {
    const { self, fire } = worker();
    expect(self.clearwayPerformanceMode).toBe(false);
    await fire('message', { data: { type: 'performance_mode', on: true }, source: { id: 'tab-a' } });
    expect(self.clearwayPerformanceMode).toBe(true);
    await fire('message', { data: { type: 'performance_mode', on: 'yes' }, source: { id: 'tab-a' } });
    expect(self.clearwayPerformanceMode).toBe(true);
    await fire('message', { data: { type: 'router', path: '/app/route' }, source: { id: 'tab-b' } });
    expect((self.clearwayRouters as Map<string, string>).get('tab-b')).toBe('/app/route');
  });
});
