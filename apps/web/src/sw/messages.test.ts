// @vitest-environment node
import swMessagesSource from '../../public/sw-messages.js?raw';
import { describe, expect, it, vi } from 'vitest';
import { isServiceWorkerMessage, onServiceWorkerMessage, postServiceWorkerMessage, RELAYED_MESSAGE_TYPES, type MessageContainer } from './messages';

/** navigator.serviceWorker as far as messages.ts uses it: an event target and a controller (or none). */
function container(controlled = true) {
  const target = new EventTarget();
  const postMessage = vi.fn();
  const fake: MessageContainer & { deliver(data: unknown): void } = {
    controller: controlled ? { postMessage } : null,
    addEventListener: (type, listener) => target.addEventListener(type, listener as EventListener),
    removeEventListener: (type, listener) => target.removeEventListener(type, listener as EventListener),
    deliver: (data) => target.dispatchEvent(new MessageEvent('message', { data })),
  };
  return { fake, postMessage };
}

describe('service worker messages (spec part 2 §7)', () => {
  it('posts a message to the controlling worker, and nothing without one', () => {
    const { fake, postMessage } = container();
    expect(postServiceWorkerMessage({ type: 'download_complete', db: 'New_York' }, fake)).toBe(true);
    expect(postMessage).toHaveBeenCalledWith({ type: 'download_complete', db: 'New_York' });
    const none = container(false);
    expect(postServiceWorkerMessage({ type: 'change_cycle', cycle: '2026-09-03' }, none.fake)).toBe(false);
    expect(postServiceWorkerMessage({ type: 'change_cycle', cycle: '2026-09-03' }, null)).toBe(false);
  });

  it('hands the listener the four relayed types only, with their fields, until unsubscribed', () => {
    const { fake } = container();
    const heard: unknown[] = [];
    const stop = onServiceWorkerMessage((message) => heard.push(message), fake);
    fake.deliver({ type: 'download_complete', db: 'New_York' });
    fake.deliver({ type: 'download_deleted', db: 'Seattle' });
    fake.deliver({ type: 'change_cycle', cycle: '2026-09-03' });
    fake.deliver({ type: 'airportdb_downloaded', cycle: '2511' });
    fake.deliver({ type: 'SKIP_WAITING' });
    fake.deliver({ type: 'download_complete' });
    fake.deliver({ type: 'change_cycle', cycle: 2511 });
    fake.deliver('download_complete');
    fake.deliver(null);
    stop();
    fake.deliver({ type: 'download_complete', db: 'Chicago' });
    expect(heard).toEqual([
      { type: 'download_complete', db: 'New_York' },
      { type: 'download_deleted', db: 'Seattle' },
      { type: 'change_cycle', cycle: '2026-09-03' },
      { type: 'airportdb_downloaded', cycle: '2511' },
    ]);
    expect(isServiceWorkerMessage({ type: 'download_deleted', db: 'X' })).toBe(true);
  });
});

describe('public/sw-messages.js (imported into the generated sw.js)', () => {
  /** Runs the script in a context of its own with a fake worker global: its message listener and the windows it posts to. */
  function worker() {
    let onMessage: ((event: unknown) => void) | null = null;
    const windows = ['tab-a', 'tab-b', 'tab-c'].map((id) => ({ id, postMessage: vi.fn() }));
    const matchAll = vi.fn(async () => windows);
    const self = {
      addEventListener: (type: string, listener: (event: unknown) => void) => {
        if (type === 'message') onMessage = listener;
      },
      clients: { matchAll },
      location: { href: 'https://clearway.test/sw.js?v=1.2.3' },
    };
    // The script as the worker runs it, with `self` as its global.
    new Function('self', swMessagesSource)(self);
    const send = async (data: unknown, from = 'tab-a') => {
      const waits: Promise<unknown>[] = [];
      onMessage?.({ data, source: { id: from }, waitUntil: (p: Promise<unknown>) => waits.push(p) });
      await Promise.all(waits);
    };
    return { windows, matchAll, send };
  }

  it('relays each of the four types to every other window, not back to the sender', async () => {
    for (const type of RELAYED_MESSAGE_TYPES) {
      const { windows, matchAll, send } = worker();
      const data = type === 'download_complete' || type === 'download_deleted' ? { type, db: 'New_York' } : { type, cycle: '2026-09-03' };
      await send(data, 'tab-b');
      expect(matchAll).toHaveBeenCalledWith({ type: 'window', includeUncontrolled: true });
      expect(windows[0]!.postMessage).toHaveBeenCalledWith(data);
      expect(windows[1]!.postMessage).not.toHaveBeenCalled();
      expect(windows[2]!.postMessage).toHaveBeenCalledWith(data);
    }
  });

  it("leaves other messages (workbox's SKIP_WAITING, anything else) alone", async () => {
    const { windows, matchAll, send } = worker();
    await send({ type: 'SKIP_WAITING' });
    await send({ type: 'get_router' });
    await send(null);
    await send('download_complete');
    expect(matchAll).not.toHaveBeenCalled();
    for (const w of windows) expect(w.postMessage).not.toHaveBeenCalled();
  });
});
