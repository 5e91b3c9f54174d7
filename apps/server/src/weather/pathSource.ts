import { open, readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { WEATHER_PRODUCT_TYPES, type WeatherProductType } from '@clearway/protocol';
import { classifyWeatherFile, KIND_TYPE, textOf, type WeatherFile, type WeatherFileKind } from './files.js';
import { sameValidators, type SourceResult, type WeatherSource } from './source.js';
import type { SourceValidators } from './store.js';

/** The folder is looked at this often for every type, ms (a stat of each file; files are read only when they changed). */
export const PATH_POLL_INTERVAL_MS = 60_000;
/** Files larger than this are not weather products (MB). */
const MAX_FILE_BYTES = 64 * 1024 * 1024;
const CANDIDATE = /\.(?:txt|csv|json|xml)(?:\.gz)?$/i;

interface Known {
  version: string;
  kind: WeatherFileKind | null;
}

/**
 * WEATHER_SOURCE=path: a folder holding the publishers' files in any layout. Every sub-folder is
 * walked; each .txt/.csv/.json/.xml file (gzip or plain) is recognised by its name and content
 * (files.ts classifyWeatherFile), so `../shared/data/weather` works as it is: metar/metars.cache-*.csv,
 * products/awc-stations/stations.cache-*.json, products/pyiem-nws-text/{TAF,PIREPS,SIGMETS,CWA,GAIRMET}/,
 * winds-aloft/FB*.txt. Files of no known kind (licences, test expectations) are skipped. A type
 * whose files (paths, sizes, modification times) are unchanged since the last fetch is not modified.
 */
export class PathSource implements WeatherSource {
  readonly kind = 'path';
  readonly types = WEATHER_PRODUCT_TYPES;
  readonly description: string;
  private readonly known = new Map<string, Known>();
  /** Unrecognised files found by the last scan (relative paths). */
  unrecognised: string[] = [];

  constructor(private readonly dir: string, private readonly intervalMs = PATH_POLL_INTERVAL_MS) {
    this.description = `folder ${dir}`;
  }

  pollIntervalMs(): number {
    return this.intervalMs;
  }

  private async walk(dir: string, out: string[]): Promise<void> {
    const entries = await readdir(dir, { withFileTypes: true });
    for (const entry of entries) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await this.walk(path, out);
      else if (entry.isFile() && CANDIDATE.test(entry.name)) out.push(path);
    }
  }

  /** Every weather file of the folder with its kind and version (reads only new or changed files). */
  async scan(): Promise<Array<{ path: string; kind: WeatherFileKind; version: string; mtimeMs: number }>> {
    const paths: string[] = [];
    await this.walk(this.dir, paths);
    paths.sort();
    const found: Array<{ path: string; kind: WeatherFileKind; version: string; mtimeMs: number }> = [];
    const unrecognised: string[] = [];
    for (const path of paths) {
      const stats = await stat(path);
      if (stats.size > MAX_FILE_BYTES) continue;
      const version = `${stats.size}-${Math.round(stats.mtimeMs)}`;
      let known = this.known.get(path);
      if (known === undefined || known.version !== version) {
        known = { version, kind: classifyWeatherFile(path, await this.head(path)) };
        this.known.set(path, known);
      }
      if (known.kind === null) unrecognised.push(relative(this.dir, path));
      else found.push({ path, kind: known.kind, version, mtimeMs: stats.mtimeMs });
    }
    this.unrecognised = unrecognised;
    return found;
  }

  /** The start of a file as text (gunzipped whole when gzip: a gzip stream cannot be cut). */
  private async head(path: string): Promise<string> {
    if (/\.gz$/i.test(path)) return textOf(await readFile(path));
    const handle = await open(path, 'r');
    try {
      const buffer = Buffer.alloc(64 * 1024);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      return buffer.subarray(0, bytesRead).toString('utf8');
    } finally {
      await handle.close();
    }
  }

  async fetch(type: WeatherProductType, previous: SourceValidators): Promise<SourceResult> {
    const files = (await this.scan()).filter((file) => KIND_TYPE[file.kind] === type);
    const validators: SourceValidators = Object.fromEntries(files.map((file) => [relative(this.dir, file.path), { etag: file.version }]));
    if (files.length > 0 && sameValidators(validators, previous)) return { status: 'not-modified', validators };
    const read: WeatherFile[] = [];
    for (const file of files) {
      read.push({ name: relative(this.dir, file.path), kind: file.kind, text: textOf(await readFile(file.path)), referenceMs: file.mtimeMs });
    }
    return { status: 'files', files: read, validators };
  }
}
