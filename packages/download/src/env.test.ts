import { describe, expect, it } from 'vitest';
import { timerSleep, type TimersLike } from './env.js';

/** Timers a test runs by hand: `fire()` runs every pending callback. */
function manualTimers(): TimersLike & { pending: Map<number, () => void>; fire: () => void } {
  const pending = new Map<number, () => void>();
  let next = 1;
  return {
    pending,
    setTimeout: (callback) => {
      pending.set(next, callback);
      return next++;
    },
    clearTimeout: (handle) => void pending.delete(handle as number),
    fire: () => {
      for (const [id, callback] of [...pending]) {
        pending.delete(id);
        callback();
      }
    },
  };
}

describe('timerSleep', () => {
  it('resolves when its timer fires', async () => {
    const timers = manualTimers();
    let done = false;
    const sleeping = timerSleep(timers)(1000).then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    timers.fire();
    await sleeping;
    expect(done).toBe(true);
  });

  it('rejects with the signal reason on abort and stops its timer', async () => {
    const timers = manualTimers();
    const controller = new AbortController();
    const sleeping = timerSleep(timers)(1000, controller.signal);
    expect(timers.pending.size).toBe(1);
    controller.abort(new Error('stopped by the pilot'));
    await expect(sleeping).rejects.toThrow('stopped by the pilot');
    expect(timers.pending.size).toBe(0);
  });

  it('rejects at once, with an AbortError, when the signal was aborted before', async () => {
    const timers = manualTimers();
    const signal = { aborted: true, reason: undefined, addEventListener: () => undefined, removeEventListener: () => undefined };
    await expect(timerSleep(timers)(1000, signal)).rejects.toMatchObject({ name: 'AbortError' });
    expect(timers.pending.size).toBe(0);
  });
});
