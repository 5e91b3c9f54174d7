// In-flight advisories as areas on a map: convective SIGMETs (WST) and their outlooks, SIGMETs
// (domestic, Alaska, oceanic/international), Center Weather Advisories (CWA) from NWS text, and
// G-AIRMETs from their XML. Each becomes hazard, severity, validity, altitudes and a geometry.
// Points given as VOR offsets (20NE MSL) need a locator, as for PIREPs; coordinates are read.
import { geodesicDestination } from '@clearway/geo';
import { splitNwsProduct } from './nwsText.js';
import type { LatLon, PirepLocator } from './pirep.js';
import { issue, resolveDayTime, type WxIssue } from './wxCommon.js';

export type AdvisoryKind = 'CONVECTIVE_SIGMET' | 'CONVECTIVE_OUTLOOK' | 'SIGMET' | 'CWA' | 'G_AIRMET';

export type AdvisoryHazard =
  | 'CONVECTION'
  | 'TURBULENCE'
  | 'ICING'
  | 'IFR'
  | 'MOUNTAIN_OBSCURATION'
  | 'LLWS'
  | 'SURFACE_WIND'
  | 'FREEZING_LEVEL'
  | 'VOLCANIC_ASH'
  | 'DUST_SAND'
  | 'MOUNTAIN_WAVE'
  | 'TROPICAL_CYCLONE'
  | 'OTHER';

export interface AdvisoryPoint {
  readonly raw: string;
  readonly position: LatLon | null;
}

export interface AdvisoryGeometry {
  /** polygon (closed ring), line (with `widthNm`), point (with `radiusNm` for isolated cells), none. */
  readonly shape: 'polygon' | 'line' | 'point' | 'none';
  readonly points: readonly AdvisoryPoint[];
  readonly widthNm: number | null;
  readonly radiusNm: number | null;
}

export interface Advisory {
  readonly kind: AdvisoryKind;
  /** 62C, ALFA 4, ZJX 204, TURB-HI-TAG-1W-R1 ... */
  readonly id: string;
  /** Issuing office or FIR id(s) when given. */
  readonly issuer: string | null;
  readonly hazard: AdvisoryHazard;
  readonly severity: 'LGT' | 'MOD' | 'SEV' | 'EXTRM' | null;
  readonly issuedMs: number | null;
  readonly validFromMs: number | null;
  readonly validToMs: number | null;
  /** Feet MSL; 0 for the surface; null when not given. */
  readonly baseFt: number | null;
  readonly topFt: number | null;
  /** Tops given as "ABV FLnnn". */
  readonly topAbove: boolean;
  /** The base is the freezing level (G-AIRMET icing). */
  readonly baseIsFreezingLevel: boolean;
  readonly geometry: AdvisoryGeometry;
  /** The advisory this one cancels (CNL SIGMET DELTA 5, CANCEL ZHU CWA 203). */
  readonly cancels: string | null;
  /** G-AIRMET freezing levels (feet MSL) where given. */
  readonly freezingLevelsFt: readonly number[];
  readonly text: string;
}

export interface AdvisoryDecodeResult {
  readonly advisories: readonly Advisory[];
  readonly issues: readonly WxIssue[];
}

const COMPASS: Record<string, number> = { N: 0, NNE: 22.5, NE: 45, ENE: 67.5, E: 90, ESE: 112.5, SE: 135, SSE: 157.5, S: 180, SSW: 202.5, SW: 225, WSW: 247.5, W: 270, WNW: 292.5, NW: 315, NNW: 337.5 };

/** `N3100 W07600`, `N2220E14456`, `N12E156`, `N5122 E16300` (degrees and optional minutes). */
const LATLON = /([NS])(\d{2})(\d{2})?\s?([EW])(\d{3})(\d{2})?/g;

function latLonPoints(text: string): AdvisoryPoint[] {
  const out: AdvisoryPoint[] = [];
  LATLON.lastIndex = 0;
  for (let m = LATLON.exec(text); m; m = LATLON.exec(text)) {
    const lat = (Number(m[2]) + (m[3] ? Number(m[3]) / 60 : 0)) * (m[1] === 'S' ? -1 : 1);
    const lon = (Number(m[5]) + (m[6] ? Number(m[6]) / 60 : 0)) * (m[4] === 'W' ? -1 : 1);
    out.push({ raw: m[0], position: Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat, lon } : null });
  }
  return out;
}

