import { encodeNavDb, NAVDB_FORMAT_VERSION, type Airway, type NavDataSet, type NavDbHeader, type SourceId } from '@clearway/navdb';
import { join } from 'node:path';
import { readCifp } from '../cifp/readCifp.js';
import { IssueCollector } from '../common/diagnostics.js';
import type { ProgressCallback } from '../common/progress.js';
import { cycleAt, requireCycle, type AiracCycle } from '../cycles/airac.js';
import { readNasr } from '../nasr/readNasr.js';
import { readOurAirports } from '../ourairports/readOurAirports.js';
import { readXPlane } from '../xplane/readXPlane.js';
import { detectSources, type DetectedSource } from './detect.js';
import { mergeSources } from './merge.js';
import type { BuildReport } from './report.js';
import { SOURCE_PRECEDENCE, type SourceData } from './sourceData.js';
import { writeArtifact } from './writeArtifact.js';

export const REGIONS = ['us', 'world'] as const;
export type Region = (typeof REGIONS)[number];

export interface BuildOptions {
  /** Folders or files holding sources; formats are recognised from their files. */
  from: readonly string[];
  /** Artifacts are written to `${outDir}/${region}.cwnav` (+ `.gz`, `.report.json`). */
  outDir: string;
  /** Regions to build; default every region the sources can feed (us from FAA sources, world from any). */
  regions?: readonly Region[];
  /** The build time, for the header; this module reads no clock. */
  now: Date;
  onProgress?: ProgressCallback;
  /** Where progress lines go (one per source and region). */
  log?: (line: string) => void;
}

export interface BuiltArtifact {
  region: Region;
  path: string;
  bytes: number;
  gzipBytes: number;
  report: BuildReport;
}

const SOURCE_NAMES: Record<SourceData['id'], string> = {
  'faa-nasr': 'FAA NASR 28-day subscription (CSV)',
  'faa-cifp': 'FAA CIFP (ARINC 424-18)',
  xplane: 'X-Plane 810/1000 data as shipped by FlightGear',
  ourairports: 'OurAirports',
};

async function readSource(source: DetectedSource, issues: IssueCollector, onProgress?: ProgressCallback): Promise<SourceData> {
  const options = { issues, ...(onProgress ? { onProgress } : {}) };
  switch (source.format) {
    case 'nasr': {
      const d = await readNasr(source.path, options);
      return { id: 'faa-nasr', edition: d.edition, files: d.files, airports: d.airports, navaids: d.navaids, fixes: d.fixes, airways: d.airways, procedures: [], orphanRunways: d.orphanRunways };
    }
    case 'cifp': {
      const d = await readCifp(source.path, options);
      return { id: 'faa-cifp', edition: d.effective ?? d.edition, files: d.files, airports: d.airports, navaids: d.navaids, fixes: d.fixes, airways: d.airways, procedures: d.procedures };
    }
    case 'xplane': {
      const d = await readXPlane(source.path, options);
      return { id: 'xplane', edition: d.edition, files: d.files, airports: d.airports, navaids: d.navaids, fixes: d.fixes, airways: d.airways, procedures: d.procedures };
    }
    case 'ourairports': {
      const d = await readOurAirports(source.path, options);
      return { id: 'ourairports', edition: d.edition, files: d.files, airports: d.airports, navaids: d.navaids, fixes: [], airways: [], procedures: [] };
    }
  }
}

/** Airway ids per source that gave them, in source precedence order. */
function airwaysBySource(airways: readonly Airway[]): BuildReport['airwaySources']['bySource'] {
  const ids = new Map<SourceId, string[]>();
  for (const a of airways) {
    const list = ids.get(a.source.source);
    if (list) list.push(a.id);
    else ids.set(a.source.source, [a.id]);
  }
  return SOURCE_PRECEDENCE.filter((s) => ids.has(s)).map((source) => {
    const list = ids.get(source) ?? [];
    return { source, airways: list.length, ids: list };
  });
}

/**
 * The AIRAC cycle a build belongs to: the cycle in effect on the newest FAA edition date, else on the
 * newest dated edition of any source, else the cycle in effect at build time.
 */
