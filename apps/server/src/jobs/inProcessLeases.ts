import type { Database } from '../db/index.js';
import type { LeaseClaim, LeaseStore } from './leases.js';

/**
 * Leases in this process's memory: the default on SQLite, whose file one server process serves
 * (README "Jobs"). Every runner of one Database handle shares one store (inProcessLeasesOf), so two
 * runners in a process still never run a job twice in a period. Nothing survives a restart: a
 * restarted process may run the current period's job again, which the jobs allow (they are
 * clean-ups and checks that can repeat).
 */
export class InProcessLeases implements LeaseStore {
  private readonly held = new Map<string, { period: number; holder: string; leaseUntil: number }>();

  async claim({ job, period, holder, now, leaseMs }: LeaseClaim): Promise<boolean> {
    const current = this.held.get(job);
    if (current !== undefined && (current.period >= period || current.leaseUntil > now)) return false;
    this.held.set(job, { period, holder, leaseUntil: now + leaseMs });
    return true;
  }

  async release({ job, period, holder }: LeaseClaim, finishedAt: number): Promise<void> {
    const current = this.held.get(job);
    if (current !== undefined && current.period === period && current.holder === holder) current.leaseUntil = finishedAt;
  }
}

const byDatabase = new WeakMap<Database, InProcessLeases>();

/** The one in-process store of a Database handle. */
export function inProcessLeasesOf(db: Database): InProcessLeases {
  let leases = byDatabase.get(db);
  if (leases === undefined) {
    leases = new InProcessLeases();
    byDatabase.set(db, leases);
  }
  return leases;
}
