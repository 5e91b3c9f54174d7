// The standard briefing (issue 22) from the device's own data, in the standard order: adverse
// conditions, synopsis, current conditions, en-route forecast, destination forecast, winds and
// temperatures aloft, NOTAMs. Pure: the route's legs with their ETAs, the weather and the NOTAMs are
// inputs; nothing is fetched and no clock is read.
import { greatCircleIntermediatePoint } from '@clearway/geo';
import { EN_ROUTE_CORRIDOR_NM, PIREP_MAX_AGE_MS, PIREP_RADIUS_NM } from '../clearsky/rules.js';
import { formatHhmmZ, formatZulu, surfaceAt } from '../clearsky/surface.js';
import { abeam, corridorOf, legsCrossing, overlaps, type Corridor } from './corridor.js';
import { airportsOf, feet, INTENSITY_WORDS, KIND_NAMES, KIND_ORDER, level, nm, stationFor, stationsOf, validity, type NamedPlace, type Station, type Stations } from './sections.js';
import { BRIEFING_SECTIONS, type Briefing, type BriefingInput, type BriefingItem, type BriefingPirep, type BriefingScope, type BriefingSection, type BriefingSectionId } from './types.js';

const HOUR_MS = 3_600_000;
/** A METAR is "current" when observed within this much before the briefing is made. */
export const CURRENT_METAR_MAX_AGE_MS = 2 * HOUR_MS;
/** TFRs within this distance of the track are listed (besides those it crosses), nautical miles. */
export const TFR_CORRIDOR_NM = 5;
/** The advisory set speaks for the flight when it was current no more than this before departure. */
export const ADVISORIES_MAX_AGE_MS = 3 * HOUR_MS;
/** Levels the area briefing gives winds at, feet MSL (the FB levels up to FL390). */
export const AREA_WIND_LEVELS_FT = [3_000, 6_000, 9_000, 12_000, 18_000, 24_000, 30_000, 34_000, 39_000] as const;
/** Routine PIREPs listed at most, nearest first. */
export const MAX_ROUTINE_PIREPS = 20;

const TITLES: Record<BriefingSectionId, string> = {
  adverse: 'Adverse conditions',
  synopsis: 'Synopsis',
  current: 'Current conditions',
  enroute: 'En-route forecast',
  destination: 'Destination forecast',
  winds: 'Winds and temperatures aloft',
  notams: 'NOTAMs',
};

const section = (id: BriefingSectionId): BriefingSection => ({ id, title: TITLES[id], items: [], missing: [] });

interface Ctx {
  input: BriefingInput;
  c: Corridor;
  stations: Stations;
  places: ReturnType<typeof airportsOf>;
  /** "along the route" or "in the area". */
  where: string;
}

const where = (scope: BriefingScope): string => (scope.kind === 'route' ? 'along the route' : `within ${nm(scope.radiusNm)} of ${scope.ident}`);

