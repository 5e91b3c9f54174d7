import type { Feature, FeatureCollection, LineString } from 'geojson';
import { greatCircleDestination } from '@clearway/geo';
import { DEFAULT_OWNSHIP_SIZE_FACTOR, type PositionSource } from '@clearway/inflight';
import type { TrafficMark } from './inflightSlice';

/** Ownship symbol size at ownship_size_factor 1, px. */
export const OWNSHIP_BASE_PX = 36;
/** Traffic symbol size, px. */
export const TRAFFIC_PX = 26;
/** The track line shows where ownship will be in this long at its ground speed... */
export const TRACK_LINE_MINUTES = 2;
/** ...and is at least this long (slow or stopped with a track). */
export const TRACK_LINE_MIN_NM = 1;

export const PROXIMITY_COLOURS = { normal: '#00b8d4', amber: '#ffb300', red: '#e53935' } as const;
export const OWNSHIP_COLOUR = '#00e676';

/** The source badge under the ownship symbol. */
export const SOURCE_BADGES: Record<PositionSource, string> = { adsb: 'ADS-B', gps: 'GPS', last: 'last fix', geoip: 'IP', simulator: 'SIM' };

/** Ownship symbol size, px, by the units' ownship_size_factor (default 1; out-of-range factors held at 0.5 to 3). */
export function ownshipSizePx(factor: number | null | undefined): number {
  const f = typeof factor === 'number' && Number.isFinite(factor) && factor > 0 ? factor : DEFAULT_OWNSHIP_SIZE_FACTOR;
  return Math.round(OWNSHIP_BASE_PX * Math.min(3, Math.max(0.5, f)));
}

/** The track line ahead of ownship: TRACK_LINE_MINUTES at its speed (at least TRACK_LINE_MIN_NM); none without a track. */
export function trackLine(lat: number, lon: number, trackDeg: number | null, speedKt: number | null): Feature<LineString> | null {
  if (trackDeg === null || !Number.isFinite(trackDeg)) return null;
  const nm = Math.max(TRACK_LINE_MIN_NM, speedKt !== null && Number.isFinite(speedKt) ? (speedKt * TRACK_LINE_MINUTES) / 60 : 0);
  const end = greatCircleDestination(lat, lon, trackDeg, nm);
  return { type: 'Feature', geometry: { type: 'LineString', coordinates: [[lon, lat], [end.lonDeg, end.latDeg]] }, properties: { kind: 'track' } };
}

/** A ring of `radiusNm` around a point (64 segments), for a target without a position. */
export function ring(lat: number, lon: number, radiusNm: number, properties: Record<string, unknown>): Feature<LineString> {
  const coordinates: [number, number][] = [];
  for (let i = 0; i <= 64; i++) {
    const p = greatCircleDestination(lat, lon, (i * 360) / 64, radiusNm);
    coordinates.push([p.lonDeg, p.latDeg]);
  }
  return { type: 'Feature', geometry: { type: 'LineString', coordinates }, properties: { kind: 'ring', ...properties } };
}

/** The in-flight lines: the track line and one ring per target without a position. */
export function inflightLines(own: { lat: number; lon: number; trackDeg: number | null; speedKt: number | null } | null, traffic: readonly TrafficMark[]): FeatureCollection<LineString> {
  const features: Feature<LineString>[] = [];
  if (own) {
    const track = trackLine(own.lat, own.lon, own.trackDeg, own.speedKt);
    if (track) features.push(track);
    for (const t of traffic) {
      if (t.ringNm !== null) features.push(ring(own.lat, own.lon, t.ringNm, { colour: PROXIMITY_COLOURS[t.proximity], label: t.label }));
    }
  }
  return { type: 'FeatureCollection', features };
}

/** The trend arrow after the altitude tag. */
export function trendArrow(trend: TrafficMark['trend']): string {
  return trend === 'climbing' ? '↑' : trend === 'descending' ? '↓' : '';
}

/** The traffic target's tag: relative altitude, trend, callsign or hex, and its state. */
export function trafficTag(t: TrafficMark): string {
  const parts = [`${t.altitudeTag ?? ''}${trendArrow(t.trend)}`.trim(), t.label];
  if (t.emergency) parts.push('EMER');
  if (t.onGround) parts.push('GND');
  return parts.filter((p) => p !== '').join(' ');
}

/** An aircraft arrow pointing up (north), centred in a square of `size` px. */
export function arrowSvg(size: number, fill: string, stroke: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 24 24" aria-hidden="true"><path d="M12 2 L20 21 L12 16.5 L4 21 Z" fill="${fill}" stroke="${stroke}" stroke-width="1.5" stroke-linejoin="round"/></svg>`;
}
