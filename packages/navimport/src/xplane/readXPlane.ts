/**
 * The X-Plane reader: `apt.dat`, `nav.dat`, `fix.dat` and `awy.dat` in the 810/1000 layouts that
 * FlightGear ships, gzipped or not, streamed. Airways are chained from their segments and their
 * points matched to the navaids and fixes read; localizer frequencies are added to their airports.
 */
import { airwayKind, type Airway, type AirwayPoint, type Fix, type Navaid, type PointKind } from '@clearway/navdb';
import { basename } from 'node:path';
import type { IssueCollector } from '../common/diagnostics.js';
import { errorMessage } from '../common/lines.js';
import { findSourceFile, listSourceFiles } from '../common/sourceFiles.js';
import { readAptDat } from './apt.js';
import type { AirwaySegment } from './awy.js';
import { readAwyDat } from './awy.js';
import { chainSegments } from './chain.js';
import type { DatInput } from './datFile.js';
import { readFixDat } from './fix.js';
import { readNavDat } from './nav.js';
import type { ReadXPlaneOptions, XPlaneData, XPlaneIlsComponent, XPlaneInput, XPlanePaths } from './types.js';

const FILES = ['apt', 'nav', 'fix', 'awy'] as const;
type FileKind = (typeof FILES)[number];

async function openDat(input: XPlaneInput, issues: IssueCollector): Promise<DatInput | null> {
  if (typeof input === 'string') return { name: basename(input), input, size: null };
  try {
    return { name: input.name, input: await input.open(), size: input.size };
  } catch (err) {
    issues.error(input.name, 0, `cannot open ${input.path}: ${errorMessage(err)}`);
    return null;
  }
}

/** The four inputs from a folder or from named files. */
async function resolvePaths(paths: XPlanePaths, issues: IssueCollector): Promise<Partial<Record<FileKind, XPlaneInput>>> {
  if (typeof paths !== 'string') return paths;
  const files = await listSourceFiles(paths, { issues });
  const out: Partial<Record<FileKind, XPlaneInput>> = {};
  for (const kind of FILES) {
    const found = findSourceFile(files, `${kind}.dat`);
    if (found) out[kind] = found;
    else issues.warning(basename(paths), 0, `no ${kind}.dat or ${kind}.dat.gz in ${paths}`);
  }
  return out;
}

/** Distance within which an airway point is the navaid or fix of the same ident, degrees. */
const SAME_POINT_DEG = 0.1;

class PointKinds {
  private readonly byIdent = new Map<string, { lat: number; lon: number; kind: PointKind }[]>();

  add(id: string, lat: number, lon: number, kind: PointKind): void {
    const list = this.byIdent.get(id);
    if (list) list.push({ lat, lon, kind });
    else this.byIdent.set(id, [{ lat, lon, kind }]);
  }

  kindOf(id: string, lat: number, lon: number): PointKind {
    const hit = this.byIdent
      .get(id)
      ?.find((p) => Math.abs(p.lat - lat) <= SAME_POINT_DEG && Math.abs(p.lon - lon) <= SAME_POINT_DEG);
    return hit?.kind ?? 'unknown';
  }
}

function buildAirways(
  segmentsById: Map<string, AirwaySegment[]>,
  kinds: PointKinds,
  file: string,
  issues: IssueCollector,
  reportUnresolved: boolean,
): { airways: Airway[]; branches: number; unresolved: number } {
  const airways: Airway[] = [];
  let branches = 0;
  const unresolvedKeys = new Set<number>();
  for (const [id, segments] of segmentsById) {
    const { chains, branchPoints } = chainSegments(segments);
    if (branchPoints.length > 0) {
      branches++;
      const line = Math.min(...segments.map((s) => s.line));
      issues.warning(
        file,
        line,
        `awy.dat: airway ${id} branches at ${branchPoints.map((p) => p.ident).join(', ')}; kept as ${chains.length} chains`,
      );
    }
    for (const chain of chains) {
      const points: AirwayPoint[] = chain.nodes.map((n, i) => {
        const kind = kinds.kindOf(n.ident, n.latDeg, n.lonDeg);
        const seg = chain.segments[i];
        if (kind === 'unknown' && !unresolvedKeys.has(n.key)) {
          unresolvedKeys.add(n.key);
          if (reportUnresolved) {
            issues.warning(
              file,
              (seg ?? chain.segments[i - 1])?.line ?? 0,
              `awy.dat: airway ${id} point ${n.ident} (${n.latDeg}, ${n.lonDeg}) matches no navaid or fix of nav.dat/fix.dat within ${SAME_POINT_DEG} deg; kept with kind unknown`,
            );
          }
        }
        return { ident: n.ident, kind, latDeg: n.latDeg, lonDeg: n.lonDeg, meaFt: seg ? seg.baseFt : null, gapAfter: false };
      });
      const line = Math.min(...chain.segments.map((s) => s.line));
      airways.push({ id, kind: airwayKind(id), points, source: { source: 'xplane', file, line } });
    }
  }
  return { airways, branches, unresolved: unresolvedKeys.size };
}

