// Decoded weather as text a pilot reads: wind, visibility, sky, weather, temperatures, altimeter,
// times and runway components. Pure functions; @clearway/weather types only (no decoding here).
import type { CloudLayer, Metar, TafConditions, TafPeriod, Visibility, WeatherPhenomenon, Wind, WindComponents } from '@clearway/weather';
import { utcDayTime } from '../../weather';

function three(deg: number): string {
  return String(Math.round(deg) % 360 || 360).padStart(3, '0');
}

/** Whole knots with -0 turned into 0. */
function kt(value: number): number {
  return Math.round(value) + 0;
}

/**
 * `090° at 3 kt`, `280° at 6 kt gusting 15 kt, varying 250° to 310°`, `Variable at 4 kt`, `Calm`.
 * Directions are true (METAR and TAF winds are reported true).
 */
export function formatWind(wind: Wind | null): string {
  if (!wind) return 'Not reported';
  if (wind.speedKt === 0 && !wind.gustKt && !wind.variable) return 'Calm';
  const gust = wind.gustKt ? ` gusting ${wind.gustKt} kt` : '';
  const base = wind.variable || wind.directionDeg === null ? `Variable at ${wind.speedKt} kt${gust}` : `${three(wind.directionDeg)}° true at ${wind.speedKt} kt${gust}`;
  const sector = wind.variableFromDeg !== null && wind.variableToDeg !== null ? `, varying ${three(wind.variableFromDeg)}° to ${three(wind.variableToDeg)}°` : '';
  return base + sector;
}

/** A statute-mile figure as written in reports: 1.5 → `1 1/2`, 0.25 → `1/4`, 10 → `10`. */
function miles(value: number): string {
  const whole = Math.floor(value);
  const rest = value - whole;
  const fractions: [number, string][] = [
    [1 / 16, '1/16'], [1 / 8, '1/8'], [3 / 16, '3/16'], [1 / 4, '1/4'], [5 / 16, '5/16'], [3 / 8, '3/8'], [1 / 2, '1/2'],
    [5 / 8, '5/8'], [3 / 4, '3/4'], [7 / 8, '7/8'],
  ];
  const match = fractions.find(([f]) => Math.abs(f - rest) < 0.01);
  if (rest < 0.01) return String(whole);
  if (match) return whole > 0 ? `${whole} ${match[1]}` : match[1];
  return value.toFixed(1);
}

/** `10 SM`, `more than 6 SM`, `less than 1/4 SM`, `4,000 m (2 1/2 SM)`, `10 km or more`. */
export function formatVisibility(visibility: Visibility | null, cavok = false): string {
  if (cavok) return '10 km or more (CAVOK)';
  if (!visibility) return 'Not reported';
  const prefix = visibility.qualifier === 'less-than' ? 'less than ' : visibility.qualifier === 'more-than' ? 'more than ' : '';
  if (/^\d{4}$/.test(visibility.raw)) {
    if (visibility.raw === '9999') return '10 km or more';
    return `${prefix}${Number(visibility.raw).toLocaleString('en-US')} m (${miles(Math.round(visibility.statuteMiles * 4) / 4)} SM)`;
  }
  return `${prefix}${miles(visibility.statuteMiles)} SM`;
}

const COVER: Record<CloudLayer['cover'], string> = {
  FEW: 'Few',
  SCT: 'Scattered',
  BKN: 'Broken',
  OVC: 'Overcast',
  VV: 'Sky obscured, vertical visibility',
  UNKNOWN: 'Cloud of unknown cover',
};

const SKY_CLEAR: Record<'CLR' | 'SKC' | 'NSC' | 'NCD', string> = {
  CLR: 'Clear below 12,000 ft',
  SKC: 'Sky clear',
  NSC: 'No significant cloud',
  NCD: 'No cloud detected',
};

function feet(value: number): string {
  return `${value.toLocaleString('en-US')} ft`;
}

