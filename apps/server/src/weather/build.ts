// Publisher files -> the snapshot content of each type (packages/protocol weather.ts shapes). All
// decoding is @clearway/weather's; this file picks the fields the snapshots carry, places reports by
// the station list, widens line and point advisories to areas (@clearway/geo) and counts what it
// could not use. Never throws on bad input: a report that does not read is counted, not fatal.
import { geodesicDestination, geodesicInitialCourseDeg } from '@clearway/geo';
import type {
  AdvisoryEntry,
  FbBulletinEntry,
  MetarEntry,
  PirepEntry,
  TafEntry,
  WeatherProductType,
  WeatherStation,
} from '@clearway/protocol';
import {
  FB_STATION_POSITIONS,
  createMetarDecoder,
  decodeAdvisoryProduct,
  decodeAwcMetarCsv,
  decodeFbBulletin,
  decodeGairmetXml,
  decodePirep,
  decodePirepProduct,
  decodeTaf,
  decodeTafProduct,
  resolveDayTime,
  splitCsvLine,
  type Advisory,
  type Metar,
  type Pirep,
  type PirepLocator,
  type Taf,
} from '@clearway/weather';
import type { WeatherFile } from './files.js';
import type { IngestStats } from './store.js';

/** A problem worth a log line: which file, which report, why. */
export interface BuildIssue {
  file: string;
  report: string;
  reason: string;
}

/** A type's snapshot content (without type and cycle), with what the build counted. */
export interface BuiltSnapshot {
  content: object;
  stats: IngestStats;
  /** The first issues (at most MAX_ISSUES), for the log. */
  issues: BuildIssue[];
}

const MAX_ISSUES = 50;
const MAX_UNKNOWN_IDS = 50;
const STATION_ID = /^[A-Z0-9]{3,5}$/;
/** Width given to a line advisory that states none (NM, whole width), and radius to a point one. */
export const DEFAULT_LINE_WIDTH_NM = 20;
export const DEFAULT_POINT_RADIUS_NM = 10;

/** Where stations are: the station list's, then the FB stations' positions (VORs PIREPs and SIGMETs name). */
export interface StationIndex {
  position(id: string): { lat: number; lon: number } | null;
  /** For PIREP and advisory points: 3-letter ids tried as K/P/C + id, then as FB stations. */
  locate: PirepLocator;
  size: number;
}

export function stationIndex(stations: readonly WeatherStation[]): StationIndex {
  const byId = new Map<string, { lat: number; lon: number }>();
  for (const station of stations) byId.set(station.id, { lat: station.lat, lon: station.lon });
  const position = (id: string) => byId.get(id) ?? null;
  const locate: PirepLocator = (raw) => {
    const id = raw.toUpperCase();
    const direct = byId.get(id);
    if (direct) return direct;
    if (id.length === 3) {
      for (const prefix of ['K', 'P', 'C']) {
        const found = byId.get(prefix + id);
        if (found) return found;
      }
    }
    const fb = FB_STATION_POSITIONS[id];
    return fb ? { lat: fb[0], lon: fb[1] } : null;
  };
  return { position, locate, size: byId.size };
}

/** Collects counts and the first issues of one build. */
class Tally {
  readonly stats: IngestStats = { files: 0, reports: 0, entries: 0, malformed: 0, unknownStations: 0, unknownStationIds: [], unrecognisedFiles: [] };
  readonly issues: BuildIssue[] = [];
  private readonly unknown = new Set<string>();

  issue(file: string, report: string, reason: string): void {
    if (this.issues.length < MAX_ISSUES) this.issues.push({ file, report: report.slice(0, 200), reason });
  }

  malformed(file: string, report: string, reason: string): void {
    this.stats.malformed += 1;
    this.issue(file, report, reason);
  }

  unknownStation(file: string, id: string): void {
    if (this.unknown.has(id)) return;
    this.unknown.add(id);
    this.stats.unknownStations += 1;
    if (this.stats.unknownStationIds.length < MAX_UNKNOWN_IDS) this.stats.unknownStationIds.push(id);
    this.issue(file, id, `unknown station ${id}: no position in the report nor in the station list`);
  }

  done(content: object, entries: number): BuiltSnapshot {
    this.stats.entries = entries;
    return { content, stats: this.stats, issues: this.issues };
  }
}

