// ClearSky (issue 17): each leg of the route judged at the aircraft's ETA there, green / amber / red
// with the reasons written out; the route gets the worst. Pure: time, route and weather are inputs.
import { greatCircleDistanceNm, greatCircleInitialCourseDeg, greatCircleIntermediatePoint, NM_PER_DEG } from '@clearway/geo';
import type { PirepIntensity } from '../pirep.js';
import type { WindsAloftSource } from '../windsSource.js';
import type { FlightCategory } from '../wxCommon.js';
import { legCrossesArea, pointToSegment, prepareArea, type PreparedArea } from './geometry.js';
import {
  ADVISORY_COVERAGE_MS,
  advisoryLevel,
  AIRPORT_STATION_MAX_NM,
  airportLevel,
  categoryRank,
  CROSSWIND_AMBER_KT,
  EN_ROUTE_CORRIDOR_NM,
  enRouteLevel,
  FREEZING_LEVEL_MARGIN_FT,
  FREEZING_LEVEL_SAMPLES_FT,
  G_AIRMET_HALF_WINDOW_MS,
  HEADWIND_AMBER_KT,
  ICING_COLDEST_C,
  levelRank,
  PIREP_ALTITUDE_BAND_FT,
  PIREP_MAX_AGE_MS,
  PIREP_MAX_AHEAD_MS,
  PIREP_RADIUS_NM,
  pirepLevel,
  worseLevel,
} from './rules.js';
import { formatHhmmZ, formatZulu, surfaceAt } from './surface.js';
import type {
  ClearSkyAdvisory,
  ClearSkyInput,
  ClearSkyLeg,
  ClearSkyLegResult,
  ClearSkyLegWind,
  ClearSkyMetar,
  ClearSkyPirep,
  ClearSkyReason,
  ClearSkyResult,
  ClearSkyTaf,
  ClearSkyWeather,
  TrafficLight,
} from './types.js';

const KIND_NAMES: Record<ClearSkyAdvisory['kind'], string> = {
  CONVECTIVE_SIGMET: 'Convective SIGMET',
  CONVECTIVE_OUTLOOK: 'Convective outlook',
  SIGMET: 'SIGMET',
  CWA: 'CWA',
  G_AIRMET: 'G-AIRMET',
};

const INTENSITY_WORDS: Record<PirepIntensity, string> = {
  NEG: 'no',
  SMTH: 'smooth-air',
  TRACE: 'trace',
  LGT: 'light',
  'LGT-MOD': 'light to moderate',
  MOD: 'moderate',
  'MOD-SEV': 'moderate to severe',
  SEV: 'severe',
  'SEV-EXTRM': 'severe to extreme',
  EXTRM: 'extreme',
};

const feet = (ft: number): string => `${Math.round(ft).toLocaleString('en-US')} ft`;
const level = (ft: number): string => (ft >= 18_000 ? `FL${String(Math.round(ft / 100)).padStart(3, '0')}` : feet(ft));

/** Stations with their reports, for lookups by id and by place. */
interface Station {
  id: string;
  lat: number;
  lon: number;
  metar?: ClearSkyMetar;
  taf?: ClearSkyTaf;
}

function stationsOf(weather: ClearSkyWeather): { byId: Map<string, Station>; all: Station[] } {
  const byId = new Map<string, Station>();
  const at = (id: string, lat: number, lon: number): Station => {
    let s = byId.get(id);
    if (!s) {
      s = { id, lat, lon };
      byId.set(id, s);
    }
    return s;
  };
  for (const m of weather.metars ?? []) {
    const s = at(m.station, m.lat, m.lon);
    if (!s.metar || s.metar.timeMs < m.timeMs) s.metar = m;
  }
  for (const t of weather.tafs ?? []) {
    const s = at(t.station, t.lat, t.lon);
    // The latest issue of a station's TAF counts.
    if (!s.taf || (s.taf.taf.issuedMs ?? s.taf.taf.validFromMs) < (t.taf.issuedMs ?? t.taf.validFromMs)) s.taf = t;
  }
  return { byId, all: [...byId.values()] };
}

