import { WEATHER_PRODUCT_TYPES, type StationsSnapshot, type WeatherProductType } from '@clearway/protocol';
import type { Database } from '../db/index.js';
import { JobRunner, leasesFor, systemClock, type Job, type JobClock, type JobRun, type LeaseStore } from '../jobs/index.js';
import type { RealtimeHub } from '../realtime/index.js';
import { buildSnapshot, stationIndex, type StationIndex } from './build.js';
import type { WeatherSource } from './source.js';
import { WeatherStore } from './store.js';

/** pino's methods the ingester uses. */
export interface IngestLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface WeatherIngesterOptions {
  db: Database;
  source: WeatherSource;
  hub: RealtimeHub;
  logger: IngestLogger;
  /** Default systemClock. */
  clock?: JobClock;
  /** Who runs each type in a period: default leasesFor(db) (job_leases rows on PostgreSQL). */
  leases?: LeaseStore;
  /** Tries per fetch (default 4: the first and 3 retries) and the first back-off (default 2 s, doubled each retry). */
  attempts?: number;
  backoffMs?: number;
  /** First look after start, ms (default 1 s). */
  startDelayMs?: number;
  /** How the ingester waits between tries (tests: no wait); default setTimeout. */
  sleep?: (ms: number) => Promise<void>;
}

/** What one ingestion of a type did. */
export type IngestOutcome =
  | { type: WeatherProductType; status: 'new-cycle' | 'unchanged'; cycle: number; entries: number; malformed: number; unknownStations: number; ms: number }
  | { type: WeatherProductType; status: 'not-modified'; cycle: number | null; ms: number }
  | { type: WeatherProductType; status: 'failed'; error: string; attempts: number; ms: number };

/** The job name of a type's ingestion (its lease key). */
export function weatherJobName(type: WeatherProductType): string {
  return `weather_${type}`;
}

const realSleep = (ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
  });

/**
 * Ingests every type of a source on its own timer (one job per type in a JobRunner, so with several
 * processes on one database each type is fetched by one of them per period: leases in job_leases on
 * PostgreSQL, in-process on SQLite). A run fetches with retries and exponential back-off, builds the
 * snapshot with @clearway/weather, stores it (a new cycle only when the content changed) and
 * announces a new cycle on the realtime hub. A fetch that fails every try keeps the previous
 * snapshot and its fetch time (its age shows), and is logged; malformed reports and unknown
 * stations are counted and logged, never fatal.
 */
export class WeatherIngester {
  readonly store: WeatherStore;
  private readonly runner: JobRunner;
  private stations: { cycle: number; index: StationIndex } | null = null;
  /** Ingestions running now: at start-up every type wants the station list first, and it is fetched once. */
  private readonly inFlight = new Map<WeatherProductType, Promise<IngestOutcome>>();
  /** The last outcome of each type in this process. */
  readonly last = new Map<WeatherProductType, IngestOutcome>();

  constructor(private readonly options: WeatherIngesterOptions) {
    this.store = new WeatherStore(options.db);
    this.runner = new JobRunner(this.jobs(), {
      leases: options.leases ?? leasesFor(options.db),
      clock: options.clock ?? systemClock,
      logger: { info: () => undefined, error: (details, message) => options.logger.error(details, message) },
      startDelayMs: options.startDelayMs ?? 1_000,
    });
  }

  /** One job per type the source gives, on the source's interval for it. */
  jobs(): Job[] {
    return this.options.source.types.map((type) => {
      const periodMs = this.options.source.pollIntervalMs(type);
      return { name: weatherJobName(type), periodMs, leaseMs: periodMs, run: async () => void (await this.ingest(type)) };
    });
  }

  start(): void {
    this.options.logger.info({ source: this.options.source.description, types: this.options.source.types }, 'weather ingestion started');
    this.runner.start();
  }

  stop(): Promise<void> {
    return this.runner.stop();
  }

  /** Claims and runs the types due now (what the timer does at each period boundary). */
  runDue(): Promise<JobRun[]> {
    return this.runner.runDue();
  }

  /** The station list for placing reports: the stored stations snapshot (ingested first when there is none). */
  private async stationIndex(): Promise<StationIndex> {
    let head = await this.store.head('stations');
    if (head === null && this.options.source.types.includes('stations')) {
      await this.ingest('stations');
      head = await this.store.head('stations');
    }
    if (head === null) return stationIndex([]);
    if (this.stations?.cycle === head.cycle) return this.stations.index;
    const stored = await this.store.snapshotText('stations');
    if (stored === null) return stationIndex([]);
    // Written by this module (buildStations): read as it is, without a schema pass over 9,000+ stations.
    const parsed = JSON.parse(stored.text) as Partial<StationsSnapshot>;
    const index = stationIndex(Array.isArray(parsed.stations) ? parsed.stations : []);
    this.stations = { cycle: stored.head.cycle, index };
    return index;
  }

