import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type Database } from '../db/index.js';
import { FakeClock } from '../testing/fakeClock.js';
import { POSTGRES_SKIP_REASON, TEST_DATABASE_URL, createScratchSchema } from '../testing/postgres.js';
import { requireService } from '../testing/skips.js';
import { makeTempDir, removeTempDir } from '../testing/testApp.js';
import { DatabaseLeases, InProcessLeases, JobRunner, inProcessLeasesOf, leasesFor, type Job, type LeaseStore } from './index.js';

/** 2026-01-01T00:00:00Z, ms: a period boundary of every period used here. */
const T0 = Date.UTC(2026, 0, 1);

/** Two lease stores that stand for two server processes on one database. */
interface TwoProcesses {
  a: LeaseStore;
  b: LeaseStore;
  dispose: () => Promise<void>;
}

/** Records every run of every job: by whom and in which period. */
function recordingJobs(log: Array<{ job: string; period: number; holder: string }>, holder: string): Job[] {
  return [
    { name: 'every_second', periodMs: 1_000, run: async ({ period }) => void log.push({ job: 'every_second', period, holder }) },
    { name: 'every_2_5_seconds', periodMs: 2_500, run: async ({ period }) => void log.push({ job: 'every_2_5_seconds', period, holder }) },
  ];
}

/** What every lease store guarantees, with two runners as two processes on one database. */
function leaseContract(twoProcesses: () => Promise<TwoProcesses>): void {
  async function withProcesses(test: (stores: TwoProcesses) => Promise<void>): Promise<void> {
    const stores = await twoProcesses();
    try {
      await test(stores);
    } finally {
      await stores.dispose();
    }
  }

  it('never runs a job twice in one period, and runs it in every period a runner looked in', () =>
    withProcesses(async ({ a, b }) => {
      const clock = new FakeClock(T0);
      const log: Array<{ job: string; period: number; holder: string }> = [];
      const runnerA = new JobRunner(recordingJobs(log, 'a'), { leases: a, clock, holder: 'a' });
      const runnerB = new JobRunner(recordingJobs(log, 'b'), { leases: b, clock, holder: 'b' });
      const looked = new Set<string>();
      // 60 looks at uneven steps (0 to 900 ms): both runners look at once, racing for the same claims.
      for (let step = 0; step < 60; step += 1) {
        await clock.advance((step * 337) % 901);
        looked.add(`every_second:${Math.floor(clock.now() / 1_000)}`);
        looked.add(`every_2_5_seconds:${Math.floor(clock.now() / 2_500)}`);
        await Promise.all([runnerA.runDue(), runnerB.runDue()]);
      }
      const ran = log.map((run) => `${run.job}:${run.period}`);
      // Exactly once: no (job, period) twice, and none that a runner looked in is missing.
      expect(ran.length).toBe(new Set(ran).size);
      expect(new Set(ran)).toEqual(looked);
      // Both looked every time, so each period was contested; the runs are one per period, not two.
      expect(looked.size).toBeGreaterThanOrEqual(30);
      expect(ran.length).toBe(looked.size);
    }));

  it('does not start the next period while a run holds its lease, and frees it when the run ends', () =>
    withProcesses(async ({ a, b }) => {
      const clock = new FakeClock(T0);
      let finish: () => void = () => undefined;
      const runs: string[] = [];
      const slow = (holder: string): Job => ({
        name: 'slow',
        periodMs: 1_000,
        leaseMs: 60_000,
        run: ({ period }) => {
          runs.push(`${holder}:${period - T0 / 1_000}`);
          return holder === 'a' ? new Promise<void>((resolve) => (finish = resolve)) : Promise.resolve();
        },
      });
      const runnerA = new JobRunner([slow('a')], { leases: a, clock, holder: 'a' });
      const runnerB = new JobRunner([slow('b')], { leases: b, clock, holder: 'b' });
      const first = runnerA.runDue();
      await clock.advance(1_500);
      // Period 1, with period 0's run still going: refused.
      expect(await runnerB.runDue()).toEqual([]);
      finish();
      expect(await first).toEqual([{ job: 'slow', period: T0 / 1_000, ok: true }]);
      // Released: period 1 can be claimed now.
      expect(await runnerB.runDue()).toEqual([{ job: 'slow', period: T0 / 1_000 + 1, ok: true }]);
      expect(runs).toEqual(['a:0', 'b:1']);
    }));

  it('frees a job after leaseMs when its holder never released it (a process that died mid-run)', () =>
    withProcesses(async ({ a, b }) => {
      const period = T0 / 1_000;
      expect(await a.claim({ job: 'orphan', period, holder: 'dead', now: T0, leaseMs: 5_000 })).toBe(true);
      // Never released. Later periods are refused until the lease ends at T0 + 5 s.
      expect(await b.claim({ job: 'orphan', period: period + 2, holder: 'b', now: T0 + 2_000, leaseMs: 1_000 })).toBe(false);
      expect(await b.claim({ job: 'orphan', period: period + 5, holder: 'b', now: T0 + 5_000, leaseMs: 1_000 })).toBe(true);
      // The same period again: refused even once its lease is over.
      expect(await a.claim({ job: 'orphan', period: period + 5, holder: 'a', now: T0 + 9_000, leaseMs: 1_000 })).toBe(false);
    }));
}

