import type { FboSnapshot } from '@clearway/protocol';
import { decodeFbBulletin, fbUseWindowMs, stationWindAt, type FbDecodeResult, type FbStation, type FbStationPositions, type FbUseWindow } from '@clearway/weather';

/**
 * Winds and temperatures aloft at the spec's weather levels (part 2 §9 "Weather levels (feet): 1000,
 * 2500, 5000, 8000, 10000, 12000, 16000, 18000, 21000, 24000, 27000, 30000, 34000, 38000, 44000,
 * 50000") from the FB bulletins, whose levels are fewer (3000 ... 39000 in the US, from 1000 for
 * Hawaii and the Pacific). At a level a station's bulletin gives, that forecast as issued; between two
 * levels it gives, the wind interpolated as a vector and the temperature linearly (as the navlog's
 * winds, @clearway/weather stationWindAt), marked interpolated; below its lowest or above its highest
 * level nothing (no extrapolation). Pure.
 */

export const WEATHER_LEVELS_FT = [1000, 2500, 5000, 8000, 10000, 12000, 16000, 18000, 21000, 24000, 27000, 30000, 34000, 38000, 44000, 50000] as const;

/** Where a value at a level comes from: the bulletin's own level, or interpolated between two of its levels. */
export type LevelSource = 'bulletin' | 'interpolated';

export interface WindAtLevel {
  /** Degrees true the wind blows from, whole degrees; null when light and variable. */
  dirDeg: number | null;
  /** Whole knots; 0 when light and variable. */
  kt: number;
  /** Whole °C; null when the bulletin forecasts none there (the lowest levels). */
  tempC: number | null;
  /** Light and variable (under 5 kt). */
  light: boolean;
  source: LevelSource;
  /** The bulletin levels used: the level itself twice, or the two either side. */
  lowerFt: number;
  upperFt: number;
}

const RAD_TO_DEG = 180 / Math.PI;

/** A station's wind at a level; null when the level is outside the station's reported levels. */
export function windAtLevel(station: FbStation, levelFt: number): WindAtLevel | null {
  const reported = station.levels.filter((level) => level.speedKt !== null);
  const exact = reported.find((level) => level.altitudeFt === levelFt);
  if (exact) {
    const light = exact.light || exact.directionDeg === null;
    return {
      dirDeg: light ? null : exact.directionDeg,
      kt: light ? 0 : Math.round(exact.speedKt ?? 0),
      tempC: exact.temperatureC === null ? null : Math.round(exact.temperatureC),
      light,
      source: 'bulletin',
      lowerFt: levelFt,
      upperFt: levelFt,
    };
  }
  const first = reported[0];
  const last = reported[reported.length - 1];
  if (!first || !last || levelFt < first.altitudeFt || levelFt > last.altitudeFt) return null;
  const blend = stationWindAt(station, levelFt);
  if (!blend) return null;
  const speed = Math.hypot(blend.eastKt, blend.northKt);
  const kt = Math.round(speed);
  // The components point where the air goes; the direction is where it comes from.
  const light = kt === 0 || (blend.lower.light && blend.upper.light);
  const dir = Math.round((Math.atan2(-blend.eastKt, -blend.northKt) * RAD_TO_DEG + 360) % 360);
  return {
    dirDeg: light ? null : dir === 0 ? 360 : dir,
    kt: light ? 0 : kt,
    tempC: blend.temperatureC === null ? null : Math.round(blend.temperatureC) + 0,
    light,
    source: 'interpolated',
    lowerFt: blend.lower.altitudeFt,
    upperFt: blend.upper.altitudeFt,
  };
}

/** One bulletin of the snapshot, decoded, with its FOR USE window. */
export interface DecodedBulletin {
  /** WMO heading, e.g. FBUS31. */
  product: string;
  forecastHours: 6 | 12 | 24;
  /** The bulletin as issued. */
  raw: string;
  decoded: FbDecodeResult;
  window: FbUseWindow | null;
}

