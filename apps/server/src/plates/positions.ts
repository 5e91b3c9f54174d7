import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { openNavDb } from '@clearway/navdb';
import { NAVDATA_EXTENSION } from '@clearway/protocol';

/** Latitude and longitude of an airport, degrees. */
export interface AirportPosition {
  latDeg: number;
  lonDeg: number;
}

/** Looks an airport up by ICAO ident (KSFO), then by FAA ident (SFO); null when unknown. */
export type AirportLocator = (icaoIdent: string, faaIdent: string) => AirportPosition | null;

/** The locator of the nav database in force, or null when there is none (plate packs then place no airport). */
export type AirportPositions = () => Promise<AirportLocator | null>;

/**
 * Airport positions from the served nav database artifact (`{navdataDir}/{channel}/us.cwnav`, else
 * the first artifact of the channel; the first of `channels` that has one): the d-TPP metafile has no coordinates, so the region of a
 * plate's airport comes from here. The artifact is opened again only when its file changes.
 */
export function navdbAirportPositions(navdataDir: string, channels: readonly string[]): AirportPositions {
  let cached: { version: string; locator: Promise<AirportLocator | null> } | null = null;
  return async () => {
    let path: string | null = null;
    for (const channel of channels) {
      const folder = join(navdataDir, channel);
      const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith(NAVDATA_EXTENSION)).sort();
      const name = names.includes(`us${NAVDATA_EXTENSION}`) ? `us${NAVDATA_EXTENSION}` : names[0];
      if (name !== undefined) {
        path = join(folder, name);
        break;
      }
    }
    if (path === null) return null;
    const stats = await stat(path).catch(() => null);
    if (stats === null) return null;
    const version = `${path}:${stats.size}:${stats.mtimeMs}`;
    if (cached?.version !== version) {
      const locator = readFile(path).then((bytes): AirportLocator => {
        const db = openNavDb(bytes);
        return (icao, faa) => {
          const airport = (icao ? db.airport(icao) : null) ?? (faa ? db.airport(faa) : null);
          return airport === null ? null : { latDeg: airport.latDeg, lonDeg: airport.lonDeg };
        };
      });
      cached = { version, locator: locator.catch(() => null) };
    }
    return cached.locator;
  };
}
