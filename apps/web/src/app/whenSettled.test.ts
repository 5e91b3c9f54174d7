import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../store';
import { signalSettled } from '../store/readinessSlice';
import { whenSettled } from './readiness';

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