describe('in-process leases (the SQLite default)', () => {
  leaseContract(async () => {
    const shared = new InProcessLeases();
    return { a: shared, b: shared, dispose: async () => undefined };
  });

  it('are the default on SQLite, one store per database handle; PostgreSQL gets the job_leases table', async () => {
    const dir = await makeTempDir();
    const db = openDatabase({ dialect: 'sqlite', path: join(dir, 'leases.sqlite') });
    try {
      expect(leasesFor(db)).toBe(inProcessLeasesOf(db));
      expect(leasesFor(db)).toBeInstanceOf(InProcessLeases);
      expect(leasesFor({ ...db, dialect: 'postgres' } as Database)).toBeInstanceOf(DatabaseLeases);
    } finally {
      await db.close();
      await removeTempDir(dir);
    }
  });
});

describe('job_leases on SQLite (two connections to one file)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await makeTempDir();
  });
  afterEach(async () => {
    await removeTempDir(dir);
  });

  leaseContract(async () => {
    const path = join(dir, `leases-${Math.random().toString(36).slice(2)}.sqlite`);
    const first = openDatabase({ dialect: 'sqlite', path });
    await migrateToLatest(first);
    const second = openDatabase({ dialect: 'sqlite', path });
    return {
      a: new DatabaseLeases(first),
      b: new DatabaseLeases(second),
      dispose: async () => {
        await first.close();
        await second.close();
      },
    };
  });
});

describe('job_leases on PostgreSQL (two pools on one schema)', { tags: ['postgres'] }, () => {
  it('has a server to test against', (context) => requireService(context, 'postgres', TEST_DATABASE_URL !== undefined, POSTGRES_SKIP_REASON));

  describe.skipIf(TEST_DATABASE_URL === undefined)('on TEST_DATABASE_URL', () => {
    leaseContract(async () => {
      const scratch = await createScratchSchema(TEST_DATABASE_URL ?? '');
      const first = openDatabase({ dialect: 'postgres', url: scratch.url });
      await migrateToLatest(first);
      const second = openDatabase({ dialect: 'postgres', url: scratch.url });
      return {
        a: new DatabaseLeases(first),
        b: new DatabaseLeases(second),
        dispose: async () => {
          await first.close();
          await second.close();
          await scratch.drop();
        },
      };
    });
  });
});

describe('JobRunner', () => {
  it('looks startDelayMs after start, then at each period boundary, until stopped', async () => {
    const clock = new FakeClock(T0 + 200);
    const periods: number[] = [];
    const runner = new JobRunner([{ name: 'tick', periodMs: 1_000, run: async ({ period }) => void periods.push(period - T0 / 1_000) }], {
      leases: new InProcessLeases(),
      clock,
      startDelayMs: 50,
    });
    runner.start();
    await clock.advance(49);
    expect(periods).toEqual([]);
    await clock.advance(1);
    expect(periods).toEqual([0]);
    // The next look is at the boundary of period 1 (T0 + 1000), then of period 2.
    await clock.advance(749);
    expect(periods).toEqual([0]);
    await clock.advance(1);
    expect(periods).toEqual([0, 1]);
    await clock.advance(1_000);
    expect(periods).toEqual([0, 1, 2]);
    await runner.stop();
    expect(clock.pending).toBe(0);
    await clock.advance(5_000);
    expect(periods).toEqual([0, 1, 2]);
  });

  it('logs a job that throws, counts its period as run, and still runs the others', async () => {
    const clock = new FakeClock(T0);
    const errors: Array<{ job?: string; message: string }> = [];
    const logger = { info: () => undefined, error: (details: { job?: string }, message: string) => void errors.push({ job: details.job, message }) };
    let ranOther = 0;
    const runner = new JobRunner(
      [
        { name: 'broken', periodMs: 1_000, run: async () => { throw new Error('disk full'); } },
        { name: 'other', periodMs: 1_000, run: async () => void (ranOther += 1) },
      ],
      { leases: new InProcessLeases(), clock, logger },
    );
    expect(await runner.runDue()).toEqual([
      { job: 'broken', period: T0 / 1_000, ok: false },
      { job: 'other', period: T0 / 1_000, ok: true },
    ]);
    expect(errors).toEqual([{ job: 'broken', message: 'job failed' }]);
    expect(ranOther).toBe(1);
    // Same period: nothing runs again, not even the one that failed.
    expect(await runner.runDue()).toEqual([]);
  });

  it('refuses duplicate job names and periods that are not whole positive ms', () => {
    const run = async () => undefined;
    expect(() => new JobRunner([{ name: 'x', periodMs: 1, run }, { name: 'x', periodMs: 2, run }], { leases: new InProcessLeases() })).toThrow(/unique/);
    expect(() => new JobRunner([{ name: 'x', periodMs: 0, run }], { leases: new InProcessLeases() })).toThrow(/whole positive periodMs \(got 0\)/);
  });
});
