import { analyseClearSky, type ClearSkyAdvisory, type ClearSkyLeg, type ClearSkyMetar, type ClearSkyPirep, type ClearSkyResult, type ClearSkyTaf, type WindsAloftSource } from '@clearway/weather';
import type { WindsInput } from './winds';
import { createWeatherDecoder, type TafInput, type WeatherDecoder } from './weatherDecode';

/**
 * ClearSky in the routing worker (issue 17): the page sends the route's legs as the navlog flew them
 * and compact weather (clearskyInput.ts: only the reports and areas near the route, TAFs and FB
 * bulletins as raw text); the worker decodes the TAFs and bulletins (weatherDecode.ts: kept, and shared
 * with the briefing) and runs @clearway/weather's analyseClearSky.
 */

/** A TAF as sent: the snapshot's entry without the validity (the decoder reads it from the text). */
export type ClearSkyTafInput = TafInput;

/** The weather a ClearSky run reads; null for a product the app does not have. */
export interface ClearSkyWeatherInput {
  metars: ClearSkyMetar[] | null;
  tafs: ClearSkyTafInput[] | null;
  pireps: ClearSkyPirep[] | null;
  advisories: ClearSkyAdvisory[] | null;
  /** The airmet snapshot's cycle, epoch ms. */
  advisoriesAsOfMs: number | null;
  /** The fbo snapshot's bulletins (setWinds' parameters); null when there is none. */
  winds: WindsInput | null;
}

/** `clearSky` parameters. */
export interface ClearSkyRequest {
  legs: ClearSkyLeg[];
  departureMs: number;
  cruiseAltitudeFt: number;
  weather: ClearSkyWeatherInput;
}

/** `clearSky` result: the analysis, how long the worker took, and what it could not read. */
export interface ClearSkyReply {
  result: ClearSkyResult;
  /** Decoding and analysis in the worker, ms. */
  elapsedMs: number;
  /** TAFs and bulletins that did not decode, in words. */
  problems: string[];
}

export interface ClearSkyMethods {
  /** Runs ClearSky on the legs and weather given (a TypeError names a malformed field). */
  clearSky: { params: ClearSkyRequest; result: ClearSkyReply };
}

export const CLEARSKY_METHODS = ['clearSky'] as const satisfies readonly (keyof ClearSkyMethods)[];

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function invalid(where: string, what: string): TypeError {
  return new TypeError(`clearSky: ${where} ${what}`);
}

/** Checks legs as ClearSky and the briefing read them; throws a TypeError naming the field (`method: legs[2].etaEndMs ...`). */
export function validateLegs(method: string, legs: unknown): ClearSkyLeg[] {
  if (!Array.isArray(legs)) throw new TypeError(`${method}: legs must be an array`);
  legs.forEach((leg: Partial<ClearSkyLeg> | null | undefined, i) => {
    for (const key of ['etaStartMs', 'etaEndMs', 'altitudeFt', 'lowestFt', 'highestFt'] as const) {
      if (!finite(leg?.[key])) throw new TypeError(`${method}: legs[${i}].${key} must be a number, not ${JSON.stringify(leg?.[key])}`);
    }
    for (const end of ['from', 'to'] as const) {
      const at = leg?.[end];
      if (!at || !finite(at.lat) || !finite(at.lon) || Math.abs(at.lat) > 90 || Math.abs(at.lon) > 180) throw new TypeError(`${method}: legs[${i}].${end} must be a position {lat, lon} in degrees`);
    }
  });
  return legs as ClearSkyLeg[];
}

/** Checks the parts the analysis relies on (the worker bundle carries no zod); throws a TypeError naming the field. */
export function validateClearSkyRequest(params: unknown): ClearSkyRequest {
  if (typeof params !== 'object' || params === null) throw invalid('params', 'must be an object');
  const p = params as Partial<ClearSkyRequest>;
  validateLegs('clearSky', p.legs);
  if (!finite(p.departureMs)) throw invalid('departureMs', `must be a time in ms, not ${JSON.stringify(p.departureMs)}`);
  if (!finite(p.cruiseAltitudeFt)) throw invalid('cruiseAltitudeFt', `must be feet, not ${JSON.stringify(p.cruiseAltitudeFt)}`);
  const w = p.weather;
  if (typeof w !== 'object' || w === null) throw invalid('weather', 'must be an object');
  for (const key of ['metars', 'tafs', 'pireps', 'advisories'] as const) {
    if (w[key] !== null && !Array.isArray(w[key])) throw invalid(`weather.${key}`, 'must be an array or null');
  }
  return p as ClearSkyRequest;
}

/**
 * The `clearSky` handler. `decoder` keeps the decoded TAFs (by text) and FB winds (by bulletin set)
 * between runs; the routing handlers give ClearSky and the briefing the same one.
 */
export function createClearSkyHandlers(clock: () => number = () => performance.now(), decoder: WeatherDecoder = createWeatherDecoder()): { [M in keyof ClearSkyMethods]: (params: ClearSkyMethods[M]['params']) => ClearSkyMethods[M]['result'] } {
  return {
    clearSky: (params) => {
      const started = clock();
      const request = validateClearSkyRequest(params);
      const problems: string[] = [];
      let tafs: ClearSkyTaf[] | null = null;
      if (request.weather.tafs) {
        const decoded = decoder.tafs(request.weather.tafs);
        tafs = decoded.tafs;
        problems.push(...decoded.problems);
      }
      let source: WindsAloftSource | null = null;
      if (request.weather.winds) {
        const decoded = decoder.winds(request.weather.winds);
        source = decoded.source;
        problems.push(...decoded.problems);
      }
      const result = analyseClearSky({
        legs: request.legs,
        departureMs: request.departureMs,
        cruiseAltitudeFt: request.cruiseAltitudeFt,
        weather: {
          metars: request.weather.metars,
          tafs,
          pireps: request.weather.pireps,
          advisories: request.weather.advisories,
          advisoriesAsOfMs: request.weather.advisoriesAsOfMs,
          winds: source,
        },
      });
      return { result, elapsedMs: clock() - started, problems };
    },
  };
}