/** One line per layer: `Broken 900 ft (ceiling)`, `Few 2,500 ft CB`; or the clear-sky phrase. */
export function formatSky(clouds: readonly CloudLayer[], skyClear: 'CLR' | 'SKC' | 'NSC' | 'NCD' | null, ceilingFtAgl: number | null, cavok = false): string[] {
  if (cavok) return ['No cloud below 5,000 ft, no cumulonimbus (CAVOK)'];
  if (clouds.length === 0) return skyClear ? [SKY_CLEAR[skyClear]] : ['Not reported'];
  let ceilingMarked = false;
  return clouds.map((layer) => {
    const base = layer.baseFtAgl === null ? 'height not reported' : feet(layer.baseFtAgl);
    const type = layer.cloudType ? ` ${layer.cloudType === 'CB' ? 'cumulonimbus' : layer.cloudType === 'TCU' ? 'towering cumulus' : layer.cloudType}` : '';
    const isCeiling = !ceilingMarked && ceilingFtAgl !== null && layer.baseFtAgl === ceilingFtAgl && (layer.cover === 'BKN' || layer.cover === 'OVC' || layer.cover === 'VV');
    if (isCeiling) ceilingMarked = true;
    return `${COVER[layer.cover]} ${base}${type}${isCeiling ? ' (ceiling)' : ''}`;
  });
}

const DESCRIPTOR: Record<string, string> = {
  SH: 'showers of',
  TS: 'thunderstorm with',
  FZ: 'freezing',
  BL: 'blowing',
  DR: 'low drifting',
  MI: 'shallow',
  BC: 'patches of',
  PR: 'partial',
};

const PHENOMENON: Record<string, string> = {
  RA: 'rain', SN: 'snow', DZ: 'drizzle', SG: 'snow grains', IC: 'ice crystals', PL: 'ice pellets', GR: 'hail',
  GS: 'small hail', UP: 'unknown precipitation', BR: 'mist', FG: 'fog', FU: 'smoke', VA: 'volcanic ash', DU: 'dust',
  SA: 'sand', HZ: 'haze', PY: 'spray', PO: 'dust whirls', SQ: 'squalls', FC: 'funnel cloud', SS: 'sandstorm', DS: 'duststorm',
};

/** `-SHRA` → `light showers of rain`; `VCTS` → `thunderstorm in the vicinity`. */
export function formatPhenomenon(w: WeatherPhenomenon): string {
  const what = w.phenomena.map((p) => PHENOMENON[p] ?? p).join(' and ');
  const descriptor = w.descriptor ? (DESCRIPTOR[w.descriptor] ?? w.descriptor) : '';
  let text = [descriptor, what].filter(Boolean).join(' ');
  if (w.descriptor === 'TS' && !what) text = 'thunderstorm';
  if (w.descriptor === 'SH' && !what) text = 'showers';
  if (w.intensity === 'light') text = `light ${text}`;
  if (w.intensity === 'heavy') text = `heavy ${text}`;
  if (w.intensity === 'in-vicinity') text = `${text} in the vicinity`;
  return text.replace(/\s+/g, ' ').trim();
}

/** `-RA BR` → `light rain; mist`; none → null. */
export function formatWeather(weather: readonly WeatherPhenomenon[]): string | null {
  if (weather.length === 0) return null;
  return weather.map(formatPhenomenon).join('; ');
}

function celsius(value: number): string {
  const rounded = Math.round(value * 10) / 10 + 0;
  return `${Number.isInteger(rounded) ? rounded : rounded.toFixed(1)} °C`;
}

/** `13.9 °C, dew point 2.2 °C`. */
export function formatTemperatures(metar: Pick<Metar, 'temperatureC' | 'dewPointC'>): string {
  const t = metar.temperatureC === null ? 'not reported' : celsius(metar.temperatureC);
  const d = metar.dewPointC === null ? 'not reported' : celsius(metar.dewPointC);
  return `${t}, dew point ${d}`;
}

/** `30.14 inHg (1020.7 hPa)`. */
export function formatAltimeter(altimeter: Metar['altimeter']): string {
  if (!altimeter) return 'Not reported';
  return `${altimeter.inHg.toFixed(2)} inHg (${altimeter.hPa.toFixed(1)} hPa)`;
}

