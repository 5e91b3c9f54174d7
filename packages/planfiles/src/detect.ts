/**
 * Recognising a plan's format from its content (never its file name), and reading and writing any
 * format through one call.
 */
import { readFms, writeFms } from './fms.js';
import { readFpl, writeFpl } from './fpl.js';
import { readGfp, writeGfp } from './gfp.js';
import { plnVariant, readPln, writePln } from './pln.js';
import { readLnmpln, writeLnmpln } from './lnmpln.js';
import { readFgfp, writeFgfp } from './fgfp.js';
import { readGpx, writeGpx } from './gpx.js';
import { readIcaoRoute, writeIcaoRoute } from './icao.js';
import { PlanFileError, stripBom, type FlightPlanFile, type PlanFormat } from './model.js';

/** Files larger than this are refused before parsing (a 100-waypoint plan is about 30 kB in the most verbose format). */
export const MAX_PLAN_BYTES = 5 * 1024 * 1024;

/** The format of a plan file from its content, or null when it is none this package reads. */
export function detectFormat(content: string): PlanFormat | null {
  const body = stripBom(content).trimStart();
  if (/^[IA][ \t]*\r?\n[ \t]*\d+[ \t]+version\b/i.test(body)) return 'xplane-fms';
  if (/^FPN\/RI:/i.test(body)) return 'garmin-gfp';
  if (body.startsWith('<')) {
    const root = /<(?!\?|!)([A-Za-z_][\w.:-]*)/.exec(body)?.[1]?.replace(/^[\w-]+:/, '');
    switch (root) {
      case 'flight-plan':
        return 'garmin-fpl';
      case 'SimBase.Document':
        return plnVariant(body);
      case 'LittleNavmap':
        return 'lnmpln';
      case 'PropertyList':
        return 'fgfp';
      case 'gpx':
        return 'gpx';
      default:
        return null;
    }
  }
  // A route string: one line of letters, digits and the separators field 15 uses.
  const line = body.trim();
  if (line !== '' && line.length <= 4000 && /^[A-Za-z0-9/. ()-]+$/.test(line) && line.split(/\s+/).length >= 2) return 'icao-route';
  return null;
}

export interface ReadPlanOptions {
  /** Refuse larger content (characters); default MAX_PLAN_BYTES. */
  maxBytes?: number;
}

/** Read a plan of any format this package knows, recognised from its content. */
export function readPlan(content: string, options: ReadPlanOptions = {}): { format: PlanFormat; plan: FlightPlanFile } {
  const max = options.maxBytes ?? MAX_PLAN_BYTES;
  if (content.length > max) {
    throw new PlanFileError('unknown', `the file is ${(content.length / 1048576).toFixed(1)} MB; plans over ${(max / 1048576).toFixed(1)} MB are refused`);
  }
  const format = detectFormat(content);
  if (!format) {
    const start = stripBom(content).trimStart().slice(0, 40).replace(/\s+/g, ' ');
    throw new PlanFileError('unknown', `not a flight plan format Clearway reads (X-Plane .fms, Garmin .fpl and .gfp, .pln, .lnmpln, .fgfp, GPX, ICAO route); it starts "${start}"`);
  }
  const plan = readAs(format, content);
  if (plan.points.length === 0 && !plan.departure) throw new PlanFileError(format, 'the plan has no points');
  return { format, plan };
}

export function readAs(format: PlanFormat, content: string): FlightPlanFile {
  switch (format) {
    case 'xplane-fms':
      return readFms(content);
    case 'garmin-fpl':
      return readFpl(content);
    case 'garmin-gfp':
      return readGfp(content);
    case 'fsx-pln':
    case 'msfs2020-pln':
    case 'msfs2024-pln':
      return readPln(content);
    case 'lnmpln':
      return readLnmpln(content);
    case 'fgfp':
      return readFgfp(content);
    case 'gpx':
      return readGpx(content);
    case 'icao-route':
      return readIcaoRoute(content);
  }
}

/** File name extension and media type of each format, for downloads. */
export const FORMAT_FILES: Record<PlanFormat, { extension: string; mime: string; label: string }> = {
  'xplane-fms': { extension: 'fms', mime: 'text/plain', label: 'X-Plane 11/12 (.fms)' },
  'garmin-fpl': { extension: 'fpl', mime: 'application/xml', label: 'Garmin (.fpl)' },
  'garmin-gfp': { extension: 'gfp', mime: 'text/plain', label: 'Garmin GTN/GNS (.gfp)' },
  'msfs2020-pln': { extension: 'pln', mime: 'application/xml', label: 'MSFS 2020 (.pln)' },
  'msfs2024-pln': { extension: 'pln', mime: 'application/xml', label: 'MSFS 2024 (.pln)' },
  'fsx-pln': { extension: 'pln', mime: 'application/xml', label: 'FSX (.pln)' },
  lnmpln: { extension: 'lnmpln', mime: 'application/xml', label: 'Little Navmap (.lnmpln)' },
  fgfp: { extension: 'fgfp', mime: 'application/xml', label: 'FlightGear (.fgfp)' },
  gpx: { extension: 'gpx', mime: 'application/gpx+xml', label: 'GPX route (.gpx)' },
  'icao-route': { extension: 'txt', mime: 'text/plain', label: 'ICAO route (.txt)' },
};

export interface WritePlanOptions {
  /** Time stamps written by formats that carry one (Garmin, Little Navmap); now when absent. */
  created?: string;
  /** AIRAC cycle for X-Plane when the plan has none. */
  cycle?: string;
}

/** Write a plan in a format. */
export function writePlan(format: PlanFormat, plan: FlightPlanFile, options: WritePlanOptions = {}): string {
  const created = options.created !== undefined ? { created: options.created } : {};
  switch (format) {
    case 'xplane-fms':
      return writeFms(plan, options.cycle !== undefined ? { cycle: options.cycle } : {});
    case 'garmin-fpl':
      return writeFpl(plan, created);
    case 'garmin-gfp':
      return writeGfp(plan);
    case 'fsx-pln':
    case 'msfs2020-pln':
    case 'msfs2024-pln':
      return writePln(plan, { variant: format });
    case 'lnmpln':
      return writeLnmpln(plan, created);
    case 'fgfp':
      return writeFgfp(plan);
    case 'gpx':
      return writeGpx(plan);
    case 'icao-route':
      return writeIcaoRoute(plan) + '\n';
  }
}
