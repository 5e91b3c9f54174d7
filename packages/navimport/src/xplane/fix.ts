/**
 * `fix.dat` (version 600): `lat lon ident` per row. Version 1100/1101 rows add the terminal area
 * (`ENRT` or an airport), the ICAO region and a type code, which are kept when present.
 */
import type { Fix } from '@clearway/navdb';
import type { DatFileInfo, DatInput, ReadDatOptions } from './datFile.js';
import { num, readDatRows, tokens, validPosition } from './datFile.js';

export const FIX_VERSIONS = [600, 1100, 1101] as const;

/** Reads the fixes of a fix.dat. */
export async function readFixDat(
  dat: DatInput,
  options: Omit<ReadDatOptions, 'kind' | 'versions'>,
): Promise<{ fixes: Fix[]; info: DatFileInfo }> {
  const fixes: Fix[] = [];
  const { issues } = options;
  const info = await readDatRows(dat, { ...options, kind: 'fix.dat', versions: FIX_VERSIONS }, (line, number) => {
    const t = tokens(line);
    const lat = num(t[0]);
    const lon = num(t[1]);
    const id = t[2];
    if (!validPosition(lat, lon) || id === undefined) {
      issues.error(dat.name, number, `fix.dat: not a fix row (lat lon ident): '${line.slice(0, 60)}'; row skipped`);
      return;
    }
    const terminal = t[3];
    fixes.push({
      id,
      latDeg: lat as number,
      lonDeg: lon as number,
      region: t[4] ?? null,
      state: null,
      country: null,
      use: t[5] ?? null,
      airportId: terminal !== undefined && terminal !== 'ENRT' ? terminal : null,
      source: { source: 'xplane', file: dat.name, line: number },
    });
  });
  return { fixes, info };
}
