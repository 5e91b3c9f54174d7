// TAF decoding: metar-taf-parser splits the forecast into its change groups (FM, BECMG, TEMPO,
// PROB30/40, INTER) with their validity, wind and weather; Clearway reads visibility and cloud
// layers itself (as in METARs), gives every period real times, and resolves "conditions at time T".
// TAFs in the pre-2008 format (validity 061918, FM1200, TEMPO 1904) are rewritten into the current
// one (0619/0718, FM061200, TEMPO 0619/0704) before parsing.
import { splitNwsProduct, splitReports } from './nwsText.js';
import { parseTAF, type IAbstractWeatherContainer, type ITAF } from 'metar-taf-parser';
import {
  CLOUD,
  CLOUD_TYPE_ONLY,
  metricVisibility,
  normaliseReport,
  tokens,
  VIS_FRACTION,
  VIS_METRIC,
  VIS_SM,
  VIS_WHOLE,
  weatherFromLibrary,
  WEATHER,
  WIND,
  windFromLibrary,
} from './groups.js';
import {
  ceilingFt,
  flightCategory,
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

/** The elements a period states; an element it leaves out is `undefined` (carried over). */
export interface TafElements {
  readonly wind?: Wind;
  readonly visibility?: Visibility;
  readonly cavok?: boolean;
  /** Cloud layers; `[]` with `skyClear` for SKC/NSC/CAVOK. */
  readonly clouds?: readonly CloudLayer[];
  readonly skyClear?: 'SKC' | 'NSC' | 'CLR' | 'NCD' | null;
  /** Weather; `[]` for NSW (no significant weather). */
  readonly weather?: readonly WeatherPhenomenon[];
}

/** Conditions in force: every element resolved, with ceiling and Clearway's flight category. */
export interface TafConditions {
  readonly wind: Wind | null;
  readonly visibility: Visibility | null;
  readonly cavok: boolean;
  readonly clouds: readonly CloudLayer[];
  readonly skyClear: 'SKC' | 'NSC' | 'CLR' | 'NCD' | null;
  readonly weather: readonly WeatherPhenomenon[];
  readonly ceilingFtAgl: number | null;
  readonly flightCategory: FlightCategory | null;
}

export type TafPeriodKind = 'BASE' | 'FM' | 'BECMG' | 'TEMPO' | 'PROB' | 'INTER';

export interface TafPeriod {
  readonly kind: TafPeriodKind;
  /** 30 or 40 for PROB groups (PROB30 TEMPO is kind TEMPO with probability 30). */
  readonly probability: number | null;
  readonly startMs: number;
  /** FM: the next FM or the end of the TAF; BECMG: the end of the change window. */
  readonly endMs: number;
  readonly raw: string;
  readonly elements: TafElements;
}

export interface Taf {
  readonly raw: string;
  readonly station: string;
  readonly issuedMs: number | null;
  readonly validFromMs: number;
  readonly validToMs: number;
  readonly amended: boolean;
  readonly corrected: boolean;
  readonly cancelled: boolean;
  readonly nil: boolean;
  /** BASE first, then the change groups in the order written. */
  readonly periods: readonly TafPeriod[];
  readonly remarks: string | null;
}

export interface TafDecodeResult {
  readonly taf: Taf | null;
  readonly issues: readonly WxIssue[];
}

export interface TafDecodeOptions {
  /** A time near the issue time (e.g. the bulletin's WMO header time); fixes month and year. */
  readonly referenceMs: number;
}

/** Groups a TAF may carry that Clearway keeps only in the text. */
const TAF_OTHER = [
  /^WS\d{3}\/\d{5}KT$/, // low-level wind shear
  /^QNH\d{4}INS$/, // military lowest altimeter
  /^T[XNM]M?\d{2}\/\d{2,4}Z$/, // max / min temperature
  /^[56][\dX]\d{4}$/, // icing (6), turbulence (5)
  /^\d{3}V\d{3}$/, /^NSW$/, /^AUTO$/, /^COR$/, /^AMD$/,
];

/** Where a group first occurs in the report (TAF groups are placed by text, since old TAFs are rewritten). */
function locate(report: string, group: string): number | null {
  const at = ` ${report} `.indexOf(` ${group} `);
  return at >= 0 ? at : null;
}

function readElements(text: string, base: boolean, library: IAbstractWeatherContainer, report: string, issues: WxIssue[]): TafElements {
  const out: { -readonly [K in keyof TafElements]: TafElements[K] } = {};
  const toks = tokens(text);
  const clouds: CloudLayer[] = [];
  let weatherGiven = false;
  let windRaw: string | null = null;
  for (let i = 0; i < toks.length; i++) {
    const { t } = toks[i]!;
    if (i === 0 && !base) continue; // FM251600, BECMG, TEMPO, PROB30
    if (!base && i <= 2 && (/^\d{4}\/\d{4}$/.test(t) || t === 'TEMPO' || t === 'INTER')) continue;
    if (WIND.test(t)) windRaw = t.includes('/') ? null : t;
    else if (t === 'CAVOK') {
      out.cavok = true;
      out.visibility = metricVisibility(9999, t);
      out.skyClear = null;
    } else if (VIS_WHOLE.test(t) && toks[i + 1] && VIS_FRACTION.test(toks[i + 1]!.t)) {
      const sm = parseStatuteMiles(`${t} ${toks[i + 1]!.t.slice(0, -2)}`);
      if (sm) out.visibility = { statuteMiles: sm.miles, qualifier: sm.qualifier, raw: `${t} ${toks[i + 1]!.t}` };
      i++;
    } else if (VIS_SM.test(t)) {
      const sm = parseStatuteMiles(t.slice(0, -2));
      if (sm) out.visibility = { statuteMiles: sm.miles, qualifier: sm.qualifier, raw: t };
      else issues.push(issue(report, locate(report, t), `'${t}' is not a visibility`));
    } else if (VIS_METRIC.test(t)) out.visibility = metricVisibility(Number(t.slice(0, 4)), t);
    else if (CLOUD.test(t) || CLOUD_TYPE_ONLY.test(t)) {
      const m = CLOUD.exec(t) ?? ['', '///', '///', t.slice(3)];
      clouds.push({ cover: m[1] === '///' ? 'UNKNOWN' : (m[1] as CloudLayer['cover']), baseFtAgl: m[2] === '///' ? null : Number(m[2]) * 100, cloudType: m[3] && m[3] !== '///' ? m[3] : null });
    } else if (t === 'SKC' || t === 'NSC' || t === 'CLR' || t === 'NCD') out.skyClear = t;
    else if (t === 'NSW') {
      weatherGiven = true;
    } else if (WEATHER.test(t) && t !== '-' && t !== '+') weatherGiven = true;
    else if (TAF_OTHER.some((re) => re.test(t))) {
      // kept in the text
    } else issues.push(issue(report, locate(report, t), `unrecognised group '${t}'`));
  }
  if (clouds.length > 0 || out.skyClear !== undefined || out.cavok) {
    out.clouds = clouds;
    if (out.skyClear === undefined) out.skyClear = null;
  }
  if (windRaw !== null) {
    const w = windFromLibrary(library.wind, windRaw, null);
    if (w) out.wind = w;
  }
  if (weatherGiven) out.weather = weatherFromLibrary(library.weatherConditions);
  return out;
}

/**
 * Pre-2008 TAFs: validity DDHHHH, FMHHMM, BECMG/TEMPO/PROB HHHH, and sometimes no issue time.
 * Rewrites them into the current format; returns null when the TAF is already current.
 */
function modernise(toks: string[], stationAt: number, headerDay: number | null): string[] | null {
  let i = stationAt + 1;
  const out = toks.slice(0, i);
  let issueDay: number | null = null;
  if (/^\d{6}Z$/.test(toks[i] ?? '')) {
    issueDay = Number(toks[i]!.slice(0, 2));
    out.push(toks[i]!);
    i++;
  }
  const v = /^(\d{2})(\d{2})(\d{2})$/.exec(toks[i] ?? '');
  if (!v) return null;
  const day = Number(v[1]);
  const startHour = Number(v[2]);
  const endHour = Number(v[3]);
  if (issueDay === null) {
    // No issue time: take the WMO header's day, else the validity start, one hour before.
    const d = headerDay ?? day;
    out.push(`${String(d).padStart(2, '0')}${String(Math.max(0, startHour - 1)).padStart(2, '0')}00Z`);
  }
  let cursorDay = day;
  let cursorHour = startHour;
  const dayFor = (hour: number): number => {
    // The first day at or after the cursor with that hour.
    if (hour < cursorHour) cursorDay = nextDay(cursorDay);
    cursorHour = hour;
    return cursorDay;
  };
  const pad = (n: number) => String(n).padStart(2, '0');
  const endDay = endHour <= startHour || endHour === 24 ? nextDay(day) : day;
  out.push(`${pad(day)}${pad(startHour)}/${pad(endHour === 24 && endDay !== day ? endDay : endDay)}${pad(endHour === 24 ? 0 : endHour)}`);
  i++;
  for (; i < toks.length; i++) {
    const t = toks[i]!;
    const fm = /^FM(\d{2})(\d{2})$/.exec(t);
    const span = /^(\d{2})(\d{2})$/.exec(t);
    const prev = out[out.length - 1] ?? '';
    if (fm) {
      const d = dayFor(Number(fm[1]));
      out.push(`FM${pad(d)}${fm[1]}${fm[2]}`);
    } else if (span && /^(BECMG|TEMPO|INTER|PROB\d{2})$/.test(prev)) {
      const h1 = Number(span[1]);
      const h2 = Number(span[2]);
      const saveDay = cursorDay;
      const saveHour = cursorHour;
      const d1 = dayFor(h1);
      const d2 = h2 <= h1 || h2 === 24 ? nextDay(d1) : d1;
      // Change groups may overlap; only FM groups move the cursor for good.
      cursorDay = saveDay;
      cursorHour = saveHour;
      if (d1 !== saveDay || h1 >= saveHour) {
        cursorDay = d1;
        cursorHour = h1;
      }
      out.push(`${pad(d1)}${pad(h1)}/${pad(d2)}${pad(h2 === 24 ? 0 : h2)}`);
    } else out.push(t);
  }
  return out;
}

function nextDay(day: number): number {
  return day >= 31 ? 1 : day + 1;
}

/** Decodes one TAF. Never throws; what it cannot read is returned as issues. */
export function decodeTaf(text: string, options: TafDecodeOptions & { headerDay?: number }): TafDecodeResult {
  const issues: WxIssue[] = [];
  let raw: string;
  try {
    raw = normaliseReport(String(text));
  } catch {
    return { taf: null, issues: [issue(String(text), null, 'not text')] };
  }
  // Remarks: RMK ..., and the US closing lines (AMD NOT SKED, AMD LTD TO CLD VIS AND WIND, NXT FCST BY ...).
  const rmk = /\s(?:RMK\s|AMD NOT SKED|AMD LTD TO|NXT FCST|AMD \d{4}$|LAST NO AMDS)/.exec(raw);
  const body = rmk ? raw.slice(0, rmk.index) : raw;
  const remarks = rmk ? raw.slice(rmk.index).trim().replace(/^RMK\s/, '') : null;
  let toks = body.split(' ').filter((t) => t !== '');
  let stationAt = 0;
  while (stationAt < toks.length && (toks[stationAt] === 'TAF' || toks[stationAt] === 'AMD' || toks[stationAt] === 'COR')) stationAt++;
  if (!/^[A-Z][A-Z0-9]{3}$/.test(toks[stationAt] ?? '')) {
    issues.push(issue(raw, 0, toks[stationAt] ? `'${toks[stationAt]}' is not a station id` : 'empty TAF'));
    return { taf: null, issues };
  }
  // "EGXE TAF 011221 ...", "PAED AMD 010021 ...": flags after the station.
  const amendedAfter = toks[stationAt + 1] === 'AMD' || toks[stationAt + 1] === 'COR';
  while (toks[stationAt + 1] === 'TAF' || toks[stationAt + 1] === 'AMD' || toks[stationAt + 1] === 'COR') toks.splice(stationAt + 1, 1);
  const modern = modernise(toks, stationAt, options.headerDay ?? null);
  if (modern) toks = modern;
  const nil = toks.includes('NIL');
  if (nil) {
    const t = /^(\d{2})(\d{2})(\d{2})Z$/.exec(toks[stationAt + 1] ?? '');
    const issued = t ? resolveDayTime(Number(t[1]), Number(t[2]), Number(t[3]), options.referenceMs) : null;
    const taf: Taf = { raw, station: toks[stationAt]!, issuedMs: issued, validFromMs: issued ?? options.referenceMs, validToMs: issued ?? options.referenceMs, amended: false, corrected: false, cancelled: false, nil: true, periods: [], remarks };
    return { taf, issues };
  }
  let lib: ITAF;
  try {
    lib = parseTAF(toks.join(' ').replace(/^(?!TAF )/, 'TAF '));
  } catch (e) {
    issues.push(issue(raw, null, `metar-taf-parser: ${e instanceof Error ? e.message : String(e)}`));
    return { taf: null, issues };
  }
  const issuedMs = lib.day !== undefined && lib.hour !== undefined ? resolveDayTime(lib.day, lib.hour, lib.minute ?? 0, options.referenceMs) : null;
  const anchor = issuedMs ?? options.referenceMs;
  const at = (day: number, hour: number, minute = 0): number | null =>
    hour === 24 ? ((t) => (t === null ? null : t + 24 * 3600_000))(resolveDayTime(day, 0, minute, anchor)) : resolveDayTime(day, hour, minute, anchor);
  const validFromMs = at(lib.validity.startDay, lib.validity.startHour);
  const validToMs = at(lib.validity.endDay, lib.validity.endHour);
  if (validFromMs === null || validToMs === null || validToMs <= validFromMs) {
    issues.push(issue(raw, null, `validity ${lib.validity.startDay}${lib.validity.startHour}/${lib.validity.endDay}${lib.validity.endHour} does not read`));
    return { taf: null, issues };
  }
  const initial = lib.initialRaw.split(' ');
  const baseText = initial.slice(initial.findIndex((t) => /^\d{4}\/\d{4}$/.test(t)) + 1).join(' ');
  const periods: TafPeriod[] = [];
  periods.push({ kind: 'BASE', probability: null, startMs: validFromMs, endMs: validToMs, raw: baseText, elements: readElements(baseText, true, lib, raw, issues) });
  const fmStarts: number[] = [];
  for (const tr of lib.trends) {
    const v = tr.validity;
    const start = tr.type === 'FM' ? at(v.startDay, v.startHour, v.startMinutes ?? 0) : at(v.startDay, v.startHour);
    const end = v.endDay !== undefined && v.endHour !== undefined ? at(v.endDay, v.endHour) : null;
    if (start === null || (tr.type !== 'FM' && end === null)) {
      issues.push(issue(raw, locate(raw, tr.raw.split(' ')[0]!), `period '${tr.raw.slice(0, 20)}' has no readable time`));
      continue;
    }
    const kind: TafPeriodKind = tr.type === 'FM' ? 'FM' : tr.type === 'BECMG' ? 'BECMG' : tr.type === 'TEMPO' ? 'TEMPO' : tr.type === 'INTER' ? 'INTER' : 'PROB';
    if (kind === 'FM') fmStarts.push(start);
    periods.push({ kind, probability: tr.probability ?? null, startMs: start, endMs: end ?? validToMs, raw: tr.raw, elements: readElements(tr.raw, false, tr, raw, issues) });
  }
  // An FM period runs to the next FM (or the end of the TAF).
  const sortedFm = [...fmStarts].sort((a, b) => a - b);
  const withEnds = periods.map((p) => (p.kind === 'FM' ? { ...p, endMs: sortedFm.find((s) => s > p.startMs) ?? validToMs } : p));
  const taf: Taf = {
    raw,
    station: lib.station,
    issuedMs,
    validFromMs,
    validToMs,
    amended: lib.amendment === true || raw.startsWith('TAF AMD') || amendedAfter,
    corrected: lib.corrected === true,
    cancelled: lib.canceled === true,
    nil: false,
    periods: withEnds,
    remarks,
  };
  return { taf, issues };
}

function resolved(e: TafElements, over: TafConditions | null): TafConditions {
  const clouds = e.clouds ?? over?.clouds ?? [];
  const visibility = e.visibility ?? over?.visibility ?? null;
  const ceiling = ceilingFt(clouds);
  return {
    wind: e.wind ?? over?.wind ?? null,
    visibility,
    cavok: e.cavok ?? (e.visibility || e.clouds ? false : (over?.cavok ?? false)),
    clouds,
    skyClear: e.clouds ? (e.skyClear ?? null) : (over?.skyClear ?? null),
    weather: e.weather ?? (over && !e.cavok ? over.weather : []),
    ceilingFtAgl: ceiling,
    flightCategory: flightCategory(ceiling, visibility?.statuteMiles ?? null),
  };
}

export interface TafPossibleConditions {
  readonly kind: 'TEMPO' | 'PROB' | 'INTER' | 'BECMG';
  readonly probability: number | null;
  readonly startMs: number;
  readonly endMs: number;
  readonly raw: string;
  /** The prevailing conditions with this group's elements applied. */
  readonly conditions: TafConditions;
}

export interface TafConditionsAt {
  readonly timeMs: number;
  /** The base forecast with the FM groups and completed BECMG changes in force at `timeMs`. */
  readonly prevailing: TafConditions;
  /** The FM or BASE period that `prevailing` comes from. */
  readonly from: TafPeriod;
  /** TEMPO, PROB and INTER groups in force, and BECMG changes under way, as possible conditions. */
  readonly possible: readonly TafPossibleConditions[];
}

/**
 * Conditions at `timeMs`: null outside the TAF's validity. The latest FM at or before T replaces
 * everything; BECMG changes count as prevailing from the end of their window (during it they are
 * listed as possible); TEMPO/PROB/INTER are listed as possible while in force.
 */
export function tafConditionsAt(taf: Taf, timeMs: number): TafConditionsAt | null {
  if (taf.nil || taf.cancelled || timeMs < taf.validFromMs || timeMs >= taf.validToMs) return null;
  let from = taf.periods[0]!;
  for (const p of taf.periods) if (p.kind === 'FM' && p.startMs <= timeMs && p.startMs >= from.startMs) from = p;
  let prevailing = resolved(from.elements, null);
  const possible: TafPossibleConditions[] = [];
  for (const p of taf.periods) {
    if (p.kind === 'BECMG' && p.startMs >= from.startMs) {
      if (p.endMs <= timeMs) prevailing = resolved(p.elements, prevailing);
    }
  }
  for (const p of taf.periods) {
    const inForce = p.startMs <= timeMs && timeMs < p.endMs;
    if (!inForce || p.kind === 'BASE' || p.kind === 'FM') continue;
    if (p.kind === 'BECMG' && p.startMs < from.startMs) continue;
    possible.push({ kind: p.kind, probability: p.probability, startMs: p.startMs, endMs: p.endMs, raw: p.raw, conditions: resolved(p.elements, prevailing) });
  }
  return { timeMs, prevailing, from, possible };
}

export interface TafProductResult {
  readonly tafs: readonly Taf[];
  readonly issues: readonly WxIssue[];
}

/**
 * Decodes an NWS TAF product (WMO heading, AWIPS id, one or more TAFs ended by `=`). The heading's
 * day and time, placed in the month of `referenceMs`, dates the TAFs. Never throws.
 */
export function decodeTafProduct(text: string, referenceMs: number): TafProductResult {
  const product = splitNwsProduct(text);
  const h = product.heading;
  const headerMs = h ? resolveDayTime(h.day, h.hour, h.minute, referenceMs) : null;
  const tafs: Taf[] = [];
  const issues: WxIssue[] = [];
  for (const report of splitReports(product.lines)) {
    if (/^TAF(?: AMD| COR)?$/.test(report)) continue;
    const r = decodeTaf(report, { referenceMs: headerMs ?? referenceMs, ...(h ? { headerDay: h.day } : {}) });
    if (r.taf) tafs.push(r.taf);
    issues.push(...r.issues);
  }
  return { tafs, issues };
}
