import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';

/**
 * SRTM / NASADEM `.hgt` elevation cells: one square degree named by its south-west corner
 * (`N44W072` covers 44°N..45°N, 72°W..71°W), a square grid of big-endian signed 16-bit metres,
 * rows from the north edge, both edges included (1201x1201 at 3 arc-seconds, 3601x3601 at 1).
 */

/** Sample value of a void (no measurement). */
export const HGT_VOID = -32768;

export interface HgtCell {
  path: string;
  /** South-west corner, whole degrees. */
  southLatDeg: number;
  westLonDeg: number;
  /** Samples per side (1201 or 3601). */
  size: number;
  /** Elevations in metres, row-major from the north-west corner; HGT_VOID where there is none. */
  metres: Int16Array;
}

const NAME = /^([NS])(\d{2})([EW])(\d{3})/i;
const SIDES = [1201, 3601];

/** The cell's corner from a file name such as `N44W072_nasadem_3arcsec.hgt`; null when the name does not start so. */
export function hgtCorner(name: string): { southLatDeg: number; westLonDeg: number } | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const lat = Number(match[2]) * (match[1]?.toUpperCase() === 'S' ? -1 : 1);
  const lon = Number(match[4]) * (match[3]?.toUpperCase() === 'W' ? -1 : 1);
  if (lat < -90 || lat >= 90 || lon < -180 || lon >= 180) return null;
  return { southLatDeg: lat, westLonDeg: lon };
}

/** Reads one `.hgt` bytes. @throws Error naming the file and what is wrong (its name, its size). */
export function parseHgt(path: string, bytes: Uint8Array): HgtCell {
  const corner = hgtCorner(basename(path));
  if (!corner) throw new Error(`${path}: a .hgt file's name starts with its south-west corner, e.g. N44W072.hgt`);
  const size = SIDES.find((side) => side * side * 2 === bytes.length);
  if (size === undefined) {
    throw new Error(`${path}: a .hgt file holds 1201x1201 or 3601x3601 big-endian 16-bit samples (${1201 * 1201 * 2} or ${3601 * 3601 * 2} bytes); this one has ${bytes.length} bytes`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const metres = new Int16Array(size * size);
  for (let i = 0; i < metres.length; i++) metres[i] = view.getInt16(i * 2, false);
  return { path, ...corner, size, metres };
}

export async function readHgt(path: string): Promise<HgtCell> {
  return parseHgt(path, await readFile(path));
}

/** Every `.hgt` file of a folder (not recursive), read. @throws Error when the folder cannot be read or a file is malformed. */
export async function readHgtFolder(dir: string): Promise<HgtCell[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    throw new Error(`Terrain folder ${dir} cannot be read: ${(error as Error).message}`, { cause: error });
  }
  const cells: HgtCell[] = [];
  for (const name of names.filter((n) => n.toLowerCase().endsWith('.hgt')).sort()) cells.push(await readHgt(join(dir, name)));
  return cells;
}

/** Elevations at any position from a set of cells, bilinear between the four samples around it. */
export class ElevationGrid {
  readonly #cells = new Map<string, HgtCell>();

  constructor(cells: readonly HgtCell[]) {
    for (const cell of cells) this.#cells.set(`${cell.southLatDeg},${cell.westLonDeg}`, cell);
  }

  get cells(): readonly HgtCell[] {
    return [...this.#cells.values()];
  }

  /** `[west, south, east, north]` boxes of the cells, degrees. */
  cellBounds(): [number, number, number, number][] {
    return this.cells.map((cell) => [cell.westLonDeg, cell.southLatDeg, cell.westLonDeg + 1, cell.southLatDeg + 1]);
  }

  /** Metres at a position (degrees), or null outside every cell or next to a void. */
  elevation(lonDeg: number, latDeg: number): number | null {
    const south = Math.floor(latDeg);
    const west = Math.floor(lonDeg);
    const cell = this.#cells.get(`${south},${west}`);
    if (!cell) return null;
    const last = cell.size - 1;
    // Fractional row (from the north edge) and column (from the west edge) in samples.
    const row = (south + 1 - latDeg) * last;
    const col = (lonDeg - west) * last;
    const r0 = Math.min(last - 1, Math.floor(row));
    const c0 = Math.min(last - 1, Math.floor(col));
    const fr = row - r0;
    const fc = col - c0;
    const at = (r: number, c: number) => cell.metres[r * cell.size + c] ?? HGT_VOID;
    const a = at(r0, c0);
    const b = at(r0, c0 + 1);
    const c = at(r0 + 1, c0);
    const d = at(r0 + 1, c0 + 1);
    if (a === HGT_VOID || b === HGT_VOID || c === HGT_VOID || d === HGT_VOID) return null;
    return (a * (1 - fc) + b * fc) * (1 - fr) + (c * (1 - fc) + d * fc) * fr;
  }
}
