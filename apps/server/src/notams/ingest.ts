import { tfrsFromFaaWfs, type Tfr } from '@clearway/weather';
import type { Database } from '../db/index.js';
import { JobRunner, leasesFor, systemClock, type JobClock, type JobRun, type LeaseStore } from '../jobs/index.js';
import type { NotamSource } from './source.js';
import { NotamStore, type NotamIngestStats } from './store.js';

export interface NotamIngestLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface NotamIngesterOptions {
  db: Database;
  source: NotamSource;
  logger: NotamIngestLogger;
  clock?: JobClock;
  leases?: LeaseStore;
  /** Tries per fetch (default 3) and the first back-off (default 5 s, doubled each retry). */
  attempts?: number;
  backoffMs?: number;
  /** First look after start, ms (default 1 s). */
  startDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

export type NotamIngestOutcome = { status: 'stored'; stats: NotamIngestStats; ms: number } | { status: 'failed'; error: string; attempts: number; ms: number };

/** The job's name (its lease key). */
export const NOTAM_JOB_NAME = 'notams';

const realSleep = (ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
  });

/**
 * Refreshes NOTAMs and TFRs from the source in the job runner (one process per period on
 * PostgreSQL), with retries and back-off; a fetch that fails every try keeps what is stored and
 * records the error (notam_sources). TFR shapes are joined with their FDC NOTAMs of the same fetch.
 */
export class NotamIngester {
  readonly store: NotamStore;
  private readonly runner: JobRunner;
  private running: Promise<NotamIngestOutcome> | null = null;

  constructor(private readonly options: NotamIngesterOptions) {
    this.store = new NotamStore(options.db);
    const periodMs = options.source.pollIntervalMs;
    this.runner = new JobRunner([{ name: NOTAM_JOB_NAME, periodMs, leaseMs: periodMs, run: async () => void (await this.ingest()) }], {
      leases: options.leases ?? leasesFor(options.db),
      clock: options.clock ?? systemClock,
      logger: { info: () => undefined, error: (details, message) => options.logger.error(details, message) },
      startDelayMs: options.startDelayMs ?? 1_000,
    });
  }

  start(): void {
    this.options.logger.info({ source: this.options.source.description }, 'NOTAM ingestion started');
    this.runner.start();
  }

  stop(): Promise<void> {
    return this.runner.stop();
  }

  runDue(): Promise<JobRun[]> {
    return this.runner.runDue();
  }

  /** One ingestion now; a call while one runs joins it. */
  ingest(): Promise<NotamIngestOutcome> {
    this.running ??= this.ingestNow().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async ingestNow(): Promise<NotamIngestOutcome> {
    const clock = this.options.clock ?? systemClock;
    const started = clock.now();
    const attempts = this.options.attempts ?? 3;
    const sleep = this.options.sleep ?? realSleep;
    let lastError = '';
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      try {
        const batch = await this.options.source.fetch();
        let tfrs: Tfr[] = [];
        const rejected = [...batch.rejected];
        if (batch.tfrList !== null) {
          const parsed = tfrsFromFaaWfs(batch.tfrList, batch.notams);
          tfrs = parsed.tfrs;
          rejected.push(...parsed.rejected.map((r) => `TFR list: ${r}`));
        }
        const kinds: Record<string, number> = {};
        for (const n of batch.notams) kinds[n.kind] = (kinds[n.kind] ?? 0) + 1;
        const stats: NotamIngestStats = { notams: batch.notams.length, tfrs: tfrs.length, kinds, withProblems: batch.notams.filter((n) => n.problems.length > 0).length, rejected: rejected.slice(0, 20), rejectedCount: rejected.length, read: batch.read };
        await this.store.replace(this.options.source.kind, batch.notams, tfrs, clock.now(), stats);
        const log = rejected.length > 0 ? this.options.logger.warn.bind(this.options.logger) : this.options.logger.info.bind(this.options.logger);
        log({ notams: stats.notams, tfrs: stats.tfrs, rejected: stats.rejected, kinds }, 'NOTAMs stored');
        return { status: 'stored', stats, ms: clock.now() - started };
      } catch (error) {
        lastError = (error as Error).message;
        if (attempt < attempts) await sleep((this.options.backoffMs ?? 5_000) * 2 ** (attempt - 1));
      }
    }
    await this.store.recordFailure(this.options.source.kind, clock.now(), lastError);
    this.options.logger.error({ error: lastError, attempts, source: this.options.source.description }, 'NOTAM fetch failed; the stored NOTAMs stay');
    return { status: 'failed', error: lastError, attempts, ms: clock.now() - started };
  }
}