/** The station an airport waypoint takes its reports from: its own id, K + a 3-letter id, or the nearest within AIRPORT_STATION_MAX_NM. */
function stationForAirport(ident: string, place: { lat: number; lon: number }, stations: { byId: Map<string, Station>; all: Station[] }): { station: Station; awayNm: number } | null {
  const id = ident.toUpperCase();
  const direct = stations.byId.get(id) ?? (id.length === 3 ? stations.byId.get(`K${id}`) : undefined);
  if (direct) return { station: direct, awayNm: greatCircleDistanceNm(place.lat, place.lon, direct.lat, direct.lon) };
  let best: { station: Station; awayNm: number } | null = null;
  const box = AIRPORT_STATION_MAX_NM / NM_PER_DEG;
  for (const s of stations.all) {
    if (Math.abs(s.lat - place.lat) > box) continue;
    const d = greatCircleDistanceNm(place.lat, place.lon, s.lat, s.lon);
    if (d <= AIRPORT_STATION_MAX_NM && (best === null || d < best.awayNm)) best = { station: s, awayNm: d };
  }
  return best;
}

/** Advisory validity as an interval; a G-AIRMET snapshot stands for 90 minutes either side. */
function validity(a: ClearSkyAdvisory): { from: number; to: number } {
  const from = a.validFromMs ?? Number.NEGATIVE_INFINITY;
  const to = a.validToMs ?? Number.POSITIVE_INFINITY;
  if (a.kind === 'G_AIRMET' && a.validFromMs !== null && a.validFromMs === a.validToMs) return { from: from - G_AIRMET_HALF_WINDOW_MS, to: to + G_AIRMET_HALF_WINDOW_MS };
  return { from, to };
}

/**
 * Whether the advisory set speaks for time `t`: some advisory in it is valid within
 * ADVISORY_COVERAGE_MS of `t` (an empty set: it was current, `advisoriesAsOfMs`, within that much
 * before `t` or up to then). A set of advisories all long before or long after `t` says nothing about it.
 */
function advisoriesCover(weather: ClearSkyWeather, t: number): boolean {
  const list = weather.advisories;
  if (!list) return false;
  if (list.length === 0) return weather.advisoriesAsOfMs !== null && weather.advisoriesAsOfMs <= t + ADVISORY_COVERAGE_MS && weather.advisoriesAsOfMs >= t - 2 * ADVISORY_COVERAGE_MS;
  for (const a of list) {
    const v = validity(a);
    if (v.from <= t + ADVISORY_COVERAGE_MS && v.to >= t - ADVISORY_COVERAGE_MS) return true;
  }
  return false;
}

/** The span of times the advisory set's validities cover, for the reason text; null when none is stated. */
function advisorySpan(weather: ClearSkyWeather): { from: number; to: number } | null {
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (const a of weather.advisories ?? []) {
    for (const t of [a.validFromMs, a.validToMs]) {
      if (t === null) continue;
      from = Math.min(from, t);
      to = Math.max(to, t);
    }
  }
  return Number.isFinite(from) ? { from, to } : null;
}

/** Freezing level near a place and time from the winds' temperatures (lowest 0 °C crossing), feet MSL. */
export function freezingLevelFt(winds: WindsAloftSource, lat: number, lon: number, timeMs: number): { ft: number | null; text: string } | null {
  const temps: { ft: number; c: number }[] = [];
  for (const ft of FREEZING_LEVEL_SAMPLES_FT) {
    const c = winds.windAt({ lat, lon, altitudeFt: ft, timeMs })?.temperatureC;
    if (c !== null && c !== undefined) temps.push({ ft, c });
  }
  if (temps.length === 0) return null;
  const first = temps[0]!;
  if (first.c <= 0) return { ft: null, text: `at or below ${feet(first.ft)} (${Math.round(first.c)} °C there)` };
  for (let i = 1; i < temps.length; i++) {
    const lo = temps[i - 1]!;
    const hi = temps[i]!;
    if (hi.c <= 0) {
      const ft = lo.ft + ((hi.ft - lo.ft) * lo.c) / (lo.c - hi.c);
      return { ft, text: `about ${feet(Math.round(ft / 100) * 100)}` };
    }
  }
  const last = temps[temps.length - 1]!;
  return { ft: null, text: `above ${feet(last.ft)}` };
}

interface LegContext {
  leg: ClearSkyLeg;
  index: number;
  last: boolean;
  lengthNm: number;
  courseDeg: number;
  reasons: ClearSkyReason[];
  surface: boolean;
}

function timeAlong(leg: ClearSkyLeg, alongNm: number, lengthNm: number): number {
  const f = lengthNm > 0 ? Math.min(1, Math.max(0, alongNm / lengthNm)) : 0;
  return leg.etaStartMs + f * (leg.etaEndMs - leg.etaStartMs);
}