function finite(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

function validLatLon(lat: number | null, lon: number | null): lat is number {
  return lat !== null && lon !== null && lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180;
}

/** A time field of the Data API (Unix seconds) or of the cache files (ISO 8601). */
function timeMs(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value < 1e11 ? Math.round(value * 1000) : Math.round(value);
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Date.parse(value);
    return Number.isNaN(parsed) ? null : parsed;
  }
  return null;
}

function parseJsonArray(file: WeatherFile, tally: Tally): Record<string, unknown>[] {
  try {
    const parsed: unknown = JSON.parse(file.text);
    if (!Array.isArray(parsed)) {
      tally.malformed(file.name, file.text.slice(0, 100), 'not a JSON array');
      return [];
    }
    return parsed.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null);
  } catch (error) {
    tally.malformed(file.name, file.text.slice(0, 100), `not JSON: ${error instanceof Error ? error.message : String(error)}`);
    return [];
  }
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** CSV rows of an AWC cache file as objects keyed by the header (the line starting with `header`). */
function csvRows(file: WeatherFile, firstColumn: string): Record<string, string>[] {
  const lines = file.text.split(/\r?\n/);
  const at = lines.findIndex((line) => line.split(',').includes(firstColumn) && line.includes('latitude'));
  if (at < 0) return [];
  const header = splitCsvLine(lines[at]!);
  const rows: Record<string, string>[] = [];
  for (const line of lines.slice(at + 1)) {
    if (line.trim() === '') continue;
    const fields = splitCsvLine(line);
    rows.push(Object.fromEntries(header.map((name, i) => [name, fields[i] ?? ''])));
  }
  return rows;
}

/** The elements of one XML record (`<raw_text>..</raw_text>` ...), first occurrence each. */
function xmlRecords(xml: string, tag: string): Array<(name: string) => string | null> {
  const records = [...xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))];
  return records.map((m) => {
    const body = m[1]!;
    return (name: string) => {
      const found = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(body);
      return found ? unescapeXml(found[1]!.trim()) : null;
    };
  });
}

function unescapeXml(value: string): string {
  return value.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
}

// ---------------------------------------------------------------------------------------------
// METAR

const COVER_RANK = { CLR: 0, FEW: 1, SCT: 2, BKN: 3, OVC: 4, VV: 5 } as const;
type Cover = keyof typeof COVER_RANK;

/** Highest cover reported; VV for an obscured sky; CLR for a sky clear (CLR, SKC, NSC, NCD, CAVOK). */
function coverOf(metar: Metar): Cover | null {
  let best: Cover | null = null;
  for (const layer of metar.clouds) {
    if (layer.cover === 'UNKNOWN') continue;
    if (best === null || COVER_RANK[layer.cover] > COVER_RANK[best]) best = layer.cover;
  }
  if (best !== null) return best;
  return metar.skyClear !== null || metar.cavok ? 'CLR' : null;
}

/** A decoded METAR as the map needs it; null (with the reason) when it cannot be placed on the map. */
function metarEntry(metar: Metar, lat: number, lon: number): MetarEntry | string {
  if (!STATION_ID.test(metar.station)) return `'${metar.station}' is not a station id`;
  if (metar.timeMs === null) return 'no observation time';
  if (metar.raw.length > 1000) return 'report longer than 1000 characters';
  const wind = metar.wind;
  return {
    id: metar.station,
    lat,
    lon,
    time: metar.timeMs,
    raw: metar.raw,
    cat: metar.flightCategory,
    wind: wind === null ? null : { dir: wind.directionDeg === null ? null : Math.min(360, Math.max(0, Math.round(wind.directionDeg))), kt: Math.max(0, wind.speedKt), gust: wind.gustKt === null ? null : Math.max(0, wind.gustKt) },
    visSm: metar.visibility === null ? null : Math.max(0, metar.visibility.statuteMiles),
    ceilingFt: metar.ceilingFtAgl === null ? null : Math.max(0, Math.round(metar.ceilingFtAgl)),
    cover: coverOf(metar),
  };
}

