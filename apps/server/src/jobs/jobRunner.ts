import { randomUUID } from 'node:crypto';
import type { Database } from '../db/index.js';
import { DatabaseLeases } from './databaseLeases.js';
import { inProcessLeasesOf } from './inProcessLeases.js';
import { systemClock, type Job, type JobClock } from './job.js';
import type { LeaseStore } from './leases.js';

/** Where the runner reports (pino's logger fits). */
export interface JobLogger {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobRunnerOptions {
  /** Who agrees which process runs a job; default leasesFor(db). */
  leases: LeaseStore;
  /** Default systemClock. */
  clock?: JobClock;
  logger?: JobLogger;
  /**
   * The first look for due jobs this long after start, ms (default 60 s: after start-up work, and
   * so a laptop that is never up at a period boundary still runs its daily jobs). Then at each
   * period boundary of any job.
   */
  startDelayMs?: number;
  /** This runner's id in the leases; default a random UUID. */
  holder?: string;
}

/** A job this runner ran in one look: its period and whether it threw. */
export interface JobRun {
  job: string;
  period: number;
  ok: boolean;
}

/**
 * The lease store for a database: in this process's memory on SQLite (one process serves the file;
 * the in-process default), the `job_leases` table on PostgreSQL (any number of processes).
 */
export function leasesFor(db: Database): LeaseStore {
  return db.dialect === 'sqlite' ? inProcessLeasesOf(db) : new DatabaseLeases(db);
}

/**
 * Runs periodic jobs in every server process, each job in exactly one of them per period: before a
 * run, the runner claims (job, period) in the lease store and runs only when the claim is granted;
 * the lease is released when the run is over (or ends by itself after leaseMs if the process dies).
 * Jobs of one look run side by side; a job that throws is logged and counts as run for its period.
 */
export class JobRunner {
  private readonly clock: JobClock;
  private readonly holder: string;
  private timer: unknown = undefined;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = true;

  constructor(
    private readonly jobs: readonly Job[],
    private readonly options: JobRunnerOptions,
  ) {
    const names = new Set(jobs.map((job) => job.name));
    if (names.size !== jobs.length) throw new Error(`JobRunner: job names must be unique (got ${jobs.map((job) => job.name).join(', ')})`);
    for (const job of jobs) {
      if (!(Number.isInteger(job.periodMs) && job.periodMs > 0)) throw new Error(`JobRunner: job ${job.name} needs a whole positive periodMs (got ${job.periodMs})`);
    }
    this.clock = options.clock ?? systemClock;
    this.holder = options.holder ?? randomUUID();
  }

  /**
   * Claims and runs every job whose current period this store has not had run; answers the runs
   * made here. Claims that fail (database down) are logged and tried again at the next look.
   */
  async runDue(): Promise<JobRun[]> {
    const now = this.clock.now();
    const runs = await Promise.all(this.jobs.map((job) => this.runIfClaimed(job, now)));
    return runs.filter((run): run is JobRun => run !== undefined);
  }

  private async runIfClaimed(job: Job, now: number): Promise<JobRun | undefined> {
    const claim = { job: job.name, period: Math.floor(now / job.periodMs), holder: this.holder, now, leaseMs: job.leaseMs ?? job.periodMs };
    const { leases, logger } = this.options;
    try {
      if (!(await leases.claim(claim))) return undefined;
    } catch (error) {
      logger?.error({ err: error, job: job.name }, 'job lease could not be claimed');
      return undefined;
    }
    let ok = true;
    try {
      await job.run({ now, period: claim.period });
      logger?.info({ job: job.name, period: claim.period, ms: this.clock.now() - now }, 'job ran');
    } catch (error) {
      ok = false;
      logger?.error({ err: error, job: job.name, period: claim.period }, 'job failed');
    }
    try {
      await leases.release(claim, this.clock.now());
    } catch (error) {
      // The lease then ends by itself after leaseMs.
      logger?.error({ err: error, job: job.name }, 'job lease could not be released');
    }
    return { job: job.name, period: claim.period, ok };
  }

  /** Looks for due jobs startDelayMs from now, then at every period boundary, until stop(). */
  start(): void {
    if (!this.stopped || this.jobs.length === 0) return;
    this.stopped = false;
    this.schedule(this.options.startDelayMs ?? 60_000);
  }

  /** Stops the timer and waits for a look in progress to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== undefined) this.clock.clearTimer(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = this.clock.setTimer(() => {
      this.timer = undefined;
      this.running = this.runDue().finally(() => this.schedule(this.untilNextBoundary()));
      return this.running;
    }, delayMs);
  }

  /** ms until the soonest next period of any job begins. */
  private untilNextBoundary(): number {
    const now = this.clock.now();
    return Math.min(...this.jobs.map((job) => (Math.floor(now / job.periodMs) + 1) * job.periodMs - now));
  }
}
