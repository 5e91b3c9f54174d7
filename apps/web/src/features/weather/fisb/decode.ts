// FIS-B text products to the weather snapshots' entries (loaded on first ingest: the weather decoders
// stay out of the start-up bundle). Each product goes through @clearway/gdl90's FIS-B weather decoder
// (the same @clearway/weather decoders as the internet feeds) and comes out as the protocol's entry
// for its type, keyed as the server keys its snapshots.
import { advisoryAsNwsProduct, createFisbWeatherDecoder, fisbWindsAsFbBulletin, type FisbText } from '@clearway/gdl90';
import type { AdvisoryEntry, FbBulletinEntry, MetarEntry, PirepEntry, TafEntry } from '@clearway/protocol';
import { decodeAdvisoryProduct, decodePirepProduct, FB_STATION_POSITIONS, type Advisory, type Metar, type PirepLayerReport, type PirepLocator } from '@clearway/weather';

/** One decoded FIS-B product as a snapshot entry; metar/taf entries wait for a position (`locate`). */
export type FisbRecord =
  | { type: 'metar'; key: string; timeMs: number; entry: Omit<MetarEntry, 'lat' | 'lon'>; fallback: Place | null }
  | { type: 'taf'; key: string; timeMs: number; entry: Omit<TafEntry, 'lat' | 'lon'>; fallback: Place | null }
  | { type: 'pirep'; key: string; timeMs: number; entry: PirepEntry }
  | { type: 'airmet'; key: string; timeMs: number; entry: AdvisoryEntry }
  | { type: 'fbo'; key: string; timeMs: number; entry: FbBulletinEntry };

/** A product as the devices socket (`DeviceFisbProduct`: `kind`) or @clearway/gdl90's collector (`FisbText`: `type`) has it. */
export interface FisbProductInput {
  productId?: number;
  kind?: string;
  type?: string;
  location?: string;
  text: string;
}

export interface Place {
  lat: number;
  lon: number;
}

/**
 * Where a station is without the stations snapshot: the FB winds station (a VOR, mostly on or
 * near the field) of the same 3-letter id ('KIND' -> IND). Approximate; the stations snapshot wins.
 */
export function fbFallbackPlace(id: string): Place | null {
  const short = id.length === 4 && /^[KPC]/.test(id) ? id.slice(1) : id;
  const fb = FB_STATION_POSITIONS[short];
  return fb ? { lat: fb[0], lon: fb[1] } : null;
}

/** Points of PIREPs and SIGMETs: the given locator (the stations snapshot), then the FB stations' positions (the VORs they name). */
function withFbStations(locate: PirepLocator | undefined): PirepLocator {
  return (raw) => {
    const found = locate?.(raw);
    if (found) return found;
    const fb = FB_STATION_POSITIONS[raw.toUpperCase()];
    return fb ? { lat: fb[0], lon: fb[1] } : null;
  };
}

const STATION_ID = /^[A-Z0-9]{3,5}$/;
const COVER_RANK = { CLR: 0, FEW: 1, SCT: 2, BKN: 3, OVC: 4, VV: 5 } as const;
type Cover = keyof typeof COVER_RANK;
const INTENSITY_RANK = ['NEG', 'SMTH', 'TRACE', 'LGT', 'LGT-MOD', 'MOD', 'MOD-SEV', 'SEV', 'SEV-EXTRM', 'EXTRM'] as const;
type Intensity = (typeof INTENSITY_RANK)[number];

function coverOf(metar: Metar): Cover | null {
  let best: Cover | null = null;
  for (const layer of metar.clouds) {
    if (layer.cover === 'UNKNOWN') continue;
    if (best === null || COVER_RANK[layer.cover] > COVER_RANK[best]) best = layer.cover;
  }
  if (best !== null) return best;
  return metar.skyClear !== null || metar.cavok ? 'CLR' : null;
}

function strongest(reports: readonly PirepLayerReport[]): Intensity | null {
  let best = -1;
  for (const r of reports) {
    const i = r.intensity === null ? -1 : INTENSITY_RANK.indexOf(r.intensity as Intensity);
    if (i > best) best = i;
  }
  return best < 0 ? null : INTENSITY_RANK[best]!;
}

/** A closed ring of [lon, lat] from a polygon advisory whose every point was placed; null otherwise. */
function advisoryRing(advisory: Advisory): [number, number][] | null {
  const { geometry } = advisory;
  if (geometry.shape !== 'polygon' || geometry.points.some((p) => p.position === null)) return null;
  const ring = geometry.points.map((p) => [p.position!.lon, p.position!.lat] as [number, number]);
  if (ring.length < 3) return null;
  const [first, last] = [ring[0]!, ring[ring.length - 1]!];
  if (first[0] !== last[0] || first[1] !== last[1]) ring.push([first[0], first[1]]);
  return ring.length >= 4 ? ring : null;
}

export interface FisbDecoded {
  records: FisbRecord[];
  /** Products read as text only (AIRMET text, NOTAM, SUA) or not placeable: counted, not merged. */
  skipped: number;
}