/** `20NE MSL`, `210S CEW`, `MSL`: a VOR or an offset from it (nm, true direction from the VOR table's variation). */
function vorPoint(raw: string, locate: PirepLocator | undefined): AdvisoryPoint | null {
  const m = /^(?:(\d{1,3}) ?(?:NM )?(NNE|ENE|ESE|SSE|SSW|WSW|WNW|NNW|NE|SE|SW|NW|N|E|S|W) ?)?([A-Z0-9]{2,4})$/.exec(raw.trim());
  if (!m) return null;
  const found = locate ? locate(m[3]!) : null;
  if (!found) return { raw: raw.trim(), position: null };
  if (m[1] === undefined) return { raw: raw.trim(), position: { lat: found.lat, lon: found.lon } };
  // Directions in advisories are true (AC 00-45H); the VOR's variation does not apply.
  const d = geodesicDestination(found.lat, found.lon, COMPASS[m[2]!]!, Number(m[1]));
  return { raw: raw.trim(), position: { lat: d.latDeg, lon: d.lonDeg } };
}

function hazardOf(text: string): { hazard: AdvisoryHazard; severity: Advisory['severity'] } {
  const sev = /\bEXTRM\b/.test(text) ? 'EXTRM' : /\bSEV\b/.test(text) ? 'SEV' : /\bMOD\b/.test(text) ? 'MOD' : null;
  if (/\bVA\b|VOLCANIC ASH/.test(text)) return { hazard: 'VOLCANIC_ASH', severity: sev };
  if (/\bTC\b|TROPICAL CYCLONE/.test(text)) return { hazard: 'TROPICAL_CYCLONE', severity: sev };
  if (/\bTS(?:RA|GR)?\b|\bTSRA\b|\bCB\b/.test(text)) return { hazard: 'CONVECTION', severity: sev };
  if (/\bTURB\b/.test(text)) return { hazard: 'TURBULENCE', severity: sev };
  if (/\bICE\b|\bICG\b|\bICING\b/.test(text)) return { hazard: 'ICING', severity: sev };
  if (/\bMTW\b/.test(text)) return { hazard: 'MOUNTAIN_WAVE', severity: sev };
  if (/\bDS\b|\bSS\b/.test(text)) return { hazard: 'DUST_SAND', severity: sev };
  if (/\bIFR\b|\bCIG\b|\bVIS\b/.test(text)) return { hazard: 'IFR', severity: sev };
  return { hazard: 'OTHER', severity: sev };
}

function altitudes(text: string): { baseFt: number | null; topFt: number | null; topAbove: boolean } {
  const range = /\b(?:FL|BTN FL)?(\d{3})-(?:FL)?(\d{3})\b|\bBTN FL(\d{3}) AND FL(\d{3})\b|\bFL(\d{3})\/(\d{3})\b/.exec(text);
  if (range && /FL/.test(range[0]) !== false) {
    const a = Number(range[1] ?? range[3] ?? range[5]) * 100;
    const b = Number(range[2] ?? range[4] ?? range[6]) * 100;
    if (/FL|BTN/.test(text.slice(Math.max(0, range.index - 3), range.index + range[0].length))) return { baseFt: Math.min(a, b), topFt: Math.max(a, b), topAbove: false };
  }
  const sfc = /\bSFC-(?:FL)?(\d{3})\b/.exec(text);
  if (sfc) return { baseFt: 0, topFt: Number(sfc[1]) * 100, topAbove: false };
  const top = /\bTOPS? (?:TO |EST TO |ABV )?FL(\d{3})\b|\bTOP (?:TO )?FL(\d{3})\b|\bMAX TOP FL(\d{3})\b/.exec(text);
  if (top) return { baseFt: null, topFt: Number(top[1] ?? top[2] ?? top[3]) * 100, topAbove: /ABV/.test(top[0]) };
  return { baseFt: null, topFt: null, topAbove: false };
}

