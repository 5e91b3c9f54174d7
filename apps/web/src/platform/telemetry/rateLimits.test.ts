import { describe, expect, it } from 'vitest';
import { DEDUP_MAX, DEDUP_WINDOW_MS, ERRORS_PER_MINUTE, ERRORS_PER_SESSION } from './limits';
import { Dedup, ErrorBudget } from './rateLimits';

/** A clock that moves only when told. */
function fakeClock(start = Date.UTC(2026, 11, 1)) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('Dedup: at most 3 identical log entries per 60 s', () => {
  it('lets the first three of an entry through and refuses the rest of the minute', () => {
    const clock = fakeClock();
    const dedup = new Dedup(clock.now);
    const verdicts = Array.from({ length: 5 }, () => {
      clock.advance(1000);
      return dedup.allow('Route analysis failed', 'at run (worker.js:1:1)');
    });
    expect(DEDUP_MAX).toBe(3);
    expect(verdicts).toEqual([true, true, true, false, false]);
  });

  it('lets it through again once the first of the three is 60 s old (a sliding window)', () => {
    const clock = fakeClock();
    const dedup = new Dedup(clock.now);
    // At 0, 1 and 2 s.
    for (let i = 0; i < 3; i += 1) {
      expect(dedup.allow('m', 's')).toBe(true);
      clock.advance(1000);
    }
    clock.advance(DEDUP_WINDOW_MS - 3000 - 1);
    expect(dedup.allow('m', 's')).toBe(false);
    clock.advance(1);
    expect(dedup.allow('m', 's')).toBe(true);
    expect(dedup.allow('m', 's')).toBe(false);
  });

  it('keys on the first 256 characters of the message and 512 of the stack', () => {
    const dedup = new Dedup(fakeClock().now);
    const message = 'x'.repeat(256);
    const stack = 'y'.repeat(512);
    // Differences past those lengths are the same entry ...
    for (let i = 0; i < 3; i += 1) expect(dedup.allow(`${message}${i}`, `${stack}${i}`)).toBe(true);
    expect(dedup.allow(`${message}tail`, `${stack}tail`)).toBe(false);
    // ... one inside them is another entry.
    expect(dedup.allow(`${'x'.repeat(255)}z`, stack)).toBe(true);
    expect(dedup.allow(message, `${'y'.repeat(511)}z`)).toBe(true);
    // No stack and an empty stack are the same key, different from a stack.
    const other = new Dedup(fakeClock().now);
    for (let i = 0; i < 3; i += 1) expect(other.allow('m', i % 2 === 0 ? null : '')).toBe(true);
    expect(other.allow('m', undefined)).toBe(false);
    expect(other.allow('m', 'at x')).toBe(true);
  });
});

describe('ErrorBudget: 20 errors a minute, 200 a session', () => {
  it('takes 20 in a minute, refuses the 21st, and takes more as the minute slides on', () => {
    const clock = fakeClock();
    const budget = new ErrorBudget(clock.now);
    const taken = Array.from({ length: 25 }, () => {
      clock.advance(100);
      return budget.take();
    });
    expect(taken.filter(Boolean)).toHaveLength(ERRORS_PER_MINUTE);
    expect(taken.slice(ERRORS_PER_MINUTE)).toEqual([false, false, false, false, false]);
    expect(budget.dropped).toBe(5);
    // 60 s after the first: one place is free again, not two.
    clock.advance(60_000 - 25 * 100 + 100);
    expect([budget.take(), budget.take()]).toEqual([true, false]);
  });

  it('stops for good after 200 in the session', () => {
    const clock = fakeClock();
    const budget = new ErrorBudget(clock.now);
    let taken = 0;
    for (let minute = 0; minute < 15; minute += 1) {
      for (let i = 0; i < 30; i += 1) if (budget.take()) taken += 1;
      clock.advance(60_000);
    }
    expect(taken).toBe(ERRORS_PER_SESSION);
    expect(budget.dropped).toBe(15 * 30 - ERRORS_PER_SESSION);
  });
});