function adverse(ctx: Ctx): BriefingSection {
  const s = section('adverse');
  const { weather, notams } = ctx.input;
  const { c } = ctx;
  const adv = weather.advisories;
  if (adv.items === null) s.missing.push('SIGMETs, convective SIGMETs, AIRMETs (G-AIRMETs) and CWAs are not on this device (never downloaded or offline): hazards unknown.');
  else {
    if (adv.asOfMs !== null && adv.asOfMs < c.fromMs - ADVISORIES_MAX_AGE_MS) {
      s.missing.push(`The SIGMETs, AIRMETs and CWAs on this device are from ${formatZulu(adv.asOfMs, c.fromMs)}, more than ${ADVISORIES_MAX_AGE_MS / HOUR_MS} h before ${formatZulu(c.fromMs)}: hazards then may be missing.`);
    }
    let outOfTime = 0;
    const found: { order: number; item: BriefingItem }[] = [];
    for (const a of adv.items) {
      const legs = legsCrossing(c, a.polygon);
      if (legs.length === 0) continue;
      const v = validity(a);
      const inTime = c.kind === 'area' ? overlaps(v.from, v.to, c.fromMs, c.toMs) : legs.filter((i) => overlaps(v.from, v.to, c.legs[i]!.leg.etaStartMs, c.legs[i]!.leg.etaEndMs));
      if (inTime === false || (Array.isArray(inTime) && inTime.length === 0)) {
        outOfTime += 1;
        continue;
      }
      const severity = a.severity ? `${a.severity.toLowerCase()} ` : '';
      const base = a.baseIsFreezingLevel ? 'the freezing level' : a.baseFt === null || a.baseFt <= 0 ? 'the surface' : level(a.baseFt);
      const top = a.topFt === null ? 'no stated top' : level(a.topFt);
      const valid = `valid ${a.validFromMs === null ? 'from an unstated time' : formatZulu(a.validFromMs, c.fromMs)}${a.validToMs !== null && a.validToMs !== a.validFromMs ? ` to ${formatZulu(a.validToMs, c.fromMs)}` : ''}`;
      const on = Array.isArray(inTime)
        ? `; on ${inTime.map((i) => `${c.legs[i]!.leg.fromIdent}–${c.legs[i]!.leg.toIdent} (${formatHhmmZ(c.legs[i]!.leg.etaStartMs)}–${formatHhmmZ(c.legs[i]!.leg.etaEndMs)})`).join(', ')}`
        : '';
      found.push({
        order: KIND_ORDER[a.kind],
        item: {
          source: `${KIND_NAMES[a.kind]} ${a.id}`,
          timeKind: 'valid from',
          timeMs: a.validFromMs,
          text: `${severity}${a.hazard.toLowerCase().replace(/_/g, ' ')} from ${base} to ${top}, ${valid}${on}.`,
          raw: a.raw || null,
          urgent: a.kind === 'CONVECTIVE_SIGMET' || a.kind === 'SIGMET',
        },
      });
    }
    found.sort((x, y) => x.order - y.order || (x.item.timeMs ?? 0) - (y.item.timeMs ?? 0));
    s.items.push(...found.map((f) => f.item));
    if (outOfTime > 0) s.missing.push(`${outOfTime} advisor${outOfTime === 1 ? 'y' : 'ies'} ${ctx.where} ${outOfTime === 1 ? 'is' : 'are'} not valid while you are there and ${outOfTime === 1 ? 'is' : 'are'} left out.`);
  }

  // Urgent PIREPs (UUA) near the route from PIREP_MAX_AGE_MS before the window to its end.
  if (weather.pireps.items === null) s.missing.push('PIREPs are not on this device: urgent pilot reports unknown.');
  else {
    for (const { p, d } of pirepsNear(ctx, weather.pireps.items, c.fromMs - PIREP_MAX_AGE_MS, c.toMs).filter((x) => x.p.urgent)) s.items.push(pirepItem(p, d, true, c.kind === 'area' ? 'the centre' : 'the route'));
  }

  const tfrs = notams.tfrs;
  if (tfrs.items === null) s.missing.push(`TFRs are not available${notams.unavailable ? `: ${notams.unavailable}` : ' (none fetched from the server)'}.`);
  else {
    for (const t of tfrs.items) {
      if (!overlaps(t.startMs, t.endMs, c.fromMs, c.toMs)) continue;
      if (!t.rings.some((ring) => legsCrossing(c, ring, TFR_CORRIDOR_NM).length > 0)) continue;
      const alt = (ft: number | null, agl: boolean) => (ft === null ? '?' : ft === 0 && agl ? 'SFC' : `${feet(ft)}${agl ? ' AGL' : ' MSL'}`);
      const heights = t.floorFt === null && t.ceilingFt === null ? 'altitudes: see the NOTAM' : `${alt(t.floorFt, t.floorAgl)} to ${alt(t.ceilingFt, t.ceilingAgl)}`;
      const times = `${t.startMs === null ? 'in force now' : `from ${formatZulu(t.startMs, c.fromMs)}`} until ${t.endMs === null ? 'further notice' : formatZulu(t.endMs, c.fromMs)}`;
      s.items.push({ source: `TFR ${t.notam}`, timeKind: 'effective', timeMs: t.startMs, text: `${t.title}: ${heights}, ${times}.`, raw: null, urgent: true });
    }
  }
  if (s.items.length === 0 && s.missing.length === 0) s.missing.push(`No SIGMET, AIRMET, CWA, urgent PIREP or TFR ${ctx.where} for ${formatZulu(c.fromMs)}–${formatHhmmZ(c.toMs)}.`);
  return s;
}

