import { nearestForBlend, UNKNOWN_TEMPERATURE } from '@clearway/geo';
import type { FbBulletin, FbDecodeResult, FbLevelWind, FbStation, FbTimeOfDay } from './fbTypes.js';

/**
 * Winds and temperatures aloft at a place, altitude and time. Structurally the same as
 * `WindsAloftSource` of @clearway/flightplan (weather may not import flightplan), so a source made
 * here can be handed to the engine as it is.
 */
export interface WindsAloftSource {
  /** null when the source has nothing for that place and time. */
  windAt(query: { lat: number; lon: number; altitudeFt: number; timeMs: number }): WindSample | null;
}

/** Same shape as `WindSample` of @clearway/flightplan. */
export interface WindSample {
  /** Direction the wind blows from, degrees true. */
  directionDeg: number;
  speedKt: number;
  /** °C, or null when not reported (e.g. at 3,000 ft). */
  temperatureC: number | null;
  /** The nearest station used, for the leg's wxPoints. */
  stationId: string;
  stationLat: number;
  stationLon: number;
  /**
   * The nearest station's two bracketing levels: dir, speed, temp (lower), dir, speed, temp (upper).
   * Light and variable is direction 0 speed 0; an unreported temperature is 9999.
   */
  aloft: number[];
}

/** A decoded bulletin with the month it was issued in (the text has only day and hour). */
export interface FbBulletinInput {
  decoded: FbDecodeResult;
  /** Year of the bulletin's issue time, e.g. 2026. */
  year: number;
  /** Month of the bulletin's issue time, 1-12. */
  month: number;
}

/** Station positions: id -> [lat, lon] degrees, e.g. `FB_STATION_POSITIONS`. */
export type FbStationPositions = Readonly<Record<string, readonly [number, number]>>;

export interface FbWindsOptions {
  /** Stations farther than this are not used, nautical miles. Default 300. */
  maxDistanceNm?: number;
  /** How many of the nearest stations are blended. Default 3. */
  stationCount?: number;
}

const MS_PER_HOUR = 3_600_000;
const MS_PER_DAY = 24 * MS_PER_HOUR;
const DEG_TO_RAD = Math.PI / 180;
/** Closer than this to a station, that station alone is used (avoids dividing by ~0), nm. */
const AT_STATION_NM = 0.01;

/** A bulletin's FOR USE window and valid time, milliseconds since the epoch (UTC). */
export interface FbUseWindow {
  startMs: number;
  endMs: number;
  validMs: number;
}

/** The use window of a bulletin, [startMs, endMs] inclusive; null when it gives none (always usable). */
export function fbUseWindowMs(bulletin: FbBulletin, year: number, month: number): FbUseWindow | null {
  const valid = bulletin.validTime;
  if (valid === null || bulletin.forUse === null) return null;
  const issuedDay = bulletin.issued?.day ?? valid.day;
  // A bulletin issued on the 31st can be valid on the 1st of the next month.
  const monthIndex = valid.day < issuedDay ? month : month - 1;
  const validMs = Date.UTC(year, monthIndex, valid.day, valid.hour, valid.minute);
  const dayStart = Date.UTC(year, monthIndex, valid.day);
  const at = (t: FbTimeOfDay): number => dayStart + t.hour * MS_PER_HOUR + t.minute * 60_000;
  let startMs = at(bulletin.forUse.start);
  let endMs = at(bulletin.forUse.end);
  // The window surrounds the valid time; either end may fall on the neighbouring day.
  if (startMs > validMs) startMs -= MS_PER_DAY;
  if (endMs < validMs) endMs += MS_PER_DAY;
  return { startMs, endMs, validMs };
}

interface PlacedStation {
  station: FbStation;
  lat: number;
  lon: number;
  window: FbUseWindow | null;
  /** The placed entries with this station id, in input order (this one among them; usually only it). */
  sameId: PlacedStation[];
}

/** One station's wind at an altitude: the two bracketing reported levels and the blend. */
export interface StationWind {
  /** Wind components toward east and north, knots (the vector the air moves along). */
  eastKt: number;
  northKt: number;
  temperatureC: number | null;
  lower: FbLevelWind;
  upper: FbLevelWind;
}

function toward(level: FbLevelWind): { east: number; north: number } {
  const speed = level.speedKt ?? 0;
  if (level.directionDeg === null || speed === 0) return { east: 0, north: 0 };
  // The direction is where the wind comes from, so the air moves the opposite way.
  const rad = level.directionDeg * DEG_TO_RAD;
  return { east: -speed * Math.sin(rad), north: -speed * Math.cos(rad) };
}

/**
 * Wind at an altitude from one station's levels: vector interpolation between the two bracketing
 * reported levels, linear temperature (null when either bracketing level has none, except exactly at
 * the level that has one). At a level, or below the lowest or above the highest reported level,
 * that one level is used as it is (lower = upper). null when the station reports no level.
 */