/** The snapshot's bulletins decoded (the decoder never throws; one that decodes to no station is kept, empty). */
export function decodeFbo(snapshot: FboSnapshot | null): DecodedBulletin[] {
  return (snapshot?.bulletins ?? []).map((entry) => {
    const decoded = decodeFbBulletin(entry.raw);
    return { product: decoded.bulletin.product, forecastHours: entry.forecastHours, raw: entry.raw, decoded, window: fbUseWindowMs(decoded.bulletin, entry.year, entry.month) };
  });
}

/** The forecast periods (6, 12, 24 h) the snapshot has, ascending. */
export function forecastPeriods(bulletins: readonly DecodedBulletin[]): (6 | 12 | 24)[] {
  return [...new Set(bulletins.map((b) => b.forecastHours))].sort((a, b) => a - b);
}

export interface WindsRow {
  /** Station id as in the bulletin, e.g. `ABI`. */
  id: string;
  lat: number;
  lon: number;
  /** The bulletin it comes from, e.g. FBUS31, and its index in the list. */
  product: string;
  bulletin: number;
  wind: WindAtLevel;
}

/**
 * Every placed station's wind at a level for one forecast period, sorted by id. A station in several
 * bulletins of the period (successive issues) counts once, from the latest valid one. Stations
 * without a position are left out.
 */
export function windsAtLevel(bulletins: readonly DecodedBulletin[], forecastHours: number, levelFt: number, positions: FbStationPositions): WindsRow[] {
  const chosen = new Map<string, { station: FbStation; product: string; bulletin: number; validMs: number }>();
  for (const [index, bulletin] of bulletins.entries()) {
    if (bulletin.forecastHours !== forecastHours) continue;
    const validMs = bulletin.window?.validMs ?? -Infinity;
    for (const station of bulletin.decoded.stations) {
      const other = chosen.get(station.id);
      if (!other || validMs > other.validMs) chosen.set(station.id, { station, product: bulletin.product, bulletin: index, validMs });
    }
  }
  const rows: WindsRow[] = [];
  for (const [id, { station, product, bulletin }] of chosen) {
    const position = positions[id];
    if (!position) continue;
    const wind = windAtLevel(station, levelFt);
    if (wind) rows.push({ id, lat: position[0], lon: position[1], product, bulletin, wind });
  }
  return rows.sort((a, b) => a.id.localeCompare(b.id));
}

export interface LevelCoverage {
  levelFt: number;
  /** Stations whose bulletin gives this level. */
  bulletin: number;
  /** Stations where it is interpolated between two of their levels. */
  interpolated: number;
}

/** For each spec level, how many stations of the period have it as issued and how many interpolated. */
export function levelCoverage(bulletins: readonly DecodedBulletin[], forecastHours: number, positions: FbStationPositions): LevelCoverage[] {
  return WEATHER_LEVELS_FT.map((levelFt) => {
    const rows = windsAtLevel(bulletins, forecastHours, levelFt, positions);
    const bulletin = rows.filter((row) => row.wind.source === 'bulletin').length;
    return { levelFt, bulletin, interpolated: rows.length - bulletin };
  });
}

/** `27,000 ft` below 18,000 ft, `FL270` from it. */
export function levelName(ft: number): string {
  return ft >= 18_000 ? `FL${String(Math.round(ft / 100)).padStart(3, '0')}` : `${ft.toLocaleString('en-US')} ft`;
}

/** `270° 45 kt`, `Light and variable`. */
export function windText(wind: Pick<WindAtLevel, 'dirDeg' | 'kt' | 'light'>): string {
  if (wind.light || wind.dirDeg === null) return 'Light and variable';
  return `${String(wind.dirDeg).padStart(3, '0')}° ${wind.kt} kt`;
}

/** `-12 °C`, `+3 °C`, `—` when none. */
export function tempText(tempC: number | null): string {
  if (tempC === null) return '—';
  return `${tempC > 0 ? '+' : tempC < 0 ? '−' : ''}${Math.abs(tempC)} °C`;
}

/** A station's line of its bulletin as issued, under the bulletin's `FT` line of levels; '' when not found. */
export function stationLine(raw: string, id: string): string {
  const lines = raw.split(/\r?\n/);
  const header = lines.find((l) => /^FT\s/.test(l)) ?? '';
  const line = lines.find((l) => l.startsWith(`${id} `));
  return line ? `${header}\n${line}`.trim() : '';
}