/** The geometry of a text advisory: `WI` coordinates, `FROM a-b-c`, `LINE`, a lone point with `D30`/`DIAM 25NM`. */
function geometry(locationLine: string, body: string, locate: PirepLocator | undefined, report: string, issues: WxIssue[]): AdvisoryGeometry {
  const ll = latLonPoints(locationLine);
  const width = /(\d{1,3}) ?NM (?:WIDE|EITHER SIDE)/.exec(body);
  const circle = /\bWI (\d{1,3}) ?NM OF\b/.exec(body) ?? /\bD(\d{2,3})\b/.exec(body) ?? /DIAM (\d{1,3}) ?NM/.exec(body);
  const isLine = /\bLINE\b/.test(body);
  const radius = circle ? (circle[0].startsWith('WI') ? Number(circle[1]) : Number(circle[1]) / 2) : null;
  let points: AdvisoryPoint[];
  if (ll.length > 0) points = ll;
  else {
    const from = locationLine.replace(/^(?:FROM )+/, '').trim();
    points = [];
    for (const piece of from.split(/ ?- ?/)) {
      // The last point may run into the description (70ENE SJN AREA OCNL IFR ...).
      const head = /^(?:\d{1,3} ?(?:NM )?[NSEW]{1,3} ?)?[A-Z0-9]{2,4}(?= |$)/.exec(piece.trim());
      const vp = head ? vorPoint(head[0], locate) : null;
      if (vp) points.push(vp);
      else {
        issues.push(issue(report, report.indexOf(piece), `point '${piece}' not read`));
        break;
      }
      if (head && head[0].length < piece.trim().length) break;
    }
  }
  if (points.length === 0) return { shape: 'none', points, widthNm: null, radiusNm: null };
  if (points.length === 1) return { shape: 'point', points, widthNm: null, radiusNm: radius };
  const closed = points[0]!.raw === points[points.length - 1]!.raw || (points.length > 2 && !isLine && !width);
  if (isLine || width || !closed) return { shape: 'line', points, widthNm: width ? Number(width[1]) : null, radiusNm: null };
  return { shape: 'polygon', points, widthNm: null, radiusNm: null };
}

/** `VALID UNTIL 1855Z` / `VALID UNTIL 192105`: the next such time after the issue. */
function until(text: string, issuedMs: number | null): number | null {
  const m = /VALID UNTIL (\d{2})?(\d{2})(\d{2})Z?\b/.exec(text);
  if (!m || issuedMs === null) return null;
  const issued = new Date(issuedMs);
  const day = m[1] ? Number(m[1]) : issued.getUTCDate();
  let t = resolveDayTime(day, Number(m[2]), Number(m[3]), issuedMs);
  if (t !== null && t < issuedMs - 3600_000) t += 86400_000;
  return t;
}

function empty(kind: AdvisoryKind, id: string, text: string): Advisory {
  return {
    kind, id, issuer: null, hazard: 'OTHER', severity: null, issuedMs: null, validFromMs: null, validToMs: null, baseFt: null, topFt: null,
    topAbove: false, baseIsFreezingLevel: false, geometry: { shape: 'none', points: [], widthNm: null, radiusNm: null }, cancels: null, freezingLevelsFt: [], text,
  };
}

/**
 * Decodes an NWS SIGMET or CWA text product (convective SIGMETs with their outlook, international
 * and Alaska SIGMETs, CWAs). Never throws; what it cannot place is reported.
 */
