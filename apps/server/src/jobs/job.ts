/** One periodic piece of work of the server (the outbox cleanup now; weather ingestion and cycle checks next). */
export interface Job {
  /** Unique among the jobs; the key of its lease. */
  name: string;
  /**
   * Length of one period, ms. The periods are fixed slices of time since the epoch (period number =
   * floor(now / periodMs)), the same in every process, so "once per period" means the same thing in all.
   */
  periodMs: number;
  /**
   * How long a claim holds, ms (default periodMs): the next period cannot be claimed before it
   * ends, so a run longer than its period is not overlapped, and a process that died mid-run frees
   * the job after this long. Make it longer than the longest run.
   */
  leaseMs?: number;
  /** The work of one period. A throw is logged; the period still counts as done (no retry before the next one). */
  run(context: JobContext): Promise<void>;
}

/** What a run is told. */
export interface JobContext {
  /** The runner's clock when the run started, ms since the epoch. */
  now: number;
  /** The period being run. */
  period: number;
}

/** The runner's time: injected, so tests drive it with a fake clock (testing/fakeClock.ts). */
export interface JobClock {
  now(): number;
  /**
   * Calls `fn` after `ms`; the handle goes to clearTimer. `fn` returns the work it started (the
   * runner's look), which a fake clock awaits so tests see its outcome.
   */
  setTimer(fn: () => unknown, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

/** Longest delay setTimeout takes (2^31 - 1 ms, about 24.8 days); longer waits are taken in steps. */
const MAX_TIMER_MS = 2_147_483_647;

/** The process clock: Date.now and timers that do not keep the process alive. */
export const systemClock: JobClock = {
  now: () => Date.now(),
  setTimer(fn, ms) {
    const timer = setTimeout(fn, Math.min(ms, MAX_TIMER_MS));
    timer.unref();
    return timer;
  },
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