/** `27 Jan 21:56Z` (features/weather utcDayTime, the one format of the weather screens). */
export const formatUtc = utcDayTime;

/** The heading of a TAF period: `From 28 Jan 01:00Z`, `Becoming 28 Jan 04:00Z to 06:00Z`, `40% probability 28 Jan 10:00Z to 14:00Z`. */
export function formatPeriodTitle(period: Pick<TafPeriod, 'kind' | 'probability' | 'startMs' | 'endMs'>): string {
  const range = `${formatUtc(period.startMs)} to ${formatUtc(period.endMs)}`;
  switch (period.kind) {
    case 'BASE':
      return `Forecast ${range}`;
    case 'FM':
      return `From ${formatUtc(period.startMs)} (FM)`;
    case 'BECMG':
      return `Becoming ${range} (BECMG)`;
    case 'TEMPO':
      return period.probability ? `${period.probability}% probability, temporarily ${range} (PROB${period.probability} TEMPO)` : `Temporarily ${range} (TEMPO)`;
    case 'PROB':
      return `${period.probability ?? '?'}% probability ${range} (PROB${period.probability ?? ''})`;
    case 'INTER':
      return `Intermittently ${range} (INTER)`;
  }
}

/** The elements a TAF period states, as text lines; an element it does not state is left out. */
export function formatTafElements(period: Pick<TafPeriod, 'elements'>): string[] {
  const e = period.elements;
  const lines: string[] = [];
  if (e.wind) lines.push(`Wind ${formatWind(e.wind)}`);
  if (e.cavok) lines.push('CAVOK');
  else if (e.visibility) lines.push(`Visibility ${formatVisibility(e.visibility)}`);
  if (e.weather) lines.push(e.weather.length === 0 ? 'No significant weather' : `Weather ${formatWeather(e.weather)}`);
  if (e.clouds && !e.cavok) lines.push(`Sky ${formatSky(e.clouds, e.skyClear ?? null, null).join(', ')}`);
  return lines;
}

/** Resolved conditions (tafConditionsAt), as text lines. */
export function formatConditions(c: TafConditions): string[] {
  const lines = [`Wind ${formatWind(c.wind)}`, `Visibility ${formatVisibility(c.visibility, c.cavok)}`];
  const weather = formatWeather(c.weather);
  if (weather) lines.push(`Weather ${weather}`);
  lines.push(`Sky ${formatSky(c.clouds, c.skyClear, c.ceilingFtAgl, c.cavok).join(', ')}`);
  return lines;
}

/** `3 kt head`, `1 kt tail`, `0 kt`; with a gust `3 kt head (gust 8)`. */
export function formatAlong(steady: WindComponents, gust: WindComponents | null): string {
  const value = kt(steady.headwindKt);
  const text = value === 0 ? '0 kt' : value > 0 ? `${value} kt head` : `${-value} kt tail`;
  if (!gust) return text;
  const g = kt(gust.headwindKt);
  return `${text} (gust ${Math.abs(g)}${g < 0 ? ' tail' : ''})`;
}

/** `2 kt from right`, `1 kt from left`, `0 kt`; with a gust `(gust 8)`. */
export function formatAcross(steady: WindComponents, gust: WindComponents | null): string {
  const value = kt(steady.crosswindKt);
  const text = value === 0 ? '0 kt' : `${Math.abs(value)} kt from ${value > 0 ? 'right' : 'left'}`;
  if (!gust) return text;
  return `${text} (gust ${Math.abs(kt(gust.crosswindKt))})`;
}

/** `024°T`. */
export function formatTrueHeading(deg: number): string {
  return `${three(deg)}°T`;
}

/** `14°E`, `3°W`, `0°`. */
export function formatVariation(deg: number): string {
  const r = Math.round(deg) + 0;
  return r === 0 ? '0°' : `${Math.abs(r)}°${r > 0 ? 'E' : 'W'}`;
}
