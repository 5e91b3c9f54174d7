import type { SourceId } from '@clearway/navdb';
import type { AirwayFillReport } from './airwayFill.js';

/** One record two sources disagree on; the higher-precedence source's value is kept. */
export interface MergeConflict {
  kind: 'airport' | 'runway' | 'navaid' | 'fix' | 'airway';
  id: string;
  /** What differs, e.g. `position differs by 1.8 nm`. */
  detail: string;
  kept: SourceId;
  other: SourceId;
}

/** A reference that does not resolve to any point of the merged data. */
export interface DanglingReference {
  kind: 'airway' | 'procedure';
  /** Airway id, or `AIRPORT PROCEDURE TRANSITION`. */
  owner: string;
  fix: string;
}

/** What a build did: per kind counts, conflicts, dangling references and skipped lines. */
export interface BuildReport {
  region: string;
  cycle: string;
  counts: { airports: number; runways: number; navaids: number; fixes: number; airways: number; procedures: number };
  /** Records read per source, before merging. */
  sources: { id: SourceId; edition: string | null; files: string[]; airports: number; navaids: number; fixes: number; airways: number; procedures: number }[];
  /** Lower-precedence records folded into a higher one (same airport, navaid, fix). */
  merged: number;
  /** Fields a lower-precedence source filled where the higher one had none (e.g. runway end positions). */
  filled: number;
  /** NASR runways whose airport was missing from APT_BASE, placed on that airport from a lower source. */
  placedRunways: number;
  conflicts: MergeConflict[];
  dangling: DanglingReference[];
  /** Where the region's airways came from. */
  airwaySources: {
    /** Airway ids per source that gave them, highest precedence first; an id repeats when it has several pieces. */
    bySource: { source: SourceId; airways: number; ids: string[] }[];
    /** The completion from a lower source (region `us`): the FAA tables' verdict, what was taken, points left out. */
    fill: AirwayFillReport | null;
  };
  /** Problems the readers reported: skipped or partly read lines. */
  issues: { file: string; line: number; severity: 'error' | 'warning'; message: string }[];
  /** Inputs that were not recognised as any source format. */
  unrecognised: string[];
  /** Wall-clock milliseconds per phase. */
  timingsMs: Record<string, number>;
}

/** A short human-readable summary of a report, for the CLI. */
export function formatReport(report: BuildReport, options: { maxItems?: number } = {}): string {
  const max = options.maxItems ?? 10;
  const lines: string[] = [];
  const c = report.counts;
  lines.push(`Region ${report.region}, cycle ${report.cycle}`);
  lines.push(
    `  airports ${c.airports}, runways ${c.runways}, navaids ${c.navaids}, fixes ${c.fixes}, airways ${c.airways}, procedures ${c.procedures}`,
  );
  for (const s of report.sources) {
    lines.push(
      `  source ${s.id}${s.edition ? ` (${s.edition})` : ''}: airports ${s.airports}, navaids ${s.navaids}, fixes ${s.fixes}, airways ${s.airways}, procedures ${s.procedures}`,
    );
  }
  lines.push(`  merged ${report.merged} duplicate records, filled ${report.filled} missing fields, placed ${report.placedRunways} runways of airports missing from APT_BASE`);
  const section = <T>(title: string, items: T[], show: (item: T) => string) => {
    lines.push(`  ${title}: ${items.length}`);
    for (const item of items.slice(0, max)) lines.push(`    ${show(item)}`);
    if (items.length > max) lines.push(`    ... ${items.length - max} more (see the JSON report)`);
  };
  section('conflicts', report.conflicts, (x) => `${x.kind} ${x.id}: ${x.detail} (kept ${x.kept}, not ${x.other})`);
  section('dangling references', report.dangling, (x) => `${x.kind} ${x.owner}: ${x.fix} does not resolve`);
  const airways = report.airwaySources;
  lines.push(`  airways by source: ${airways.bySource.map((s) => `${s.source} ${s.airways}`).join(', ') || 'none'}`);
  const fill = airways.fill;
  if (fill) {
    const taken = fill.faaTables === 'full' ? `none taken from ${fill.from}` : `took the ${fill.added} airways the FAA lacks from ${fill.from}`;
    lines.push(`  FAA airway tables: ${fill.faaTables} (${fill.faaIds} ids against ${fill.lowerIds} of ${fill.from} in the region): ${taken}; ${fill.outside} ${fill.from} airways outside the region`);
    section(`${fill.from} airway points matching no FAA fix or navaid`, fill.unmatched, (x) => `${x.airway} ${x.ident} (${x.latDeg}, ${x.lonDeg}): ${x.action}`);
  }
  const errors = report.issues.filter((i) => i.severity === 'error');
  section('skipped or bad lines', errors, (x) => `${x.file}:${x.line}: ${x.message}`);
  section('warnings', report.issues.filter((i) => i.severity === 'warning'), (x) => `${x.file}:${x.line}: ${x.message}`);
  if (report.unrecognised.length > 0) section('unrecognised inputs', report.unrecognised, (x) => x);
  lines.push(`  timings: ${Object.entries(report.timingsMs).map(([k, v]) => `${k} ${(v / 1000).toFixed(2)} s`).join(', ')}`);
  return lines.join('\n');
}
