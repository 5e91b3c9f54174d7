import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** Moves the faked timers on by `ms`, firing the timers due (inside act, so React renders what they did). */
export async function elapse(ms: number): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

/**
 * Retries `check` after each event-loop turn (setImmediate, which fake timers leave real) until it
 * passes; fails with its last error after 1000 turns. Counts turns, not time.
 */
export async function eventually(check: () => unknown): Promise<void> {
  for (let turn = 0; ; turn++) {
    try {
      await check();
      return;
    } catch (error) {
      if (turn >= 1000) throw error;
    }
    await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
  }
}
