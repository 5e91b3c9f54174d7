import type { Airport, Airway, Fix, Navaid, Procedure, ProcedureLeg, ProcedureTransition } from '@clearway/navdb';
import type { IssueCollector } from '../common/diagnostics.js';
import type { ProgressCallback } from '../common/progress.js';

/**
 * A procedure leg with the ARINC 424 fields the common model has no place for yet. It is a
 * `ProcedureLeg`, so it can go wherever one goes; the extra fields are what a procedure expander
 * needs for holds (time), RF arcs (radius, centre) and vertical paths.
 */
export interface CifpLeg extends ProcedureLeg {
  /** ICAO region of the leg's fix, e.g. `K2`. */
  fixRegion: string | null;
  /** True when the course is published as true (`123T`), not magnetic. */
  courseIsTrue: boolean;
  /** Leg or hold time in minutes when the source gives a time (`T010`) instead of a distance. */
  timeMin: number | null;
  /** RF leg radius, nautical miles. */
  arcRadiusNm: number | null;
  /** RF leg centre fix ident. */
  centerFixId: string | null;
  /** Bearing from the recommended navaid to the fix, degrees magnetic. */
  thetaDeg: number | null;
  /** Distance from the recommended navaid to the fix, nautical miles. */
  rhoNm: number | null;
  /** Vertical path angle, degrees (negative descending). */
  verticalAngleDeg: number | null;
  /** This leg belongs to the missed approach (from the leg flagged `M` in column 42 on). */
  missedApproach: boolean;
}

export interface CifpTransition extends ProcedureTransition {
  legs: CifpLeg[];
}

export interface CifpProcedure extends Procedure {
  transitions: CifpTransition[];
}

/** What a CIFP file contributed; shaped like the build's `SourceData` so it can be merged as is. */
export interface CifpData {
  id: 'faa-cifp';
  /** Cycle from the header, e.g. `2003`; null when the header is missing. */
  edition: string | null;
  /** Effective date from HDR04 (`EFFECTIVE 27 FEB 2020`), `YYYY-MM-DD`. */
  effective: string | null;
  files: string[];
  airports: Airport[];
  navaids: Navaid[];
  /** Enroute waypoints and terminal waypoints (the latter with `airportId`). */
  fixes: Fix[];
  airways: Airway[];
  procedures: CifpProcedure[];
  stats: CifpStats;
}

export interface CifpStats {
  /** Lines read, header included. */
  lines: number;
  /** Primary records used, by section code (`PA`, `PG`, `D `, `ER` ...). */
  records: Record<string, number>;
  /** Continuation records (number 2 and up), which carry nothing the model holds. */
  continuations: number;
  /** Records of sections this reader does not turn into the model (`PI`, `PP`, `PS`, `AS` ...). */
  skipped: Record<string, number>;
  /** Procedure and airway legs whose fix is not in the file. */
  danglingReferences: number;
}

export interface ReadCifpOptions {
  onProgress?: ProgressCallback;
  issues: IssueCollector;
}
