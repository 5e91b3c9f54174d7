import { classifyNotam, decodeNotam, type DecodedNotam, type NotamKind } from './decode.js';

/**
 * One NOTAM of an FAA NOTAM API answer (v1 `/notamapi/v1/notams`, GeoJSON items with
 * `properties.coreNOTAMData.notam` and its `notamTranslation`s), decoded: the domestic text when the
 * answer carries one (US NOTAMs), else the ICAO text; the Q-code from the ICAO text when present.
 */
export interface NotamRecord {
  /** The API's id (`NOTAM_1_69074219`). */
  id: string;
  number: string;
  /** ICAO location (`KOSH`); the API's location when it has no ICAO one. */
  location: string;
  /** DOM, FDC, INTL, MIL, ... as the API says. */
  classification: string;
  kind: NotamKind;
  /** The domestic keyword (`RWY`) or null. */
  keyword: string | null;
  /** The ICAO Q-code (`QMRLC`) or null. */
  qCode: string | null;
  lat: number | null;
  lon: number | null;
  /** ms since the epoch; end null with `permanent`. */
  start: number | null;
  end: number | null;
  permanent: boolean;
  endEstimated: boolean;
  /** The NOTAM as published: domestic (`!OSH 07/025 ...`) and ICAO texts, either may be null. */
  domestic: string | null;
  icao: string | null;
  /** The text to read (domestic body or ICAO E) field). */
  text: string;
  /** Problems of the decoding, each naming the field. */
  problems: string[];
}

export type FaaApiItemResult = { ok: true; notam: NotamRecord } | { ok: false; reason: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

function isoTime(v: unknown): number | null {
  const s = str(v);
  if (s === null) return null;
  const t = Date.parse(s);
  return Number.isFinite(t) ? t : null;
}

/** `4359N08833W` or `435901.20N0883404.30W` to degrees. */
function apiCoordinates(v: unknown): { lat: number; lon: number } | null {
  const m = /^(\d{2})(\d{2})(\d{2}(?:\.\d+)?)?([NS])(\d{3})(\d{2})(\d{2}(?:\.\d+)?)?([EW])$/.exec(str(v) ?? '');
  if (m === null) return null;
  const deg = (d: string | undefined, mi: string | undefined, s: string | undefined) => Number(d) + Number(mi) / 60 + Number(s ?? 0) / 3600;
  return { lat: deg(m[1], m[2], m[3]) * (m[4] === 'S' ? -1 : 1), lon: deg(m[5], m[6], m[7]) * (m[8] === 'W' ? -1 : 1) };
}

function firstPoint(geometry: unknown): { lat: number; lon: number } | null {
  if (!isObject(geometry)) return null;
  if (geometry['type'] === 'Point' && Array.isArray(geometry['coordinates'])) {
    const [lon, lat] = geometry['coordinates'] as unknown[];
    return typeof lat === 'number' && typeof lon === 'number' ? { lat, lon } : null;
  }
  if (Array.isArray(geometry['geometries'])) {
    for (const g of geometry['geometries']) {
      const p = firstPoint(g);
      if (p !== null) return p;
    }
  }
  return null;
}

/** Decodes one item; an item without an id, number or text is rejected with the reason. */
export function notamFromFaaApiItem(item: unknown): FaaApiItemResult {
  const core = isObject(item) && isObject(item['properties']) ? item['properties']['coreNOTAMData'] : undefined;
  if (!isObject(core) || !isObject(core['notam'])) return { ok: false, reason: 'no properties.coreNOTAMData.notam' };
  const n = core['notam'];
  const id = str(n['id']);
  const number = str(n['number']);
  if (id === null) return { ok: false, reason: 'notam.id is missing' };
  if (number === null) return { ok: false, reason: `NOTAM ${id}: notam.number is missing` };
  const translations = Array.isArray(core['notamTranslation']) ? core['notamTranslation'].filter(isObject) : [];
  const domestic = str(translations.find((t) => t['type'] === 'LOCAL_FORMAT')?.['simpleText']);
  const icao = str(translations.find((t) => t['type'] === 'ICAO')?.['formattedText']);
  const dom: DecodedNotam | null = domestic === null ? null : decodeNotam(domestic);
  const ica: DecodedNotam | null = icao === null ? null : decodeNotam(icao);
  const text = dom?.text ?? ica?.text ?? str(n['text']);
  if (text === null) return { ok: false, reason: `NOTAM ${number}: no text (notam.text and translations are empty)` };
  // The geometry's point is exact (an obstacle's own position); `coordinates` may be the airport's.
  const position = firstPoint(isObject(item) ? item['geometry'] : null) ?? apiCoordinates(n['coordinates']) ?? (ica?.q?.lat !== null && ica?.q?.lat !== undefined && ica.q.lon !== null ? { lat: ica.q.lat, lon: ica.q.lon } : null);
  const endText = str(n['effectiveEnd']);
  const permanent = endText === 'PERM' || (dom?.permanent ?? ica?.permanent ?? false);
  return {
    ok: true,
    notam: {
      id,
      number,
      location: str(n['icaoLocation']) ?? str(n['location']) ?? dom?.location ?? ica?.location ?? '',
      classification: str(n['classification']) ?? '',
      kind: classifyNotam({ q: ica?.q ?? null, keyword: dom?.keyword ?? null, text }),
      keyword: dom?.keyword ?? null,
      qCode: ica?.q?.code ?? str(n['selectionCode']),
      lat: position?.lat ?? null,
      lon: position?.lon ?? null,
      start: isoTime(n['effectiveStart']) ?? dom?.start ?? ica?.start ?? null,
      end: permanent ? null : (isoTime(endText) ?? dom?.end ?? ica?.end ?? null),
      permanent,
      endEstimated: (dom?.endEstimated ?? false) || (ica?.endEstimated ?? false),
      domestic,
      icao,
      text,
      problems: [...(dom?.problems ?? []), ...(ica?.problems ?? [])],
    },
  };
}

/** Every item of one answer page: the decoded NOTAMs, the rejected items with their reasons, and the paging. */
export function notamsFromFaaApiAnswer(answer: unknown): { notams: NotamRecord[]; rejected: string[]; pageNum: number; totalPages: number } {
  if (!isObject(answer) || !Array.isArray(answer['items'])) throw new Error('FAA NOTAM API answer has no items array');
  const notams: NotamRecord[] = [];
  const rejected: string[] = [];
  answer['items'].forEach((item, i) => {
    const r = notamFromFaaApiItem(item);
    if (r.ok) notams.push(r.notam);
    else rejected.push(`item ${i}: ${r.reason}`);
  });
  const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
  return { notams, rejected, pageNum: num(answer['pageNum'], 1), totalPages: num(answer['totalPages'], 1) };
}
