// The report groups METARs and TAFs share, and the readers Clearway uses for them. Internal to the
// package (not exported from index.ts).
import type { IWeatherCondition, IWind } from 'metar-taf-parser';
import { KNOTS_PER_KMH, KNOTS_PER_MPS, METRES_PER_STATUTE_MILE, type Visibility, type WeatherPhenomenon, type Wind } from './wxCommon.js';

export const STATION = /^[A-Z][A-Z0-9]{3}$/;
export const TIME = /^(\d{2})(\d{2})(\d{2})Z$/;
export const WIND = /^(\d{3}|VRB|\/{3})(\d{2,3}|\/{2})(?:G(\d{2,3}))?(KT|MPS|KMH)$/;
export const WIND_SECTOR = /^(\d{3})V(\d{3})$/;
export const VIS_SM = /^([MP]?\d{1,3}(?:\/\d{1,2})?)SM$/;
export const VIS_WHOLE = /^\d$/;
export const VIS_FRACTION = /^\d\/\d{1,2}SM$/;
export const VIS_METRIC = /^(\d{4})(NDV)?$/;
export const VIS_DIRECTIONAL = /^\d{4}(?:N|NE|E|SE|S|SW|W|NW|\/\/)$/;
export const CLOUD = /^(FEW|SCT|BKN|OVC|VV|\/{3})(\d{3}|\/{3})(CB|TCU|\/{3})?$/;
/** Cloud type with cover and height not observed (French AUTO stations: `///TCU`). */
export const CLOUD_TYPE_ONLY = /^\/{3}(CB|TCU)$/;
export const WEATHER = /^(?:[-+]|VC|RE)?(?:MI|BC|PR|DR|BL|SH|TS|FZ)?(?:DZ|RA|SN|SG|IC|PL|GR|GS|UP|BR|FG|FU|VA|DU|SA|HZ|PY|PO|SQ|FC|SS|DS)*$/;
/** Temperature and dew point (dew point may be missing: `04/`). */
export const TEMPERATURE = /^(M?\d{2})\/(M?\d{2})?$/;
export const ALTIMETER = /^([AQ])(\d{4})$/;
/** Groups read and kept only as part of the report: RVR, runway state, sea state, wind shear, missing markers. */
export const OTHER = [
  /^R\d{2}[LCR]?\/.+$/, // RVR, runway state (R24/290050, R31/CLRD70)
  /^\/+(?:SM)?$/, // not observed: ////, //////, /////////
  /^W(?:\d{2}|\/\/)\/(?:[SH].+|\/+)$|^W\/{5}$/, // sea surface temperature and state
  /^WS$/, /^ALL$/, /^RWY$/, /^R\d{2}[LCR]?$/, // wind shear
  /^M$/, // missing (US manual stations)
  /^(?:\/\/|XX)\/(?:\/\/|XX)$/, /^[AQ]\/{4}$/, // temperature, altimeter not observed
  /^(?:BLACK)?(?:BLU|WHT|GRN|YLO[12]?|AMB|RED)\+?$/, // military airfield colour states
  /^\/{3}V\/{3}$/, // wind sector not observed
  /^RE\/\/$/, /^RMK$/,
];
export const TREND = /^(NOSIG|TEMPO|BECMG)$/;

export function celsius(t: string): number {
  return t.startsWith('M') ? -Number(t.slice(1)) : Number(t);
}

export function roundTo(v: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}

export function windFromLibrary(w: IWind | undefined, raw: string | null, sector: RegExpExecArray | null): Wind | null {
  if (!w || raw === null) return null;
  const factor = w.unit === 'MPS' ? KNOTS_PER_MPS : w.unit === 'KM/H' ? KNOTS_PER_KMH : 1;
  const variable = w.degrees === undefined;
  return {
    directionDeg: variable ? null : (w.degrees ?? null),
    variable,
    speedKt: Math.round(w.speed * factor),
    gustKt: w.gust === undefined ? null : Math.round(w.gust * factor),
    variableFromDeg: sector ? Number(sector[1]) : (w.minVariation ?? null),
    variableToDeg: sector ? Number(sector[2]) : (w.maxVariation ?? null),
  };
}

export function weatherFromLibrary(conditions: readonly IWeatherCondition[]): WeatherPhenomenon[] {
  return conditions.map((c) => {
    const intensity = c.intensity === '-' ? 'light' : c.intensity === '+' ? 'heavy' : c.intensity === 'VC' ? 'in-vicinity' : 'moderate';
    return {
      raw: `${c.intensity ?? ''}${c.descriptive ?? ''}${c.phenomenons.join('')}`,
      intensity,
      descriptor: c.descriptive ?? null,
      phenomena: [...c.phenomenons],
    };
  });
}

/** Splits `text` into tokens with their offsets. */
export function tokens(text: string): { t: string; at: number }[] {
  const out: { t: string; at: number }[] = [];
  const re = /\S+/g;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push({ t: m[0], at: m.index });
  return out;
}

/** Collapses whitespace and removes a trailing `=`, keeping the report's own text. */
export function normaliseReport(text: string): string {
  let t = /\s\s|[\t\n\r\f\v]/.test(text) ? text.replace(/\s+/g, ' ').trim() : text.trim();
  while (t.endsWith('=')) t = t.slice(0, -1).trimEnd();
  return t;
}

/** Metric visibility group to statute miles: 9999 means 10 km or more. */
export function metricVisibility(metres: number, raw: string): Visibility {
  return metres === 9999
    ? { statuteMiles: roundTo(10000 / METRES_PER_STATUTE_MILE, 2), qualifier: 'more-than', raw }
    : { statuteMiles: roundTo(metres / METRES_PER_STATUTE_MILE, 2), qualifier: null, raw };
}

