import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { geodesicDestination, geodesicDistanceNm, geodesicLeg } from '@clearway/geo';
import { describe, expect, it } from 'vitest';
import {
  assembleBriefing,
  BRIEFING_SECTIONS,
  decodeAdvisoryProduct,
  decodeAwcMetarCsv,
  decodePirepProduct,
  decodeTafProduct,
  notamsFromFaaApiAnswer,
  type BriefingAdvisory,
  type BriefingInput,
  type BriefingMetar,
  type BriefingPirep,
  type BriefingScope,
  type BriefingTaf,
  type ClearSkyLeg,
  type PirepLocator,
  type WindsAloftSource,
} from '../index.js';

// Real reports from ../shared/data/weather (and the KOSH NOTAMs of ../shared/data/notam), decoded by
// the package's own decoders, placed along constructed routes at times inside and outside their validity.
const SHARED = fileURLToPath(new URL('../../../../../shared/data/', import.meta.url));
const TEXT = `${SHARED}weather/products/pyiem-nws-text/`;
const MIN = 60_000;

function read(path: string): string {
  if (!existsSync(path)) throw new Error(`${path} expected (the shared data folder beside the repository, ../shared/data)`);
  return readFileSync(path, 'utf8');
}

/** Airports and navaids by id: the AWC station list (airports) and NASR NAV_BASE (VORs), as the advisory tests place them. */
const locate: PirepLocator = (() => {
  const lines = read(`${SHARED}navdata/faa-nasr/national/NAV_BASE.csv`).split('\n');
  const header = lines[0]!.split(',').map((h) => h.replace(/"/g, ''));
  const [id, type, lat, lon] = ['NAV_ID', 'NAV_TYPE', 'LAT_DECIMAL', 'LONG_DECIMAL'].map((h) => header.indexOf(h)) as [number, number, number, number];
  const table = new Map<string, { lat: number; lon: number }>();
  for (const line of lines.slice(1)) {
    const f = line.split(',').map((v) => v.replace(/"/g, ''));
    if (f.length < header.length || !/VOR|TACAN|DME/.test(f[type] ?? '')) continue;
    if (!table.has(f[id]!)) table.set(f[id]!, { lat: Number(f[lat]), lon: Number(f[lon]) });
  }
  const stations = JSON.parse(read(`${SHARED}weather/products/awc-stations/stations.cache-2026-02-21.json`)) as { icaoId: string | null; faaId: string | null; lat: number; lon: number }[];
  const airports = new Map<string, { lat: number; lon: number }>();
  for (const st of stations) for (const key of [st.faaId, st.icaoId]) if (key && !airports.has(key)) airports.set(key, { lat: st.lat, lon: st.lon });
  return (name) => table.get(name) ?? airports.get(name) ?? airports.get(`K${name}`) ?? null;
})();

const at = (ident: string) => {
  const p = locate(ident);
  if (!p) throw new Error(`${ident} not in the station list`);
  return { lat: p.lat, lon: p.lon };
};

/** A route through airports, each leg flown in `minutes` from `etdMs` at `altitudeFt`. */
function legs(idents: string[], etdMs: number, minutes = 30, altitudeFt = 8_000): ClearSkyLeg[] {
  return idents.slice(1).map((to, i) => ({
    fromIdent: idents[i]!,
    toIdent: to,
    from: at(idents[i]!),
    to: at(to),
    fromIsAirport: true,
    toIsAirport: true,
    alongStartNm: 0,
    distanceNm: 0,
    etaStartMs: etdMs + i * minutes * MIN,
    etaEndMs: etdMs + (i + 1) * minutes * MIN,
    altitudeFt,
    lowestFt: altitudeFt,
    highestFt: altitudeFt,
  }));
}

const none = { items: null, asOfMs: null };
function input(scope: BriefingScope, nowMs: number, over: Partial<BriefingInput['weather']> = {}, notams: Partial<BriefingInput['notams']> = {}): BriefingInput {
  return {
    scope,
    nowMs,
    weather: { metars: none, tafs: none, pireps: none, advisories: none, winds: null, windsIssuedMs: null, windsSource: 'FB winds aloft', ...over },
    notams: { airports: [], unavailable: 'offline', tfrs: none, ...notams },
  };
}

// METAR cache of 27 Jan 2025 22:25Z (observations about 21:50Z).
const METAR_NOW = Date.UTC(2025, 0, 27, 22, 25);
const metars: BriefingMetar[] = decodeAwcMetarCsv(read(`${SHARED}weather/metar/metars.cache-2025-01-27T2225Z.csv`), METAR_NOW).rows.flatMap((r) =>
  r.lat === null || r.lon === null || r.metar.timeMs === null ? [] : [{ station: r.metar.station, lat: r.lat, lon: r.lon, timeMs: r.metar.timeMs, category: r.awcFlightCategory, ceilingFt: null, visibilitySm: null, raw: r.metar.raw }],
);

function advisories(file: string, referenceMs: number): BriefingAdvisory[] {
  return decodeAdvisoryProduct(read(`${TEXT}SIGMETS/${file}`), referenceMs, locate).advisories.flatMap((a) => {
    const ring = a.geometry.points.map((p) => [p.position!.lon, p.position!.lat] as const);
    if (a.geometry.shape !== 'polygon' || ring.length < 4) return [];
    return [{ kind: a.kind, id: a.id, hazard: a.hazard, severity: a.severity, validFromMs: a.validFromMs ?? a.issuedMs, validToMs: a.validToMs, baseFt: a.baseFt, topFt: a.topFt, baseIsFreezingLevel: a.baseIsFreezingLevel, polygon: ring, raw: a.text }];
  });
}

describe('standard briefing: order and missing products', () => {
  it('has the seven sections in the standard order, each saying which product is missing', () => {
    const b = assembleBriefing(input({ kind: 'route', legs: legs(['KDSM', 'KMSP'], METAR_NOW) }, METAR_NOW));
    expect(b.sections.map((s) => s.id)).toEqual([...BRIEFING_SECTIONS]);
    expect(b.sections.map((s) => s.title)).toEqual(['Adverse conditions', 'Synopsis', 'Current conditions', 'En-route forecast', 'Destination forecast', 'Winds and temperatures aloft', 'NOTAMs']);
    expect(b.title).toBe('KDSM to KMSP');
    const missing = Object.fromEntries(b.sections.map((s) => [s.id, s.missing.join(' | ')]));
    expect(missing['adverse']).toContain('SIGMETs, convective SIGMETs, AIRMETs (G-AIRMETs) and CWAs are not on this device');
    expect(missing['adverse']).toContain('PIREPs are not on this device');
    expect(missing['adverse']).toContain('TFRs are not available: offline.');
    expect(missing['synopsis']).toBe('Synopsis not available: no synopsis product is kept on this device (see Wx Imagery, Surface Progs).');
    expect(missing['current']).toBe('METARs are not on this device: current conditions unknown.');
    expect(missing['enroute']).toBe('TAFs are not on this device: the en-route forecast is unknown.');
    expect(missing['destination']).toBe('TAFs are not on this device: the destination forecast is unknown.');
    expect(missing['winds']).toBe('No winds-aloft forecast (FB) on this device: winds and temperatures unknown.');
    expect(missing['notams']).toBe('NOTAMs are not available: offline.');
    expect(b.sections.flatMap((s) => s.items)).toEqual([]);
  });

  it('a route with no legs says so in every section but the synopsis', () => {
    const b = assembleBriefing(input({ kind: 'route', legs: [] }, METAR_NOW, { metars: { items: metars, asOfMs: METAR_NOW } }));
    expect(b.sections.filter((s) => s.id !== 'synopsis').map((s) => s.missing)).toEqual(Array(6).fill(['The route has no legs to brief: plan it on the Flight Plan page first.']));
  });
});

describe('current conditions: the METAR corridor (real METAR cache)', () => {
  it('lists departure first, destination last, and exactly the stations within 25 nm of the track', () => {
    const b = assembleBriefing(input({ kind: 'route', legs: legs(['KDSM', 'KMSP'], METAR_NOW + 30 * MIN, 90) }, METAR_NOW, { metars: { items: metars, asOfMs: METAR_NOW } }));
    const items = b.sections.find((s) => s.id === 'current')!.items;
    expect(items[0]!.source).toBe('METAR KDSM');
    expect(items[0]!.text.startsWith('Departure: ')).toBe(true);
    expect(items[items.length - 1]!.source).toBe('METAR KMSP');
    expect(items[0]!.raw).toBe(metars.find((m) => m.station === 'KDSM')!.raw);
    expect(items.every((i) => i.timeKind === 'observed' && i.timeMs !== null && i.timeMs <= METAR_NOW)).toBe(true);
    // Oracle: the geodesic (GeographicLib) from KDSM to KMSP sampled every 0.5 nm; stations within 24 nm must be listed, beyond 26 nm must not.
    const a = at('KDSM');
    const m = at('KMSP');
    const { distanceNm, courseDegTrue } = geodesicLeg(a.lat, a.lon, m.lat, m.lon);
    const samples = Array.from({ length: Math.ceil(distanceNm * 2) + 1 }, (_, i) => geodesicDestination(a.lat, a.lon, courseDegTrue, Math.min(distanceNm, i / 2)));
    const off = (p: { lat: number; lon: number }) => Math.min(...samples.map((s) => geodesicDistanceNm(p.lat, p.lon, s.latDeg, s.lonDeg)));
    const listed = new Set(items.map((i) => i.source.slice('METAR '.length)));
    // Stations in a box around the track (1° beyond it, well over 26 nm); the rest are far anyway.
    const boxed = metars.filter((x) => x.lat > 40.5 && x.lat < 46 && x.lon > -95 && x.lon < -91.8);
    const near = boxed.filter((x) => off(x) < 24).map((x) => x.station);
    const far = boxed.filter((x) => off(x) > 26).map((x) => x.station);
    expect(far.length).toBeGreaterThan(20);
    expect(near.length).toBeGreaterThan(5);
    expect(near.filter((id) => !listed.has(id))).toEqual([]);
    expect(far.filter((id) => listed.has(id))).toEqual([]);
    expect(listed.has('KMCW')).toBe(true);
    expect(listed.has('KORD')).toBe(false);
  });

  it('an area lists its centre first, then the stations within the radius nearest first', () => {
    const scope: BriefingScope = { kind: 'area', ident: 'KDSM', isAirport: true, center: at('KDSM'), radiusNm: 30, fromMs: METAR_NOW, toMs: METAR_NOW + 2 * 60 * MIN, altitudeFt: 6000 };
    const items = assembleBriefing(input(scope, METAR_NOW, { metars: { items: metars, asOfMs: METAR_NOW } })).sections.find((s) => s.id === 'current')!.items;
    expect(items[0]!.source).toBe('METAR KDSM');
    expect(items[0]!.text.startsWith('At the centre: ')).toBe(true);
    const d = items.slice(1).map((i) => {
      const m = metars.find((x) => `METAR ${x.station}` === i.source)!;
      return geodesicDistanceNm(m.lat, m.lon, at('KDSM').lat, at('KDSM').lon);
    });
    expect(d.length).toBeGreaterThan(2);
    expect(d.every((x) => x <= 30.5)).toBe(true);
    expect([...d].sort((a, b) => a - b)).toEqual(d);
  });

  it('leaves out METARs older than 2 h at the briefing time and says how many', () => {
    const later = METAR_NOW + 3 * 60 * MIN;
    const b = assembleBriefing(input({ kind: 'route', legs: legs(['KDSM', 'KMSP'], later, 90) }, later, { metars: { items: metars, asOfMs: METAR_NOW } }));
    const s = b.sections.find((x) => x.id === 'current')!;
    expect(s.items).toEqual([]);
    expect(s.missing.some((t) => /^\d+ METARs along the route older than 2 h at 28 Jan 01:25Z left out\.$/.test(t))).toBe(true);
  });
});

describe('adverse conditions: convective SIGMET 62C (real WST) by place and time', () => {
  const REF = Date.UTC(2025, 0, 11, 17, 0);
  const areas = advisories('SIGC.txt', REF);
  const weather = { advisories: { items: areas, asOfMs: REF } };

  it('a route through Mississippi while it is valid lists it with source and time', () => {
    const b = assembleBriefing(input({ kind: 'route', legs: legs(['KLIT', 'KJAN', 'KMOB'], Date.UTC(2025, 0, 11, 17, 30), 60) }, REF, weather));
    const items = b.sections[0]!.items;
    const s62 = items.find((i) => i.source === 'Convective SIGMET 62C');
    expect(s62).toBeDefined();
    expect(s62!.urgent).toBe(true);
    expect(s62!.timeKind).toBe('valid from');
    expect(s62!.text).toContain('to 11 Jan 18:55Z');
    expect(s62!.raw).toContain('CONVECTIVE SIGMET 62C');
    // Convective SIGMETs first, the outlooks after them.
    expect(items.map((i) => i.source)).toEqual(['Convective SIGMET 62C', 'Convective outlook AREA 1']);
  });

  it('the same route flown after 18:55Z leaves it out and says so', () => {
    const b = assembleBriefing(input({ kind: 'route', legs: legs(['KLIT', 'KJAN', 'KMOB'], Date.UTC(2025, 0, 11, 19, 30), 60) }, REF, weather));
    expect(b.sections[0]!.items.find((i) => i.source === 'Convective SIGMET 62C')).toBeUndefined();
    expect(b.sections[0]!.missing.some((t) => /advisor(y|ies) along the route (is|are) not valid while you are there/.test(t))).toBe(true);
  });

  it('a route in Iowa does not list it', () => {
    const b = assembleBriefing(input({ kind: 'route', legs: legs(['KDSM', 'KMSP'], Date.UTC(2025, 0, 11, 17, 30), 60) }, REF, weather));
    expect(b.sections[0]!.items.filter((i) => i.source.startsWith('Convective SIGMET'))).toEqual([]);
  });

  it('an area around KJAN reaches it; one around KDSM does not', () => {
    const area = (ident: string): BriefingScope => ({ kind: 'area', ident, isAirport: true, center: at(ident), radiusNm: 25, fromMs: Date.UTC(2025, 0, 11, 17, 30), toMs: Date.UTC(2025, 0, 11, 19, 30), altitudeFt: 6000 });
    expect(assembleBriefing(input(area('KJAN'), REF, weather)).sections[0]!.items.map((i) => i.source)).toContain('Convective SIGMET 62C');
    expect(assembleBriefing(input(area('KDSM'), REF, weather)).sections[0]!.items.map((i) => i.source)).not.toContain('Convective SIGMET 62C');
  });
});

describe('urgent PIREPs (real UUA over Pueblo)', () => {
  const REF = Date.UTC(2025, 0, 9, 0, 30);
  const pireps: BriefingPirep[] = decodePirepProduct(read(`${TEXT}PIREPS/PIREP.txt`), REF, locate).pireps.flatMap((p) =>
    p.position && p.timeMs !== null ? [{ lat: p.position.lat, lon: p.position.lon, timeMs: p.timeMs, altitudeFt: p.altitudeFt, turbulence: p.turbulence[0]?.intensity ?? null, icing: p.icing[0]?.intensity ?? null, aircraft: p.aircraftType, urgent: p.urgent, raw: p.raw }] : [],
  );

  it('lists the UUA among adverse conditions and the routine reports near the route under current conditions', () => {
    expect(pireps.filter((p) => p.urgent).length).toBeGreaterThan(0);
    const b = assembleBriefing(input({ kind: 'route', legs: legs(['KCOS', 'KPUB', 'KTAD'], Date.UTC(2025, 0, 9, 1, 0)) }, REF, { pireps: { items: pireps, asOfMs: REF } }));
    const urgent = b.sections[0]!.items.filter((i) => i.source === 'Urgent PIREP (UUA)');
    expect(urgent.length).toBe(1);
    expect(urgent[0]!.raw).toContain('PUB UUA');
    expect(urgent[0]!.text).toContain('severe turbulence at 16,000 ft');
    expect(urgent[0]!.timeMs).toBe(Date.UTC(2025, 0, 9, 0, 10));
    // Flown a day later, the report is too old to be listed.
    const later = assembleBriefing(input({ kind: 'route', legs: legs(['KCOS', 'KPUB', 'KTAD'], Date.UTC(2025, 0, 10, 1, 0)) }, REF, { pireps: { items: pireps, asOfMs: REF } }));
    expect(later.sections[0]!.items.filter((i) => i.source === 'Urgent PIREP (UUA)')).toEqual([]);
  });
});

describe('forecasts: TAF KDSM (real) at the ETA', () => {
  const REF = Date.UTC(2025, 0, 31, 17, 21);
  const decoded = decodeTafProduct(read(`${TEXT}TAF/TAFDSM.txt`), REF).tafs;
  const tafs: BriefingTaf[] = decoded.map((taf) => ({ station: taf.station, ...at(taf.station), taf }));
  const weather = { tafs: { items: tafs, asOfMs: REF } };

  it('gives the destination conditions of the FM group in force at the ETA, with the TAF issue time', () => {
    expect(tafs.map((t) => t.station)).toEqual(['KDSM']);
    // KAMW to KDSM, arriving 02:30Z on 1 Feb: FM010200 BKN015 is MVFR; an hour later still MVFR.
    const b = assembleBriefing(input({ kind: 'route', legs: legs(['KAMW', 'KDSM'], Date.UTC(2025, 1, 1, 2, 0)) }, REF, weather));
    const d = b.sections.find((s) => s.id === 'destination')!;
    expect(d.items.map((i) => i.text)).toEqual(['KDSM ETA at 02:30Z: MVFR.', 'KDSM ETA + 1 h at 03:30Z: MVFR.']);
    expect(d.items[0]!.source).toBe('TAF KDSM');
    expect(d.items[0]!.timeKind).toBe('issued');
    expect(d.items[0]!.timeMs).toBe(Date.UTC(2025, 0, 31, 17, 21));
    // Arriving 06:30Z: FM010600 1SM BR BKN008 is IFR.
    const late = assembleBriefing(input({ kind: 'route', legs: legs(['KAMW', 'KDSM'], Date.UTC(2025, 1, 1, 6, 0)) }, REF, weather));
    expect(late.sections.find((s) => s.id === 'destination')!.items[0]!.text).toBe('KDSM ETA at 06:30Z: IFR.');
  });

  it('a TAF that does not cover the ETA is said, not shown', () => {
    const b = assembleBriefing(input({ kind: 'route', legs: legs(['KAMW', 'KDSM'], Date.UTC(2025, 1, 1, 19, 0)) }, REF, weather));
    const d = b.sections.find((s) => s.id === 'destination')!;
    expect(d.items).toEqual([]);
    expect(d.missing[0]).toMatch(/^KDSM: its TAF \(valid 31 Jan 18:00Z to 1 Feb 18:00Z\) does not cover 1 Feb 19:30Z\.$/);
  });

  it('departing KDSM, its TAF opens the en-route forecast', () => {
    const b = assembleBriefing(input({ kind: 'route', legs: legs(['KDSM', 'KAMW'], Date.UTC(2025, 0, 31, 19, 0)) }, REF, weather));
    const e = b.sections.find((s) => s.id === 'enroute')!;
    expect(e.items[0]!.text).toBe('Departure KDSM at 19:00Z: IFR.');
    expect(b.sections.find((s) => s.id === 'destination')!.missing).toEqual(['KAMW: no TAF at it or within 25 nm.']);
  });
});

describe('winds aloft and NOTAMs', () => {
  it('gives each leg the wind at its altitude and middle time, with the FB issue time', () => {
    const asked: { altitudeFt: number; timeMs: number }[] = [];
    const winds: WindsAloftSource = {
      windAt: (q) => {
        asked.push({ altitudeFt: q.altitudeFt, timeMs: q.timeMs });
        return { directionDeg: 270, speedKt: 35, temperatureC: -7, stationId: 'DSM', stationLat: 0, stationLon: 0, aloft: [] };
      },
    };
    const etd = Date.UTC(2025, 0, 27, 23, 0);
    const b = assembleBriefing(input({ kind: 'route', legs: legs(['KDSM', 'KMCW', 'KMSP'], etd, 40, 9000) }, METAR_NOW, { winds, windsIssuedMs: Date.UTC(2025, 0, 27, 20, 0), windsSource: 'FB winds aloft FD1US1' }));
    const w = b.sections.find((s) => s.id === 'winds')!;
    expect(w.items.map((i) => i.text)).toEqual(['KDSM–KMCW at 9,000 ft, 23:20Z: 270° at 35 kt, -7 °C.', 'KMCW–KMSP at 9,000 ft, 00:00Z: 270° at 35 kt, -7 °C.']);
    expect(w.items[0]!.source).toBe('FB winds aloft FD1US1 (DSM)');
    expect(asked).toEqual([{ altitudeFt: 9000, timeMs: etd + 20 * MIN }, { altitudeFt: 9000, timeMs: etd + 60 * MIN }]);
  });

  it('groups NOTAMs as departure, en route, destination and keeps those in force during the flight (real KOSH NOTAMs)', () => {
    const answer = JSON.parse(read(`${SHARED}notam/faa-notamapi-v1-KOSH-2024-07.geojson`)) as unknown;
    const { notams } = notamsFromFaaApiAnswer(answer);
    const kosh = notams.filter((n) => n.location === 'KOSH');
    expect(kosh.length).toBeGreaterThan(3);
    // Fly when the most NOTAMs are in force: the middle of their starts.
    const starts = kosh.map((n) => n.start).filter((s): s is number => s !== null).sort((a, b) => a - b);
    const etd = starts[Math.floor(starts.length / 2)]!;
    const route = legs(['KOSH', 'KATW', 'KGRB'], etd);
    const b = assembleBriefing(input({ kind: 'route', legs: route }, etd, {}, { unavailable: null, airports: [{ airport: 'KOSH', fetchedAtMs: etd, notams: kosh }, { airport: 'KGRB', fetchedAtMs: etd, notams: [] }] }));
    const s = b.sections.find((x) => x.id === 'notams')!;
    const inForce = kosh.filter((n) => n.kind !== 'checklist' && (n.start === null || n.start <= route[1]!.etaEndMs) && (n.permanent || n.end === null || n.end >= etd));
    expect(inForce.length).toBeGreaterThan(0);
    expect(inForce.length).toBeLessThan(kosh.length);
    expect(s.items.filter((i) => i.group === 'departure').map((i) => i.source)).toEqual(inForce.map((n) => `NOTAM ${n.number} KOSH`));
    expect(s.missing).toEqual(['KATW (en route): no NOTAM answer from the server.']);
    const dest = s.items.filter((i) => i.group === 'destination');
    expect(dest.map((i) => [i.source, i.timeKind, i.timeMs])).toEqual([['FAA NOTAMs KGRB', 'fetched', etd]]);
    expect(s.items.map((i) => i.group)).toEqual([...inForce.map(() => 'departure'), 'destination']);
  });
});

describe('TFRs', () => {
  // A square about 4 nm a side centred on KMCW (about 5 nm off the KDSM-KMSP track), and one over KORD (far off it).
  const square = (c: { lat: number; lon: number }, halfDeg: number) => [
    [c.lon - halfDeg, c.lat - halfDeg], [c.lon + halfDeg, c.lat - halfDeg], [c.lon + halfDeg, c.lat + halfDeg], [c.lon - halfDeg, c.lat + halfDeg], [c.lon - halfDeg, c.lat - halfDeg],
  ] as const;
  const tfr = (notam: string, at: { lat: number; lon: number }, startMs: number | null, endMs: number | null) => ({ notam, title: `TFR ${notam}`, floorFt: 0, ceilingFt: 3000, floorAgl: true, ceilingAgl: false, startMs, endMs, rings: [square(at, 0.03)] });
  const etd = Date.UTC(2025, 0, 27, 23, 0);

  it('lists those beside the track and in force during the flight, with altitudes and times', () => {
    const tfrs = [
      tfr('5/0001', at('KMCW'), null, null),
      tfr('5/0002', at('KORD'), null, null),
      tfr('5/0003', at('KMCW'), etd + 5 * 60 * MIN, null),
      tfr('5/0004', at('KMCW'), etd - 5 * 60 * MIN, etd - 60 * MIN),
    ];
    const b = assembleBriefing(input({ kind: 'route', legs: legs(['KDSM', 'KMSP'], etd, 90) }, etd, {}, { tfrs: { items: tfrs, asOfMs: etd } }));
    const items = b.sections[0]!.items;
    expect(items.map((i) => i.source)).toEqual(['TFR 5/0001']);
    expect(items[0]!.text).toBe('TFR 5/0001: SFC to 3,000 ft MSL, in force now until further notice.');
    expect(items[0]!.urgent).toBe(true);
  });
});

