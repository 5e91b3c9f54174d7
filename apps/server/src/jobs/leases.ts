/** A claim of one period of one job. */
export interface LeaseClaim {
  job: string;
  period: number;
  /** Who claims: one id per JobRunner. */
  holder: string;
  /** The claimer's clock, ms since the epoch. */
  now: number;
  /** The claim holds until now + leaseMs, or until released. */
  leaseMs: number;
}

/**
 * Where runners agree who runs a job in a period. `claim` answers true to exactly one claimer per
 * (job, period), and to none while an earlier claim's lease still holds; `release` ends the
 * holder's lease when its run is over (the period stays claimed).
 */
export interface LeaseStore {
  claim(claim: LeaseClaim): Promise<boolean>;
  release(claim: LeaseClaim, finishedAt: number): Promise<void>;
}