function pirepsNear(ctx: Ctx, list: readonly BriefingPirep[], fromMs: number, toMs: number): { p: BriefingPirep; d: number }[] {
  const out: { p: BriefingPirep; d: number }[] = [];
  for (const p of list) {
    if (p.timeMs < fromMs || p.timeMs > toMs) continue;
    const at = abeam(ctx.c, p, PIREP_RADIUS_NM);
    if (at) out.push({ p, d: at.distanceNm });
  }
  return out.sort((a, b) => a.d - b.d);
}

function pirepItem(p: BriefingPirep, d: number, urgent: boolean, where: string): BriefingItem {
  const what = [p.turbulence && `${INTENSITY_WORDS[p.turbulence]} turbulence`, p.icing && `${INTENSITY_WORDS[p.icing]} icing`].filter(Boolean).join(' and ') || 'no turbulence or icing given';
  const at = p.altitudeFt === null ? 'altitude not given' : `at ${level(p.altitudeFt)}`;
  return { source: urgent ? 'Urgent PIREP (UUA)' : 'PIREP', timeKind: 'observed', timeMs: p.timeMs, text: `${what} ${at}${p.aircraft ? `, ${p.aircraft}` : ''}, ${nm(d)} from ${where}.`, raw: p.raw, urgent };
}

function current(ctx: Ctx): BriefingSection {
  const s = section('current');
  const { weather, nowMs } = ctx.input;
  const { c, places, stations } = ctx;
  if (weather.metars.items === null) s.missing.push('METARs are not on this device: current conditions unknown.');
  else {
    const roleOf = new Map<string, string>();
    const dep = places.departure && stationFor(places.departure.ident, places.departure.at, stations, undefined, 'metar');
    const dest = places.destination && stationFor(places.destination.ident, places.destination.at, stations, undefined, 'metar');
    if (dep) roleOf.set(dep.station.id, 'Departure');
    if (dest) roleOf.set(dest.station.id, c.kind === 'area' ? 'At the centre' : 'Destination');
    const rows: { order: number; item: BriefingItem }[] = [];
    let old = 0;
    for (const st of stations.all) {
      const m = st.metar;
      if (!m) continue;
      const role = roleOf.get(st.id);
      // Departure and the area's centre first, the destination last.
      const at = role ? { distanceNm: 0, legIndex: role === 'Destination' ? Number.MAX_SAFE_INTEGER : -1, timeMs: 0 } : abeam(c, st, c.kind === 'area' ? 0 : EN_ROUTE_CORRIDOR_NM);
      if (!at) continue;
      if (m.timeMs < nowMs - CURRENT_METAR_MAX_AGE_MS) {
        old += 1;
        continue;
      }
      const away = role ? '' : c.kind === 'area' ? `, ${nm(at.distanceNm)} from ${(ctx.input.scope as { ident: string }).ident}` : `, ${nm(at.distanceNm)} from the route`;
      rows.push({
        order: at.legIndex * 1e6 + (role ? 0 : at.distanceNm),
        item: { source: `METAR ${st.id}`, timeKind: 'observed', timeMs: m.timeMs, text: `${role ? `${role}: ` : ''}${m.category ?? 'flight category unknown'}${away}.`, raw: m.raw, urgent: m.category === 'IFR' || m.category === 'LIFR' },
      });
    }
    rows.sort((a, b) => a.order - b.order);
    s.items.push(...rows.map((r) => r.item));
    if (places.departure && !dep) s.missing.push(`Departure ${places.departure.ident}: no METAR station at or within 5 nm of it.`);
    if (places.destination && !dest) s.missing.push(`${c.kind === 'area' ? '' : 'Destination '}${places.destination.ident}: no METAR station at or within 5 nm of it.`);
    if (old > 0) s.missing.push(`${old} METAR${old === 1 ? '' : 's'} ${ctx.where} older than ${CURRENT_METAR_MAX_AGE_MS / HOUR_MS} h at ${formatZulu(nowMs)} left out.`);
    if (rows.length === 0) s.missing.push(`No current METAR ${ctx.where}.`);
  }
  if (weather.pireps.items !== null) {
    const routine = pirepsNear(ctx, weather.pireps.items, nowMs - PIREP_MAX_AGE_MS, nowMs).filter((x) => !x.p.urgent);
    for (const { p, d } of routine.slice(0, MAX_ROUTINE_PIREPS)) s.items.push(pirepItem(p, d, false, c.kind === 'area' ? 'the centre' : 'the route'));
    if (routine.length > MAX_ROUTINE_PIREPS) s.missing.push(`${routine.length - MAX_ROUTINE_PIREPS} more routine PIREPs farther away left out.`);
  }
  return s;
}