export function decodeAdvisoryProduct(text: string, referenceMs: number, locate?: PirepLocator): AdvisoryDecodeResult {
  const product = splitNwsProduct(text);
  const h = product.heading;
  const issuedMs = h ? resolveDayTime(h.day, h.hour, h.minute, referenceMs) : null;
  const body = product.lines.map((l) => l.trim()).join('\n').replace(/\n=\s*$/, '');
  const advisories: Advisory[] = [];
  const issues: WxIssue[] = [];
  // Convective SIGMETs and outlooks.
  const wst = [...body.matchAll(/^(CONVECTIVE SIGMET \S+|OUTLOOK VALID \d{6}-\d{6})$/gm)];
  if (wst.length > 0) {
    wst.forEach((m, i) => {
      const block = body.slice(m.index, wst[i + 1]?.index ?? body.length).trim();
      const lines = block.split('\n');
      if (m[1]!.startsWith('OUTLOOK')) {
        const v = /OUTLOOK VALID (\d{2})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})/.exec(m[1]!)!;
        // Each AREA n...FROM or a single FROM.
        const areas = block.split(/\n(?=AREA \d)/).filter((a) => /FROM /.test(a));
        areas.forEach((a, n) => {
          const from = /FROM ([\s\S]*?)(?:\n(?:WST|REF)|$)/.exec(a);
          const loc = (from?.[1] ?? '').replace(/\n/g, ' ');
          advisories.push({
            ...empty('CONVECTIVE_OUTLOOK', `${areas.length > 1 ? `AREA ${n + 1}` : 'OUTLOOK'}`, a),
            hazard: 'CONVECTION',
            issuedMs,
            validFromMs: issuedMs === null ? null : resolveDayTime(Number(v[1]), Number(v[2]), Number(v[3]), issuedMs),
            validToMs: issuedMs === null ? null : resolveDayTime(Number(v[4]), Number(v[5]), Number(v[6]), issuedMs),
            geometry: geometry(`FROM ${loc}`, '', locate, a, issues),
          });
        });
        return;
      }
      const id = m[1]!.replace('CONVECTIVE SIGMET ', '');
      // Lines: CONVECTIVE SIGMET, VALID UNTIL, states, location (FROM ... or a point), description.
      const locIndex = lines.findIndex((l, k) => k >= 2 && (/^FROM /.test(l) || /^\d{1,3}[NSEW]{1,3} [A-Z]{3}$/.test(l) || /^[A-Z]{3}$/.test(l)));
      let loc = locIndex >= 0 ? lines[locIndex]! : '';
      let k = locIndex + 1;
      // A FROM line may wrap: continue while the line ends with '-' or the next begins with a point.
      while (locIndex >= 0 && k < lines.length && (loc.endsWith('-') || /^\d{0,3}[NSEW]{0,3}\s?[A-Z]{3}(-|$)/.test(lines[k]!)) && !/ TS|TOPS/.test(lines[k]!)) loc += lines[k++];
      const rest = lines.slice(Math.max(k, 2)).join(' ');
      if (locIndex < 0) issues.push(issue(block, 0, `convective SIGMET ${id}: no location line`));
      const alt = altitudes(rest);
      const hz = hazardOf(rest);
      advisories.push({
        ...empty('CONVECTIVE_SIGMET', id, block),
        issuer: h?.cccc ?? null,
        hazard: 'CONVECTION',
        severity: hz.severity === 'SEV' ? 'SEV' : null,
        issuedMs,
        validFromMs: issuedMs,
        validToMs: until(block, issuedMs),
        ...alt,
        geometry: locIndex >= 0 ? geometry(loc, rest, locate, block, issues) : { shape: 'none', points: [], widthNm: null, radiusNm: null },
      });
    });
    return { advisories, issues };
  }
  // CWA: "ZJX CWA 204 VALID UNTIL 192105".
  const cwa = /^([A-Z]{3}) CWA (\d{3}) VALID UNTIL (\d{6})/m.exec(body);
  if (cwa) {
    const after = body.slice(cwa.index + cwa[0].length).trim();
    const lines = after.split('\n');
    let loc = lines[0] ?? '';
    let k = 1;
    // The point list may wrap onto more lines (…-35E / BNA-35SE BNA-…).
    while (k < lines.length && (loc.trim().endsWith('-') || /^N\d{4}/.test(lines[k]!) || (/^FROM /.test(loc) && /^(?:\d{1,3}[NSEW]{1,3} ?)?[A-Z]{3}(?:-|$)/.test(lines[k]!)))) loc += ` ${lines[k++]}`;
    const all = lines.join(' ');
    const cancel = /\b(?:CANCEL|CNCL) ((?:[A-Z]{3} )?(?:CWA|CWSU) \d{3})/.exec(all) ?? /\b(CWA \d{3}) IS CANCELL?ED/.exec(all);
    if (cancel && !/^FROM |^\d{1,3}[NSEW]{1,3} [A-Z]{3}$|^N\d{4}/.test(loc)) {
      loc = '';
    }
    const hz = hazardOf(all);
    advisories.push({
      ...empty('CWA', `${cwa[1]} ${cwa[2]}`, body.slice(cwa.index)),
      issuer: cwa[1]!,
      hazard: cancel ? 'OTHER' : hz.hazard,
      severity: hz.severity,
      issuedMs,
      validFromMs: issuedMs,
      validToMs: until(cwa[0], issuedMs),
      ...altitudes(all),
      geometry: loc === '' ? { shape: 'none', points: [], widthNm: null, radiusNm: null } : geometry(loc, all, locate, body, issues),
      cancels: cancel?.[1] ?? null,
    });
    return { advisories, issues };
  }
  // International, oceanic and Alaska SIGMETs: "KZNY KZMA SIGMET ALFA 4 VALID 111915/112315 KKCI-".
  const sig = [...body.matchAll(/^((?:[A-Z]{4} )+)SIGMET ([A-Z]+ \d+) VALID (\d{2})(\d{2})(\d{2})\/(\d{2})(\d{2})(\d{2})/gm)];
  sig.forEach((m, i) => {
    const block = body.slice(m.index, sig[i + 1]?.index ?? body.length).replace(/\n/g, ' ').trim();
    const after = block.slice(m[0].length);
    const cancel = /\b(?:CNL|CANCEL) (?:[A-Z]{4} )?SIGMET ([A-Z]+ \d+)/.exec(after);
    const hz = hazardOf(after);
    const wi = /\bWI (?:\d{1,3} ?NM OF )?([^.]*)/.exec(after) ?? /EITHER SIDE OF LINE ([^.]*)/.exec(after);
    const loc = wi?.[1] ?? '';
    const validFromMs = issuedMs === null ? null : resolveDayTime(Number(m[3]), Number(m[4]), Number(m[5]), issuedMs);
    const validToMs = issuedMs === null ? null : resolveDayTime(Number(m[6]), Number(m[7]), Number(m[8]), issuedMs);
    const geo = cancel || loc === '' ? { shape: 'none' as const, points: [], widthNm: null, radiusNm: null } : geometry(loc, after, locate, block, issues);
    if (!cancel && geo.shape === 'none') issues.push(issue(block, null, `SIGMET ${m[2]}: no area (WI ...) read`));
    advisories.push({
      ...empty('SIGMET', m[2]!, block),
      issuer: m[1]!.trim(),
      hazard: cancel ? 'OTHER' : hz.hazard,
      severity: hz.severity,
      issuedMs,
      validFromMs,
      validToMs,
      ...altitudes(after),
      geometry: geo,
      cancels: cancel?.[1] ?? null,
    });
  });
  if (advisories.length === 0) issues.push(issue(body.slice(0, 200), 0, 'no convective SIGMET, SIGMET or CWA found in the product'));
  return { advisories, issues };
}

