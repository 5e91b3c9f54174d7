// Pilot reports (UA routine, UUA urgent) in the FAA format: a reporting station, then
// /OV location /TM time /FL altitude /TP aircraft /SK sky /WX weather /TA temperature /WV wind
// /TB turbulence /IC icing /RM remarks. Each field is read on its own; a field that does not read
// is reported and the rest kept.
import { geodesicDestination } from '@clearway/geo';
import { normaliseReport } from './groups.js';
import { splitNwsProduct } from './nwsText.js';
import { issue, parseStatuteMiles, resolveDayTime, type WxIssue } from './wxCommon.js';

export interface LatLon {
  readonly lat: number;
  readonly lon: number;
}

/** Finds a station, navaid or fix by id (K-less 3-letter ids as written in PIREPs), with its magnetic variation (east positive) when known. */
export type PirepLocator = (id: string) => (LatLon & { readonly magVarDeg?: number }) | null;

/** One point of /OV: a fix, a fix with radial (magnetic) and distance, or coordinates. */
export interface PirepPoint {
  readonly raw: string;
  readonly fix: string | null;
  readonly radialDeg: number | null;
  readonly distanceNm: number | null;
  /** Known when the report gives coordinates, or when a locator found the fix. */
  readonly position: LatLon | null;
}

export interface PirepLocation {
  readonly raw: string;
  /** One point, or two for a route segment (`DSM-AMW`). Empty when the text is free form (`FINAL RWY 3`). */
  readonly points: readonly PirepPoint[];
}

/** Intensities as written, normalised: LT/LGT -> LGT, MDT -> MOD, EXTM -> EXTRM, TRC -> TRACE. */
export type PirepIntensity = 'NEG' | 'SMTH' | 'TRACE' | 'LGT' | 'LGT-MOD' | 'MOD' | 'MOD-SEV' | 'SEV' | 'SEV-EXTRM' | 'EXTRM';

export interface PirepLayerReport {
  readonly raw: string;
  readonly intensity: PirepIntensity | null;
  /** Turbulence: CHOP, CAT, LLWS, MWAVE; icing: RIME, CLR, MX. */
  readonly type: string | null;
  /** OCNL, INTMT, CONT for turbulence. */
  readonly frequency: string | null;
  readonly baseFt: number | null;
  readonly topFt: number | null;
}

export interface PirepSkyLayer {
  readonly cover: string | null;
  readonly baseFt: number | null;
  readonly topFt: number | null;
}

export interface Pirep {
  readonly raw: string;
  /** PIREP (UA/UUA) or AIREP (ICAO position report: flight, position, time, level, temperature, wind). */
  readonly kind: 'PIREP' | 'AIREP';
  readonly urgent: boolean;
  /** AIREPs: the flight (e.g. ANZ271). */
  readonly flight: string | null;
  /** The station that sent it (the id before UA), when given. */
  readonly station: string | null;
  readonly location: PirepLocation | null;
  readonly timeMs: number | null;
  /** Feet MSL; null for UNKN, DURC (during climb), DURD (during descent). */
  readonly altitudeFt: number | null;
  readonly altitudeRaw: string | null;
  readonly aircraftType: string | null;
  readonly sky: { readonly raw: string; readonly layers: readonly PirepSkyLayer[] } | null;
  readonly weather: { readonly raw: string; readonly visibilitySm: number | null } | null;
  readonly temperatureC: number | null;
  readonly wind: { readonly raw: string; readonly directionDeg: number; readonly speedKt: number; readonly gustKt: number | null } | null;
  readonly turbulence: readonly PirepLayerReport[];
  readonly icing: readonly PirepLayerReport[];
  readonly remarks: string | null;
  /** Best position: the first located point of /OV (for a segment, its midpoint). */
  readonly position: LatLon | null;
}

export interface PirepDecodeResult {
  readonly pirep: Pirep | null;
  readonly issues: readonly WxIssue[];
}

export interface PirepDecodeOptions {
  /** The product's time (WMO heading) or a time near it: /TM gives hours and minutes only. */
  readonly referenceMs: number;
  readonly locate?: PirepLocator;
}