/** Adds each localizer's frequency to its airport as a `LOC` frequency. */
function addLocalizerFrequencies(airports: XPlaneData['airports'], ils: readonly XPlaneIlsComponent[]): void {
  const byIdent = new Map(airports.map((a) => [a.id, a]));
  for (const c of ils) {
    if (c.kind !== 'LOC' || c.frequencyKhz === null) continue;
    byIdent.get(c.airportId)?.frequencies.push({
      type: 'LOC',
      frequencyKhz: c.frequencyKhz,
      description: `${c.id} RWY ${c.runwayId} ${c.name}`.trim(),
    });
  }
}

/**
 * Reads X-Plane 810/1000 `.dat` files (a folder, or each file named) into the model. Malformed rows
 * and unsupported versions are reported to `options.issues`; nothing is thrown for bad data.
 */
export async function readXPlane(paths: XPlanePaths, options: ReadXPlaneOptions): Promise<XPlaneData> {
  const { issues } = options;
  const inputs = await resolvePaths(paths, issues);
  const data: XPlaneData = {
    id: 'xplane', edition: null, files: [], airports: [], navaids: [], fixes: [], airways: [], procedures: [], ils: [],
    stats: { versions: {}, lines: {}, runways: 0, helipads: 0, frequencies: 0, dmesMerged: 0, airwaySegments: 0, airwayBranches: 0, unresolvedAirwayPoints: 0 },
  };
  const readOpts = { issues, onProgress: options.onProgress };
  const note = (dat: DatInput, info: { version: number | null; cycle: string | null; lines: number }): void => {
    data.files.push(dat.name);
    data.stats.versions[dat.name] = info.version;
    data.stats.lines[dat.name] = info.lines;
    data.edition = data.edition ?? info.cycle;
  };
  const open = async (kind: FileKind): Promise<DatInput | null> => {
    const input = inputs[kind];
    return input === undefined ? null : openDat(input, issues);
  };

  const fixDat = await open('fix');
  let fixes: Fix[] = [];
  if (fixDat) {
    const r = await readFixDat(fixDat, readOpts);
    fixes = r.fixes;
    note(fixDat, r.info);
  }
  const navDat = await open('nav');
  let navaids: Navaid[] = [];
  if (navDat) {
    const r = await readNavDat(navDat, readOpts);
    navaids = r.navaids;
    data.ils = r.ils;
    data.stats.dmesMerged = r.dmesMerged;
    note(navDat, r.info);
  }
  data.fixes = fixes;
  data.navaids = navaids;

  const awyDat = await open('awy');
  if (awyDat) {
    const r = await readAwyDat(awyDat, readOpts);
    note(awyDat, r.info);
    const kinds = new PointKinds();
    for (const n of navaids) kinds.add(n.id, n.latDeg, n.lonDeg, 'navaid');
    for (const f of fixes) kinds.add(f.id, f.latDeg, f.lonDeg, 'fix');
    const built = buildAirways(r.segmentsById, kinds, awyDat.name, issues, fixDat !== null && navDat !== null);
    data.airways = built.airways;
    data.stats.airwaySegments = r.segments;
    data.stats.airwayBranches = built.branches;
    data.stats.unresolvedAirwayPoints = built.unresolved;
  }

  const aptDat = await open('apt');
  if (aptDat) {
    const r = await readAptDat(aptDat, readOpts);
    note(aptDat, r.info);
    data.airports = r.airports;
    addLocalizerFrequencies(data.airports, data.ils);
    for (const a of data.airports) {
      for (const rw of a.runways) {
        if (rw.ends.length === 1) data.stats.helipads++;
        else data.stats.runways++;
      }
      data.stats.frequencies += a.frequencies.length;
    }
  }
  return data;
}
