import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export type SourceFormat = 'nasr' | 'cifp' | 'xplane' | 'ourairports';

/** One input recognised as a source: a folder (NASR CSV, X-Plane, OurAirports) or a file (zip, CIFP). */
export interface DetectedSource {
  format: SourceFormat;
  path: string;
}

export interface Detection {
  sources: DetectedSource[];
  /** Files and folders that hold no recognised source, e.g. legacy NASR TXT. */
  unrecognised: string[];
}

const NASR_TABLES = /^(APT_BASE|APT_RWY|APT_RWY_END|NAV_BASE|FIX_BASE|AWY_BASE|AWY_SEG_ALT|FRQ|ILS_BASE)\.csv$/i;
const NASR_ZIP = /(28DaySubscription.*|_CSV)\.zip$/i;
const CIFP_FILE = /^FAACIFP18/i;
const CIFP_ZIP = /^CIFP_\d{6}\.zip$/i;
const XPLANE_FILE = /^(apt|nav|fix|awy)\.dat(\.gz)?$/i;
const OURAIRPORTS_FILE = /^(airports|runways|navaids|airport-frequencies)\.csv$/i;

async function walk(path: string, files: string[]): Promise<void> {
  const info = await stat(path);
  if (!info.isDirectory()) {
    files.push(path);
    return;
  }
  for (const entry of (await readdir(path)).sort()) await walk(join(path, entry), files);
}

/**
 * Recognises the source formats under the given paths from their file names, so one path may be a
 * folder holding several sources in sub-folders (as `../shared/data/navdata` does).
 */
export async function detectSources(paths: readonly string[]): Promise<Detection> {
  const files: string[] = [];
  for (const path of paths) await walk(path, files);
  const sources: DetectedSource[] = [];
  const unrecognised: string[] = [];
  const folders = new Map<string, string[]>();
  for (const file of files) {
    const name = basename(file);
    if (NASR_ZIP.test(name)) sources.push({ format: 'nasr', path: file });
    else if (CIFP_FILE.test(name) || CIFP_ZIP.test(name)) sources.push({ format: 'cifp', path: file });
    else {
      const list = folders.get(dirname(file)) ?? [];
      list.push(name);
      folders.set(dirname(file), list);
    }
  }
  for (const [folder, names] of folders) {
    let used = false;
    if (names.some((n) => NASR_TABLES.test(n))) {
      sources.push({ format: 'nasr', path: folder });
      used = true;
    }
    if (names.some((n) => XPLANE_FILE.test(n))) {
      sources.push({ format: 'xplane', path: folder });
      used = true;
    }
    if (names.includes('airports.csv') && names.some((n) => OURAIRPORTS_FILE.test(n) && n !== 'airports.csv')) {
      sources.push({ format: 'ourairports', path: folder });
      used = true;
    }
    if (!used) unrecognised.push(folder);
  }
  return { sources, unrecognised };
}