function airportCheck(ctx: LegContext, role: 'departure' | 'destination' | 'en-route airport', ident: string, place: { lat: number; lon: number }, timeMs: number, stations: ReturnType<typeof stationsOf>, usedIds: Set<string>): string | null {
  const Role = role === 'departure' ? 'Departure' : role === 'destination' ? 'Destination' : 'En-route airport';
  const found = stationForAirport(ident, place, stations);
  if (!found) {
    ctx.reasons.push({ level: role === 'en-route airport' ? 'info' : 'amber', kind: 'airport', text: `${Role} ${ident}: no METAR or TAF station at or within ${AIRPORT_STATION_MAX_NM} nm of it, so its weather at ${formatHhmmZ(timeMs)} is unknown.` });
    return null;
  }
  const { station, awayNm } = found;
  const name = station.id === ident.toUpperCase() || awayNm < 0.5 ? station.id : `${ident} (${station.id}, ${Math.round(awayNm)} nm away)`;
  const at = surfaceAt(station.metar, station.taf, timeMs);
  if (at.category === null) {
    ctx.reasons.push({ level: role === 'en-route airport' ? 'info' : 'amber', kind: 'airport', text: `${Role} ${name}: no report usable at ${formatZulu(timeMs)}: ${at.unusable.join('; ')}.` });
    return station.id;
  }
  ctx.surface = true;
  if (at.usedMetar) usedIds.add(`M${station.id}`);
  if (at.usedTaf) usedIds.add(`T${station.id}`);
  const lvl = role === 'en-route airport' ? enRouteLevel(at.category) : airportLevel(at.category);
  ctx.reasons.push({ level: lvl === 'green' ? 'info' : lvl, kind: 'airport', text: `${Role} ${name}: ${at.category} at ${formatHhmmZ(timeMs)} (${at.source}).` });
  if (at.possible) {
    const pl: TrafficLight | 'info' = categoryRank(at.possible.category) >= categoryRank('MVFR') ? 'amber' : 'info';
    ctx.reasons.push({ level: role === 'en-route airport' && at.possible.category === 'MVFR' ? 'info' : pl, kind: 'airport', text: `${Role} ${name}: ${at.possible.category} possible then (TAF ${at.possible.group}).` });
  }
  return station.id;
}

function enRouteStations(ctx: LegContext, stations: ReturnType<typeof stationsOf>, skip: Set<string>, usedIds: Set<string>): void {
  const { leg } = ctx;
  const margin = EN_ROUTE_CORRIDOR_NM / NM_PER_DEG;
  const minLat = Math.min(leg.from.lat, leg.to.lat) - margin;
  const maxLat = Math.max(leg.from.lat, leg.to.lat) + margin;
  const below: { id: string; category: FlightCategory; text: string }[] = [];
  let usable = 0;
  let nearby = 0;
  for (const s of stations.all) {
    if (s.lat < minLat || s.lat > maxLat || skip.has(s.id)) continue;
    const where = pointToSegment(s, leg.from, leg.to, ctx.lengthNm, ctx.courseDeg);
    if (where.distanceNm > EN_ROUTE_CORRIDOR_NM) continue;
    nearby += 1;
    const t = timeAlong(leg, where.alongNm, ctx.lengthNm);
    const at = surfaceAt(s.metar, s.taf, t);
    if (at.category === null) continue;
    usable += 1;
    if (at.usedMetar) usedIds.add(`M${s.id}`);
    if (at.usedTaf) usedIds.add(`T${s.id}`);
    const worst = at.possible && categoryRank(at.possible.category) > categoryRank(at.category) ? at.possible.category : at.category;
    if (worst !== 'VFR') {
      const possibleText = at.possible ? `, ${at.possible.category} possible (TAF ${at.possible.group})` : '';
      below.push({ id: s.id, category: at.category, text: `${s.id} ${at.category} at ${formatHhmmZ(t)} (${at.source}${possibleText})` });
    }
  }
  if (usable > 0) ctx.surface = true;
  below.sort((a, b) => categoryRank(b.category) - categoryRank(a.category) || a.id.localeCompare(b.id));
  const ifr = below.filter((b) => categoryRank(b.category) >= categoryRank('IFR'));
  const shown = below.slice(0, 3).map((b) => b.text);
  const more = below.length > 3 ? ` and ${below.length - 3} more below VFR` : '';
  if (below.length > 0) {
    const lvl = ifr.length > 0 ? enRouteLevel(ifr[0]!.category) : 'info';
    ctx.reasons.push({ level: lvl, kind: 'en-route', text: `En route within ${EN_ROUTE_CORRIDOR_NM} nm: ${shown.join('; ')}${more}.` });
  } else if (usable > 0) {
    ctx.reasons.push({ level: 'info', kind: 'en-route', text: `En route within ${EN_ROUTE_CORRIDOR_NM} nm: ${usable} station${usable === 1 ? '' : 's'}, all VFR at your time.` });
  } else if (nearby > 0) {
    ctx.reasons.push({ level: 'info', kind: 'en-route', text: `En route within ${EN_ROUTE_CORRIDOR_NM} nm: ${nearby} station${nearby === 1 ? '' : 's'}, none with a report usable at your time.` });
  }
}