const INTENSITY: Record<string, PirepIntensity> = {
  NEG: 'NEG', NIL: 'NEG', NONE: 'NEG', SMTH: 'SMTH', SMOOTH: 'SMTH', TRACE: 'TRACE', TRC: 'TRACE', LGT: 'LGT', LT: 'LGT', LIGHT: 'LGT',
  'LGT-MOD': 'LGT-MOD', 'LT-MOD': 'LGT-MOD', 'LGT-MDT': 'LGT-MOD', 'LT-MDT': 'LGT-MOD', MOD: 'MOD', MDT: 'MOD', MODERATE: 'MOD',
  'MOD-SEV': 'MOD-SEV', 'MDT-SEV': 'MOD-SEV', SEV: 'SEV', SEVERE: 'SEV', 'SEV-EXTRM': 'SEV-EXTRM', EXTRM: 'EXTRM', EXTM: 'EXTRM', EXTREME: 'EXTRM',
};
const TURB_TYPES = new Set(['CHOP', 'CAT', 'LLWS', 'MWAVE', 'TURB']);
const ICE_TYPES: Record<string, string> = { RIME: 'RIME', CLR: 'CLR', CLEAR: 'CLR', MX: 'MX', MXD: 'MX', MIXED: 'MX' };
const FREQUENCY: Record<string, string> = { OCNL: 'OCNL', OCCL: 'OCNL', INTMT: 'INTMT', INTMITTENT: 'INTMT', CONT: 'CONT', CONS: 'CONT', CONTS: 'CONT' };

/** `290-250`, `FL180-FL200`, `070`, `BLO 040`, `ABV 100` in hundreds of feet. */
function levels(words: string[]): { baseFt: number | null; topFt: number | null; rest: string[] } {
  const rest: string[] = [];
  let baseFt: number | null = null;
  let topFt: number | null = null;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const range = /^(?:FL)?(\d{3})-(?:FL)?(\d{3})$/.exec(w);
    const single = /^(?:FL)?(\d{3})$/.exec(w);
    if (range) {
      const a = Number(range[1]) * 100;
      const b = Number(range[2]) * 100;
      baseFt = Math.min(a, b);
      topFt = Math.max(a, b);
    } else if ((w === 'BLO' || w === 'BLW' || w === 'BELOW') && /^(?:FL)?\d{3}$/.test(words[i + 1] ?? '')) {
      topFt = Number(words[++i]!.replace('FL', '')) * 100;
    } else if ((w === 'ABV' || w === 'ABOVE') && /^(?:FL)?\d{3}$/.test(words[i + 1] ?? '')) {
      baseFt = Number(words[++i]!.replace('FL', '')) * 100;
    } else if (single && baseFt === null) {
      baseFt = topFt = Number(single[1]) * 100;
    } else rest.push(w);
  }
  return { baseFt, topFt, rest };
}

function layerReports(text: string, kind: 'TB' | 'IC'): { reports: PirepLayerReport[]; unread: string[] } {
  const reports: PirepLayerReport[] = [];
  const unread: string[] = [];
  // Several reports may be joined by '/' inside the field is not used; '&' and ',' join descriptions of one.
  for (const part of text.split(' AND ')) {
    const words = part.replace(/&/g, ' ').split(/\s+/).filter((w) => w !== '');
    const { baseFt, topFt, rest } = levels(words);
    let intensity: PirepIntensity | null = null;
    let type: string | null = null;
    let frequency: string | null = null;
    for (const w of rest) {
      if (INTENSITY[w] && intensity === null) intensity = INTENSITY[w];
      else if (INTENSITY[w]) {
        // "LGT MOD": a range written with a space.
        intensity = `${intensity}-${INTENSITY[w]}` in INTENSITY ? INTENSITY[`${intensity}-${INTENSITY[w]}`]! : intensity;
      } else if (kind === 'TB' && TURB_TYPES.has(w)) {
        if (w !== 'TURB') type = w;
      } else if (kind === 'IC' && ICE_TYPES[w]) type = ICE_TYPES[w];
      else if (kind === 'TB' && FREQUENCY[w]) frequency = FREQUENCY[w];
      else if (w === 'UNKN' || w === 'UNK' || w === 'IC' || w === 'ICG' || w === 'ICING' || w === '-' || w === 'DURGC' || w === 'DURGD' || w === 'DURC' || w === 'DURD') continue;
      else unread.push(w);
    }
    reports.push({ raw: part.trim(), intensity, type, frequency, baseFt, topFt });
  }
  return { reports, unread };
}

