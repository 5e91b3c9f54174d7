/**
 * Counts of refused client telemetry in this process (bad input is refused with a count, never a
 * crash: issue 23). Each refusal is also one `warn` line carrying the running counts.
 */
export interface TelemetryRefusals {
  /** Log bodies over the size limit (413). */
  logTooLarge: number;
  /** Log bodies that were not a valid entry or index (400). */
  logMalformed: number;
  /** Log entries over a per-account limit (429). */
  logLimited: number;
  /** Analytics batches over the size limit (413). */
  analyticsTooLarge: number;
  /** Analytics batches or single events that were not valid (400, or events left out of a stored batch). */
  analyticsMalformed: number;
  /** Analytics batches over a per-device or per-address limit (429). */
  analyticsLimited: number;
}

export type RefusalKind = keyof TelemetryRefusals;

/** A process's refusal counters. */
export class RefusalCounter {
  private readonly counts: TelemetryRefusals = { logTooLarge: 0, logMalformed: 0, logLimited: 0, analyticsTooLarge: 0, analyticsMalformed: 0, analyticsLimited: 0 };

  /** Adds `by` (default 1) to `kind`; answers the counts after it. */
  add(kind: RefusalKind, by = 1): TelemetryRefusals {
    this.counts[kind] += by;
    return this.snapshot();
  }

  snapshot(): TelemetryRefusals {
    return { ...this.counts };
  }
}

/** The refusal kind of a log or analytics reply status, or null when the reply is not a refusal. */
export function refusalOf(route: 'log' | 'analytics', statusCode: number): RefusalKind | null {
  if (statusCode === 413) return route === 'log' ? 'logTooLarge' : 'analyticsTooLarge';
  if (statusCode === 400) return route === 'log' ? 'logMalformed' : 'analyticsMalformed';
  if (statusCode === 429) return route === 'log' ? 'logLimited' : 'analyticsLimited';
  return null;
}
