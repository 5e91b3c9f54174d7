/**
 * NOTAM decoding: the ICAO format (header, Q) line, A) to G) fields) and the US domestic format
 * (`!OSH 07/025 OSH NAV ILS RWY 36 U/S 2407181100-2407312000`), and the classification of what a
 * NOTAM does to a flight (closed runway, navaid out of service, ...). Pure: text in, values out. A
 * malformed NOTAM is decoded as far as it goes and says what was wrong in `problems`; nothing throws.
 */

export type NotamFormat = 'icao' | 'domestic';

/** What a NOTAM does, most important first (classifyNotam). */
export type NotamKind =
  | 'checklist'
  | 'closed-runway'
  | 'closed-aerodrome'
  | 'closed-taxiway'
  | 'navaid-out'
  | 'lighting-out'
  | 'com-out'
  | 'obstacle'
  | 'procedure'
  | 'airspace'
  | 'other';

export const NOTAM_KINDS: readonly NotamKind[] = ['checklist', 'closed-runway', 'closed-aerodrome', 'closed-taxiway', 'navaid-out', 'lighting-out', 'com-out', 'obstacle', 'procedure', 'airspace', 'other'];

/** The Q) line: `Q) KZAU/QMRLC/IV/NBO/A/000/999/4359N08833W005`. */
export interface NotamQLine {
  fir: string;
  /** The five-letter NOTAM code (`QMRLC`), null when the line has none. */
  code: string | null;
  /** Subject, letters 2-3 of the code (`MR`: runway). */
  subject: string | null;
  /** Condition, letters 4-5 (`LC`: closed). */
  condition: string | null;
  traffic: string;
  purpose: string;
  scope: string;
  /** Lower and upper limits, flight levels (hundreds of feet); null when absent. */
  lowerFl: number | null;
  upperFl: number | null;
  lat: number | null;
  lon: number | null;
  radiusNm: number | null;
}

export interface DecodedNotam {
  format: NotamFormat;
  /** `07/025`, `A0184/09`, `3/8210`; null when the text has none. */
  number: string | null;
  /** ICAO: N new, R replacing, C cancelling; null for domestic. */
  type: 'N' | 'R' | 'C' | null;
  /** The NOTAM an R or C replaces or cancels. */
  replaces: string | null;
  /** Domestic: who issued it (`OSH`, `FDC`). */
  accountability: string | null;
  /** ICAO A) (first location) or the domestic location. */
  location: string | null;
  /** Domestic keyword (`RWY`, `NAV`, `OBST`, `IAP`, ...). */
  keyword: string | null;
  q: NotamQLine | null;
  /** Effective from / until, ms since the epoch (UTC); null when absent or unreadable. */
  start: number | null;
  end: number | null;
  /** The end carries EST (estimated). */
  endEstimated: boolean;
  /** C) PERM. */
  permanent: boolean;
  /** D) schedule. */
  schedule: string | null;
  /** The NOTAM's text: E) for ICAO, the body for domestic. */
  text: string;
  /** F) and G): lower and upper limits as written. */
  lower: string | null;
  upper: string | null;
  /** What was wrong with the text, each naming the field. */
  problems: string[];
}

/** Domestic keywords (FAA JO 7930.2, NOTAM keywords). */
const DOMESTIC_KEYWORDS = new Set(['RWY', 'TWY', 'APRON', 'AD', 'OBST', 'NAV', 'COM', 'SVC', 'AIRSPACE', 'ODP', 'SID', 'STAR', 'CHART', 'DATA', 'IAP', 'VFP', 'ROUTE', 'SPECIAL', 'SECURITY', 'CARF', '(O)', 'FDC']);

