// Shared pieces of the briefing's sections: the stations with their latest reports, the airports the
// briefing names (departure, en route, destination or the area's centre), and texts.
import { greatCircleDistanceNm, NM_PER_DEG } from '@clearway/geo';
import { AIRPORT_STATION_MAX_NM, G_AIRMET_HALF_WINDOW_MS } from '../clearsky/rules.js';
import type { ClearSkyAdvisory, ClearSkyPoint } from '../clearsky/types.js';
import type { PirepIntensity } from '../pirep.js';
import type { BriefingMetar, BriefingScope, BriefingTaf, BriefingWeather } from './types.js';

export interface Station {
  id: string;
  lat: number;
  lon: number;
  metar?: BriefingMetar;
  taf?: BriefingTaf;
}

export interface Stations {
  byId: Map<string, Station>;
  all: Station[];
}

/** Every station with its latest METAR and latest TAF. */
export function stationsOf(weather: BriefingWeather): Stations {
  const byId = new Map<string, Station>();
  const at = (id: string, lat: number, lon: number): Station => {
    let s = byId.get(id);
    if (!s) {
      s = { id, lat, lon };
      byId.set(id, s);
    }
    return s;
  };
  for (const m of weather.metars.items ?? []) {
    const s = at(m.station, m.lat, m.lon);
    if (!s.metar || s.metar.timeMs < m.timeMs) s.metar = m;
  }
  const issued = (t: BriefingTaf) => t.taf.issuedMs ?? t.taf.validFromMs;
  for (const t of weather.tafs.items ?? []) {
    const s = at(t.station, t.lat, t.lon);
    if (!s.taf || issued(s.taf) < issued(t)) s.taf = t;
  }
  return { byId, all: [...byId.values()] };
}

/** The station an airport takes its reports from: its own id, K + a 3-letter id, or the nearest within `maxNm`. */
export function stationFor(ident: string, place: ClearSkyPoint, stations: Stations, maxNm = AIRPORT_STATION_MAX_NM, want?: 'metar' | 'taf'): { station: Station; awayNm: number } | null {
  const id = ident.toUpperCase();
  const direct = stations.byId.get(id) ?? (id.length === 3 ? stations.byId.get(`K${id}`) : undefined);
  if (direct && (!want || direct[want])) return { station: direct, awayNm: greatCircleDistanceNm(place.lat, place.lon, direct.lat, direct.lon) };
  let best: { station: Station; awayNm: number } | null = null;
  const box = maxNm / NM_PER_DEG;
  for (const s of stations.all) {
    if (Math.abs(s.lat - place.lat) > box || (want && !s[want])) continue;
    const d = greatCircleDistanceNm(place.lat, place.lon, s.lat, s.lon);
    if (d <= maxNm && (best === null || d < best.awayNm)) best = { station: s, awayNm: d };
  }
  return best;
}

export interface NamedPlace {
  ident: string;
  at: ClearSkyPoint;
  /** ETA there (area: the window's start), epoch ms. */
  timeMs: number;
}

/** The airports the briefing names: departure, those en route, destination (area: the centre as destination). */
export function airportsOf(scope: BriefingScope): { departure: NamedPlace | null; enRoute: NamedPlace[]; destination: NamedPlace | null } {
  if (scope.kind === 'area') {
    return { departure: null, enRoute: [], destination: scope.isAirport ? { ident: scope.ident, at: scope.center, timeMs: scope.fromMs } : null };
  }
  const legs = scope.legs;
  const first = legs[0];
  const last = legs[legs.length - 1];
  const departure = first && first.fromIsAirport ? { ident: first.fromIdent, at: first.from, timeMs: first.etaStartMs } : null;
  const destination = last && last.toIsAirport ? { ident: last.toIdent, at: last.to, timeMs: last.etaEndMs } : null;
  const enRoute: NamedPlace[] = [];
  const seen = new Set([departure?.ident, destination?.ident]);
  legs.slice(0, -1).forEach((l) => {
    if (!l.toIsAirport || seen.has(l.toIdent)) return;
    seen.add(l.toIdent);
    enRoute.push({ ident: l.toIdent, at: l.to, timeMs: l.etaEndMs });
  });
  return { departure, enRoute, destination };
}

/** Advisory validity as an interval; a G-AIRMET snapshot stands for 90 minutes either side (as ClearSky reads it). */
export function validity(a: ClearSkyAdvisory): { from: number | null; to: number | null } {
  if (a.kind === 'G_AIRMET' && a.validFromMs !== null && a.validFromMs === a.validToMs) return { from: a.validFromMs - G_AIRMET_HALF_WINDOW_MS, to: a.validToMs + G_AIRMET_HALF_WINDOW_MS };
  return { from: a.validFromMs, to: a.validToMs };
}

export const KIND_NAMES: Record<ClearSkyAdvisory['kind'], string> = {
  CONVECTIVE_SIGMET: 'Convective SIGMET',
  SIGMET: 'SIGMET',
  CWA: 'CWA',
  G_AIRMET: 'G-AIRMET',
  CONVECTIVE_OUTLOOK: 'Convective outlook',
};

/** Adverse conditions list SIGMETs first, then CWAs, then AIRMETs, then outlooks. */
export const KIND_ORDER: Record<ClearSkyAdvisory['kind'], number> = { CONVECTIVE_SIGMET: 0, SIGMET: 1, CWA: 2, G_AIRMET: 3, CONVECTIVE_OUTLOOK: 4 };

export const INTENSITY_WORDS: Record<PirepIntensity, string> = {
  NEG: 'no',
  SMTH: 'smooth air',
  TRACE: 'trace',
  LGT: 'light',
  'LGT-MOD': 'light to moderate',
  MOD: 'moderate',
  'MOD-SEV': 'moderate to severe',
  SEV: 'severe',
  'SEV-EXTRM': 'severe to extreme',
  EXTRM: 'extreme',
};

export const feet = (ft: number): string => `${Math.round(ft).toLocaleString('en-US')} ft`;
/** Feet below 18,000, else a flight level. */
export const level = (ft: number): string => (ft >= 18_000 ? `FL${String(Math.round(ft / 100)).padStart(3, '0')}` : feet(ft));
export const nm = (d: number): string => `${Math.round(d)} nm`;