function point(raw: string, locate: PirepLocator | undefined): PirepPoint | null {
  const t = raw.trim();
  // Coordinates: 2500N07000W, 3900N 4500W, 47N051W, 3831N 14418W.
  const ll = /^(\d{2})(\d{2})?([NS])\s?(\d{2,3})(\d{2})?([EW])$/.exec(t);
  if (ll) {
    let lonDeg = Number(ll[4]);
    let lonMin = ll[5] === undefined ? 0 : Number(ll[5]);
    // 4500W: degrees 45, minutes 00 (4 digits are DDMM); 14418W: DDDMM.
    if (ll[4]!.length === 2 && ll[5] !== undefined) {
      lonDeg = Number(ll[4]);
      lonMin = Number(ll[5]);
    }
    const lat = (Number(ll[1]) + (ll[2] === undefined ? 0 : Number(ll[2])) / 60) * (ll[3] === 'S' ? -1 : 1);
    const lon = (lonDeg + lonMin / 60) * (ll[6] === 'W' ? -1 : 1);
    if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
    return { raw: t, fix: null, radialDeg: null, distanceNm: null, position: { lat, lon } };
  }
  // Fix with radial and distance: BAL180023, YAT 270020, PUB 243022, PMD36010 (DDD radial + DD distance).
  const rd = /^([A-Z][A-Z0-9]{1,4}?)\s?(\d{3})(\d{2,3})$/.exec(t);
  // Offset in words: 15 N MRF, 6W KPDT, 3 SOUTH OF HQZ, 40 WEST ABQ, 5N OMN.
  const words = /^(\d{1,3})\s?(N|NE|E|SE|S|SW|W|NW|NNE|ENE|ESE|SSE|SSW|WSW|WNW|NNW|NORTH|SOUTH|EAST|WEST)\s+(?:OF\s+)?([A-Z][A-Z0-9]{2,4})$/.exec(t);
  const fixOnly = /^[A-Z][A-Z0-9]{2,4}$/.exec(t);
  let fix: string | null = null;
  let radialDeg: number | null = null;
  let distanceNm: number | null = null;
  if (rd) {
    fix = rd[1]!;
    radialDeg = Number(rd[2]);
    distanceNm = Number(rd[3]);
    if (radialDeg > 360) return null;
  } else if (words) {
    const compass: Record<string, number> = { N: 0, NNE: 22.5, NE: 45, ENE: 67.5, E: 90, ESE: 112.5, SE: 135, SSE: 157.5, S: 180, SSW: 202.5, SW: 225, WSW: 247.5, W: 270, WNW: 292.5, NW: 315, NNW: 337.5, NORTH: 0, EAST: 90, SOUTH: 180, WEST: 270 };
    fix = words[3]!;
    radialDeg = compass[words[2]!]!;
    distanceNm = Number(words[1]);
  } else if (fixOnly) fix = fixOnly[0];
  else return null;
  let position: LatLon | null = null;
  const found = locate ? (locate(fix) ?? (fix.length === 4 && fix.startsWith('K') ? locate(fix.slice(1)) : locate(`K${fix}`))) : null;
  if (found) {
    if (radialDeg !== null && distanceNm !== null && distanceNm > 0) {
      const d = geodesicDestination(found.lat, found.lon, (radialDeg + (found.magVarDeg ?? 0) + 360) % 360, distanceNm);
      position = { lat: d.latDeg, lon: d.lonDeg };
    } else position = { lat: found.lat, lon: found.lon };
  }
  return { raw: t, fix, radialDeg, distanceNm, position };
}