function advisoryChecks(ctx: LegContext, areas: readonly { advisory: ClearSkyAdvisory; area: PreparedArea }[], freezing: number | null, usedAdvisories: Set<ClearSkyAdvisory>): void {
  const { leg } = ctx;
  for (const { advisory, area } of areas) {
    if (!legCrossesArea(leg.from, leg.to, ctx.lengthNm, area, 0)) continue;
    const name = `${KIND_NAMES[advisory.kind]} ${advisory.id}`;
    const hazard = advisory.hazard.toLowerCase().replace(/_/g, ' ');
    const v = validity(advisory);
    if (v.to < leg.etaStartMs) continue; // Over before the leg is flown: history, not a hazard.
    if (v.from > leg.etaEndMs) {
      ctx.reasons.push({ level: 'info', kind: 'advisory', text: `${name} (${hazard}) lies on this leg but is valid only from ${formatZulu(v.from)}, after you pass at ${formatHhmmZ(leg.etaEndMs)}.` });
      continue;
    }
    let base = advisory.baseFt ?? 0;
    let baseText = advisory.baseFt === null || advisory.baseFt <= 0 ? 'the surface' : level(advisory.baseFt);
    if (advisory.baseIsFreezingLevel) {
      if (freezing !== null) {
        base = freezing;
        baseText = `the freezing level (about ${feet(Math.round(freezing / 100) * 100)})`;
      } else {
        base = 0;
        baseText = 'the freezing level (not known here, so counted from the surface)';
      }
    }
    const top = advisory.topFt ?? Number.POSITIVE_INFINITY;
    const topText = advisory.topFt === null ? 'no stated top' : level(advisory.topFt);
    if (leg.lowestFt > top) {
      ctx.reasons.push({ level: 'info', kind: 'advisory', text: `${name} (${hazard}) lies on this leg up to ${topText}; you pass above it at ${level(leg.lowestFt)} or higher.` });
      continue;
    }
    if (leg.highestFt < base) {
      ctx.reasons.push({ level: 'info', kind: 'advisory', text: `${name} (${hazard}) lies on this leg from ${baseText}; you pass below it at ${level(leg.highestFt)} or lower.` });
      continue;
    }
    usedAdvisories.add(advisory);
    const severity = advisory.severity ? `${advisory.severity.toLowerCase()} ` : '';
    const until = Number.isFinite(v.to) ? ` until ${formatZulu(v.to)}` : '';
    ctx.reasons.push({ level: advisoryLevel(advisory), kind: 'advisory', text: `${name}: ${severity}${hazard} from ${baseText} to ${topText}${until}; this leg crosses it at ${level(leg.altitudeFt)}.` });
  }
}

