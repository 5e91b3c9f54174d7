import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Where a d-TPP cycle is read from: the metafile index and the files it names (PDFs, and `.vrt`
 * georeferences beside them). Both sources answer null for a file that is not there, so the importer
 * can report every missing file at once.
 */
export interface PlatesSource {
  /** For logs and the cycle's record: the folder or URL. */
  readonly description: string;
  metafile(): Promise<string>;
  file(name: string): Promise<Buffer | null>;
}

/** The metafile's place in the FAA's per-cycle layout. */
export const METAFILE_PATH = 'xml_data/d-tpp_Metafile.xml';

/** A file name the index may use: no folders, nothing hidden. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * PLATES_SOURCE=path: a folder in the d-TPP's layout: `xml_data/d-tpp_Metafile.xml` (or a single
 * `*.xml` metafile at the top, as in an excerpt) and the PDFs beside it. Names match in any letter case.
 */
export class PathPlatesSource implements PlatesSource {
  private names: Promise<Map<string, string>> | null = null;

  constructor(readonly dir: string) {}

  get description(): string {
    return this.dir;
  }

  async metafile(): Promise<string> {
    const standard = await readFile(join(this.dir, METAFILE_PATH), 'utf8').catch(() => null);
    if (standard !== null) return standard;
    const candidates = (await readdir(this.dir).catch(() => {
      throw new Error(`PLATES_SOURCE ${this.dir}: no such folder`);
    })).filter((name) => /\.xml$/i.test(name)).sort();
    for (const name of candidates) {
      const text = await readFile(join(this.dir, name), 'utf8');
      if (text.includes('<digital_tpp')) return text;
    }
    throw new Error(`PLATES_SOURCE ${this.dir}: no d-TPP metafile (${METAFILE_PATH}, or a *.xml holding <digital_tpp>)`);
  }

  async file(name: string): Promise<Buffer | null> {
    if (!SAFE_NAME.test(name)) return null;
    this.names ??= readdir(this.dir).then((all) => new Map(all.map((entry) => [entry.toUpperCase(), entry])));
    const actual = (await this.names).get(name.toUpperCase());
    return actual === undefined ? null : readFile(join(this.dir, actual));
  }
}

/** The FAA's d-TPP publication root. */
export const FAA_DTPP_BASE_URL = 'https://aeronav.faa.gov/d-tpp';

/** The first day of d-TPP (AIRAC) cycle 2001: 2 January 2020, 09:01Z; cycles last 28 days. */
const CYCLE_EPOCH_MS = Date.UTC(2020, 0, 2, 9, 1);
const CYCLE_MS = 28 * 86_400_000;

/** The d-TPP cycle (YYCC) in force at `at` (ms): YY its year, CC its number among the cycles starting that year. */
export function dtppCycleAt(at: number): string {
  const index = Math.floor((at - CYCLE_EPOCH_MS) / CYCLE_MS);
  const start = CYCLE_EPOCH_MS + index * CYCLE_MS;
  const year = new Date(start).getUTCFullYear();
  const firstOfYear = Math.ceil((Date.UTC(year, 0, 1) - CYCLE_EPOCH_MS) / CYCLE_MS);
  const number = index - firstOfYear + 1;
  return `${String(year % 100).padStart(2, '0')}${String(number).padStart(2, '0')}`;
}

/**
 * PLATES_SOURCE=faa: the FAA's per-cycle d-TPP, `{base}/{YYCC}/xml_data/d-tpp_Metafile.xml` and
 * `{base}/{YYCC}/{PDF}`. A 404 answers null; any other failure throws with the URL and status.
 */
export class FaaPlatesSource implements PlatesSource {
  constructor(
    readonly cycle: string,
    private readonly baseUrl: string = FAA_DTPP_BASE_URL,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    if (!/^\d{4}$/.test(cycle)) throw new Error(`d-TPP cycle "${cycle}" is not YYCC`);
  }

  get description(): string {
    return `${this.baseUrl}/${this.cycle}`;
  }

  private async get(path: string): Promise<Buffer | null> {
    const url = `${this.baseUrl}/${this.cycle}/${path}`;
    const response = await this.fetchImpl(url, { signal: AbortSignal.timeout(120_000) });
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  }

  async metafile(): Promise<string> {
    const body = await this.get(METAFILE_PATH);
    if (body === null) throw new Error(`${this.description}/${METAFILE_PATH}: not published (404)`);
    return body.toString('utf8');
  }

  file(name: string): Promise<Buffer | null> {
    return SAFE_NAME.test(name) ? this.get(encodeURIComponent(name)) : Promise.resolve(null);
  }
}