function location(raw: string, locate: PirepLocator | undefined): PirepLocation {
  const t = raw.trim();
  // A segment: DSM-KAMW000000, MBO-LBY360014, SGJ-5N OMN (not a coordinate pair with a space).
  const pieces = /^[^-]+-[^-]+$/.test(t) && !/^\d/.test(t) ? t.split('-') : [t];
  const points = pieces.map((p) => point(p, locate));
  return { raw: t, points: points.every((p) => p !== null) ? (points as PirepPoint[]) : [] };
}

const FIELD = /\/(OV|TM|FL|TP|SK|WX|TA|WV|TB|IC|RM)/g;

/** On a normalised report (single spaces). */
const AIREP = /^(?:ARP )?([A-Z0-9]{3,8}) (\d{2,4}[NS] ?\d{3,5}[EW]) (\d{4}) F(\d{3}) (MS|PS)(\d{2}) (\d{3})\/(\d{2,3})(?: (.*))?$/;

function hhmm(hours: number, minutes: number, referenceMs: number): number | null {
  const t = resolveDayTime(new Date(referenceMs).getUTCDate(), hours, minutes, referenceMs);
  // A report time is at or before the product; more than an hour after it is the day before.
  return t !== null && t > referenceMs + 3600_000 ? t - 86400_000 : t;
}

function decodeAirep(raw: string, m: RegExpExecArray, options: PirepDecodeOptions): PirepDecodeResult {
  const issues: WxIssue[] = [];
  const p = point(m[2]!, undefined);
  if (!p) issues.push(issue(raw, raw.indexOf(m[2]!), `position '${m[2]}' not read`));
  const h = Number(m[3]!.slice(0, 2));
  const min = Number(m[3]!.slice(2));
  const timeMs = h < 24 && min < 60 ? hhmm(h, min, options.referenceMs) : null;
  if (timeMs === null) issues.push(issue(raw, raw.indexOf(m[3]!), `time '${m[3]}' not HHMM`));
  const pirep: Pirep = {
    raw,
    kind: 'AIREP',
    urgent: false,
    flight: m[1]!,
    station: null,
    location: p ? { raw: m[2]!, points: [p] } : null,
    timeMs,
    altitudeFt: Number(m[4]) * 100,
    altitudeRaw: `F${m[4]}`,
    aircraftType: null,
    sky: null,
    weather: null,
    temperatureC: (m[5] === 'MS' ? -1 : 1) * Number(m[6]),
    wind: Number(m[7]) <= 360 ? { raw: `${m[7]}/${m[8]}`, directionDeg: Number(m[7]), speedKt: Number(m[8]), gustKt: null } : null,
    turbulence: [],
    icing: [],
    remarks: m[9] ?? null,
    position: p?.position ?? null,
  };
  return { pirep, issues };
}