function pirepChecks(ctx: LegContext, pireps: readonly ClearSkyPirep[], usedPireps: Set<ClearSkyPirep>): void {
  const { leg } = ctx;
  const margin = PIREP_RADIUS_NM / NM_PER_DEG;
  const minLat = Math.min(leg.from.lat, leg.to.lat) - margin;
  const maxLat = Math.max(leg.from.lat, leg.to.lat) + margin;
  const found: { lvl: TrafficLight | 'info'; rank: number; text: string }[] = [];
  for (const p of pireps) {
    if (p.lat < minLat || p.lat > maxLat || p.altitudeFt === null) continue;
    if (!p.turbulence && !p.icing) continue;
    if (p.timeMs < leg.etaStartMs - PIREP_MAX_AGE_MS || p.timeMs > leg.etaEndMs + PIREP_MAX_AHEAD_MS) continue;
    if (p.altitudeFt < leg.lowestFt - PIREP_ALTITUDE_BAND_FT || p.altitudeFt > leg.highestFt + PIREP_ALTITUDE_BAND_FT) continue;
    const where = pointToSegment(p, leg.from, leg.to, ctx.lengthNm, ctx.courseDeg);
    if (where.distanceNm > PIREP_RADIUS_NM) continue;
    for (const [what, intensity] of [['turbulence', p.turbulence], ['icing', p.icing]] as const) {
      if (!intensity || intensity === 'NEG' || intensity === 'SMTH') continue;
      usedPireps.add(p);
      const lvl = pirepLevel(intensity);
      const by = p.aircraft ? `, ${p.aircraft}` : '';
      found.push({ lvl, rank: levelRank(lvl), text: `PIREP: ${INTENSITY_WORDS[intensity]} ${what} at ${level(p.altitudeFt)}, ${Math.round(where.distanceNm)} nm from the leg, reported ${formatZulu(p.timeMs, leg.etaStartMs)}${by}.` });
    }
  }
  found.sort((a, b) => b.rank - a.rank);
  for (const f of found.slice(0, 4)) ctx.reasons.push({ level: f.lvl, kind: 'pirep', text: f.text });
  if (found.length > 4) ctx.reasons.push({ level: 'info', kind: 'pirep', text: `${found.length - 4} more PIREPs of turbulence or icing near this leg.` });
}

function windAndTemperature(ctx: LegContext, winds: WindsAloftSource | null): { wind: ClearSkyLegWind | null; freezing: number | null } {
  const { leg } = ctx;
  const midTime = (leg.etaStartMs + leg.etaEndMs) / 2;
  const m = greatCircleIntermediatePoint(leg.from.lat, leg.from.lon, leg.to.lat, leg.to.lon, 0.5);
  if (!winds) return { wind: null, freezing: null };
  const sample = winds.windAt({ lat: m.latDeg, lon: m.lonDeg, altitudeFt: leg.altitudeFt, timeMs: midTime });
  const fl = freezingLevelFt(winds, m.latDeg, m.lonDeg, midTime);
  if (!sample) {
    ctx.reasons.push({ level: 'amber', kind: 'wind', text: `No winds-aloft forecast for this leg at ${formatZulu(midTime)}: headwind, crosswind and freezing level unknown.` });
    return { wind: null, freezing: null };
  }
  const courseMid = greatCircleInitialCourseDeg(m.latDeg, m.lonDeg, leg.to.lat, leg.to.lon);
  const rel = ((sample.directionDeg - (ctx.lengthNm < 0.01 ? ctx.courseDeg : courseMid)) * Math.PI) / 180;
  const wind: ClearSkyLegWind = {
    directionDeg: sample.directionDeg,
    speedKt: sample.speedKt,
    headwindKt: Math.round(sample.speedKt * Math.cos(rel) * 10) / 10,
    crosswindKt: Math.round(sample.speedKt * Math.sin(rel) * 10) / 10,
    temperatureC: sample.temperatureC,
  };
  const dir = String(Math.round(wind.directionDeg) % 360 || 360).padStart(3, '0');
  const comp = wind.headwindKt >= 0 ? `${Math.round(wind.headwindKt)} kt headwind` : `${Math.round(-wind.headwindKt)} kt tailwind`;
  const side = `${Math.round(Math.abs(wind.crosswindKt))} kt crosswind from the ${wind.crosswindKt >= 0 ? 'right' : 'left'}`;
  const windText = `Wind ${dir}°/${Math.round(wind.speedKt)} kt at ${level(leg.altitudeFt)}: ${comp}, ${side}`;
  const strongHead = wind.headwindKt > HEADWIND_AMBER_KT;
  const strongCross = Math.abs(wind.crosswindKt) > CROSSWIND_AMBER_KT;
  const why = [strongHead ? `headwind over ${HEADWIND_AMBER_KT} kt` : '', strongCross ? `crosswind over ${CROSSWIND_AMBER_KT} kt` : ''].filter(Boolean).join(' and ');
  ctx.reasons.push({ level: strongHead || strongCross ? 'amber' : 'info', kind: 'wind', text: `${windText}${why ? ` (${why})` : ''}.` });

  const freezing = fl?.ft ?? null;
  const t = sample.temperatureC === null ? null : Math.round(sample.temperatureC);
  const flText = fl ? `freezing level ${fl.text}` : 'freezing level unknown';
  if (t !== null && t <= 0 && t >= ICING_COLDEST_C) {
    ctx.reasons.push({ level: 'amber', kind: 'freezing', text: `${t} °C at ${level(leg.altitudeFt)}, at or above the ${flText}: structural ice in cloud or precipitation.` });
  } else if (t === null && freezing !== null && leg.altitudeFt >= freezing) {
    ctx.reasons.push({ level: 'amber', kind: 'freezing', text: `${level(leg.altitudeFt)} is above the ${flText}: structural ice in cloud or precipitation.` });
  } else if (t !== null && t < ICING_COLDEST_C) {
    ctx.reasons.push({ level: 'info', kind: 'freezing', text: `${t} °C at ${level(leg.altitudeFt)}: colder than ${ICING_COLDEST_C} °C, where little structural ice forms (${flText}).` });
  } else if (freezing !== null && freezing - leg.highestFt <= FREEZING_LEVEL_MARGIN_FT) {
    ctx.reasons.push({ level: 'info', kind: 'freezing', text: `${t === null ? '' : `${t} °C: `}within ${feet(FREEZING_LEVEL_MARGIN_FT)} below the ${flText}.` });
  } else {
    ctx.reasons.push({ level: 'info', kind: 'freezing', text: `${t === null ? 'Temperature not forecast' : `${t} °C`} at ${level(leg.altitudeFt)}; ${flText}.` });
  }
  return { wind, freezing };
}

