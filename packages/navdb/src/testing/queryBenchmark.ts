import type { LatLon, NavDb } from '../api.js';

/** Timing of one query kind over a query list, microseconds per query. */
export interface QueryFigures {
  queries: number;
  medianUs: number;
  p95Us: number;
  meanUs: number;
}

export interface QueryBenchmarkReport {
  airportSummary: { indexed: QueryFigures; baseline: QueryFigures | null };
  getWaypoint: { indexed: QueryFigures; baseline: QueryFigures | null };
  search: { indexed: QueryFigures; baseline: QueryFigures | null };
}

export interface QueryBenchmarkOptions {
  /** Measured beside `db` on the same queries, e.g. `createNaiveNavDb(decodeNavDb(bytes))`. */
  baseline?: NavDb;
  /** Clock in milliseconds; defaults to `performance.now` of the global object. */
  now?: () => number;
  /** Where the figures go, one line each; defaults to `console.log` of the global object. */
  log?: (line: string) => void;
  /** Reference point of `getWaypoint`; defaults to the centre of the contiguous US. */
  reference?: LatLon;
  /** Times each query of `db` is repeated per sample, so fast queries rise above clock resolution. Default 20. */
  repeat?: number;
  /** Baseline queries timed at most (it is slow); default all. */
  baselineQueries?: number;
}

/**
 * Times `airportSummary`, `getWaypoint` and `search` over a query list (say 1,000 real search-box
 * inputs) on `db`, and on a baseline beside it, then prints median, p95 and mean per query and the
 * baseline/indexed ratio. Each query is run once untimed first. Returns the figures; never fails on
 * time: the targets are read from the output.
 */
export function runQueryBenchmark(db: NavDb, queries: readonly string[], options: QueryBenchmarkOptions = {}): QueryBenchmarkReport {
  const host = globalThis as unknown as { performance: { now(): number }; console: { log(line: string): void } };
  const now = options.now ?? (() => host.performance.now());
  const log = options.log ?? ((line: string) => host.console.log(line));
  const reference = options.reference ?? { latDeg: 39.5, lonDeg: -98.35 };
  const repeat = Math.max(1, options.repeat ?? 20);
  const baselineQueries = queries.slice(0, options.baselineQueries ?? queries.length);

  const kinds = {
    airportSummary: (d: NavDb, q: string) => d.airportSummary(q),
    getWaypoint: (d: NavDb, q: string) => d.getWaypoint(q, reference),
    search: (d: NavDb, q: string) => d.search(q),
  };
  const report = {} as QueryBenchmarkReport;
  log(`query            runs  indexed median / p95 / mean (µs)   baseline median / p95 / mean (µs)   ratio (median)`);
  for (const [name, run] of Object.entries(kinds) as [keyof typeof kinds, (d: NavDb, q: string) => unknown][]) {
    const indexed = time(db, queries, run, repeat, now);
    const baseline = options.baseline ? time(options.baseline, baselineQueries, run, 1, now) : null;
    report[name] = { indexed, baseline };
    const ratio = baseline ? `${(baseline.medianUs / Math.max(indexed.medianUs, 1e-3)).toFixed(0)}x` : '-';
    log(`${name.padEnd(16)} ${String(indexed.queries).padStart(5)}  ${fmt(indexed).padEnd(33)}  ${baseline ? fmt(baseline).padEnd(34) : '-'.padEnd(34)}  ${ratio}`);
  }
  return report;
}

function time(db: NavDb, queries: readonly string[], run: (d: NavDb, q: string) => unknown, repeat: number, now: () => number): QueryFigures {
  // Warm-up so the JIT has compiled the query paths; a slow baseline gets a shorter one.
  for (const q of repeat > 1 ? queries : queries.slice(0, 100)) run(db, q);
  const samples = queries.map((q) => {
    const start = now();
    for (let r = 0; r < repeat; r++) run(db, q);
    return ((now() - start) * 1000) / repeat;
  });
  return figures(samples);
}

/** Median, p95 and mean of samples in microseconds. */
export function figures(samplesUs: readonly number[]): QueryFigures {
  const sorted = [...samplesUs].sort((a, b) => a - b);
  const at = (p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  const mean = sorted.reduce((s, x) => s + x, 0) / Math.max(1, sorted.length);
  return { queries: sorted.length, medianUs: at(0.5), p95Us: at(0.95), meanUs: mean };
}

function fmt(f: QueryFigures): string {
  const n = (x: number): string => (x < 10 ? x.toFixed(2) : x < 1000 ? x.toFixed(1) : x.toFixed(0));
  return `${n(f.medianUs)} / ${n(f.p95Us)} / ${n(f.meanUs)}`;
}
