import {
  assembleBriefing,
  type Briefing,
  type BriefingAdvisory,
  type BriefingMetar,
  type BriefingNotamInput,
  type BriefingPirep,
  type BriefingProduct,
  type BriefingScope,
  type BriefingTaf,
} from '@clearway/weather';
import { validateLegs } from './clearsky';
import type { WindsInput } from './winds';
import { createWeatherDecoder, type TafInput, type WeatherDecoder } from './weatherDecode';

/**
 * The standard briefing in the routing worker (issue 22): the page sends the device's weather as
 * the snapshots hold it (TAFs and FB bulletins as raw text) and the NOTAMs the server gave; the worker
 * decodes (weatherDecode.ts, shared with ClearSky) and runs @clearway/weather's assembleBriefing, so
 * neither the decoding nor the assembly holds up the page.
 */

/** The weather a briefing reads, as the page sends it; a product's items are null when the device does not have it. */
export interface BriefingWeatherRequest {
  metars: BriefingProduct<BriefingMetar>;
  tafs: BriefingProduct<TafInput>;
  pireps: BriefingProduct<BriefingPirep>;
  advisories: BriefingProduct<BriefingAdvisory>;
  /** The fbo snapshot's bulletins (setWinds' parameters); null when there is none. */
  winds: WindsInput | null;
  /** The fbo snapshot's cycle, epoch ms. */
  windsIssuedMs: number | null;
}

/** `briefing` parameters. */
export interface BriefingRequest {
  scope: BriefingScope;
  /** The device's clock when the briefing is asked for, epoch ms. */
  nowMs: number;
  weather: BriefingWeatherRequest;
  notams: BriefingNotamInput;
}

/** `briefing` result: the briefing, how long the worker took, and the reports it could not read. */
export interface BriefingReply {
  briefing: Briefing;
  /** Decoding and assembly in the worker, ms. */
  elapsedMs: number;
  /** TAFs and bulletins that did not decode, in words. */
  problems: string[];
}

export interface BriefingMethods {
  /** Assembles a route or area briefing from the weather and NOTAMs given (a TypeError names a malformed field). */
  briefing: { params: BriefingRequest; result: BriefingReply };
}

export const BRIEFING_METHODS = ['briefing'] as const satisfies readonly (keyof BriefingMethods)[];

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function invalid(where: string, what: string): TypeError {
  return new TypeError(`briefing: ${where} ${what}`);
}

function checkProduct(where: string, product: unknown): void {
  if (!isObject(product)) throw invalid(where, 'must be an object {items, asOfMs}');
  if (product.items !== null && !Array.isArray(product.items)) throw invalid(`${where}.items`, 'must be an array or null');
  if (product.asOfMs !== null && !finite(product.asOfMs)) throw invalid(`${where}.asOfMs`, `must be a time in ms or null, not ${JSON.stringify(product.asOfMs)}`);
}

/** Checks what the assembly relies on (the worker bundle carries no zod); throws a TypeError naming the field. */
export function validateBriefingRequest(params: unknown): BriefingRequest {
  if (!isObject(params)) throw invalid('params', 'must be an object');
  const { scope, nowMs, weather, notams } = params;
  if (!isObject(scope)) throw invalid('scope', 'must be an object');
  if (scope.kind === 'route') validateLegs('briefing', scope.legs);
  else if (scope.kind === 'area') {
    const center = scope.center;
    if (!isObject(center) || !finite(center.lat) || !finite(center.lon) || Math.abs(center.lat) > 90 || Math.abs(center.lon) > 180) throw invalid('scope.center', 'must be a position {lat, lon} in degrees');
    for (const key of ['radiusNm', 'fromMs', 'toMs', 'altitudeFt'] as const) {
      if (!finite(scope[key])) throw invalid(`scope.${key}`, `must be a number, not ${JSON.stringify(scope[key])}`);
    }
    if (typeof scope.ident !== 'string') throw invalid('scope.ident', 'must be a string');
  } else throw invalid('scope.kind', `must be 'route' or 'area', not ${JSON.stringify(scope.kind)}`);
  if (!finite(nowMs)) throw invalid('nowMs', `must be a time in ms, not ${JSON.stringify(nowMs)}`);
  if (!isObject(weather)) throw invalid('weather', 'must be an object');
  for (const key of ['metars', 'tafs', 'pireps', 'advisories'] as const) checkProduct(`weather.${key}`, weather[key]);
  if (weather.windsIssuedMs !== null && !finite(weather.windsIssuedMs)) throw invalid('weather.windsIssuedMs', `must be a time in ms or null, not ${JSON.stringify(weather.windsIssuedMs)}`);
  if (!isObject(notams)) throw invalid('notams', 'must be an object');
  if (!Array.isArray(notams.airports)) throw invalid('notams.airports', 'must be an array');
  checkProduct('notams.tfrs', notams.tfrs);
  return params as unknown as BriefingRequest;
}

/** The `briefing` handler, with the decoder it shares with ClearSky (createRoutingHandlers gives both the same one). */
export function createBriefingHandlers(clock: () => number = () => performance.now(), decoder: WeatherDecoder = createWeatherDecoder()): { [M in keyof BriefingMethods]: (params: BriefingMethods[M]['params']) => BriefingMethods[M]['result'] } {
  return {
    briefing: (params) => {
      const started = clock();
      const request = validateBriefingRequest(params);
      const { weather } = request;
      const problems: string[] = [];
      let tafs: BriefingTaf[] | null = null;
      if (weather.tafs.items) {
        const decoded = decoder.tafs(weather.tafs.items);
        tafs = decoded.tafs;
        problems.push(...decoded.problems);
      }
      const winds = weather.winds ? decoder.winds(weather.winds) : null;
      if (winds) problems.push(...winds.problems);
      const briefing = assembleBriefing({
        scope: request.scope,
        nowMs: request.nowMs,
        weather: {
          metars: weather.metars,
          tafs: { items: tafs, asOfMs: weather.tafs.asOfMs },
          pireps: weather.pireps,
          advisories: weather.advisories,
          winds: winds?.source ?? null,
          windsIssuedMs: weather.windsIssuedMs,
          // The bulletins' headings carry their issue day and time (`FBUS31 KWNO 310158`).
          windsSource: winds && winds.bulletinIds.length > 0 ? `FB winds aloft ${winds.bulletinIds.join(', ')}` : 'FB winds aloft',
        },
        notams: request.notams,
      });
      return { briefing, elapsedMs: clock() - started, problems };
    },
  };
}