function advisoryCoverage(ctx: LegContext, weather: ClearSkyWeather, span: { from: number; to: number } | null): void {
  if (!weather.advisories) return; // Said once for the route.
  const t = ctx.leg.etaStartMs;
  if (advisoriesCover(weather, t) || advisoriesCover(weather, ctx.leg.etaEndMs)) return;
  let why: string;
  if (weather.advisories.length === 0) why = weather.advisoriesAsOfMs === null ? 'the downloaded set is empty and carries no time' : `the downloaded set is empty and dates from ${formatZulu(weather.advisoriesAsOfMs, t)}`;
  else if (span === null) why = 'the downloaded advisories state no validity';
  else why = `none of the downloaded SIGMETs and AIRMETs near the route (valid between ${formatZulu(span.from, t)} and ${formatZulu(span.to, t)}) is valid near this time`;
  ctx.reasons.push({ level: 'amber', kind: 'data', text: `SIGMETs and AIRMETs at ${formatZulu(t)} unknown: ${why}.` });
}

/**
 * ClearSky: each leg judged at the aircraft's ETA there (see the package README "ClearSky" for every
 * threshold). Green only when the leg had weather to judge (a usable METAR or TAF along it,
 * advisories current for its time, a winds-aloft forecast) and nothing in it is amber or red; a leg
 * with no weather along it says so and is amber. The route gets its worst leg's colour (and amber
 * at least when a product is missing altogether).
 */