function tafItem(st: Station, timeMs: number, role: string): BriefingItem | null {
  const taf = st.taf!;
  const at = surfaceAt(undefined, taf, timeMs);
  if (at.category === null) return null;
  const possible = at.possible ? `; ${at.possible.category} possible (${at.possible.group})` : '';
  return { source: `TAF ${st.id}`, timeKind: 'issued', timeMs: taf.taf.issuedMs, text: `${role} at ${formatHhmmZ(timeMs)}: ${at.category}${possible}.`, raw: taf.taf.raw, urgent: at.category === 'IFR' || at.category === 'LIFR' };
}

function enRoute(ctx: Ctx): BriefingSection {
  const s = section('enroute');
  const { weather } = ctx.input;
  const { c, places, stations } = ctx;
  if (weather.tafs.items === null) {
    s.missing.push('TAFs are not on this device: the en-route forecast is unknown.');
    return s;
  }
  const dest = places.destination && stationFor(places.destination.ident, places.destination.at, stations, undefined, 'taf');
  const skip = new Set<string>(dest ? [dest.station.id] : []);
  if (places.departure) {
    const dep = stationFor(places.departure.ident, places.departure.at, stations, undefined, 'taf');
    if (dep) {
      skip.add(dep.station.id);
      const item = tafItem(dep.station, places.departure.timeMs, `Departure ${places.departure.ident}`);
      if (item) s.items.push(item);
      else s.missing.push(`Departure ${places.departure.ident}: its TAF does not cover ${formatZulu(places.departure.timeMs)}.`);
    } else s.missing.push(`Departure ${places.departure.ident}: no TAF at or within 5 nm of it.`);
  }
  const rows: { order: number; item: BriefingItem }[] = [];
  let notCovering = 0;
  for (const st of stations.all) {
    if (!st.taf || skip.has(st.id)) continue;
    const at = abeam(c, st, c.kind === 'area' ? 0 : EN_ROUTE_CORRIDOR_NM);
    if (!at) continue;
    const item = tafItem(st, at.timeMs, c.kind === 'area' ? `${nm(at.distanceNm)} from the centre` : `Abeam (${nm(at.distanceNm)} from the route)`);
    if (item) rows.push({ order: at.legIndex * 1e6 + at.timeMs / 1e7, item });
    else notCovering += 1;
  }
  rows.sort((a, b) => a.order - b.order);
  s.items.push(...rows.map((r) => r.item));
  if (notCovering > 0) s.missing.push(`${notCovering} TAF${notCovering === 1 ? '' : 's'} ${ctx.where} ${notCovering === 1 ? 'does' : 'do'} not cover the time you pass and ${notCovering === 1 ? 'is' : 'are'} left out.`);
  if (rows.length === 0) s.missing.push(`No TAF ${ctx.where} covers the time you are there.`);
  return s;
}

