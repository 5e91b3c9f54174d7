import type { Airport, Airway, Fix, Navaid, Procedure, SourceRef } from '@clearway/navdb';
import type { IssueCollector } from '../common/diagnostics.js';
import type { ProgressCallback } from '../common/progress.js';
import type { SourceFile } from '../common/sourceFiles.js';

/** One X-Plane file: a path or a source file (e.g. a zip member). */
export type XPlaneInput = string | SourceFile;

/**
 * The files to read: a folder holding `apt.dat`, `nav.dat`, `fix.dat` and `awy.dat` (each plain or
 * `.gz`), or any subset named one by one.
 */
export type XPlanePaths = string | { apt?: XPlaneInput; nav?: XPlaneInput; fix?: XPlaneInput; awy?: XPlaneInput };

export interface ReadXPlaneOptions {
  onProgress?: ProgressCallback;
  issues: IssueCollector;
}

/** A localizer, glide slope, marker or ILS DME (nav.dat rows 4-9 and ILS DMEs of row 12). */
export interface XPlaneIlsComponent {
  /** `LOC` (row 4, part of an ILS, or 5, a standalone LOC/LDA/SDF), `GS`, `OM`, `MM`, `IM`, `DME`. */
  kind: 'LOC' | 'GS' | 'OM' | 'MM' | 'IM' | 'DME';
  /** Ident, e.g. `IHWD`; empty for markers, which have none. */
  id: string;
  /** Airport ident as apt.dat writes it, e.g. `KHWD`. */
  airportId: string;
  runwayId: string;
  /** Name as written, e.g. `ILS-cat-I`, `LOC`, `GS`, `OM`. */
  name: string;
  latDeg: number;
  lonDeg: number;
  elevationFt: number | null;
  frequencyKhz: number | null;
  /** Localizer or marker course, glide slope bearing, degrees true. */
  courseTrueDeg: number | null;
  /** Glide slope angle, degrees. */
  glideslopeDeg: number | null;
  source: SourceRef;
}

export interface XPlaneStats {
  /** Format version of each file read, by file name. */
  versions: Record<string, number | null>;
  /** Lines read per file. */
  lines: Record<string, number>;
  runways: number;
  helipads: number;
  frequencies: number;
  /** DME rows merged into their VOR (VOR-DME, VORTAC) or NDB (NDB-DME). */
  dmesMerged: number;
  airwaySegments: number;
  /** Airways that branch and were split into several chains. */
  airwayBranches: number;
  /** Airway points matching no navaid or fix of nav.dat/fix.dat (kept with kind `unknown`). */
  unresolvedAirwayPoints: number;
}

/** What the X-Plane files contributed; shaped like the build's `SourceData`. */
export interface XPlaneData {
  id: 'xplane';
  /** Data cycle from the version lines, e.g. `2013.10`. */
  edition: string | null;
  files: string[];
  airports: Airport[];
  navaids: Navaid[];
  fixes: Fix[];
  airways: Airway[];
  /** X-Plane 810/1000 carries no procedures. */
  procedures: Procedure[];
  ils: XPlaneIlsComponent[];
  stats: XPlaneStats;
}
