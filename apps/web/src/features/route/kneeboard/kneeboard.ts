import type { AircraftProfile, Leg, Route } from '@clearway/flightplan';
import { UNKNOWN_ALT, windTriangle } from '@clearway/flightplan';
import { courseText, distanceValue, fuelValue, minutesText, speedValue, type DisplayUnits } from '../navlogFormat';

/**
 * The full navlog and printable kneeboard (issue 24): one row per checkpoint (each leg's end along
 * the expanded route, with TOC and TOD rows where the engine puts them), each row from the previous
 * checkpoint. Times and fuel are the engine's: a leg's end is at its `cum_time`/`cum_fuel`; the top
 * of climb is (cruise − departure elevation) / climb rate after departure and the top of descent
 * (cruise − destination elevation) / descent rate before arrival, as `runFlightPlan` flies them.
 * WCA and magnetic heading are worked for the stretch's airspeed (climb, cruise or descent) in the
 * leg's forecast wind. Pure: display strings in the user's units.
 */

export type KneeboardRowKind = 'leg' | 'toc' | 'tod';

export interface KneeboardRow {
  kind: KneeboardRowKind;
  /** The checkpoint: the leg's end code, or TOC / TOD. */
  fix: string;
  /** 'CLB 6500' climbing to, the cruise altitude, 'DES 1200' descending to (altitude unit). */
  alt: string;
  tc: string;
  mc: string;
  /** Forecast wind 'ddd°/ss' ('calm' without a forecast or at 1 kt or less). */
  wind: string;
  tas: string;
  /** Wind correction angle, right positive ('+4°'). */
  wca: string;
  mh: string;
  gs: string;
  /** From the previous checkpoint. */
  dist: string;
  ete: string;
  /** UTC, 'HH:MMZ'. */
  eta: string;
  fuelUsed: string;
  fuelRem: string;
}

export interface Kneeboard {
  rows: KneeboardRow[];
  departure: string;
  destination: string;
  /** Departure time, 'HH:MMZ'. */
  etd: string;
  totals: { dist: string; ete: string; fuel: string; fuelRem: string };
}

/** The kneeboard's columns: key, heading, title (ATA and the actual fuel are blanks to fill in). */
export const KNEEBOARD_COLUMNS: readonly [keyof KneeboardRow | 'ata' | 'fuelAct', string, string][] = [
  ['fix', 'Fix', 'Checkpoint'],
  ['alt', 'Alt', 'Altitude'],
  ['tc', 'TC', 'True course'],
  ['mc', 'MC', 'Magnetic course'],
  ['wind', 'Wind', 'Forecast wind, from degrees true / speed'],
  ['tas', 'TAS', 'True airspeed'],
  ['wca', 'WCA', 'Wind correction angle'],
  ['mh', 'MH', 'Magnetic heading'],
  ['gs', 'GS', 'Ground speed'],
  ['dist', 'Dist', 'Distance from the previous checkpoint'],
  ['ete', 'ETE', 'Time from the previous checkpoint'],
  ['eta', 'ETA', 'Estimated time of arrival, UTC'],
  ['ata', 'ATA', 'Actual time of arrival'],
  ['fuelUsed', 'Fuel', 'Fuel used from the previous checkpoint'],
  ['fuelRem', 'Rem', 'Fuel remaining (planned)'],
  ['fuelAct', 'Act', 'Fuel remaining (actual)'],
];

