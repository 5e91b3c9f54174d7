import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { notamsFromFaaApiAnswer, type NotamRecord } from '@clearway/weather';
import type { NotamBatch, NotamSource } from './source.js';

/** The folder is read again this often, ms. */
export const PATH_POLL_INTERVAL_MS = 60_000;

/**
 * NOTAM_SOURCE=path: a folder of FAA NOTAM API answers (`*.json` / `*.geojson` with `items`, like
 * `../shared/data/notam/`) and optionally the FAA TFR list (a GeoJSON FeatureCollection whose
 * features carry `NOTAM_KEY`), sub-folders included. Other JSON files are listed as not recognised;
 * a file that is not JSON is rejected with its name. A NOTAM in several files is kept once (by id).
 */
export class PathNotamSource implements NotamSource {
  readonly kind = 'path';
  readonly description: string;

  constructor(private readonly dir: string, readonly pollIntervalMs = PATH_POLL_INTERVAL_MS) {
    this.description = `folder ${dir}`;
  }

  private async walk(dir: string, out: string[]): Promise<void> {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await this.walk(path, out);
      else if (entry.isFile() && /\.(?:geo)?json$/i.test(entry.name)) out.push(path);
    }
  }

  async fetch(): Promise<NotamBatch> {
    const paths: string[] = [];
    await this.walk(this.dir, paths);
    paths.sort();
    const byId = new Map<string, NotamRecord>();
    const rejected: string[] = [];
    const read: string[] = [];
    let tfrList: unknown = null;
    for (const path of paths) {
      const name = relative(this.dir, path);
      let json: unknown;
      try {
        json = JSON.parse(await readFile(path, 'utf8')) as unknown;
      } catch (error) {
        rejected.push(`${name}: not JSON (${(error as Error).message})`);
        continue;
      }
      const object = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
      if (Array.isArray(object['items'])) {
        const answer = notamsFromFaaApiAnswer(json);
        for (const notam of answer.notams) byId.set(notam.id, notam);
        rejected.push(...answer.rejected.map((r) => `${name}: ${r}`));
        read.push(name);
      } else if (object['type'] === 'FeatureCollection' && Array.isArray(object['features']) && object['features'].some((f) => (f as { properties?: Record<string, unknown> } | null)?.properties?.['NOTAM_KEY'] !== undefined)) {
        if (tfrList !== null) rejected.push(`${name}: a second TFR list (only the first, by name, is read)`);
        else tfrList = json;
        read.push(name);
      } else rejected.push(`${name}: not a NOTAM API answer (no items) nor a TFR list (no NOTAM_KEY features)`);
    }
    if (read.length === 0) throw new Error(`No NOTAM API answer or TFR list in ${this.dir}`);
    return { notams: [...byId.values()], rejected, tfrList, read };
  }
}
