import { analyseClearSky, decodeTaf, type ClearSkyAdvisory, type ClearSkyLeg, type ClearSkyMetar, type ClearSkyPirep, type ClearSkyResult, type ClearSkyTaf, type WindsAloftSource } from '@clearway/weather';
import { buildWorkerWinds, validateWindsInput, type WindsInput } from './winds';

/**
 * ClearSky in the routing worker (issue 17): the page sends the route's legs as the navlog flew them
 * and compact weather (clearskyInput.ts: only the reports and areas near the route, TAFs and FB
 * bulletins as raw text); the worker decodes the TAFs and bulletins (the bulletins kept per fbo cycle)
 * and runs @clearway/weather's analyseClearSky.
 */

/** A TAF as sent: the snapshot's entry without the validity (the decoder reads it from the text). */
export interface ClearSkyTafInput {
  id: string;
  lat: number;
  lon: number;
  /** Issue time, epoch ms (the decoder's reference for day and hour). */
  issued: number;
  raw: string;
}

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

/** Checks the parts the analysis relies on (the worker bundle carries no zod); throws a TypeError naming the field. */
export function validateClearSkyRequest(params: unknown): ClearSkyRequest {
  if (typeof params !== 'object' || params === null) throw invalid('params', 'must be an object');
  const p = params as Partial<ClearSkyRequest>;
  if (!Array.isArray(p.legs)) throw invalid('legs', 'must be an array');
  p.legs.forEach((leg, i) => {
    for (const key of ['etaStartMs', 'etaEndMs', 'altitudeFt', 'lowestFt', 'highestFt'] as const) {
      if (!finite(leg?.[key])) throw invalid(`legs[${i}].${key}`, `must be a number, not ${JSON.stringify(leg?.[key])}`);
    }
    for (const end of ['from', 'to'] as const) {
      const at = leg[end];
      if (!at || !finite(at.lat) || !finite(at.lon) || Math.abs(at.lat) > 90 || Math.abs(at.lon) > 180) throw invalid(`legs[${i}].${end}`, 'must be a position {lat, lon} in degrees');
    }
  });
  if (!finite(p.departureMs)) throw invalid('departureMs', `must be a time in ms, not ${JSON.stringify(p.departureMs)}`);
  if (!finite(p.cruiseAltitudeFt)) throw invalid('cruiseAltitudeFt', `must be feet, not ${JSON.stringify(p.cruiseAltitudeFt)}`);
  const w = p.weather;
  if (typeof w !== 'object' || w === null) throw invalid('weather', 'must be an object');
  for (const key of ['metars', 'tafs', 'pireps', 'advisories'] as const) {
    if (w[key] !== null && !Array.isArray(w[key])) throw invalid(`weather.${key}`, 'must be an array or null');
  }
  return p as ClearSkyRequest;
}

const MAX_TAF_CACHE = 2_000;

/** The `clearSky` handler, with the decoded TAFs (by text) and FB winds (by cycle) it keeps between runs. */
export function createClearSkyHandlers(clock: () => number = () => performance.now()): { [M in keyof ClearSkyMethods]: (params: ClearSkyMethods[M]['params']) => ClearSkyMethods[M]['result'] } {
  const tafCache = new Map<string, ReturnType<typeof decodeTaf>>();
  let winds: { key: string; source: WindsAloftSource | null; problems: string[] } | null = null;

  return {
    clearSky: (params) => {
      const started = clock();
      const request = validateClearSkyRequest(params);
      const problems: string[] = [];
      let tafs: ClearSkyTaf[] | null = null;
      if (request.weather.tafs) {
        tafs = [];
        for (const entry of request.weather.tafs) {
          const key = `${entry.issued}|${entry.raw}`;
          let decoded = tafCache.get(key);
          if (!decoded) {
            decoded = decodeTaf(entry.raw, { referenceMs: entry.issued });
            if (tafCache.size >= MAX_TAF_CACHE) tafCache.clear();
            tafCache.set(key, decoded);
          }
          if (decoded.taf) tafs.push({ station: entry.id, lat: entry.lat, lon: entry.lon, taf: decoded.taf });
          else problems.push(`TAF ${entry.id}: ${decoded.issues[0]?.reason ?? 'does not decode'}`);
        }
      }
      let source: WindsAloftSource | null = null;
      if (request.weather.winds) {
        const input = validateWindsInput(request.weather.winds);
        const key = `${input.cycle}|${input.bulletins.length}|${input.bulletins.map((b) => b.raw.length).join(',')}`;
        if (!winds || winds.key !== key) {
          const built = buildWorkerWinds(input);
          winds = { key, source: built.source, problems: built.info.problems };
        }
        source = winds.source;
        problems.push(...winds.problems);
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