export function analyseClearSky(input: ClearSkyInput): ClearSkyResult {
  const { weather } = input;
  const stations = stationsOf(weather);
  const areas = (weather.advisories ?? []).filter((a) => a.polygon.length >= 4).map((advisory) => ({ advisory, area: prepareArea(advisory.polygon) }));
  const span = advisorySpan(weather);
  // Reports used by some leg: 'M' + station for a METAR, 'T' + station for a TAF.
  const usedIds = new Set<string>();
  const usedAdvisories = new Set<ClearSkyAdvisory>();
  const usedPireps = new Set<ClearSkyPirep>();

  const routeReasons: ClearSkyReason[] = [];
  if (weather.metars === null && weather.tafs === null) routeReasons.push({ level: 'amber', kind: 'data', text: 'No METARs or TAFs have been downloaded: airport and en-route conditions unknown.' });
  else if (weather.metars === null) routeReasons.push({ level: 'info', kind: 'data', text: 'No METARs have been downloaded: only TAFs are used.' });
  else if (weather.tafs === null) routeReasons.push({ level: 'info', kind: 'data', text: 'No TAFs have been downloaded: only METARs near their observation time are used.' });
  if (weather.advisories === null) routeReasons.push({ level: 'amber', kind: 'data', text: 'No SIGMETs, AIRMETs or G-AIRMETs have been downloaded: hazards along the route unknown.' });
  if (weather.pireps === null) routeReasons.push({ level: 'amber', kind: 'data', text: 'No PIREPs have been downloaded: reported turbulence and icing unknown.' });
  if (weather.winds === null) routeReasons.push({ level: 'amber', kind: 'data', text: 'No winds-aloft forecast has been downloaded: winds, temperatures and freezing level unknown.' });
  if (input.legs.length === 0) routeReasons.push({ level: 'amber', kind: 'data', text: 'The route has no legs to analyse.' });

  const legs: ClearSkyLegResult[] = input.legs.map((leg, index) => {
    const last = index === input.legs.length - 1;
    const lengthNm = greatCircleDistanceNm(leg.from.lat, leg.from.lon, leg.to.lat, leg.to.lon);
    const courseDeg = lengthNm < 0.01 ? 0 : greatCircleInitialCourseDeg(leg.from.lat, leg.from.lon, leg.to.lat, leg.to.lon);
    const ctx: LegContext = { leg, index, last, lengthNm, courseDeg, reasons: [], surface: false };
    const skip = new Set<string>();
    if (index === 0 && leg.fromIsAirport) {
      const id = airportCheck(ctx, 'departure', leg.fromIdent, leg.from, leg.etaStartMs, stations, usedIds);
      if (id) skip.add(id);
    } else if (leg.fromIsAirport) {
      // Judged as the previous leg's end; not again as an en-route station of this leg.
      const s = stationForAirport(leg.fromIdent, leg.from, stations);
      if (s) skip.add(s.station.id);
    }
    if (leg.toIsAirport) {
      const id = airportCheck(ctx, last ? 'destination' : 'en-route airport', leg.toIdent, leg.to, leg.etaEndMs, stations, usedIds);
      if (id) skip.add(id);
    }
    enRouteStations(ctx, stations, skip, usedIds);
    const { wind, freezing } = windAndTemperature(ctx, weather.winds);
    advisoryChecks(ctx, areas, freezing, usedAdvisories);
    advisoryCoverage(ctx, weather, span);
    if (weather.pireps) pirepChecks(ctx, weather.pireps, usedPireps);
    if (!ctx.surface) {
      ctx.reasons.push({ level: 'amber', kind: 'data', text: `No weather along this leg: no METAR or TAF at its ends or within ${EN_ROUTE_CORRIDOR_NM} nm is usable at ${formatHhmmZ(leg.etaStartMs)}–${formatHhmmZ(leg.etaEndMs)}.` });
    }
    let colour: TrafficLight = 'green';
    for (const r of ctx.reasons) colour = worseLevel(colour, r.level);
    const reasons = ctx.reasons.map((r, i) => ({ r, i })).sort((a, b) => levelRank(b.r.level) - levelRank(a.r.level) || a.i - b.i).map(({ r }) => r);
    return {
      index,
      fromIdent: leg.fromIdent,
      toIdent: leg.toIdent,
      etaStartMs: leg.etaStartMs,
      etaEndMs: leg.etaEndMs,
      altitudeFt: leg.altitudeFt,
      level: colour,
      reasons,
      hasSurfaceData: ctx.surface,
      wind,
      freezingLevelFt: freezing,
    };
  });

  if (weather.pireps && input.legs.length > 0) {
    const from = input.legs[0]!.etaStartMs - PIREP_MAX_AGE_MS;
    const to = input.legs[input.legs.length - 1]!.etaEndMs + PIREP_MAX_AHEAD_MS;
    const inTime = weather.pireps.filter((p) => p.timeMs >= from && p.timeMs <= to).length;
    if (inTime === 0) {
      const n = weather.pireps.length;
      const what = n === 0 ? 'No PIREP near the route is' : n === 1 ? 'The one PIREP near the route is not' : `None of the ${n} PIREPs near the route is`;
      routeReasons.push({ level: 'info', kind: 'data', text: `${what} within ${PIREP_MAX_AGE_MS / 3_600_000} h of the flight: no reported turbulence or icing to go by.` });
    }
  }

  let overall: TrafficLight = 'green';
  for (const l of legs) overall = worseLevel(overall, l.level);
  for (const r of routeReasons) overall = worseLevel(overall, r.level);
  return {
    level: overall,
    legs,
    reasons: routeReasons,
    used: { metars: [...usedIds].filter((id) => id.startsWith('M')).length, tafs: [...usedIds].filter((id) => id.startsWith('T')).length, pireps: usedPireps.size, advisories: usedAdvisories.size },
  };
}