/** `YYMMDDHHMM` to ms since the epoch (UTC); years 70-99 are 19xx. Null when not a valid time. */
export function notamTime(value: string): number | null {
  const m = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (m === null) return null;
  const [yy, mo, dd, hh, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (mo < 1 || mo > 12 || dd < 1 || dd > 31 || hh > 24 || mi > 59) return null;
  const t = Date.UTC(yy >= 70 ? 1900 + yy : 2000 + yy, mo - 1, dd, hh, mi);
  return new Date(t).getUTCDate() === dd || hh === 24 ? t : null;
}

/** `4359N08833W` (degrees and minutes) to degrees; null when not a coordinate. */
function qCoordinate(text: string): { lat: number; lon: number; radiusNm: number | null } | null {
  const m = /(\d{2})(\d{2})([NS])\s?(\d{3})(\d{2})([EW])(\d{3})?/.exec(text);
  if (m === null) return null;
  const lat = (Number(m[1]) + Number(m[2]) / 60) * (m[3] === 'S' ? -1 : 1);
  const lon = (Number(m[4]) + Number(m[5]) / 60) * (m[6] === 'W' ? -1 : 1);
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return { lat, lon, radiusNm: m[7] === undefined ? null : Number(m[7]) };
}

function parseQLine(value: string, problems: string[]): NotamQLine {
  const parts = value.split('/').map((p) => p.trim());
  if (parts.length < 8) problems.push(`Q) line has ${parts.length} fields, expected 8: '${value}'`);
  const codeMatch = /^Q([A-Z]{2})([A-Z]{2})$/.exec(parts[1] ?? '');
  if (codeMatch === null && (parts[1] ?? '') !== '') problems.push(`Q) code '${parts[1]}' is not Q and four letters`);
  const fl = (s: string | undefined) => (s !== undefined && /^\d{3}$/.test(s) ? Number(s) : null);
  const coordinate = qCoordinate(parts.slice(5).join('/'));
  return {
    fir: parts[0] ?? '',
    code: codeMatch === null ? null : (parts[1] ?? null),
    subject: codeMatch?.[1] ?? null,
    condition: codeMatch?.[2] ?? null,
    traffic: parts[2] ?? '',
    purpose: parts[3] ?? '',
    scope: parts[4] ?? '',
    lowerFl: fl(parts[5]),
    upperFl: fl(parts[6]),
    lat: coordinate?.lat ?? null,
    lon: coordinate?.lon ?? null,
    radiusNm: coordinate?.radiusNm ?? null,
  };
}

const ICAO_FIELDS = ['Q', 'A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
type IcaoField = (typeof ICAO_FIELDS)[number];

/** The ICAO fields in order; a marker is a letter and `)` at the start or after white space. */
function icaoFields(text: string): { header: string; fields: Partial<Record<IcaoField, string>> } {
  const found: Array<{ field: IcaoField; at: number; valueAt: number }> = [];
  let from = 0;
  for (const field of ICAO_FIELDS) {
    const re = new RegExp(`(?:^|\\s)${field}\\)`, 'g');
    re.lastIndex = from;
    const m = re.exec(text);
    if (m === null) continue;
    const at = m.index + (m[0].length - 2);
    found.push({ field, at, valueAt: at + 2 });
    from = at + 2;
  }
  const fields: Partial<Record<IcaoField, string>> = {};
  found.forEach((f, i) => {
    fields[f.field] = text.slice(f.valueAt, found[i + 1]?.at ?? text.length).trim();
  });
  return { header: text.slice(0, found[0]?.at ?? text.length).trim(), fields };
}

function decodeIcao(raw: string): DecodedNotam {
  const problems: string[] = [];
  const { header, fields } = icaoFields(raw);
  const head = /([A-Z]?\d{1,4}\/\d{2,4})\s*NOTAM([NRC])(?:\s+([A-Z]?\d{1,4}\/\d{2,4}))?/.exec(header);
  if (head === null && header !== '') problems.push(`header '${header}' is not 'number NOTAMN|R|C'`);
  const q = fields.Q === undefined ? null : parseQLine(fields.Q, problems);
  if (fields.Q === undefined) problems.push('no Q) line');
  if (fields.E === undefined) problems.push('no E) field');
  const location = fields.A === undefined ? null : (/^[A-Z0-9]{3,4}/.exec(fields.A)?.[0] ?? null);
  if (fields.A === undefined) problems.push('no A) field');
  let start: number | null = null;
  if (fields.B !== undefined && fields.B !== 'WIE') {
    start = notamTime(fields.B);
    if (start === null) problems.push(`B) '${fields.B}' is not a time YYMMDDHHMM`);
  }
  let end: number | null = null;
  let endEstimated = false;
  let permanent = false;
  if (fields.C !== undefined) {
    const c = /^(\d{10})\s*(EST)?(?=\s|$)/.exec(fields.C);
    if (/^PERM\b/.test(fields.C)) permanent = true;
    else if (/^UFN\b/.test(fields.C)) endEstimated = true;
    else if (c !== null) {
      end = notamTime(c[1] ?? '');
      endEstimated = c[2] === 'EST';
      if (end === null) problems.push(`C) '${fields.C}' is not a time YYMMDDHHMM`);
    } else problems.push(`C) '${fields.C}' is not a time, PERM or UFN`);
  }
  return {
    format: 'icao',
    number: head?.[1] ?? null,
    type: (head?.[2] as 'N' | 'R' | 'C' | undefined) ?? null,
    replaces: head?.[3] ?? null,
    accountability: null,
    location,
    keyword: null,
    q,
    start,
    end,
    endEstimated,
    permanent,
    schedule: fields.D ?? null,
    text: fields.E ?? '',
    lower: fields.F ?? null,
    upper: fields.G ?? null,
    problems,
  };
}

function decodeDomestic(raw: string): DecodedNotam {
  const problems: string[] = [];
  const m = /^!(\S+) +(\d{1,2}\/\d{3,4}) +(\S+)\s([\s\S]*)$/.exec(raw.trim());
  if (m === null) {
    return { format: 'domestic', number: null, type: null, replaces: null, accountability: null, location: null, keyword: null, q: null, start: null, end: null, endEstimated: false, permanent: false, schedule: null, text: raw.trim().replace(/^!/, ''), lower: null, upper: null, problems: [`domestic NOTAM '${raw.slice(0, 40)}' is not '!ACCOUNT NN/NNN LOCATION text'`] };
  }
  let body = (m[4] ?? '').trimEnd();
  let start: number | null = null;
  let end: number | null = null;
  let endEstimated = false;
  let permanent = false;
  const times = /(?:^|\s)(\d{10}|WIE)-(\d{10}|PERM|UFN)(EST)?$/.exec(body);
  if (times === null) problems.push('no effective times (YYMMDDHHMM-YYMMDDHHMM) at the end');
  else {
    body = body.slice(0, times.index);
    if (times[1] !== 'WIE') start = notamTime(times[1] ?? '');
    if (times[2] === 'PERM') permanent = true;
    else if (times[2] === 'UFN') endEstimated = true;
    else end = notamTime(times[2] ?? '');
    endEstimated ||= times[3] === 'EST';
    if ((times[1] !== 'WIE' && start === null) || (/^\d/.test(times[2] ?? '') && end === null)) problems.push(`times '${times[0].trim()}' are not valid YYMMDDHHMM`);
  }
  const first = /^\S+/.exec(body)?.[0] ?? '';
  const keyword = DOMESTIC_KEYWORDS.has(first) ? first : null;
  return {
    format: 'domestic',
    number: m[2] ?? null,
    type: null,
    replaces: null,
    accountability: m[1] ?? null,
    location: m[3] ?? null,
    keyword,
    q: null,
    start,
    end,
    endEstimated,
    permanent,
    schedule: null,
    text: body.trim(),
    lower: null,
    upper: null,
    problems,
  };
}

/** Decodes a NOTAM in either format: domestic when it starts with `!`, else ICAO. */
export function decodeNotam(raw: string): DecodedNotam {
  return raw.trimStart().startsWith('!') ? decodeDomestic(raw) : decodeIcao(raw);
}

/** Conditions of the Q-code (letters 4-5) that take a facility away. */
const OUT_CONDITIONS = new Set(['AS', 'AU', 'AW', 'CT', 'LC', 'AP']);
const OUT_PHRASE = /(?:^|[\s(])(?:U\/S|OTS|UNMNT|UNUSBL|UNAVBL|INOP|UNSERVICEABLE|OUT OF SERVICE|NOT AVBL|NOT AVAILABLE|WITHDRAWN|DCMSND)(?=$|[\s.,;)])/;
const CLOSED = /(?:^|[\s(])(?:CLSD|CLOSED)(?=$|[\s.,;)])/;
const LIGHTING = /\b(?:LGT|LGTS|LIGHTS?|PAPI|VASI|ALS|ALSF\d?|MALS[FR]?|SSAL[FR]?|REIL|HIRL|MIRL|LIRL|RCLL|TDZL|PCL|ABN|BCN|RAI|RAIL)\b/;

/** What a NOTAM does to a flight, from its Q-code, domestic keyword and text (either may be missing). */
export function classifyNotam(input: { q?: NotamQLine | null; keyword?: string | null; text: string }): NotamKind {
  const subject = input.q?.subject ?? null;
  const condition = input.q?.condition ?? null;
  const keyword = input.keyword ?? null;
  const text = input.text.toUpperCase();
  const closed = condition === 'LC' || CLOSED.test(text);
  const out = (condition !== null && OUT_CONDITIONS.has(condition)) || OUT_PHRASE.test(text) || CLOSED.test(text);
  if (subject === 'KK' || /\bCHECKLIST\b/.test(text)) return 'checklist';
  const lighting = subject?.startsWith('L') === true || (subject === null && LIGHTING.test(text));
  if (!lighting && closed && (subject === 'MR' || (subject === null && keyword === 'RWY'))) return 'closed-runway';
  if (!lighting && closed && (subject === 'FA' || (subject === null && keyword === 'AD'))) return 'closed-aerodrome';
  if (!lighting && closed && (subject === 'MX' || (subject === null && keyword === 'TWY'))) return 'closed-taxiway';
  const obstacle = subject?.startsWith('O') === true || keyword === 'OBST';
  if (obstacle) return 'obstacle';
  if (out && (subject?.startsWith('N') === true || subject?.startsWith('I') === true || (subject === null && keyword === 'NAV'))) return 'navaid-out';
  if (out && (lighting || (subject === 'XX' && LIGHTING.test(text)) || (subject === null && (keyword === 'RWY' || keyword === 'TWY' || keyword === 'AD') && LIGHTING.test(text)))) return 'lighting-out';
  if (out && (subject?.startsWith('C') === true || (subject === null && keyword === 'COM'))) return 'com-out';
  if (subject?.startsWith('P') === true || (keyword !== null && ['IAP', 'ODP', 'SID', 'STAR', 'CHART', 'DATA', 'VFP', 'ROUTE'].includes(keyword))) return 'procedure';
  if ((subject !== null && /^[RWA]/.test(subject)) || keyword === 'AIRSPACE') return 'airspace';
  return 'other';
}