/** Epoch ms as UTC 'HH:MMZ'. */
export function utcHhmmZ(ms: number): string {
  if (!Number.isFinite(ms)) return '--';
  const d = new Date(Math.round(ms / 60_000) * 60_000);
  return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}Z`;
}

interface Checkpoint {
  kind: KneeboardRowKind;
  fix: string;
  alongNm: number;
  minutes: number;
  fuelGal: number;
  leg: Leg;
}

const elevationFt = (ft: number | undefined) => (ft !== undefined && ft !== UNKNOWN_ALT && Number.isFinite(ft) ? ft : 0);

function signedDeg(deg: number): string {
  const whole = Math.round(deg);
  return `${whole > 0 ? '+' : ''}${whole === 0 ? 0 : whole}°`;
}

/** The kneeboard of a planned route (`runFlightPlan` output) flown with `profile`. */
export function kneeboard(route: Route, profile: AircraftProfile, units: DisplayUnits): Kneeboard {
  const legs = route.all_legs;
  const points = route.all_waypoints.length >= 2 ? route.all_waypoints : route.waypoints;
  const depFt = elevationFt(points[0]?.elevation);
  const destFt = elevationFt(points[points.length - 1]?.elevation);
  const topFt = route.cruise_altitude_flown ?? route.altitude;
  const etd = route.etd_ms ?? route.ts;

  const checkpoints: Checkpoint[] = legs.map((leg) => ({ kind: 'leg', fix: `${leg.end.directTo ? '*' : ''}${leg.end.code}`, alongNm: leg.cum_distance, minutes: leg.cum_time, fuelGal: leg.cum_fuel, leg }));
  if (route.toc && legs[route.toc.legIndex]) {
    const minutes = (topFt - depFt) / Math.max(1, profile.climb_rate);
    checkpoints.push({ kind: 'toc', fix: 'TOC', alongNm: route.toc.distanceFromStart, minutes, fuelGal: (minutes / 60) * profile.climb_fuel, leg: legs[route.toc.legIndex]! });
  }
  if (route.tod && legs[route.tod.legIndex]) {
    const minutes = (topFt - destFt) / Math.max(1, profile.descent_rate);
    checkpoints.push({
      kind: 'tod',
      fix: 'TOD',
      alongNm: route.tod.distanceFromStart,
      minutes: route.total_min - minutes,
      fuelGal: route.total_fuel - (minutes / 60) * profile.descent_fuel,
      leg: legs[route.tod.legIndex]!,
    });
  }
  // In order along the route; at one place the TOC first, then the TOD, then the leg's end.
  const order: Record<KneeboardRowKind, number> = { toc: 0, tod: 1, leg: 2 };
  checkpoints.sort((a, b) => a.alongNm - b.alongNm || order[a.kind] - order[b.kind]);

  const tocNm = route.toc?.distanceFromStart ?? 0;
  const todNm = route.tod?.distanceFromStart ?? route.total_distance;
  const alt = (ft: number) => String(Math.round(ft * units.alt_factor));
  const rows: KneeboardRow[] = [];
  let prev = { alongNm: 0, minutes: 0, fuelGal: 0 };
  for (const c of checkpoints) {
    const { leg } = c;
    const distNm = Math.max(0, c.alongNm - prev.alongNm);
    const minutes = Math.max(0, c.minutes - prev.minutes);
    const fuel = Math.max(0, c.fuelGal - prev.fuelGal);
    // The phase of the stretch that ends here.
    const phase = c.kind === 'toc' || c.alongNm <= tocNm + 1e-6 ? 'climb' : c.kind === 'tod' || c.alongNm <= todNm + 1e-6 ? 'cruise' : 'descent';
    const cruiseFt = leg.cruise_altitude ?? topFt;
    const tasKt = phase === 'climb' ? profile.climb_speed : phase === 'descent' ? profile.descent_speed : (leg.tas ?? profile.airspeed);
    // The heading for this stretch's own airspeed in the leg's forecast wind (the engine gives the
    // heading of the leg's longest phase; a leg split by the TOC or TOD has two).
    const tcDeg = leg.true_course ?? leg.course + (leg.variation ?? 0);
    const tri = leg.wind ? windTriangle(tcDeg, tasKt, leg.wind.direction, leg.wind.speed) : null;
    const thDeg = tri?.ok ? tri.headingDegTrue : (leg.true_heading ?? tcDeg);
    const wca = ((thDeg - tcDeg + 540) % 360) - 180;
    const mhDeg = thDeg - (leg.variation ?? 0);
    rows.push({
      kind: c.kind,
      fix: c.fix,
      alt: leg.has_errors ? '' : phase === 'climb' ? `CLB ${alt(topFt)}` : phase === 'descent' ? `DES ${alt(destFt)}` : alt(cruiseFt),
      tc: leg.has_errors ? '' : courseText(leg.true_course ?? leg.course),
      mc: leg.has_errors ? '' : courseText(leg.course),
      wind: leg.has_errors ? '' : leg.wind && leg.wind.speed > 1 ? `${courseText(leg.wind.direction)}/${speedValue(leg.wind.speed, units)}` : 'calm',
      tas: leg.has_errors ? '' : speedValue(tasKt, units),
      wca: leg.has_errors ? '' : signedDeg(wca),
      mh: leg.has_errors ? '' : courseText(((mhDeg % 360) + 360) % 360),
      gs: leg.has_errors || minutes <= 0 ? '' : speedValue((distNm / minutes) * 60, units),
      dist: distanceValue(distNm, units),
      ete: minutesText(minutes),
      eta: utcHhmmZ(etd + c.minutes * 60_000),
      fuelUsed: fuelValue(fuel, units),
      fuelRem: fuelValue(profile.starting_fuel - c.fuelGal, units),
    });
    prev = c;
  }
  return {
    rows,
    departure: points[0]?.code ?? '',
    destination: points[points.length - 1]?.code ?? '',
    etd: utcHhmmZ(etd),
    totals: {
      dist: distanceValue(route.total_distance, units),
      ete: minutesText(route.total_min),
      fuel: fuelValue(route.total_fuel, units),
      fuelRem: fuelValue(profile.starting_fuel - route.total_fuel, units),
    },
  };
}

/** Radio frequencies of an airport as the kneeboard lists them: 'ATIS 124.600', MHz from 30 MHz up, else kHz. */
export function frequencyText(f: { type: string; frequencyKhz: number }): string {
  return `${f.type} ${f.frequencyKhz >= 30_000 ? (f.frequencyKhz / 1000).toFixed(3) : `${f.frequencyKhz} kHz`}`;
}