export function buildCycle(sources: readonly SourceData[], now: Date): AiracCycle {
  const dated = (ids: readonly SourceData['id'][]) =>
    sources
      .filter((s) => ids.includes(s.id) && s.edition !== null && /^\d{4}-\d{2}-\d{2}$/.test(s.edition))
      .map((s) => s.edition as string)
      .sort()
      .pop();
  const day = dated(['faa-nasr', 'faa-cifp']) ?? dated(['faa-nasr', 'faa-cifp', 'xplane', 'ourairports']);
  if (day) return cycleAt(new Date(`${day}T12:00:00Z`));
  const xplane = sources.find((s) => s.id === 'xplane' && s.edition && /^\d{4}\.\d{2}$/.test(s.edition));
  if (xplane?.edition) return requireCycle(xplane.edition.slice(2).replace('.', ''));
  return cycleAt(now);
}

/**
 * Builds one nav database artifact per region from publisher files: detect, read (streaming, with
 * every problem collected), merge with source precedence, encode, then write atomically so a failed
 * build never replaces a good artifact. Returns what was written with its build report.
 */
export async function buildNavData(options: BuildOptions): Promise<BuiltArtifact[]> {
  const log = options.log ?? (() => undefined);
  const timingsMs: Record<string, number> = {};
  const time = async <T>(phase: string, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await run();
    } finally {
      timingsMs[phase] = (timingsMs[phase] ?? 0) + (performance.now() - started);
    }
  };

  const detection = await detectSources(options.from);
  if (detection.sources.length === 0) {
    throw new Error(`No nav data sources found under ${options.from.join(', ')}: expected FAA NASR CSV, FAA CIFP, X-Plane .dat or OurAirports files.`);
  }
  const issues = new IssueCollector();
  const sources: SourceData[] = [];
  for (const detected of detection.sources) {
    log(`reading ${detected.format} from ${detected.path}`);
    sources.push(await time(`read ${detected.format}`, () => readSource(detected, issues, options.onProgress)));
  }

  const hasFaa = sources.some((s) => s.id === 'faa-nasr' || s.id === 'faa-cifp');
  const regions = options.regions ?? (hasFaa ? REGIONS : (['world'] as const));
  const cycle = buildCycle(sources, options.now);
  const built: BuiltArtifact[] = [];
  for (const region of regions) {
    const regionTimings: Record<string, number> = { ...timingsMs };
    const started = performance.now();
    const merged = mergeSources(sources, region);
    regionTimings.merge = performance.now() - started;
    const counts = {
      airports: merged.airports.length,
      runways: merged.airports.reduce((sum, a) => sum + a.runways.length, 0),
      navaids: merged.navaids.length,
      fixes: merged.fixes.length,
      airways: merged.airways.length,
      procedures: merged.procedures.length,
    };
    const fill = merged.airwayFill;
    const fillSource = fill !== null && fill.added > 0 ? fill.from : null;
    const used = sources.filter((s) => region === 'world' || s.id === 'faa-nasr' || s.id === 'faa-cifp' || s.id === fillSource);
    const header: NavDbHeader = {
      formatVersion: NAVDB_FORMAT_VERSION,
      cycle: cycle.id,
      region,
      effective: cycle.effective,
      expires: cycle.expires,
      sources: used.map((s) => ({ id: s.id, name: SOURCE_NAMES[s.id], edition: s.edition, files: s.files })),
      builtAt: options.now.toISOString(),
      counts,
    };
    const data: NavDataSet = { header, airports: merged.airports, navaids: merged.navaids, fixes: merged.fixes, airways: merged.airways, procedures: merged.procedures };
    const encodeStarted = performance.now();
    const bytes = encodeNavDb(data);
    regionTimings.encode = performance.now() - encodeStarted;
    const path = join(options.outDir, `${region}.cwnav`);
    const writeStarted = performance.now();
    const sizes = await writeArtifact(path, bytes);
    regionTimings.write = performance.now() - writeStarted;
    const report: BuildReport = {
      region,
      cycle: cycle.id,
      counts,
      sources: sources.map((s) => ({
        id: s.id,
        edition: s.edition,
        files: s.files,
        airports: s.airports.length,
        navaids: s.navaids.length,
        fixes: s.fixes.length,
        airways: s.airways.length,
        procedures: s.procedures.length,
      })),
      merged: merged.merged,
      filled: merged.filled,
      placedRunways: merged.placedRunways,
      conflicts: merged.conflicts,
      dangling: merged.dangling,
      airwaySources: { bySource: airwaysBySource(merged.airways), fill },
      issues: [...issues.issues],
      unrecognised: detection.unrecognised,
      timingsMs: regionTimings,
    };
    built.push({ region, path, bytes: sizes.bytes, gzipBytes: sizes.gzipBytes, report });
    log(`wrote ${path}: ${sizes.bytes} bytes, ${sizes.gzipBytes} gzipped`);
  }
  return built;
}
