// The Along the Route list as rows a pilot reads: each airport of the routing worker's `alongRoute`
// with its METAR (flight category, wind, age) and the TAF at the aircraft's ETA there (the prevailing
// conditions and any TEMPO / PROB / INTER / BECMG groups as possible conditions). Pure: the snapshots
// and the clock come in as arguments.
import type { MetarEntry, TafEntry } from '@clearway/protocol';
import { decodeTaf, tafConditionsAt, type CloudLayer, type FlightCategory, type TafConditions, type TafPossibleConditions, type Visibility, type Wind } from '@clearway/weather';
import type { AlongRouteAirport } from '../../worker/alongRouteMessages';
import { formatWeatherAge, utcTimeOfDay } from '../weather';

/** A condition set as one line, with its category. */
export interface ConditionsLine {
  category: FlightCategory | null;
  text: string;
}

/** One possible-conditions group of the TAF at the ETA ('TEMPO', 'PROB30', 'PROB30 TEMPO', 'BECMG', 'INTER'). */
export interface PossibleLine extends ConditionsLine {
  label: string;
}

export type TafAtEta =
  | { kind: 'none' }
  | { kind: 'undecodable' }
  | { kind: 'outside'; validFromMs: number; validToMs: number }
  | { kind: 'forecast'; atMs: number; prevailing: ConditionsLine; possible: PossibleLine[] };

