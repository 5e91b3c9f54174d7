import type { ExpressionSpecification } from '@maplibre/maplibre-gl-style-spec';
import type { Feature, FeatureCollection, Point, Polygon } from 'geojson';
import type { AdvisoryEntry, AirmetSnapshot, MetarSnapshot, PirepEntry, PirepSnapshot } from '@clearway/protocol';
import { FLIGHT_CATEGORY_COLOURS } from '@clearway/weather';
import type { MapTheme } from '../palette';

/**
 * The weather layers' data and colours (weather.ts draws them): snapshots as GeoJSON with the few
 * properties the data-driven styles read, and the colour expressions per theme. Pure, unit tested.
 */

export type FlightCategoryKey = 'VFR' | 'MVFR' | 'IFR' | 'LIFR' | 'NONE';

/**
 * Station symbol colours. By day the spec's (part 2 §9 "VFR green, MVFR orange, IFR dark red, LIFR
 * magenta", @clearway/weather FLIGHT_CATEGORY_COLOURS); at night lighter tints of the same hues, as
 * the chart colours are (palette.ts), so dark red still stands out on the night land. A station
 * without a category is grey.
 */
export const CATEGORY_COLOURS: Readonly<Record<MapTheme, Readonly<Record<FlightCategoryKey, string>>>> = {
  day: { ...FLIGHT_CATEGORY_COLOURS, NONE: '#8a8a8a' } as Record<FlightCategoryKey, string>,
  night: { VFR: '#3fbf4a', MVFR: '#ffad33', IFR: '#ff4d4d', LIFR: '#ff5cff', NONE: '#9aa5ae' },
};

/** Station outline and barb colour per theme. */
export const STATION_OUTLINE: Readonly<Record<MapTheme, string>> = { day: '#ffffff', night: '#0a1a2a' };
export const BARB_COLOUR: Readonly<Record<MapTheme, string>> = { day: '#1b1b1b', night: '#e4ebf0' };

/** PIREP symbol colours by what the report is about. */
export type PirepKind = 'urgent' | 'turbulence' | 'icing' | 'other';
export const PIREP_COLOURS: Readonly<Record<MapTheme, Readonly<Record<PirepKind, string>>>> = {
  day: { urgent: '#d40000', turbulence: '#b35c00', icing: '#0069c0', other: '#4a4a4a' },
  night: { urgent: '#ff5c5c', turbulence: '#ffab4d', icing: '#6cb6ff', other: '#c9d2da' },
};

/** Advisory areas by hazard class. */
export type HazardClass = 'convective' | 'turbulence' | 'icing' | 'ifr' | 'mountain' | 'other';
export const HAZARD_COLOURS: Readonly<Record<MapTheme, Readonly<Record<HazardClass, string>>>> = {
  day: { convective: '#d40000', turbulence: '#b35c00', icing: '#0069c0', ifr: '#7a3cc4', mountain: '#6b4f2a', other: '#555555' },
  night: { convective: '#ff5c5c', turbulence: '#ffab4d', icing: '#6cb6ff', ifr: '#c39bff', mountain: '#d3b27c', other: '#b0b0b0' },
};

/** Opacity factor of a layer whose snapshot is past its update interval (the stale style). */
export const STALE_OPACITY = 0.45;

/** Barb images are made per 5 kt; above this they are capped (the symbol says "this much or more"). */
export const BARB_MAX_KT = 195;

/** The wind barb image of a wind speed: `wx-barb-{kt rounded to 5}`; null when calm (under 3 kt) or unknown. */
export function barbImageName(kt: number | null | undefined): string | null {
  if (kt === null || kt === undefined || !Number.isFinite(kt) || kt < 3) return null;
  return `wx-barb-${Math.min(BARB_MAX_KT, Math.max(5, Math.round(kt / 5) * 5))}`;
}

/** Speed of a barb image name, or null when it is not one. */
export function barbImageSpeed(name: string): number | null {
  const match = /^wx-barb-(\d{1,3})$/.exec(name);
  return match ? Number(match[1]) : null;
}

/** Pennants (50 kt), full barbs (10) and half barbs (5) of a speed rounded to 5 kt. */
export function barbParts(kt: number): { pennants: number; full: number; half: number } {
  const rounded = Math.round(kt / 5) * 5;
  const pennants = Math.floor(rounded / 50);
  const full = Math.floor((rounded - pennants * 50) / 10);
  const half = (rounded - pennants * 50 - full * 10) >= 5 ? 1 : 0;
  return { pennants, full, half };
}

