// METAR/SPECI decoding: metar-taf-parser reads the present-weather groups; Clearway reads the
// fixed-format groups itself (wind, visibility, cloud layers, temperature with the remarks' T group,
// altimeter), checks every group, and computes the flight category. metar-taf-parser read wind and
// altimeter groups too at first, but it tries every group as weather with two dozen regular
// expressions built per call: 1,625 distinct wind groups cost more than the rest of the decode.
import { parseMetar } from 'metar-taf-parser';
import {
  STATION,
  TIME,
  WIND,
  WIND_SECTOR,
  VIS_SM,
  VIS_WHOLE,
  VIS_FRACTION,
  VIS_METRIC,
  VIS_DIRECTIONAL,
  CLOUD,
  CLOUD_TYPE_ONLY,
  WEATHER,
  TEMPERATURE,
  ALTIMETER,
  OTHER,
  TREND,
  celsius,
  roundTo,
  weatherFromLibrary,
  tokens,
  metricVisibility,
  normaliseReport,
} from './groups.js';
export { normaliseReport } from './groups.js';
import {
  ceilingFt,
  flightCategory,
  HPA_PER_INHG,
  KNOTS_PER_KMH,
  KNOTS_PER_MPS,
  issue,
  parseStatuteMiles,
  resolveDayTime,
  type CloudLayer,
  type FlightCategory,
  type Visibility,
  type WeatherPhenomenon,
  type Wind,
  type WxIssue,
} from './wxCommon.js';

export interface Altimeter {
  readonly inHg: number;
  readonly hPa: number;
}

export interface Metar {
  /** The report as received (whitespace collapsed, trailing `=` removed). */
  readonly raw: string;
  readonly station: string;
  readonly kind: 'METAR' | 'SPECI';
  /** Observation time (ms since epoch); null when the time group does not read. */
  readonly timeMs: number | null;
  readonly auto: boolean;
  readonly corrected: boolean;
  /** `NIL`: the station sent no observation. */
  readonly nil: boolean;
  readonly wind: Wind | null;
  readonly visibility: Visibility | null;
  readonly cavok: boolean;
  readonly clouds: readonly CloudLayer[];
  /** CLR / SKC / NSC / NCD when the report says the sky has no cloud to report. */
  readonly skyClear: 'CLR' | 'SKC' | 'NSC' | 'NCD' | null;
  readonly verticalVisibilityFt: number | null;
  /** Lowest BKN/OVC layer or vertical visibility, feet AGL. */
  readonly ceilingFtAgl: number | null;
  readonly weather: readonly WeatherPhenomenon[];
  readonly altimeter: Altimeter | null;
  /** From the body (whole degrees), or to a tenth from the remarks' T group when present. */
  readonly temperatureC: number | null;
  readonly dewPointC: number | null;
  /** Trend groups (`NOSIG`, `TEMPO ...`, `BECMG ...`) as text. */
  readonly trend: string | null;
  /** Everything after `RMK`, as text. */
  readonly remarks: string | null;
  /** Clearway's own category (see `flightCategory`); null without a visibility. */
  readonly flightCategory: FlightCategory | null;
}

export interface MetarDecodeResult {
  /** null when not even a station id reads. */
  readonly metar: Metar | null;
  readonly issues: readonly WxIssue[];
}

export interface MetarDecodeOptions {
  /** A time near the observation (e.g. when the file was fetched); fixes its month and year. */
  readonly referenceMs: number;
}

/** What metar-taf-parser read from one present-weather group; null when it read nothing. */
type GroupReading = readonly WeatherPhenomenon[];

/** Shared by reports with no cloud layer or no weather (most of them): fewer objects to collect. */
const NONE: readonly never[] = Object.freeze([]);

function readGroupWithLibrary(group: string): GroupReading | null {
  try {
    const r = parseMetar(`XXXX 010000Z ${group}`);
    return r.weatherConditions.length > 0 ? weatherFromLibrary(r.weatherConditions) : null;
  } catch {
    return null;
  }
}

/** `29012G20KT`, `VRB03KT`, `22004MPS`, `18010KMH` with the `dddVddd` sector. */
function windFrom(m: RegExpExecArray, sector: RegExpExecArray | null): Wind {
  const factor = m[4] === 'MPS' ? KNOTS_PER_MPS : m[4] === 'KMH' ? KNOTS_PER_KMH : 1;
  const variable = m[1] === 'VRB';
  return {
    directionDeg: variable ? null : Number(m[1]),
    variable,
    speedKt: Math.round(Number(m[2]) * factor),
    gustKt: m[3] === undefined ? null : Math.round(Number(m[3]) * factor),
    variableFromDeg: sector ? Number(sector[1]) : null,
    variableToDeg: sector ? Number(sector[2]) : null,
  };
}