// ---------------------------------------------------------------- G-AIRMET XML

const GAIRMET_HAZARD: Record<string, AdvisoryHazard> = {
  TurbulenceHighLevel: 'TURBULENCE',
  TurbulenceLowLevel: 'TURBULENCE',
  Icing: 'ICING',
  IFR: 'IFR',
  MountainObscuration: 'MOUNTAIN_OBSCURATION',
  LowLevelWindShear: 'LLWS',
  SurfaceWind: 'SURFACE_WIND',
  FreezingLevel: 'FREEZING_LEVEL',
  MultipleFreezingLevels: 'FREEZING_LEVEL',
};

/** The text of the first `<prefix:name ...>text</...>` (any namespace prefix). */
function element(xml: string, name: string): string | null {
  const m = new RegExp(`<(?:\\w+:)?${name}(?:\\s[^>]*)?>([^<]*)</`).exec(xml);
  return m ? m[1]!.trim() : null;
}
function attribute(xml: string, name: string, attr: string): string | null {
  const m = new RegExp(`<(?:\\w+:)?${name}\\s[^>]*?(?:\\w+:)?${attr}="([^"]*)"`).exec(xml);
  return m ? m[1]! : null;
}

/**
 * Decodes a G-AIRMET XML document (the whole product with its WMO heading, or a single
 * US-AIRMETRecord): one advisory per record, valid at its record time (snapshots every 3 hours),
 * with the hazard, severity, altitudes (a base at the freezing level is flagged) and polygon or line.
 */