/** Decodes products received at `receivedAt` (ms since the epoch; the FIS-B time groups have day and time only). Never throws. */
export function decodeFisbProducts(products: readonly FisbProductInput[], receivedAt: number, locate?: PirepLocator, places: Readonly<Record<string, Place>> = {}): FisbDecoded {
  const decoder = createFisbWeatherDecoder();
  const placePoint = withFbStations(locate);
  const records: FisbRecord[] = [];
  let skipped = 0;
  for (const p of products) {
    const type = (p.type ?? p.kind ?? '').toUpperCase();
    const item: FisbText = { productId: p.productId ?? 413, type, location: p.location ?? '', text: p.text, station: { latitude: 0, longitude: 0 } };
    const w = decoder.decode(item, receivedAt);
    const before = records.length;
    if (w.kind === 'metar') {
      const m = w.metar;
      if (STATION_ID.test(m.station) && m.timeMs !== null && m.raw.length <= 1000) {
        const wind = m.wind;
        records.push({
          type: 'metar',
          key: m.station,
          timeMs: m.timeMs,
          fallback: places[m.station] ?? fbFallbackPlace(m.station),
          entry: {
            id: m.station,
            time: m.timeMs,
            raw: m.raw,
            cat: m.flightCategory,
            wind: wind === null ? null : { dir: wind.directionDeg === null ? null : Math.min(360, Math.max(0, Math.round(wind.directionDeg))), kt: Math.max(0, wind.speedKt), gust: wind.gustKt === null ? null : Math.max(0, wind.gustKt) },
            visSm: m.visibility === null ? null : Math.max(0, m.visibility.statuteMiles),
            ceilingFt: m.ceilingFtAgl === null ? null : Math.max(0, Math.round(m.ceilingFtAgl)),
            cover: coverOf(m),
          },
        });
      }
    } else if (w.kind === 'taf') {
      for (const t of w.tafs) {
        if (!STATION_ID.test(t.station) || t.validFromMs === null || t.validToMs === null || t.raw.length > 4000) continue;
        const issued = t.issuedMs ?? t.validFromMs;
        records.push({ type: 'taf', key: t.station, timeMs: issued, fallback: places[t.station] ?? fbFallbackPlace(t.station), entry: { id: t.station, issued, validFrom: t.validFromMs, validTo: t.validToMs, raw: t.raw } });
      }
    } else if (w.kind === 'pirep') {
      // Again with a locator (the FIS-B decoder places nothing): "PIREP MEM 300810Z MEM UA /OV ..." read after the record's time group.
      const placed = decodePirepProduct(p.text.replace(/^PIREP\s+\S+\s+\S+\s+/, ''), w.timeMs ?? receivedAt, placePoint).pireps;
      for (const r of placed) {
        const time = r.timeMs ?? w.timeMs;
        if (r.position === null || time === null) continue;
        const raw = r.raw.slice(0, 2000);
        records.push({
          type: 'pirep',
          key: `${time} ${raw}`,
          timeMs: time,
          entry: {
            lat: r.position.lat,
            lon: r.position.lon,
            time,
            urgent: r.urgent,
            altFt: r.altitudeFt === null ? null : Math.round(r.altitudeFt),
            aircraft: r.aircraftType === null ? null : r.aircraftType.slice(0, 40),
            turb: strongest(r.turbulence),
            icing: strongest(r.icing),
            raw,
          },
        });
      }
    } else if (w.kind === 'advisory') {
      // Again with a locator for the VORs of its area.
      const placed = decodeAdvisoryProduct(advisoryAsNwsProduct(p.text), receivedAt, placePoint).advisories;
      for (const a of placed) {
        const polygon = advisoryRing(a);
        if (polygon === null) continue;
        const entry: AdvisoryEntry = {
          kind: a.kind as AdvisoryEntry['kind'],
          id: a.id.slice(0, 80) || a.kind,
          hazard: a.hazard.slice(0, 40),
          severity: a.severity,
          validFrom: a.validFromMs,
          validTo: a.validToMs,
          baseFt: a.baseFt === null ? null : Math.round(a.baseFt),
          topFt: a.topFt === null ? null : Math.round(a.topFt),
          baseIsFreezingLevel: a.baseIsFreezingLevel,
          polygon,
          raw: a.text.slice(0, 8000),
        };
        records.push({ type: 'airmet', key: `${entry.kind}|${entry.id}|${entry.validFrom}`, timeMs: a.issuedMs ?? w.timeMs ?? receivedAt, entry });
      }
    } else if (w.kind === 'winds' && w.timeMs !== null) {
      const raw = fisbWindsAsFbBulletin(p.text);
      const station = /^WINDS\s+([A-Z0-9]{3,4})/.exec(p.text.trim())?.[1];
      if (raw !== null && station !== undefined) {
        const issued = new Date(w.timeMs);
        // The FIS-B record's time is the forecast's valid time; 6 h is the FB forecast it stands for.
        records.push({ type: 'fbo', key: station, timeMs: w.timeMs, entry: { forecastHours: 6, year: issued.getUTCFullYear(), month: issued.getUTCMonth() + 1, raw } });
      }
    }
    if (records.length === before) skipped += 1;
  }
  return { records, skipped };
}