export function buildMetar(files: readonly WeatherFile[], stations: StationIndex): BuiltSnapshot {
  const tally = new Tally();
  const latest = new Map<string, MetarEntry>();
  const decoder = createMetarDecoder();
  const add = (file: WeatherFile, metar: Metar, lat: number | null, lon: number | null) => {
    const place = validLatLon(lat, lon) ? { lat, lon: lon! } : stations.position(metar.station);
    if (place === null) {
      tally.unknownStation(file.name, metar.station);
      return;
    }
    const entry = metarEntry(metar, place.lat, place.lon);
    if (typeof entry === 'string') {
      tally.malformed(file.name, metar.raw, entry);
      return;
    }
    const previous = latest.get(entry.id);
    if (previous === undefined || previous.time < entry.time) latest.set(entry.id, entry);
  };
  for (const file of files) {
    tally.stats.files += 1;
    if (file.kind === 'metar-csv') {
      const decoded = decodeAwcMetarCsv(file.text, file.referenceMs);
      tally.stats.reports += decoded.reportCount;
      // Reports with issues still go on the map with what did read; each is counted as malformed.
      tally.stats.malformed += decoded.failedReports;
      for (const issue of decoded.issues.slice(0, MAX_ISSUES)) tally.issue(file.name, issue.report, issue.reason);
      if (decoded.reportCount === 0 && decoded.issues.length > 0) tally.stats.malformed += 1;
      for (const row of decoded.rows) add(file, row.metar, row.lat, row.lon);
    } else if (file.kind === 'metar-json') {
      for (const item of parseJsonArray(file, tally)) {
        tally.stats.reports += 1;
        const raw = text(item.rawOb);
        if (raw === null) {
          tally.malformed(file.name, JSON.stringify(item).slice(0, 200), 'no rawOb');
          continue;
        }
        const decoded = decoder.decode(raw, { referenceMs: timeMs(item.obsTime) ?? timeMs(item.reportTime) ?? file.referenceMs });
        if (decoded.issues.length > 0) {
          tally.stats.malformed += 1;
          tally.issue(file.name, raw, decoded.issues.map((i) => i.reason).join('; '));
        }
        if (decoded.metar) add(file, decoded.metar, finite(item.lat), finite(item.lon));
      }
    }
  }
  const entries = [...latest.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return tally.done({ stations: entries }, entries.length);
}

// ---------------------------------------------------------------------------------------------
// TAF

export function buildTaf(files: readonly WeatherFile[], stations: StationIndex): BuiltSnapshot {
  const tally = new Tally();
  const latest = new Map<string, TafEntry>();
  const add = (file: WeatherFile, taf: Taf, lat: number | null, lon: number | null) => {
    if (taf.nil || taf.cancelled) return;
    if (!STATION_ID.test(taf.station)) {
      tally.malformed(file.name, taf.raw, `'${taf.station}' is not a station id`);
      return;
    }
    if (taf.raw.length > 4000) {
      tally.malformed(file.name, taf.raw, 'TAF longer than 4000 characters');
      return;
    }
    const place = validLatLon(lat, lon) ? { lat, lon: lon! } : stations.position(taf.station);
    if (place === null) tally.unknownStation(file.name, taf.station);
    const entry: TafEntry = {
      id: taf.station,
      lat: place?.lat ?? null,
      lon: place?.lon ?? null,
      issued: taf.issuedMs ?? taf.validFromMs,
      validFrom: taf.validFromMs,
      validTo: taf.validToMs,
      raw: taf.raw,
    };
    const previous = latest.get(entry.id);
    if (previous === undefined || previous.issued <= entry.issued) latest.set(entry.id, entry);
  };
  const one = (file: WeatherFile, raw: string, referenceMs: number, lat: number | null, lon: number | null) => {
    tally.stats.reports += 1;
    const decoded = decodeTaf(raw, { referenceMs });
    if (decoded.issues.length > 0) {
      tally.stats.malformed += 1;
      tally.issue(file.name, raw, decoded.issues.map((i) => i.reason).join('; '));
    }
    if (decoded.taf) add(file, decoded.taf, lat, lon);
  };
  for (const file of files) {
    tally.stats.files += 1;
    if (file.kind === 'taf-text') {
      const decoded = decodeTafProduct(file.text, file.referenceMs);
      tally.stats.reports += decoded.tafs.length;
      const failed = new Set(decoded.issues.map((i) => i.report));
      tally.stats.malformed += failed.size;
      for (const issue of decoded.issues) tally.issue(file.name, issue.report, issue.reason);
      for (const taf of decoded.tafs) add(file, taf, null, null);
    } else if (file.kind === 'taf-xml') {
      for (const field of xmlRecords(file.text, 'TAF')) {
        const raw = field('raw_text');
        if (raw === null) {
          tally.stats.reports += 1;
          tally.malformed(file.name, field('station_id') ?? '', 'TAF record without raw_text');
          continue;
        }
        one(file, raw, timeMs(field('issue_time')) ?? file.referenceMs, finite(field('latitude')), finite(field('longitude')));
      }
    } else if (file.kind === 'taf-json') {
      for (const item of parseJsonArray(file, tally)) {
        const raw = text(item.rawTAF);
        if (raw === null) {
          tally.stats.reports += 1;
          tally.malformed(file.name, JSON.stringify(item).slice(0, 200), 'no rawTAF');
          continue;
        }
        one(file, raw, timeMs(item.issueTime) ?? timeMs(item.bulletinTime) ?? file.referenceMs, finite(item.lat), finite(item.lon));
      }
    }
  }
  const entries = [...latest.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return tally.done({ tafs: entries }, entries.length);
}

// ---------------------------------------------------------------------------------------------
// PIREP

const INTENSITY_ORDER = ['NEG', 'SMTH', 'TRACE', 'LGT', 'LGT-MOD', 'MOD', 'MOD-SEV', 'SEV', 'SEV-EXTRM', 'EXTRM'] as const;
type Intensity = (typeof INTENSITY_ORDER)[number];

function strongest(layers: readonly { intensity: Intensity | null }[]): Intensity | null {
  let best: Intensity | null = null;
  for (const layer of layers) {
    if (layer.intensity === null) continue;
    if (best === null || INTENSITY_ORDER.indexOf(layer.intensity) > INTENSITY_ORDER.indexOf(best)) best = layer.intensity;
  }
  return best;
}

export function buildPirep(files: readonly WeatherFile[], stations: StationIndex): BuiltSnapshot {
  const tally = new Tally();
  const entries: PirepEntry[] = [];
  const seen = new Set<string>();
  const add = (file: WeatherFile, pirep: Pirep, lat: number | null, lon: number | null, fallbackTime: number | null) => {
    const place = validLatLon(lat, lon) ? { lat, lon: lon! } : pirep.position;
    if (place === null) {
      tally.malformed(file.name, pirep.raw, `no position: /OV ${pirep.location?.raw ?? '(none)'} names no known point`);
      return;
    }
    const time = pirep.timeMs ?? fallbackTime;
    if (time === null) {
      tally.malformed(file.name, pirep.raw, 'no time');
      return;
    }
    const raw = pirep.raw.slice(0, 2000);
    const key = `${time} ${raw}`;
    if (seen.has(key)) return;
    seen.add(key);
    entries.push({
      lat: place.lat,
      lon: place.lon,
      time,
      urgent: pirep.urgent,
      altFt: pirep.altitudeFt === null ? null : Math.round(pirep.altitudeFt),
      aircraft: pirep.aircraftType === null ? null : pirep.aircraftType.slice(0, 40),
      turb: strongest(pirep.turbulence),
      icing: strongest(pirep.icing),
      raw,
    });
  };
  const one = (file: WeatherFile, raw: string, referenceMs: number, lat: number | null, lon: number | null) => {
    tally.stats.reports += 1;
    const decoded = decodePirep(raw, { referenceMs, locate: stations.locate });
    if (decoded.issues.length > 0) tally.issue(file.name, raw, decoded.issues.map((i) => i.reason).join('; '));
    if (decoded.pirep === null) {
      tally.stats.malformed += 1;
      return;
    }
    add(file, decoded.pirep, lat, lon, referenceMs);
  };
  for (const file of files) {
    tally.stats.files += 1;
    if (file.kind === 'pirep-text') {
      const decoded = decodePirepProduct(file.text, file.referenceMs, stations.locate);
      tally.stats.reports += decoded.pireps.length;
      for (const issue of decoded.issues) tally.issue(file.name, issue.report, issue.reason);
      tally.stats.malformed += new Set(decoded.issues.map((i) => i.report)).size;
      for (const pirep of decoded.pireps) add(file, pirep, null, null, null);
    } else if (file.kind === 'pirep-csv') {
      for (const row of csvRows(file, 'raw_text')) {
        const raw = text(row.raw_text);
        if (raw === null) continue;
        one(file, raw, timeMs(row.observation_time) ?? file.referenceMs, finite(row.latitude), finite(row.longitude));
      }
    } else if (file.kind === 'pirep-json') {
      for (const item of parseJsonArray(file, tally)) {
        const raw = text(item.rawOb);
        if (raw === null) continue;
        one(file, raw, timeMs(item.obsTime) ?? timeMs(item.receiptTime) ?? file.referenceMs, finite(item.lat), finite(item.lon));
      }
    }
  }
  entries.sort((a, b) => a.time - b.time || (a.raw < b.raw ? -1 : a.raw > b.raw ? 1 : 0));
  return tally.done({ reports: entries }, entries.length);
}

// ---------------------------------------------------------------------------------------------
// Advisories (SIGMET, convective SIGMET and outlook, CWA, G-AIRMET)

type Ring = [number, number][];

function circle(lat: number, lon: number, radiusNm: number): Ring {
  const ring: Ring = [];
  for (let i = 0; i < 24; i += 1) {
    const p = geodesicDestination(lat, lon, i * 15, radiusNm);
    ring.push([p.lonDeg, p.latDeg]);
  }
  ring.push(ring[0]!);
  return ring;
}

/** A line widened by half its width to each side (sides offset at right angles to each leg). */
function corridor(points: readonly { lat: number; lon: number }[], widthNm: number): Ring {
  const half = widthNm / 2;
  const left: Ring = [];
  const right: Ring = [];
  points.forEach((point, i) => {
    const from = points[Math.max(0, i - 1)]!;
    const to = points[Math.min(points.length - 1, i + 1)]!;
    // Interior points: the direction from the previous to the next point, about the bisector.
    const course = geodesicInitialCourseDeg(from.lat, from.lon, to.lat, to.lon);
    const l = geodesicDestination(point.lat, point.lon, course - 90, half);
    const r = geodesicDestination(point.lat, point.lon, course + 90, half);
    left.push([l.lonDeg, l.latDeg]);
    right.push([r.lonDeg, r.latDeg]);
  });
  const ring = [...left, ...right.reverse()];
  ring.push(ring[0]!);
  return ring;
}

function closed(points: readonly { lat: number; lon: number }[]): Ring | null {
  const ring: Ring = points.map((p) => [p.lon, p.lat]);
  if (ring.length < 3) return null;
  const [first, last] = [ring[0]!, ring[ring.length - 1]!];
  if (first[0] !== last[0] || first[1] !== last[1]) ring.push([first[0], first[1]]);
  return ring.length >= 4 ? ring : null;
}

/** The advisory's area: its polygon, a line widened to its width, a point widened to its radius. */
export function advisoryRing(shape: 'polygon' | 'line' | 'point' | 'none', points: readonly { lat: number; lon: number }[], widthNm: number | null, radiusNm: number | null): Ring | null {
  const valid = points.filter((p) => validLatLon(p.lat, p.lon));
  if (valid.length !== points.length) return null;
  if (shape === 'polygon') return closed(valid);
  if (shape === 'line') {
    if (valid.length === 1) return circle(valid[0]!.lat, valid[0]!.lon, (widthNm ?? DEFAULT_LINE_WIDTH_NM) / 2);
    return valid.length >= 2 ? corridor(valid, widthNm ?? DEFAULT_LINE_WIDTH_NM) : null;
  }
  if (shape === 'point') return valid.length >= 1 ? circle(valid[0]!.lat, valid[0]!.lon, radiusNm ?? DEFAULT_POINT_RADIUS_NM) : null;
  return null;
}

function advisoryEntry(advisory: Advisory): AdvisoryEntry | string {
  const { geometry } = advisory;
  if (advisory.cancels !== null && geometry.shape === 'none') return `cancels ${advisory.cancels}`;
  if (geometry.points.some((p) => p.position === null)) {
    return `point ${geometry.points.find((p) => p.position === null)?.raw ?? ''} could not be placed`;
  }
  const ring = advisoryRing(geometry.shape, geometry.points.map((p) => p.position!), geometry.widthNm, geometry.radiusNm);
  if (ring === null) return `no area (${geometry.shape} with ${geometry.points.length} points)`;
  return {
    kind: advisory.kind,
    id: advisory.id.slice(0, 80) || advisory.kind,
    hazard: advisory.hazard.slice(0, 40),
    severity: advisory.severity,
    validFrom: advisory.validFromMs,
    validTo: advisory.validToMs,
    baseFt: advisory.baseFt === null ? null : Math.round(advisory.baseFt),
    topFt: advisory.topFt === null ? null : Math.round(advisory.topFt),
    baseIsFreezingLevel: advisory.baseIsFreezingLevel,
    polygon: ring,
    raw: advisory.text.slice(0, 8000),
  };
}

const JSON_HAZARDS: Readonly<Record<string, string>> = {
  CONVECTIVE: 'CONVECTION', CONV: 'CONVECTION', TS: 'CONVECTION', TURB: 'TURBULENCE', 'TURB-HI': 'TURBULENCE', 'TURB-LO': 'TURBULENCE',
  ICE: 'ICING', ICING: 'ICING', IFR: 'IFR', 'MTN OBSCN': 'MOUNTAIN_OBSCURATION', MT_OBSC: 'MOUNTAIN_OBSCURATION', LLWS: 'LLWS',
  SFC_WND: 'SURFACE_WIND', FZLVL: 'FREEZING_LEVEL', M_FZLVL: 'FREEZING_LEVEL', ASH: 'VOLCANIC_ASH', VA: 'VOLCANIC_ASH', TC: 'TROPICAL_CYCLONE',
  MTW: 'MOUNTAIN_WAVE', DS: 'DUST_SAND', SS: 'DUST_SAND',
};

/** `FL390`, `390` (hundreds), `SFC`, 12000 (feet) -> feet; null when unknown. */
function jsonLevelFt(value: unknown, hundreds: boolean): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return Math.round(hundreds && value < 1000 ? value * 100 : value);
  if (typeof value !== 'string') return null;
  const v = value.trim().toUpperCase();
  if (v === 'SFC' || v === 'SURFACE') return 0;
  const fl = /^FL(\d{2,3})$/.exec(v);
  if (fl) return Number(fl[1]) * 100;
  return /^\d+$/.test(v) ? jsonLevelFt(Number(v), hundreds) : null;
}

function jsonSeverity(value: unknown): AdvisoryEntry['severity'] {
  const v = typeof value === 'string' ? value.toUpperCase() : '';
  if (v.startsWith('LGT') || v === 'LIGHT') return 'LGT';
  if (v.startsWith('MOD')) return 'MOD';
  if (v.startsWith('SEV')) return 'SEV';
  if (v.startsWith('EXTR')) return 'EXTRM';
  return null;
}

/** Advisories of the Data API's JSON forms (airsigmet, isigmet, gairmet, cwa): one area each. */
function jsonAdvisories(file: WeatherFile, tally: Tally): AdvisoryEntry[] {
  const out: AdvisoryEntry[] = [];
  for (const item of parseJsonArray(file, tally)) {
    tally.stats.reports += 1;
    const coords = Array.isArray(item.coords) ? item.coords : [];
    const points = coords.flatMap((c: unknown) => {
      const o = c as Record<string, unknown>;
      const lat = finite(o.lat);
      const lon = finite(o.lon);
      return lat === null || lon === null ? [] : [{ lat, lon }];
    });
    const raw = text(item.rawAirSigmet) ?? text(item.rawSigmet) ?? text(item.cwaText) ?? text(item.rawText) ?? '';
    const hazardText = String(item.hazard ?? '').toUpperCase();
    const hazard = JSON_HAZARDS[hazardText] ?? (hazardText === '' ? 'OTHER' : hazardText.slice(0, 40));
    let kind: AdvisoryEntry['kind'];
    let id: string;
    let validFrom = timeMs(item.validTimeFrom);
    let validTo = timeMs(item.validTimeTo);
    let baseFt: number | null;
    let topFt: number | null;
    let baseIsFreezingLevel = false;
    if (file.kind === 'airsigmet-json') {
      const type = String(item.airSigmetType ?? '').toUpperCase();
      if (type === 'AIRMET') continue; // text AIRMETs (Alaska, Hawaii): no kind in the snapshot; G-AIRMETs cover the lower 48
      kind = type === 'OUTLOOK' ? 'CONVECTIVE_OUTLOOK' : hazard === 'CONVECTION' ? 'CONVECTIVE_SIGMET' : 'SIGMET';
      id = [item.icaoId, item.alphaChar, item.seriesId].filter((p) => p !== undefined && p !== null && p !== '').join(' ') || String(item.airSigmetId ?? 'SIGMET');
      baseFt = jsonLevelFt(item.altitudeLow1, false);
      topFt = jsonLevelFt(item.altitudeHi1 ?? item.altitudeHi2, false);
    } else if (file.kind === 'isigmet-json') {
      kind = 'SIGMET';
      id = [item.firId, item.seriesId].filter((p) => p !== undefined && p !== null && p !== '').join(' ') || 'SIGMET';
      baseFt = jsonLevelFt(item.base, false);
      topFt = jsonLevelFt(item.top, false);
    } else if (file.kind === 'cwa-json') {
      kind = 'CWA';
      id = [item.cwsu, 'CWA', item.seriesId].filter((p) => p !== undefined && p !== null && p !== '').join(' ');
      baseFt = jsonLevelFt(item.base, true);
      topFt = jsonLevelFt(item.top, true);
    } else {
      kind = 'G_AIRMET';
      const at = timeMs(item.validTime);
      validFrom = at;
      validTo = at;
      id = [item.hazard, item.tag, item.forecastHour === undefined ? undefined : `F${String(item.forecastHour).padStart(2, '0')}`].filter((p) => p !== undefined && p !== null && p !== '').join(' ');
      baseIsFreezingLevel = String(item.base ?? '').toUpperCase() === 'FZL';
      baseFt = baseIsFreezingLevel ? null : jsonLevelFt(item.base, true);
      topFt = jsonLevelFt(item.top, true);
    }
    const lineLike = String(item.geometryType ?? '').toUpperCase() === 'LINE';
    const ring = advisoryRing(lineLike ? 'line' : points.length === 1 ? 'point' : 'polygon', points, null, null);
    if (ring === null) {
      tally.malformed(file.name, raw || id, `no area (${points.length} coordinates)`);
      continue;
    }
    out.push({ kind, id: id.slice(0, 80) || kind, hazard, severity: jsonSeverity(item.severity), validFrom, validTo, baseFt, topFt, baseIsFreezingLevel, polygon: ring, raw: raw.slice(0, 8000) });
  }
  return out;
}

export function buildAirmet(files: readonly WeatherFile[], stations: StationIndex): BuiltSnapshot {
  const tally = new Tally();
  const byKey = new Map<string, AdvisoryEntry>();
  const keep = (entry: AdvisoryEntry) => byKey.set(`${entry.kind}|${entry.id}|${entry.validFrom}|${entry.validTo}|${JSON.stringify(entry.polygon[0])}`, entry);
  for (const file of files) {
    tally.stats.files += 1;
    if (file.kind === 'sigmet-text' || file.kind === 'gairmet-xml') {
      const decoded = file.kind === 'sigmet-text' ? decodeAdvisoryProduct(file.text, file.referenceMs, stations.locate) : decodeGairmetXml(file.text);
      tally.stats.reports += decoded.advisories.length;
      for (const issue of decoded.issues) tally.issue(file.name, issue.report, issue.reason);
      for (const advisory of decoded.advisories) {
        const entry = advisoryEntry(advisory);
        if (typeof entry === 'string') {
          // A cancellation is no area to draw, not a malformed report.
          if (advisory.cancels === null) tally.malformed(file.name, advisory.text || advisory.id, entry);
          continue;
        }
        keep(entry);
      }
    } else {
      for (const entry of jsonAdvisories(file, tally)) keep(entry);
    }
  }
  const entries = [...byKey.values()].sort((a, b) => (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : (a.validFrom ?? 0) - (b.validFrom ?? 0)));
  return tally.done({ advisories: entries }, entries.length);
}

// ---------------------------------------------------------------------------------------------
// FB winds aloft

/**
 * The bulletins of one text: the Data API's windtemp answer for a region of `all` holds several,
 * each starting `(Extracted from FBxxnn KWNO ddhhmm)`; an NWS product file holds one (its WMO heading).
 */
export function fbBlocks(text: string): string[] {
  const lines = text.split(/\r?\n/);
  const starts = lines.flatMap((line, i) => (/^\(Extracted from FB/.test(line.trim()) || /^FB[A-Z]{2}\d{1,2} [A-Z]{4} \d{6}/.test(line.trim()) ? [i] : []));
  if (starts.length <= 1) return [text];
  return starts.map((start, k) => lines.slice(start, starts[k + 1] ?? lines.length).join('\n'));
}

/** The Data API's windtemp text starts `(Extracted from FBUS31 KWNO 251358)`: made the WMO heading line. */
export function normaliseFbText(text: string): string {
  return text.replace(/^[ \t]*\(Extracted from (\S+) (\S+) (\d{6})\)/m, '$1 $2 $3').trim();
}

export function buildFbo(files: readonly WeatherFile[]): BuiltSnapshot {
  const tally = new Tally();
  const latest = new Map<string, FbBulletinEntry & { issuedMs: number }>();
  for (const file of files) {
    tally.stats.files += 1;
    for (const block of fbBlocks(file.text)) addBulletin(file, block);
  }
  function addBulletin(file: WeatherFile, text: string): void {
    tally.stats.reports += 1;
    const raw = normaliseFbText(text);
    const decoded = decodeFbBulletin(raw);
    for (const issue of decoded.issues.slice(0, 5)) tally.issue(file.name, `line ${issue.line}`, issue.message);
    const { bulletin } = decoded;
    // The text has day and time only; a date in the file name (…_2026-01-31_…, …_2019-09_…) or the file's time gives month and year.
    const named = /(\d{4})-(\d{2})(?:-(\d{2}))?/.exec(file.name.split('/').pop() ?? '');
    const stamp = bulletin.issued ?? bulletin.basedOn;
    const referenceMs = named ? Date.UTC(Number(named[1]), Number(named[2]) - 1, named[3] ? Number(named[3]) : stamp?.day ?? 15, 12) : file.referenceMs;
    const based = bulletin.basedOn ? resolveDayTime(bulletin.basedOn.day, bulletin.basedOn.hour, bulletin.basedOn.minute, referenceMs) : null;
    const valid = bulletin.validTime ? resolveDayTime(bulletin.validTime.day, bulletin.validTime.hour, bulletin.validTime.minute, referenceMs) : null;
    const issuedMs = (stamp ? resolveDayTime(stamp.day, stamp.hour, stamp.minute, referenceMs) : null) ?? based;
    const hours = based !== null && valid !== null ? Math.round((valid - based) / 3_600_000) : null;
    if (decoded.stations.length === 0 || issuedMs === null || (hours !== 6 && hours !== 12 && hours !== 24)) {
      tally.malformed(file.name, raw.slice(0, 120), decoded.stations.length === 0 ? 'no station rows' : `no 6, 12 or 24 hour forecast (DATA BASED ON / VALID give ${hours ?? 'nothing'})`);
      return;
    }
    if (raw.length > 200_000) {
      tally.malformed(file.name, raw.slice(0, 120), 'bulletin longer than 200,000 characters');
      return;
    }
    const issued = new Date(issuedMs);
    const entry = { forecastHours: hours as 6 | 12 | 24, year: issued.getUTCFullYear(), month: issued.getUTCMonth() + 1, raw, issuedMs };
    const key = `${bulletin.product || file.name}|${hours}`;
    const previous = latest.get(key);
    if (previous === undefined || previous.issuedMs <= issuedMs) latest.set(key, entry);
  }
  const entries: FbBulletinEntry[] = [...latest.values()]
    .sort((a, b) => a.forecastHours - b.forecastHours || (a.raw < b.raw ? -1 : a.raw > b.raw ? 1 : 0))
    .map(({ forecastHours, year, month, raw }) => ({ forecastHours, year, month, raw }));
  return tally.done({ bulletins: entries }, entries.length);
}

// ---------------------------------------------------------------------------------------------
// Station list

const FEET_PER_METRE = 3.28084;

export function buildStations(files: readonly WeatherFile[]): BuiltSnapshot {
  const tally = new Tally();
  const byId = new Map<string, WeatherStation>();
  for (const file of files) {
    tally.stats.files += 1;
    for (const item of parseJsonArray(file, tally)) {
      tally.stats.reports += 1;
      const id = [item.icaoId, item.id, item.faaId].map((v) => (typeof v === 'string' ? v.trim().toUpperCase() : '')).find((v) => STATION_ID.test(v));
      const lat = finite(item.lat);
      const lon = finite(item.lon);
      if (id === undefined || !validLatLon(lat, lon)) {
        // Buoys and ships with numeric ids of 5+ digits are fine to leave out; anything without a place is counted.
        if (id === undefined && validLatLon(lat, lon)) continue;
        tally.malformed(file.name, JSON.stringify(item).slice(0, 200), id === undefined ? 'no usable station id' : 'no valid position');
        continue;
      }
      if (byId.has(id)) continue;
      const siteType = Array.isArray(item.siteType) ? item.siteType.map(String) : [];
      const elev = finite(item.elev);
      byId.set(id, {
        id,
        lat,
        lon: lon!,
        elevFt: elev === null ? null : Math.round(elev * FEET_PER_METRE),
        name: (text(item.site) ?? '').slice(0, 120),
        metar: siteType.includes('METAR'),
        taf: siteType.includes('TAF'),
      });
    }
  }
  const entries = [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return tally.done({ stations: entries }, entries.length);
}

/** The snapshot content of a type from its files. */
export function buildSnapshot(type: WeatherProductType, files: readonly WeatherFile[], stations: StationIndex): BuiltSnapshot {
  switch (type) {
    case 'metar':
      return buildMetar(files, stations);
    case 'taf':
      return buildTaf(files, stations);
    case 'pirep':
      return buildPirep(files, stations);
    case 'airmet':
      return buildAirmet(files, stations);
    case 'fbo':
      return buildFbo(files);
    case 'stations':
      return buildStations(files);
  }
}