export function decodeGairmetXml(text: string): AdvisoryDecodeResult {
  const advisories: Advisory[] = [];
  const issues: WxIssue[] = [];
  const xml = String(text);
  const issuedAt = element(xml, 'timePosition');
  const records = [...xml.matchAll(/<((?:\w+:)?)US-AIRMETRecord\b[\s\S]*?<\/\1US-AIRMETRecord>/g)];
  if (records.length === 0) issues.push(issue(xml.slice(0, 200), 0, 'no US-AIRMETRecord in the document'));
  for (const r of records) {
    const rec = r[0];
    const id = /\bid="([^"]+)"/.exec(rec)?.[1] ?? `record ${advisories.length + 1}`;
    const hazardTitle = attribute(rec, 'hazardType', 'title') ?? '';
    const hazard = GAIRMET_HAZARD[hazardTitle];
    if (!hazard) issues.push(issue(id, null, `hazard type '${hazardTitle}' not known`));
    const time = element(rec, 'timePosition');
    const timeMs = time ? Date.parse(time) : NaN;
    const posList = element(rec, 'posList');
    const nums = posList ? posList.split(/\s+/).map(Number) : [];
    const points: AdvisoryPoint[] = [];
    for (let i = 0; i + 1 < nums.length; i += 2) points.push({ raw: `${nums[i]} ${nums[i + 1]}`, position: { lat: nums[i]!, lon: nums[i + 1]! } });
    if (nums.some((n) => !Number.isFinite(n)) || nums.length % 2 !== 0) issues.push(issue(id, null, 'posList is not pairs of numbers'));
    const isLine = /<(?:\w+:)?(?:LineString|openBoundary)\b/.test(rec);
    const upper = element(rec, 'upperLimit');
    const lower = element(rec, 'lowerLimit');
    const lowerRef = element(rec, 'lowerLimitReference');
    const severityTitle = attribute(rec, 'icingRangeStart', 'title') ?? attribute(rec, 'turbulenceRangeStart', 'title') ?? attribute(rec, 'turbulenceRangeEnd', 'title');
    // G-AIRMET turbulence is moderate by definition (AC 00-45H) when the record gives no range.
    const severity = severityTitle === null && hazard === 'TURBULENCE' ? 'MOD' : severityTitle === 'MODERATE' ? 'MOD' : severityTitle === 'SEVERE' ? 'SEV' : severityTitle === 'LIGHT' ? 'LGT' : severityTitle === 'EXTREME' ? 'EXTRM' : null;
    const levels = [...rec.matchAll(/<(?:\w+:)?verticalLevel\b[^>]*>(\d+)</g)].map((m) => Number(m[1]));
    // Freezing-level records carry their level(s) as the volume's lower and upper limits.
    const fzl = hazard === 'FREEZING_LEVEL' ? [...new Set([lower, upper].filter((v): v is string => v !== null && /^\d+$/.test(v)).map(Number))] : null;
    advisories.push({
      ...empty('G_AIRMET', id, ''),
      issuer: 'KKCI',
      hazard: hazard ?? 'OTHER',
      severity,
      issuedMs: issuedAt ? Date.parse(issuedAt) : null,
      validFromMs: Number.isNaN(timeMs) ? null : timeMs,
      validToMs: Number.isNaN(timeMs) ? null : timeMs,
      baseFt: lower !== null && /^\d+$/.test(lower) ? Number(lower) : lowerRef === 'SFC' ? 0 : null,
      topFt: upper !== null && /^\d+$/.test(upper) ? Number(upper) : null,
      baseIsFreezingLevel: lower === 'FZL' || element(rec, 'freezingLevelLowerLimit') === 'true',
      geometry: { shape: points.length === 0 ? 'none' : isLine ? 'line' : 'polygon', points, widthNm: null, radiusNm: null },
      freezingLevelsFt: fzl && fzl.length > 0 ? fzl : levels,
      text: `${hazardTitle}${element(rec, 'isOutlook') === 'true' ? ' (outlook)' : ''}`,
    });
  }
  return { advisories, issues };
}