  /** One ingestion of a type now (the jobs call it; tests too). A call while one runs joins it. */
  ingest(type: WeatherProductType): Promise<IngestOutcome> {
    let running = this.inFlight.get(type);
    if (running === undefined) {
      running = this.ingestNow(type).finally(() => this.inFlight.delete(type));
      this.inFlight.set(type, running);
    }
    return running;
  }

  private async ingestNow(type: WeatherProductType): Promise<IngestOutcome> {
    const clock = this.options.clock ?? systemClock;
    const started = clock.now();
    const { logger, source } = this.options;
    const attempts = Math.max(1, this.options.attempts ?? 4);
    const backoffMs = this.options.backoffMs ?? 2_000;
    const sleep = this.options.sleep ?? realSleep;
    const previous = await this.store.validators(type);
    let result;
    let lastError: unknown = null;
    let tries = 0;
    for (tries = 1; tries <= attempts; tries += 1) {
      try {
        result = await source.fetch(type, previous);
        break;
      } catch (error) {
        lastError = error;
        if (tries < attempts) {
          const waitMs = backoffMs * 2 ** (tries - 1);
          logger.warn({ type, attempt: tries, retryInMs: waitMs, err: error }, 'weather fetch failed; retrying');
          await sleep(waitMs);
        }
      }
    }
    if (result === undefined) {
      const head = await this.store.head(type).catch(() => null);
      const outcome: IngestOutcome = { type, status: 'failed', error: lastError instanceof Error ? lastError.message : String(lastError), attempts: attempts, ms: clock.now() - started };
      logger.error(
        { type, attempts, err: lastError, keptCycle: head?.cycle ?? null, ageMs: head === null ? null : clock.now() - head.fetchedAt },
        head === null ? 'weather fetch failed; no snapshot of this type yet' : 'weather fetch failed; the previous snapshot is kept',
      );
      this.last.set(type, outcome);
      return outcome;
    }
    const fetchedAt = clock.now();
    if (result.status === 'not-modified') {
      const touched = await this.store.touch(type, fetchedAt, result.validators);
      const head = touched ? await this.store.head(type) : null;
      const outcome: IngestOutcome = { type, status: 'not-modified', cycle: head?.cycle ?? null, ms: clock.now() - started };
      this.last.set(type, outcome);
      return outcome;
    }
    const stations = type === 'stations' || type === 'fbo' ? stationIndex([]) : await this.stationIndex();
    const built = buildSnapshot(type, result.files, stations);
    built.stats.unrecognisedFiles = source.unrecognised?.slice(0, 50) ?? [];
    const saved = await this.store.save(type, built.content, { now: clock.now(), fetchedAt, validators: result.validators, stats: built.stats });
    const { stats } = built;
    const outcome: IngestOutcome = {
      type,
      status: saved.changed ? 'new-cycle' : 'unchanged',
      cycle: saved.cycle,
      entries: stats.entries,
      malformed: stats.malformed,
      unknownStations: stats.unknownStations,
      ms: clock.now() - started,
    };
    this.last.set(type, outcome);
    logger.info({ type, status: outcome.status, cycle: saved.cycle, files: stats.files, reports: stats.reports, entries: stats.entries, malformed: stats.malformed, unknownStations: stats.unknownStations, ms: outcome.ms }, 'weather ingested');
    if (stats.malformed > 0 || stats.unknownStations > 0) {
      logger.warn({ type, malformed: stats.malformed, unknownStations: stats.unknownStations, unknownStationIds: stats.unknownStationIds.slice(0, 20), issues: built.issues.slice(0, 10) }, 'weather reports not read or not placed');
    }
    if (saved.changed) {
      try {
        await this.options.hub.publish({ weather: { type, cycle: saved.cycle } });
      } catch (error) {
        logger.error({ type, err: error }, 'weather cycle could not be announced on the realtime hub');
      }
    }
    return outcome;
  }

  /** Every type of the source once, stations first (start-up of a tool, benchmarks, tests). */
  async ingestAll(): Promise<IngestOutcome[]> {
    const order = [...WEATHER_PRODUCT_TYPES].filter((type) => this.options.source.types.includes(type)).sort((a, b) => Number(b === 'stations') - Number(a === 'stations'));
    const outcomes: IngestOutcome[] = [];
    for (const type of order) outcomes.push(await this.ingest(type));
    return outcomes;
  }
}
