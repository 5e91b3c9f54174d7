import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../store';
import { signalSettled } from '../store/readinessSlice';
import { firstPictureWait, FIRST_PICTURE_WAIT_MS, whenSettled } from './readiness';

describe('whenSettled', () => {
  afterEach(() => vi.useRealTimers());

  it('resolves when the signal settles, not before', async () => {
    const store = makeStore();
    let done = false;
    const waiting = whenSettled(store, 'map', 60_000).then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    store.dispatch(signalSettled({ signal: 'navDb', state: 'ready' }));
    await Promise.resolve();
    expect(done).toBe(false);
    store.dispatch(signalSettled({ signal: 'map', state: 'unavailable', reason: 'no WebGL' }));
    await waiting;
    expect(done).toBe(true);
  });

  it('resolves at once for a settled signal, and after the limit for one that never settles', async () => {
    const store = makeStore();
    store.dispatch(signalSettled({ signal: 'map', state: 'ready' }));
    await whenSettled(store, 'map', 60_000);
    vi.useFakeTimers();
    let done = false;
    void whenSettled(store, 'serviceWorker', 4000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(3999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});

describe('firstPictureWait', () => {
  afterEach(() => vi.useRealTimers());

  it('is one promise, made on the first ask: its limit counts from then', async () => {
    vi.useFakeTimers();
    const store = makeStore();
    const wait = firstPictureWait(store);
    // Time before the first ask (boot's stages) does not count towards the limit.
    await vi.advanceTimersByTimeAsync(FIRST_PICTURE_WAIT_MS * 2);
    const first = wait();
    expect(wait()).toBe(first);
    let done = false;
    void first.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(FIRST_PICTURE_WAIT_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    expect(wait()).toBe(first);
  });
});