export function stationWindAt(station: FbStation, altitudeFt: number): StationWind | null {
  const reported = station.levels.filter((l) => l.speedKt !== null);
  const first = reported[0];
  const last = reported[reported.length - 1];
  if (first === undefined || last === undefined) return null;
  let lower = first;
  let upper = first;
  const exact = reported.find((l) => l.altitudeFt === altitudeFt);
  if (exact !== undefined) {
    // At a level both halves of `aloft` are that level.
    lower = exact;
    upper = exact;
  } else if (altitudeFt >= last.altitudeFt) {
    lower = last;
    upper = last;
  } else if (altitudeFt > first.altitudeFt) {
    for (let i = 0; i + 1 < reported.length; i++) {
      const a = reported[i] as FbLevelWind;
      const b = reported[i + 1] as FbLevelWind;
      if (altitudeFt >= a.altitudeFt && altitudeFt <= b.altitudeFt) {
        lower = a;
        upper = b;
        break;
      }
    }
  }
  const span = upper.altitudeFt - lower.altitudeFt;
  const f = span > 0 ? (altitudeFt - lower.altitudeFt) / span : 0;
  const a = toward(lower);
  const b = toward(upper);
  let temperatureC: number | null = null;
  if (lower.temperatureC !== null && upper.temperatureC !== null) {
    temperatureC = lower.temperatureC + f * (upper.temperatureC - lower.temperatureC);
  } else if (f === 0) {
    temperatureC = lower.temperatureC;
  } else if (f === 1) {
    temperatureC = upper.temperatureC;
  }
  return { eastKt: a.east + f * (b.east - a.east), northKt: a.north + f * (b.north - a.north), temperatureC, lower, upper };
}

function aloftValues(lower: FbLevelWind, upper: FbLevelWind): number[] {
  const three = (l: FbLevelWind): number[] => [l.directionDeg ?? 0, l.speedKt ?? 0, l.temperatureC ?? UNKNOWN_TEMPERATURE];
  return [...three(lower), ...three(upper)];
}

/**
 * A `WindsAloftSource` over decoded FB bulletins. `windAt` takes the nearest `stationCount` (3)
 * stations within `maxDistanceNm` (300 nm) whose bulletin is in its FOR USE window at `timeMs`,
 * interpolates each by altitude (see `stationWindAt`) and blends them by inverse-distance-squared
 * weighting of the wind vectors and the temperatures. Returns null when no station qualifies.
 * Stations without a position in `positions` are skipped. When several usable bulletins carry the
 * same station id (successive issues, or 6/12/24-hour forecasts with overlapping windows), only the
 * one whose valid time is nearest `timeMs` counts. The selection and weights are geo's
 * `nearestForBlend` (one station closer than 0.01 nm is used alone, weight 1), shared with the
 * vertical profile's freezing level.
 */
export function createFbWindsSource(bulletins: readonly FbBulletinInput[], positions: FbStationPositions, options: FbWindsOptions = {}): WindsAloftSource {
  const maxDistanceNm = options.maxDistanceNm ?? 300;
  const stationCount = options.stationCount ?? 3;
  const placed: PlacedStation[] = [];
  const byId = new Map<string, PlacedStation[]>();
  for (const input of bulletins) {
    const window = fbUseWindowMs(input.decoded.bulletin, input.year, input.month);
    for (const station of input.decoded.stations) {
      const pos = positions[station.id];
      // stationWindAt is null exactly when no level has a speed, at every altitude: such a station never counts.
      if (pos === undefined || !station.levels.some((l) => l.speedKt !== null)) continue;
      let sameId = byId.get(station.id);
      if (sameId === undefined) byId.set(station.id, (sameId = []));
      const p: PlacedStation = { station, lat: pos[0], lon: pos[1], window, sameId };
      sameId.push(p);
      placed.push(p);
    }
  }

  return {
    windAt({ lat, lon, altitudeFt, timeMs }) {
      const usable = (p: PlacedStation): boolean => p.window === null || (timeMs >= p.window.startMs && timeMs <= p.window.endMs);
      const offset = (p: PlacedStation): number => (p.window === null ? Infinity : Math.abs(p.window.validMs - timeMs));
      // One per station id, placed where the id's first usable entry is: the usable entry whose valid
      // time is nearest `timeMs`, the earlier of equally near ones (same id, same position, so the
      // choice does not change the distance). No map per query: this runs for every leg and level.
      const candidates: PlacedStation[] = [];
      for (const p of placed) {
        if (!usable(p)) continue;
        if (p.sameId.length === 1) {
          candidates.push(p);
          continue;
        }
        let best: PlacedStation | undefined;
        for (const e of p.sameId) {
          if (!usable(e)) continue;
          if (best === undefined) {
            // An earlier usable entry of this id: the id was taken there.
            if (e !== p) break;
            best = e;
          } else if (offset(e) < offset(best)) best = e;
        }
        if (best !== undefined) candidates.push(best);
      }
      const used = nearestForBlend(candidates, lat, lon, { count: stationCount, maxDistanceNm, aloneWithinNm: AT_STATION_NM }).map((n) => ({
        ...n,
        // Not null: stations reporting no level were left out of `placed`.
        wind: stationWindAt(n.item.station, altitudeFt) as StationWind,
      }));
      const nearest = used[0];
      if (nearest === undefined) return null;
      let east = 0;
      let north = 0;
      let weightSum = 0;
      let tempSum = 0;
      let tempWeight = 0;
      for (const c of used) {
        const w = c.weight;
        east += w * c.wind.eastKt;
        north += w * c.wind.northKt;
        weightSum += w;
        if (c.wind.temperatureC !== null) {
          tempSum += w * c.wind.temperatureC;
          tempWeight += w;
        }
      }
      east /= weightSum;
      north /= weightSum;
      const speedKt = Math.hypot(east, north);
      // Back from the vector the air moves along to the direction it comes from, 0..360.
      const directionDeg = speedKt === 0 ? 0 : (Math.atan2(-east, -north) / DEG_TO_RAD + 360) % 360;
      return {
        directionDeg,
        speedKt,
        temperatureC: tempWeight > 0 ? tempSum / tempWeight : null,
        stationId: nearest.item.station.id,
        stationLat: nearest.item.lat,
        stationLon: nearest.item.lon,
        aloft: aloftValues(nearest.wind.lower, nearest.wind.upper),
      };
    },
  };
}