/** Decodes one PIREP (`XXX UA /OV ... /TM ...`) or AIREP. Never throws. */
export function decodePirep(text: string, options: PirepDecodeOptions): PirepDecodeResult {
  const issues: WxIssue[] = [];
  const raw = normaliseReport(String(text));
  const airep = AIREP.exec(raw);
  if (airep) return decodeAirep(raw, airep, options);
  const head = /^(?:([A-Z0-9]{2,4})\s+)?(UUA|UA)\b/.exec(raw);
  if (!head) {
    issues.push(issue(raw, 0, raw === '' ? 'empty report' : 'not a PIREP (no UA or UUA) nor an AIREP (flight, position, time, F level, MS/PS temperature, wind)'));
    return { pirep: null, issues };
  }
  const fields = new Map<string, { text: string; at: number }>();
  const marks: { key: string; at: number; end: number }[] = [];
  FIELD.lastIndex = 0;
  for (let m = FIELD.exec(raw); m; m = FIELD.exec(raw)) marks.push({ key: m[1]!, at: m.index, end: m.index + m[0].length });
  const between = raw.slice(head[0].length, marks[0]?.at ?? raw.length).trim();
  if (between !== '') issues.push(issue(raw, head[0].length, `text before the first field: '${between}'`));
  marks.forEach((mk, i) => {
    const end = i + 1 < marks.length ? marks[i + 1]!.at : raw.length;
    const value = raw.slice(mk.end, end).trim();
    if (fields.has(mk.key)) issues.push(issue(raw, mk.at, `/${mk.key} given twice`));
    else fields.set(mk.key, { text: value, at: mk.at });
  });
  const bad = (key: string, why: string) => issues.push(issue(raw, fields.get(key)?.at ?? null, `/${key} '${fields.get(key)?.text ?? ''}': ${why}`));

  let loc: PirepLocation | null = null;
  const ov = fields.get('OV');
  if (!ov) issues.push(issue(raw, null, 'no /OV location'));
  else {
    loc = location(ov.text, options.locate);
    if (loc.points.length === 0) bad('OV', 'location not in a form Clearway reads (fix, fix radial distance, offset, coordinates)');
  }

  let timeMs: number | null = null;
  const tm = fields.get('TM');
  if (tm) {
    const m = /^(\d{2})(\d{2})$/.exec(tm.text);
    if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) bad('TM', 'not HHMM');
    else {
      timeMs = hhmm(Number(m[1]), Number(m[2]), options.referenceMs);
    }
  } else issues.push(issue(raw, null, 'no /TM time'));

  let altitudeFt: number | null = null;
  const fl = fields.get('FL');
  const altitudeRaw = fl?.text ?? null;
  if (fl) {
    const m = /^(\d{3})$/.exec(fl.text.replace(/\s/g, ''));
    const feet = /^(\d{4,5})$/.exec(fl.text);
    if (m) altitudeFt = Number(m[1]) * 100;
    else if (feet) altitudeFt = Number(feet[1]); // FL1800 written in feet
    else if (!/^(UNKN|UNK|DURC|DURD|DURGC|DURGD)$/.test(fl.text)) bad('FL', 'not a flight level');
  } else issues.push(issue(raw, null, 'no /FL altitude'));

  const tp = fields.get('TP')?.text ?? null;
  if (tp === null) issues.push(issue(raw, null, 'no /TP aircraft type'));

  let sky: Pirep['sky'] = null;
  const sk = fields.get('SK');
  if (sk) {
    // BKN024-TOP033 (base after the cover), 024BKN033 / 050 OVC 075 (base before, top after),
    // B041 OVC T061 (marked base and top).
    const layers: PirepSkyLayer[] = [];
    const LAYER = /(?:B?(\d{3}|UNKN)\s?)?(FEW|SCT|BKN|OVC|OVX|SKC|CLR|VV)\s?(?:T?(\d{3}|UNKN?)(?![\dA-Z]))?(?:\s?-?\s?TOPS?\s?(\d{3}|UNKN?))?/g;
    const feet = (v: string | undefined) => (v === undefined || v.startsWith('UNK') ? null : Number(v) * 100);
    let leftover = sk.text;
    for (let m = LAYER.exec(sk.text); m; m = LAYER.exec(sk.text)) {
      leftover = leftover.replace(m[0], ' ');
      const before = m[1] !== undefined;
      layers.push({ cover: m[2]!, baseFt: feet(before ? m[1] : m[3]), topFt: feet(before ? (m[3] ?? m[4]) : m[4]) });
    }
    if (/[A-Z0-9]/.test(leftover)) bad('SK', `not read: '${leftover.replace(/[\s/]+/g, ' ').trim()}'`);
    sky = { raw: sk.text, layers };
  }

  let weather: Pirep['weather'] = null;
  const wx = fields.get('WX');
  if (wx) {
    const fv = /(?:FV)?(\d{1,2}(?:\/\d)?|M1\/4|P6)SM/.exec(wx.text) ?? /^FV(\d{1,2})$/.exec(wx.text.split(' ')[0] ?? '');
    const vis = fv ? parseStatuteMiles(fv[1]!) : /^\d{1,2}$/.test(wx.text) ? parseStatuteMiles(wx.text) : null;
    weather = { raw: wx.text, visibilitySm: vis?.miles ?? null };
  }

  let temperatureC: number | null = null;
  const ta = fields.get('TA');
  if (ta && !/^UNKN?$/.test(ta.text)) {
    const m = /^(M|-|\+)?\s?(\d{1,2})$/.exec(ta.text);
    if (m) temperatureC = (m[1] === 'M' || m[1] === '-' ? -1 : 1) * Number(m[2]);
    else bad('TA', 'not a temperature');
  }

  let wind: Pirep['wind'] = null;
  const wv = fields.get('WV');
  if (wv) {
    const m = /^(\d{3})(\d{2,3})(?:G(\d{2,3}))?(?:KT)?$/.exec(wv.text.replace(/\s/g, ''));
    if (m && Number(m[1]) <= 360) wind = { raw: wv.text, directionDeg: Number(m[1]), speedKt: Number(m[2]), gustKt: m[3] ? Number(m[3]) : null };
    else bad('WV', 'not DDDSS[G..][KT]');
  }

  const turbulence: PirepLayerReport[] = [];
  const tb = fields.get('TB');
  if (tb) {
    const r = layerReports(tb.text, 'TB');
    turbulence.push(...r.reports);
    if (r.unread.length > 0) bad('TB', `words not read: ${r.unread.join(' ')}`);
  }
  const icing: PirepLayerReport[] = [];
  const ic = fields.get('IC');
  if (ic) {
    const r = layerReports(ic.text, 'IC');
    icing.push(...r.reports);
    if (r.unread.length > 0) bad('IC', `words not read: ${r.unread.join(' ')}`);
  }

  const located = loc?.points.filter((p) => p.position !== null) ?? [];
  const position =
    located.length === 0
      ? null
      : located.length === 1 || !loc || loc.points.length === 1
        ? located[0]!.position
        : { lat: (located[0]!.position!.lat + located[1]!.position!.lat) / 2, lon: (located[0]!.position!.lon + located[1]!.position!.lon) / 2 };

  const pirep: Pirep = {
    raw,
    kind: 'PIREP',
    urgent: head[2] === 'UUA',
    flight: null,
    station: head[1] ?? null,
    location: loc,
    timeMs,
    altitudeFt,
    altitudeRaw,
    aircraftType: tp,
    sky,
    weather,
    temperatureC,
    wind,
    turbulence,
    icing,
    remarks: fields.get('RM')?.text ?? null,
    position,
  };
  return { pirep, issues };
}

