import { openNavDb, type NavDb } from '@clearway/navdb';

/*
 * The nav databases the corpus tests build from the shared data (../shared/data/navdata beside the
 * repository) and the CSV reading of its NASR files. The package stays free of Node I/O: the test
 * passes in navimport's buildNavData and node:fs's existsSync and readFileSync.
 */

/** The clock the corpus databases are built and the corpus routes parsed at. */
export const SHARED_NAVDATA_NOW = Date.UTC(2026, 10, 21, 12);

/** The shared data's folders each region's database is built from, relative to the navdata folder. */
export const SHARED_NAVDATA_SOURCES = {
  /** FAA NASR national files and the 2025 excerpts, and the CIFP excerpt (KHWD). */
  us: ['faa-nasr/national', 'faa-nasr/excerpts-2025', 'faa-cifp'],
  /** X-Plane / FlightGear 2013 navigation data. */
  world: ['xplane-fg2013'],
} as const;

export type SharedRegion = keyof typeof SHARED_NAVDATA_SOURCES;

/** What building a database needs from Node, passed in by the test. */
export interface SharedNavDataIo {
  /** navimport's buildNavData. */
  buildNavData(options: { from: string[]; outDir: string; regions: SharedRegion[]; now: Date }): Promise<readonly { path: string }[]>;
  /** node:fs existsSync. */
  existsSync(path: string): boolean;
  /** node:fs readFileSync. */
  readFileSync(path: string): Uint8Array;
}

/**
 * Builds a region's database from the shared data in `navdataDir` with the real importer into
 * `${workDir}/${region}` (the caller removes workDir) and opens it; also returns its bytes.
 */
export async function buildSharedNavDb(io: SharedNavDataIo, navdataDir: string, workDir: string, region: SharedRegion): Promise<{ db: NavDb; bytes: Uint8Array }> {
  if (!io.existsSync(navdataDir)) throw new Error(`Shared nav data expected at ${navdataDir} (the repository's ../shared/data)`);
  const from = SHARED_NAVDATA_SOURCES[region].map((folder) => `${navdataDir}/${folder}`);
  const [built] = await io.buildNavData({ from, outDir: `${workDir}/${region}`, regions: [region], now: new Date(SHARED_NAVDATA_NOW) });
  if (!built) throw new Error(`the ${region} nav database was not built from ${from.join(', ')}`);
  const bytes = io.readFileSync(built.path);
  return { db: openNavDb(bytes), bytes };
}

/** One CSV line of the NASR files: quoted or bare fields, commas inside quotes kept, `""` a quote. */
export function csvLine(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted && c === '"' && line[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) {
      out.push(field);
      field = '';
    } else field += c;
  }
  out.push(field);
  return out;
}

/** The rows of a CSV text (header first, blank lines skipped) by the header's names; a missing field is ''. */
export function csvRecords(text: string): Record<string, string>[] {
  const [head, ...lines] = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (head === undefined) return [];
  const names = csvLine(head);
  return lines.map((l) => {
    const f = csvLine(l);
    return Object.fromEntries(names.map((n, k) => [n, f[k] ?? '']));
  });
}