function destination(ctx: Ctx): BriefingSection {
  const s = section('destination');
  const { weather } = ctx.input;
  const { places, stations, c } = ctx;
  const place: NamedPlace | null = places.destination;
  if (weather.tafs.items === null) {
    s.missing.push('TAFs are not on this device: the destination forecast is unknown.');
    return s;
  }
  if (!place) {
    s.missing.push(c.kind === 'area' ? 'The area is around a point, not an airport: see the en-route forecast for the TAFs in it.' : 'The route does not end at an airport: no destination forecast.');
    return s;
  }
  const own = stationFor(place.ident, place.at, stations, undefined, 'taf');
  const found = own ?? stationFor(place.ident, place.at, stations, EN_ROUTE_CORRIDOR_NM, 'taf');
  if (!found) {
    s.missing.push(`${place.ident}: no TAF at it or within ${EN_ROUTE_CORRIDOR_NM} nm.`);
    return s;
  }
  const role = own ? `${place.ident}${found.station.id === place.ident.toUpperCase() ? '' : ` (${found.station.id})`}` : `${place.ident}: nearest TAF ${found.station.id}, ${nm(found.awayNm)} away,`;
  const times = c.kind === 'area' ? [c.fromMs, c.toMs] : [place.timeMs, place.timeMs + HOUR_MS];
  const labels = c.kind === 'area' ? ['from', 'to'] : ['ETA', 'ETA + 1 h'];
  times.forEach((t, i) => {
    const item = tafItem(found.station, t, `${role} ${labels[i]}`);
    if (item) s.items.push(item);
    else s.missing.push(`${found.station.id}: its TAF (valid ${formatZulu(found.station.taf!.taf.validFromMs, t)} to ${formatZulu(found.station.taf!.taf.validToMs, t)}) does not cover ${formatZulu(t)}.`);
  });
  return s;
}

function winds(ctx: Ctx): BriefingSection {
  const s = section('winds');
  const { weather, scope } = ctx.input;
  const w = weather.winds;
  if (w === null) {
    s.missing.push('No winds-aloft forecast (FB) on this device: winds and temperatures unknown.');
    return s;
  }
  const push = (label: string, lat: number, lon: number, altitudeFt: number, timeMs: number) => {
    const sample = w.windAt({ lat, lon, altitudeFt, timeMs });
    if (!sample) {
      s.missing.push(`${label}: no winds-aloft forecast for ${formatZulu(timeMs)}.`);
      return;
    }
    const dir = sample.speedKt === 0 ? 'light and variable' : `${String(Math.round(sample.directionDeg) % 360 || 360).padStart(3, '0')}° at ${Math.round(sample.speedKt)} kt`;
    const temp = sample.temperatureC === null ? 'temperature not forecast' : `${Math.round(sample.temperatureC)} °C`;
    s.items.push({ source: `${weather.windsSource} (${sample.stationId})`, timeKind: 'issued', timeMs: weather.windsIssuedMs, text: `${label}: ${dir}, ${temp}.`, raw: null, urgent: false });
  };
  if (scope.kind === 'area') {
    for (const ft of AREA_WIND_LEVELS_FT) push(`${scope.ident} at ${level(ft)}, ${formatHhmmZ(scope.fromMs)}`, scope.center.lat, scope.center.lon, ft, scope.fromMs);
  } else {
    for (const l of scope.legs) {
      const mid = greatCircleIntermediatePoint(l.from.lat, l.from.lon, l.to.lat, l.to.lon, 0.5);
      push(`${l.fromIdent}–${l.toIdent} at ${level(l.altitudeFt)}, ${formatHhmmZ((l.etaStartMs + l.etaEndMs) / 2)}`, mid.latDeg, mid.lonDeg, l.altitudeFt, (l.etaStartMs + l.etaEndMs) / 2);
    }
  }
  return s;
}