function point<P>(lon: number, lat: number, properties: P): Feature<Point, P> {
  return { type: 'Feature', geometry: { type: 'Point', coordinates: [lon, lat] }, properties };
}

export interface MetarProperties {
  /** Station id (the tap finds its report in the snapshot by it). */
  id: string;
  cat: FlightCategoryKey;
  /** Barb image, '' when calm, variable or not reported. */
  barb: string;
  /** Degrees true the wind blows from (the barb's rotation). */
  dir: number;
}

/** One point per station: category, and a barb when the wind has a direction and at least 3 kt. */
export function metarFeatures(snapshot: MetarSnapshot | null): FeatureCollection<Point, MetarProperties> {
  const features = (snapshot?.stations ?? []).map((station) => {
    const wind = station.wind;
    const barb = wind && wind.dir !== null ? barbImageName(wind.kt) ?? '' : '';
    return point<MetarProperties>(station.lon, station.lat, { id: station.id, cat: station.cat ?? 'NONE', barb, dir: wind?.dir ?? 0 });
  });
  return { type: 'FeatureCollection', features };
}

/** What a PIREP is drawn as: urgent first, then the stronger of turbulence and icing reported. */
export function pirepKind(report: Pick<PirepEntry, 'urgent' | 'turb' | 'icing'>): PirepKind {
  if (report.urgent) return 'urgent';
  if (report.turb && report.turb !== 'NEG' && report.turb !== 'SMTH') return 'turbulence';
  if (report.icing && report.icing !== 'NEG') return 'icing';
  return 'other';
}

export interface PirepProperties {
  /** Index in the snapshot's reports. */
  i: number;
  kind: PirepKind;
}

export function pirepFeatures(snapshot: PirepSnapshot | null): FeatureCollection<Point, PirepProperties> {
  return { type: 'FeatureCollection', features: (snapshot?.reports ?? []).map((report, i) => point(report.lon, report.lat, { i, kind: pirepKind(report) })) };
}

/** The hazard class of an advisory from its kind and hazard name (G-AIRMET TURB-HI, ICE, IFR, MT_OBSC, ...). */
export function hazardClass(advisory: Pick<AdvisoryEntry, 'kind' | 'hazard'>): HazardClass {
  const hazard = advisory.hazard.toUpperCase();
  if (advisory.kind === 'CONVECTIVE_SIGMET' || advisory.kind === 'CONVECTIVE_OUTLOOK' || /CONVECT|TS|THUNDER/.test(hazard)) return 'convective';
  if (hazard.includes('TURB') || hazard === 'LLWS' || hazard.includes('WIND')) return 'turbulence';
  if (hazard.includes('ICE') || hazard.includes('ICING') || hazard.includes('FZLVL')) return 'icing';
  if (hazard.includes('IFR')) return 'ifr';
  if (hazard.includes('MT') || hazard.includes('MTN')) return 'mountain';
  return 'other';
}

export interface AdvisoryProperties {
  /** Index in the snapshot's advisories. */
  i: number;
  hazard: HazardClass;
  /** SIGMETs drawn with a solid outline, G-AIRMETs and outlooks dashed. */
  sigmet: boolean;
}

export function advisoryFeatures(snapshot: AirmetSnapshot | null): FeatureCollection<Polygon, AdvisoryProperties> {
  const features = (snapshot?.advisories ?? []).map((advisory, i): Feature<Polygon, AdvisoryProperties> => ({
    type: 'Feature',
    geometry: { type: 'Polygon', coordinates: [advisory.polygon.map(([lon, lat]) => [lon, lat])] },
    properties: { i, hazard: hazardClass(advisory), sigmet: advisory.kind !== 'G_AIRMET' && advisory.kind !== 'CONVECTIVE_OUTLOOK' },
  }));
  return { type: 'FeatureCollection', features };
}

/** A `match` on a feature property to the colours of a table, its last entry the fallback. */
function matchColour<K extends string>(property: string, colours: Readonly<Record<K, string>>, fallback: K): ExpressionSpecification {
  const pairs = (Object.keys(colours) as K[]).filter((key) => key !== fallback).flatMap((key) => [key, colours[key]]);
  return ['match', ['get', property], ...pairs, colours[fallback]] as unknown as ExpressionSpecification;
}

export const categoryColour = (theme: MapTheme): ExpressionSpecification => matchColour('cat', CATEGORY_COLOURS[theme], 'NONE');
export const pirepColour = (theme: MapTheme): ExpressionSpecification => matchColour('kind', PIREP_COLOURS[theme], 'other');
export const hazardColour = (theme: MapTheme): ExpressionSpecification => matchColour('hazard', HAZARD_COLOURS[theme], 'other');