export interface PirepProductResult {
  readonly pireps: readonly Pirep[];
  readonly issues: readonly WxIssue[];
}

/**
 * Decodes an NWS PIREP product (UB.., UA.. headings): reports ended by `=`, or one per line where
 * they are not (Canadian collectives). The heading's time (in the month of `referenceMs`) dates /TM.
 */
export function decodePirepProduct(text: string, referenceMs: number, locate?: PirepLocator): PirepProductResult {
  const product = splitNwsProduct(text);
  const h = product.heading;
  const headerMs = (h ? resolveDayTime(h.day, h.hour, h.minute, referenceMs) : null) ?? referenceMs;
  const pireps: Pirep[] = [];
  const issues: WxIssue[] = [];
  // A report starts at a line beginning with an id and UA/UUA (or UA/UUA alone); '=' ends one.
  const reports: string[] = [];
  let current = '';
  for (const line of product.lines) {
    const trimmed = line.trim();
    const starts = /^(?:[A-Z0-9]{2,4}\s+)?UU?A\s+\//.test(trimmed) || /^(?:ARP|AIREP)\s/.test(trimmed);
    if (starts && current.trim() !== '') {
      reports.push(current);
      current = '';
    }
    // "EG", "QX": Canadian region lines before the report.
    if (/^[A-Z]{2}$/.test(trimmed) && current.trim() === '') continue;
    if (/^MD \d{6}$/.test(trimmed)) continue;
    current += ` ${trimmed}`;
    if (trimmed.endsWith('=')) {
      reports.push(current);
      current = '';
    }
  }
  if (current.trim() !== '') reports.push(current);
  for (const r of reports) {
    for (const piece of r.split('=')) {
      if (piece.trim() === '') continue;
      const d = decodePirep(piece, { referenceMs: headerMs, ...(locate ? { locate } : {}) });
      if (d.pirep) pireps.push(d.pirep);
      issues.push(...d.issues);
    }
  }
  return { pireps, issues };
}
