import { gunzipSync } from 'node:zlib';
import type { WeatherProductType } from '@clearway/protocol';
import { splitNwsProduct } from '@clearway/weather';

/**
 * The publisher formats the weather module reads, from a folder (WEATHER_SOURCE=path) or from the
 * Aviation Weather Center over HTTP. Each is recognised by its name and its content:
 *
 *   metar-csv       AWC METAR cache CSV (metars.cache*.csv[.gz]: preamble, `raw_text,...` header)
 *   metar-json      AWC Data API /api/data/metar?format=json (array of {icaoId, rawOb, lat, lon, ...})
 *   stations-json   AWC station list (stations.cache*.json[.gz]: array of {icaoId, faaId, site, lat, lon, elev, siteType})
 *   taf-text        NWS TAF product (WMO heading FT.. / FC..)
 *   taf-xml         AWC TAF cache XML (tafs.cache.xml[.gz]: <TAF><raw_text>, <station_id>, times, position)
 *   taf-json        AWC Data API /api/data/taf?format=json (array of {icaoId, rawTAF, lat, lon, ...})
 *   pirep-text      NWS PIREP product (UA.. / UB..)
 *   pirep-csv       AWC aircraft report cache CSV (aircraftreports.cache.csv[.gz]: `raw_text`, latitude, longitude, ...)
 *   pirep-json      AWC Data API /api/data/pirep?format=json (array of {rawOb, lat, lon, pirepType, ...})
 *   sigmet-text     NWS SIGMET / convective SIGMET / CWA product (WS.., WC.., WV.., WA.., FA.. with a CWA id)
 *   gairmet-xml     G-AIRMET XML (US-AIRMETRecord; LW.. heading or bare)
 *   airsigmet-json  AWC Data API /api/data/airsigmet?format=json (US SIGMETs and outlooks)
 *   isigmet-json    AWC Data API /api/data/isigmet?format=json (international SIGMETs)
 *   gairmet-json    AWC Data API /api/data/gairmet?format=json
 *   cwa-json        AWC Data API /api/data/cwa?format=json
 *   fb-text         FB winds and temperatures aloft bulletin (FB.. heading, or the Data API windtemp text)
 */
export const WEATHER_FILE_KINDS = [
  'metar-csv', 'metar-json', 'stations-json', 'taf-text', 'taf-xml', 'taf-json', 'pirep-text', 'pirep-csv', 'pirep-json',
  'sigmet-text', 'gairmet-xml', 'airsigmet-json', 'isigmet-json', 'gairmet-json', 'cwa-json', 'fb-text',
] as const;
export type WeatherFileKind = (typeof WEATHER_FILE_KINDS)[number];

/** The snapshot type each file kind feeds. */
export const KIND_TYPE: Readonly<Record<WeatherFileKind, WeatherProductType>> = {
  'metar-csv': 'metar',
  'metar-json': 'metar',
  'stations-json': 'stations',
  'taf-text': 'taf',
  'taf-xml': 'taf',
  'taf-json': 'taf',
  'pirep-text': 'pirep',
  'pirep-csv': 'pirep',
  'pirep-json': 'pirep',
  'sigmet-text': 'airmet',
  'gairmet-xml': 'airmet',
  'airsigmet-json': 'airmet',
  'isigmet-json': 'airmet',
  'gairmet-json': 'airmet',
  'cwa-json': 'airmet',
  'fb-text': 'fbo',
};

/** One publisher file, as text. */
export interface WeatherFile {
  /** Its path (folder source) or URL (HTTP source), for logs and issues. */
  name: string;
  kind: WeatherFileKind;
  text: string;
  /**
   * A time near the file's issue (its modification time, the publisher's Last-Modified, or the
   * fetch time): the month and year of reports that carry only day and time.
   */
  referenceMs: number;
}

/** The bytes of a file as text, gunzipped when they start with the gzip magic number. */
export function textOf(bytes: Buffer): string {
  const plain = bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes;
  return plain.toString('utf8');
}

/** The keys of the first object of a JSON array text, without parsing the whole of it. */
function firstObjectKeys(text: string): Set<string> | null {
  const start = text.indexOf('{');
  if (start < 0 || text.slice(0, start).trim() !== '[') return null;
  const head = text.slice(start, start + 4000);
  return new Set([...head.matchAll(/"([A-Za-z_][A-Za-z0-9_]*)"\s*:/g)].map((m) => m[1]!));
}

/**
 * What a file is, from its name (without .gz) and content; null when it is no weather product the
 * module reads (the folder may hold licences, READMEs, test expectations).
 */
export function classifyWeatherFile(name: string, text: string): WeatherFileKind | null {
  const base = (name.split('/').pop() ?? name).replace(/\.gz$/i, '');
  const head = text.slice(0, 4000).replace(/^\uFEFF/, '');
  const trimmed = head.trimStart();
  if (/^metars\.cache.*\.csv$/i.test(base) || /^raw_text,station_id,observation_time/m.test(head)) return 'metar-csv';
  if (/^aircraftreports\.cache.*\.csv$/i.test(base) || (/(^|,)raw_text(,|$)/m.test(head) && /(^|,)aircraft_ref(,|$)/m.test(head))) return 'pirep-csv';
  if (/^tafs\.cache.*\.xml$/i.test(base) || (/<TAF>/.test(head) && /<raw_text>/.test(head))) return 'taf-xml';
  if (/US-AIRMETRecord|<(?:\w+:)?G-AIRMET\b/.test(head) || /US-AIRMETRecord/.test(text.slice(0, 20000))) return 'gairmet-xml';
  if (trimmed.startsWith('[')) {
    const keys = firstObjectKeys(trimmed);
    if (keys === null) return /^stations\.cache/i.test(base) ? 'stations-json' : null;
    if (keys.has('siteType') || /^stations\.cache/i.test(base)) return 'stations-json';
    if (keys.has('rawTAF')) return 'taf-json';
    if (keys.has('pirepType') || (keys.has('rawOb') && keys.has('acType'))) return 'pirep-json';
    if (keys.has('rawOb')) return 'metar-json';
    if (keys.has('rawAirSigmet') || keys.has('airSigmetType')) return 'airsigmet-json';
    if (keys.has('rawSigmet') || keys.has('firId')) return 'isigmet-json';
    if (keys.has('cwaText') || keys.has('cwsu')) return 'cwa-json';
    if (keys.has('forecastHour') || (keys.has('hazard') && keys.has('validTime'))) return 'gairmet-json';
    return null;
  }
  // NWS text products: the WMO heading's TTAAii says what the product is.
  const normalised = head.replace(/^\(Extracted from (\S+) (\S+) (\d{6})\)/m, '$1 $2 $3');
  const product = splitNwsProduct(normalised);
  const tt = product.heading?.ttaaii.slice(0, 2) ?? null;
  if (tt === 'FB' || /^FT\s+3000\s/m.test(head)) return 'fb-text';
  if (tt === 'FT' || tt === 'FC') return 'taf-text';
  if (tt === 'UA' || tt === 'UB') return 'pirep-text';
  if (tt === 'WS' || tt === 'WC' || tt === 'WV' || tt === 'WA') return 'sigmet-text';
  if (tt === 'FA' && /^CWA|\bCWA\b/.test(`${product.awipsId ?? ''} ${product.lines.slice(0, 3).join(' ')}`)) return 'sigmet-text';
  if (tt === 'LW') return 'gairmet-xml';
  return null;
}
