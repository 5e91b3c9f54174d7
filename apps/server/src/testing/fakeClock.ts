import type { JobClock } from '../jobs/index.js';

/**
 * A clock for tests of time-driven code (jobs/): time moves only by advance(), which fires the
 * timers that fall due, in time order, and awaits the work each one started.
 */
export class FakeClock implements JobClock {
  private timers: Array<{ at: number; fn: () => unknown; id: number }> = [];
  private nextId = 1;

  constructor(private current: number) {}

  now(): number {
    return this.current;
  }

  setTimer(fn: () => unknown, ms: number): number {
    const id = this.nextId++;
    this.timers.push({ at: this.current + ms, fn, id });
    return id;
  }

  clearTimer(handle: unknown): void {
    this.timers = this.timers.filter((timer) => timer.id !== handle);
  }

  /** Timers waiting. */
  get pending(): number {
    return this.timers.length;
  }

  /** Moves time on by `ms`, firing each timer due on the way at its own time and awaiting what it started. */
  async advance(ms: number): Promise<void> {
    const end = this.current + ms;
    for (;;) {
      const due = this.timers.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (due === undefined) break;
      this.timers = this.timers.filter((timer) => timer !== due);
      this.current = Math.max(this.current, due.at);
      await due.fn();
    }
    this.current = end;
  }
}
