import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PLATES_PACK_FILE_PATTERN } from '@clearway/protocol';

/** A pack (or a scratch file) written this recently is never removed: a pilot may be downloading it. */
export const PACK_IN_USE_MS = 60 * 60_000;

/** Another cycle's packs stay this long after the last was written: downloads that began before the switch. */
export const OLD_CYCLE_PACKS_KEPT_MS = 24 * 60 * 60_000;

/** The default of PLATES_PACKS_MAX_MB: the served cycle's packs kept on disk, MiB. */
export const DEFAULT_PLATES_PACKS_MAX_MB = 20_480;

export interface PackPruneOptions {
  /** `{platesDir}/_packs` (platesPacksDir). */
  packsDir: string;
  /** The cycle served now; null before any import (every cycle then counts as another cycle). */
  servedCycle: string | null;
  /** Bytes of the served cycle's packs to keep; the oldest packs past it are removed. */
  maxBytes: number;
  now: number;
}

export interface PackPruneReport {
  /** What was removed, as `{cycle}/{name}` (a whole cycle as `{cycle}/`), sorted. */
  removed: string[];
  /** Bytes removed. */
  freedBytes: number;
  /** Bytes of the served cycle's packs left. */
  keptBytes: number;
}

interface Entry {
  name: string;
  bytes: number;
  mtimeMs: number;
  isFile: boolean;
}

async function entries(dir: string): Promise<Entry[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const found = await Promise.all(names.map(async (name) => {
    const info = await stat(join(dir, name)).catch(() => null);
    return info === null ? null : { name, bytes: info.size, mtimeMs: info.mtimeMs, isFile: info.isFile() };
  }));
  return found.filter((entry): entry is Entry => entry !== null);
}

/**
 * Keeps the plate packs folder from growing for good. Every pilot's choice of airports is a pack of
 * its own, and each cycle adds a folder; a pack removed here is built again when asked for.
 * - Scratch files of a build that never finished (a server killed mid-write) go after PACK_IN_USE_MS.
 * - Another cycle's folder goes once nothing was written in it for OLD_CYCLE_PACKS_KEPT_MS.
 * - The served cycle's packs are kept newest first up to maxBytes; older ones past it go, except any
 *   written in the last PACK_IN_USE_MS.
 */
export async function prunePlatesPacks(options: PackPruneOptions): Promise<PackPruneReport> {
  const { packsDir, servedCycle, maxBytes, now } = options;
  const report: PackPruneReport = { removed: [], freedBytes: 0, keptBytes: 0 };
  const remove = async (cycle: string, entry: Entry, label = `${cycle}/${entry.name}`) => {
    await rm(join(packsDir, cycle, entry.name), { recursive: true, force: true });
    report.removed.push(label);
    report.freedBytes += entry.bytes;
  };
  for (const folder of await entries(packsDir)) {
    if (folder.isFile) continue;
    const cycle = folder.name;
    const files = (await entries(join(packsDir, cycle))).filter((entry) => entry.isFile);
    const idle = (entry: Entry) => now - entry.mtimeMs > PACK_IN_USE_MS;
    if (cycle !== servedCycle) {
      const newest = Math.max(folder.mtimeMs, ...files.map((entry) => entry.mtimeMs));
      if (now - newest > OLD_CYCLE_PACKS_KEPT_MS) {
        await rm(join(packsDir, cycle), { recursive: true, force: true });
        report.removed.push(`${cycle}/`);
        report.freedBytes += files.reduce((sum, entry) => sum + entry.bytes, 0);
      }
      continue;
    }
    const packs: Entry[] = [];
    for (const entry of files) {
      if (PLATES_PACK_FILE_PATTERN.test(entry.name)) packs.push(entry);
      else if (entry.name.endsWith('.part') && idle(entry)) await remove(cycle, entry);
    }
    packs.sort((a, b) => b.mtimeMs - a.mtimeMs || a.name.localeCompare(b.name));
    let kept = 0;
    for (const pack of packs) {
      if (kept + pack.bytes > maxBytes && idle(pack)) await remove(cycle, pack);
      else kept += pack.bytes;
    }
    report.keptBytes = kept;
  }
  report.removed.sort();
  return report;
}