/**
 * A METAR decoder that remembers what metar-taf-parser read from each present-weather group (it
 * builds two dozen regular expressions per group, and a file repeats the same few dozen groups).
 * Use one per batch (a file, a snapshot) or keep one: it holds at most 5,000 groups.
 * `decodeMetar` makes a fresh one per call.
 */
export interface MetarDecoder {
  decode(text: string, options: MetarDecodeOptions): MetarDecodeResult;
}

export function createMetarDecoder(): MetarDecoder {
  const cache = new Map<string, GroupReading | null>();
  const readGroup = (g: string): GroupReading | null => {
    let r = cache.get(g);
    if (r === undefined) {
      r = readGroupWithLibrary(g);
      if (cache.size >= 5000) cache.clear();
      cache.set(g, r);
    }
    return r;
  };
  return { decode: (text, options) => decodeMetarWith(text, options, readGroup) };
}

/**
 * Decodes one METAR or SPECI. Never throws: groups it cannot read are returned as issues with
 * their offset in the normalised report.
 */
export function decodeMetar(text: string, options: MetarDecodeOptions): MetarDecodeResult {
  return decodeMetarWith(text, options, readGroupWithLibrary);
}

function decodeMetarWith(text: string, options: MetarDecodeOptions, readGroup: (g: string) => GroupReading | null): MetarDecodeResult {
  const issues: WxIssue[] = [];
  let raw: string;
  try {
    raw = normaliseReport(String(text));
  } catch {
    return { metar: null, issues: [issue(String(text), null, 'not text')] };
  }
  const toks = tokens(raw);
  let i = 0;
  let kind: Metar['kind'] = 'METAR';
  if (toks[i]?.t === 'METAR' || toks[i]?.t === 'SPECI') {
    kind = toks[i]!.t as Metar['kind'];
    i++;
  }
  if (toks[i]?.t === 'COR') i++;
  const stationTok = toks[i];
  if (!stationTok || !STATION.test(stationTok.t)) {
    issues.push(issue(raw, stationTok?.at ?? 0, stationTok ? `'${stationTok.t}' is not a station id` : 'empty report'));
    return { metar: null, issues };
  }
  const station = stationTok.t;
  i++;
  let timeMs: number | null = null;
  const timeTok = toks[i];
  const tm = timeTok ? TIME.exec(timeTok.t) : null;
  if (tm && timeTok) {
    timeMs = resolveDayTime(Number(tm[1]), Number(tm[2]), Number(tm[3]), options.referenceMs);
    if (timeMs === null) issues.push(issue(raw, timeTok.at, `'${timeTok.t}' is not a valid day and time`));
    i++;
  } else {
    issues.push(issue(raw, timeTok?.at ?? raw.length, timeTok ? `'${timeTok.t}' is not a DDHHMMZ time` : 'no observation time'));
    if (timeTok && timeTok.t.endsWith('Z') && /\d/.test(timeTok.t)) i++;
  }

  let auto = false;
  let corrected = false;
  let nil = false;
  let windGroup: RegExpExecArray | null = null;
  let altimeter: Altimeter | null = null;
  let sector: RegExpExecArray | null = null;
  let visibility: Visibility | null = null;
  let cavok = false;
  const clouds: CloudLayer[] = [];
  let skyClear: Metar['skyClear'] = null;
  let trendAt = -1;
  let remarksAt = -1;
  let pendingWhole: { t: string; at: number } | null = null;
  let temperatureC: number | null = null;
  let dewPointC: number | null = null;
  /** The groups metar-taf-parser reads (wind, weather, temperature, altimeter), after station and time. */
  const forLibrary: { t: string; at: number }[] = [];

  for (; i < toks.length; i++) {
    const { t, at } = toks[i]!;
    if (t === 'RMK') {
      remarksAt = at;
      break;
    }
    if (TREND.test(t)) {
      trendAt = at;
      // The trend runs to RMK; its groups describe the future, not the observation.
      const rmk = raw.indexOf(' RMK', at);
      if (rmk >= 0) remarksAt = rmk + 1;
      break;
    }
    if (pendingWhole && !VIS_FRACTION.test(t)) {
      issues.push(issue(raw, pendingWhole.at, `'${pendingWhole.t}' is not followed by a fraction of a statute mile`));
      pendingWhole = null;
    }
    if (t === 'AUTO') auto = true;
    else if (t === 'COR' || t === 'CCA' || t === 'CCB') corrected = true;
    else if (t === 'NIL') nil = true;
    else if (WIND.test(t)) {
      // `/////KT`, `///05KT`: wind not (fully) observed, no wind reported.
      if (!t.includes('/') && windGroup === null) windGroup = WIND.exec(t);
    } else if (WIND_SECTOR.test(t)) sector = WIND_SECTOR.exec(t);
    else if (t === 'CAVOK') {
      cavok = true;
      visibility = metricVisibility(9999, t);
    } else if (VIS_WHOLE.test(t) && visibility === null && toks[i + 1] && VIS_FRACTION.test(toks[i + 1]!.t)) {
      pendingWhole = { t, at };
    } else if (VIS_SM.test(t) && visibility === null) {
      const text2 = pendingWhole ? `${pendingWhole.t} ${t.slice(0, -2)}` : t.slice(0, -2);
      const sm = parseStatuteMiles(text2);
      if (sm) visibility = { statuteMiles: sm.miles, qualifier: sm.qualifier, raw: pendingWhole ? `${pendingWhole.t} ${t}` : t };
      else issues.push(issue(raw, pendingWhole?.at ?? at, `'${t}' is not a visibility`));
      pendingWhole = null;
    } else if (VIS_METRIC.test(t) && visibility === null) {
      visibility = metricVisibility(Number(t.slice(0, 4)), t);
    } else if (VIS_DIRECTIONAL.test(t)) {
      // Minimum visibility with its direction (ICAO): the prevailing visibility decides.
    } else if (CLOUD.test(t) || CLOUD_TYPE_ONLY.test(t)) {
      const m = CLOUD.exec(t) ?? ['', '///', '///', t.slice(3)];
      const cover = m[1] === '///' ? 'UNKNOWN' : (m[1] as CloudLayer['cover']);
      clouds.push({ cover, baseFtAgl: m[2] === '///' ? null : Number(m[2]) * 100, cloudType: m[3] && m[3] !== '///' ? m[3] : null });
    } else if (t === 'CLR' || t === 'SKC' || t === 'NSC' || t === 'NCD') skyClear = t;
    else if (TEMPERATURE.test(t)) {
      const m = TEMPERATURE.exec(t)!;
      if (temperatureC === null) {
        temperatureC = celsius(m[1]!);
        dewPointC = m[2] === undefined ? null : celsius(m[2]);
      }
    } else if (ALTIMETER.test(t)) {
      if (altimeter === null) {
        const v = Number(t.slice(1));
        altimeter = t.startsWith('A') ? { inHg: v / 100, hPa: roundTo((v / 100) * HPA_PER_INHG, 1) } : { inHg: roundTo(v / HPA_PER_INHG, 2), hPa: v };
      }
    } else if (t.length > 0 && WEATHER.test(t) && t !== '-' && t !== '+') {
      // Present weather, read by metar-taf-parser below; recent weather (RE..) is kept as text.
      if (!t.startsWith('RE')) forLibrary.push({ t, at });
    } else if (OTHER.some((re) => re.test(t))) {
      // Kept in the report text only.
    } else {
      issues.push(issue(raw, at, `unrecognised group '${t}'`));
    }
  }
  if (pendingWhole) issues.push(issue(raw, pendingWhole.at, `'${pendingWhole.t}' is not followed by a fraction of a statute mile`));

  // metar-taf-parser reads the present-weather groups, one at a time (see MetarDecoder).
  let weather: readonly WeatherPhenomenon[] = NONE;
  for (const g of forLibrary) {
    const r = readGroup(g.t);
    if (r === null) issues.push(issue(raw, g.at, `metar-taf-parser could not read '${g.t}'`));
    else weather = weather.length === 0 ? r : [...weather, ...r];
  }

  // The remarks' T group (T01170017) gives temperature and dew point to a tenth of a degree.
  const remarks = remarksAt >= 0 ? raw.slice(remarksAt + 3).trim() : null;
  const tGroup = remarks === null ? null : /(?:^|\s)T([01])(\d{3})(?:([01])(\d{3})|\/{4})?(?=\s|$)/.exec(remarks);
  if (tGroup) {
    temperatureC = (tGroup[1] === '1' ? -1 : 1) * Number(tGroup[2]) / 10;
    if (tGroup[4] !== undefined) dewPointC = (tGroup[3] === '1' ? -1 : 1) * Number(tGroup[4]) / 10;
  }
  const verticalVisibilityFt = clouds.find((c) => c.cover === 'VV')?.baseFtAgl ?? null;
  const ceiling = ceilingFt(clouds);
  const metar: Metar = {
    raw,
    station,
    kind,
    timeMs,
    auto,
    corrected,
    nil,
    wind: windGroup ? windFrom(windGroup, sector) : null,
    visibility,
    cavok,
    clouds: clouds.length === 0 ? NONE : clouds,
    skyClear,
    verticalVisibilityFt,
    ceilingFtAgl: ceiling,
    weather,
    altimeter,
    temperatureC,
    dewPointC,
    trend: trendAt >= 0 ? raw.slice(trendAt, remarksAt >= 0 ? remarksAt : raw.length).trim() : null,
    remarks,
    flightCategory: nil ? null : flightCategory(ceiling, visibility?.statuteMiles ?? null),
  };
  return { metar, issues };
}