export interface AlongRouteRow {
  airport: AlongRouteAirport;
  /** The METAR's flight category; null without a METAR or a category. */
  category: FlightCategory | null;
  /** `Wind 280° 7 kt`, `Wind calm`; null without a METAR. */
  wind: string | null;
  /** `METAR 22:15Z, 15 min old`; null without a METAR. */
  metarAge: string | null;
  metarStation: string | null;
  taf: TafAtEta;
  /** The time the TAF is read at: the ETA, or now for a route without a navlog. */
  tafAtMs: number;
  /** Neither METAR nor TAF: the row says so. */
  noWeather: boolean;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** `22:40Z` (features/weather utcTimeOfDay). */
export const zulu = utcTimeOfDay;

const three = (deg: number): string => String(Math.round(deg) % 360 || 360).padStart(3, '0');

/** METAR entry wind: `280° 7 kt`, `280° 7 kt gusting 15`, `variable 4 kt`, `calm`. Directions true. */
export function formatEntryWind(wind: MetarEntry['wind']): string {
  if (!wind) return 'not reported';
  if (wind.kt === 0 && !wind.gust) return 'calm';
  const gust = wind.gust ? ` gusting ${Math.round(wind.gust)}` : '';
  return wind.dir === null ? `variable ${Math.round(wind.kt)} kt${gust}` : `${three(wind.dir)}° ${Math.round(wind.kt)} kt${gust}`;
}

function decodedWind(wind: Wind | null): string | null {
  if (!wind) return null;
  if (wind.speedKt === 0 && !wind.gustKt && !wind.variable) return 'calm';
  const gust = wind.gustKt ? `G${wind.gustKt}` : '';
  return wind.variable || wind.directionDeg === null ? `VRB ${wind.speedKt}${gust} kt` : `${three(wind.directionDeg)}° ${wind.speedKt}${gust} kt`;
}

function visibility(v: Visibility | null, cavok: boolean): string | null {
  if (cavok) return 'CAVOK';
  if (!v) return null;
  if (/^\d{4}$/.test(v.raw)) return v.raw === '9999' ? '10 km+' : `${Number(v.raw).toLocaleString('en-US')} m`;
  const miles = v.statuteMiles;
  const shown = Number.isInteger(miles) ? String(miles) : miles < 1 ? v.raw.replace(/SM$/, '').replace(/^[MP]/, '') : miles.toFixed(1).replace(/\.0$/, '');
  return `${v.qualifier === 'more-than' ? 'P' : v.qualifier === 'less-than' ? 'M' : ''}${shown} SM`;
}

function sky(clouds: readonly CloudLayer[], skyClear: TafConditions['skyClear']): string | null {
  if (clouds.length === 0) return skyClear;
  return clouds
    .map((c) => `${c.cover === 'UNKNOWN' ? '///' : c.cover}${c.baseFtAgl === null ? '///' : pad(Math.round(c.baseFtAgl / 100)).padStart(3, '0')}${c.cloudType ?? ''}`)
    .join(' ');
}

/** Resolved TAF conditions in the report's own short forms: `280° 12G20 kt, 5 SM, -RA BR, BKN020 OVC040`. */
export function conditionsText(c: TafConditions): string {
  const parts = [decodedWind(c.wind), visibility(c.visibility, c.cavok), c.weather.map((w) => w.raw).join(' ') || null, c.cavok ? null : sky(c.clouds, c.skyClear)];
  return parts.filter((p): p is string => !!p).join(', ') || 'no elements given';
}

function possibleLabel(p: TafPossibleConditions): string {
  if (p.kind === 'PROB') return `PROB${p.probability ?? ''}`;
  if (p.kind === 'TEMPO' && p.probability) return `PROB${p.probability} TEMPO`;
  return p.kind;
}

/** The TAF read at `atMs`: its prevailing conditions and the groups that may apply then. */
export function tafAt(entry: TafEntry | null, atMs: number): TafAtEta {
  if (!entry) return { kind: 'none' };
  const taf = decodeTaf(entry.raw, { referenceMs: entry.issued }).taf;
  if (!taf) return { kind: 'undecodable' };
  const at = tafConditionsAt(taf, atMs);
  if (!at) return { kind: 'outside', validFromMs: taf.validFromMs, validToMs: taf.validToMs };
  return {
    kind: 'forecast',
    atMs,
    prevailing: { category: at.prevailing.flightCategory, text: conditionsText(at.prevailing) },
    possible: at.possible.map((p) => ({ label: possibleLabel(p), category: p.conditions.flightCategory, text: conditionsText(p.conditions) })),
  };
}

/** A station's entry by the airport's ids: ICAO first, then the primary and FAA ids. */
function byIds<T>(index: ReadonlyMap<string, T>, a: AlongRouteAirport): T | null {
  for (const id of [a.icaoId, a.id, a.faaId]) {
    const hit = id ? index.get(id.toUpperCase()) : undefined;
    if (hit) return hit;
  }
  return null;
}

/** Snapshots indexed by station id (built once per snapshot). */
export function indexById<T extends { id: string }>(entries: readonly T[] | null | undefined): Map<string, T> {
  const out = new Map<string, T>();
  for (const e of entries ?? []) if (!out.has(e.id.toUpperCase())) out.set(e.id.toUpperCase(), e);
  return out;
}

/**
 * The rows of the list: each airport with its own METAR and TAF (by its ICAO, primary or FAA id; a
 * field without a report of its own says so rather than borrowing a neighbour's), the TAF read at
 * the ETA (at `nowMs` when the route has no navlog).
 */
export function alongRouteRows(
  airports: readonly AlongRouteAirport[],
  metars: ReadonlyMap<string, MetarEntry>,
  tafs: ReadonlyMap<string, TafEntry>,
  nowMs: number,
): AlongRouteRow[] {
  return airports.map((airport) => {
    const metar = byIds(metars, airport);
    const tafEntry = byIds(tafs, airport);
    const tafAtMs = airport.etaMs ?? nowMs;
    return {
      airport,
      category: metar?.cat ?? null,
      wind: metar ? `Wind ${formatEntryWind(metar.wind)}` : null,
      metarAge: metar ? `METAR ${zulu(metar.time)}, ${formatWeatherAge(Math.max(0, nowMs - metar.time))}` : null,
      metarStation: metar?.id ?? null,
      taf: tafAt(tafEntry, tafAtMs),
      tafAtMs,
      noWeather: !metar && !tafEntry,
    };
  });
}

/** `12.3 nm R`, `4.0 nm L`, `on route` (under 0.05 nm). */
export function formatOffset(offsetNm: number): string {
  const abs = Math.abs(offsetNm);
  if (abs < 0.05) return 'on route';
  return `${abs < 10 ? abs.toFixed(1) : Math.round(abs)} nm ${offsetNm > 0 ? 'R' : 'L'}`;
}

/** `123 nm`, `4.2 nm` (under 10). */
export function formatAlong(alongNm: number): string {
  return alongNm < 10 ? `${alongNm.toFixed(1)} nm` : `${Math.round(alongNm)} nm`;
}