function notamSection(ctx: Ctx): BriefingSection {
  const s = section('notams');
  const { notams } = ctx.input;
  const { c, places } = ctx;
  if (notams.unavailable !== null) {
    s.missing.push(`NOTAMs are not available: ${notams.unavailable}.`);
    return s;
  }
  const groups: { group: NonNullable<BriefingItem['group']>; place: NamedPlace }[] = [
    ...(places.departure ? [{ group: 'departure' as const, place: places.departure }] : []),
    ...places.enRoute.map((place) => ({ group: 'en route' as const, place })),
    ...(places.destination ? [{ group: 'destination' as const, place: places.destination }] : []),
  ];
  if (groups.length === 0) s.missing.push(c.kind === 'area' ? 'The area is around a point, not an airport: no airport NOTAMs (TFRs are under adverse conditions).' : 'The route names no airport: no airport NOTAMs.');
  for (const { group, place } of groups) {
    const answer = notams.airports.find((a) => a.airport.toUpperCase() === place.ident.toUpperCase());
    if (!answer) {
      s.missing.push(`${place.ident} (${group}): no NOTAM answer from the server.`);
      continue;
    }
    if (answer.fetchedAtMs === null) {
      s.missing.push(`${place.ident} (${group}): the server has no NOTAM source, so its NOTAMs are unknown.`);
      continue;
    }
    const shown = answer.notams.filter((n) => n.kind !== 'checklist' && overlaps(n.start, n.permanent ? null : n.end, c.fromMs, c.toMs));
    if (shown.length === 0) {
      s.items.push({ source: `FAA NOTAMs ${place.ident}`, timeKind: 'fetched', timeMs: answer.fetchedAtMs, text: `No NOTAM for ${place.ident} in force ${formatZulu(c.fromMs)}–${formatHhmmZ(c.toMs)}.`, raw: null, urgent: false, group });
    }
    for (const n of shown) {
      const until = n.permanent ? 'permanent' : n.end === null ? 'until further notice' : `until ${formatZulu(n.end, c.fromMs)}${n.endEstimated ? ' (estimated)' : ''}`;
      s.items.push({ source: `NOTAM ${n.number} ${n.location}`, timeKind: 'effective', timeMs: n.start, text: `${n.text} (${until})`, raw: n.domestic ?? n.icao, urgent: n.kind !== 'other' && n.kind.startsWith('closed'), group });
    }
  }
  return s;
}

/**
 * The standard briefing for a route (its legs with the navlog's ETAs) or an area: each section lists
 * what lies along the route (METARs and TAFs within EN_ROUTE_CORRIDOR_NM, PIREPs within
 * PIREP_RADIUS_NM, advisories and TFRs the track crosses) or in the circle, at the time the aircraft
 * is there, with its source and time; a product not on the device, or none found, is said in the
 * section's `missing`.
 */
export function assembleBriefing(input: BriefingInput): Briefing {
  const { scope } = input;
  const c = corridorOf(scope);
  const ctx: Ctx = { input, c, stations: stationsOf(input.weather), places: airportsOf(scope), where: where(scope) };
  const noLegs = scope.kind === 'route' && scope.legs.length === 0;
  const synopsis = section('synopsis');
  synopsis.missing.push('Synopsis not available: no synopsis product is kept on this device (see Wx Imagery, Surface Progs).');
  const sections: BriefingSection[] = noLegs
    ? BRIEFING_SECTIONS.map((id) => (id === 'synopsis' ? synopsis : { ...section(id), missing: ['The route has no legs to brief: plan it on the Flight Plan page first.'] }))
    : [adverse(ctx), synopsis, current(ctx), enRoute(ctx), destination(ctx), winds(ctx), notamSection(ctx)];
  const first = scope.kind === 'route' ? scope.legs[0] : undefined;
  const last = scope.kind === 'route' ? scope.legs[scope.legs.length - 1] : undefined;
  const title = scope.kind === 'area' ? `${nm(scope.radiusNm)} around ${scope.ident}` : first && last ? `${first.fromIdent} to ${last.toIdent}` : 'No route';
  const altitudeFt = scope.kind === 'area' ? scope.altitudeFt : Math.max(0, ...scope.legs.map((l) => l.highestFt));
  return { kind: scope.kind, title, fromMs: c.fromMs, toMs: c.toMs, altitudeFt, nowMs: input.nowMs, sections };
}
