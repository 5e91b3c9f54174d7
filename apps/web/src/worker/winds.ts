import type { StationTemperatures, WindSample, WindsAloftSource, WindsForecast } from '@clearway/flightplan';
import type { FbBulletinEntry } from '@clearway/protocol';
import { createFbWindsSource, decodeFbBulletin, FB_STATION_POSITIONS, fbUseWindowMs, type FbDayTime, type FbUseWindow } from '@clearway/weather';

/**
 * FB winds aloft in the routing worker (issue 16 "Navlog and optimizer"): the page hands over the
 * `fbo` snapshot's bulletins as issued (raw text, year and month of issue, 6/12/24 h); the worker
 * decodes them with @clearway/weather and every later runFlightPlan and optimizer call flies its legs
 * in the forecast wind and temperature at the leg's altitude and time of passage.
 */

/** `setWinds` parameters: the `fbo` snapshot's cycle and bulletins; an empty list clears the winds. */
export interface WindsInput {
  /** The snapshot's cycle (ms since epoch), or null for none. */
  cycle: number | null;
  bulletins: FbBulletinEntry[];
}

/** One bulletin the worker holds, as the route screen names it. */
export interface WindsBulletinInfo extends WindsForecast {
  forecastHours: 6 | 12 | 24;
  /** The bulletin's valid time (`VALID 310600Z`), epoch ms. */
  valid: number;
  /** Stations with a known position (the ones that can be used). */
  stations: number;
}

/** What the worker holds after `setWinds`: each usable bulletin, and what could not be used. */
export interface WindsInfo {
  cycle: number | null;
  bulletins: WindsBulletinInfo[];
  /** Bulletins left out and decoder issues, in words ('FBUS31 KWNO 310158: line 12: ...'). */
  problems: string[];
}

export const NO_WINDS: WindsInfo = { cycle: null, bulletins: [], problems: [] };

const MAX_RAW_CHARS = 200_000;
/** Decoder issues listed per bulletin at most (the rest counted). */
const MAX_ISSUES_LISTED = 5;

function invalid(where: string, what: string): TypeError {
  return new TypeError(`setWinds: ${where} ${what}`);
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/**
 * Checks `setWinds` parameters as they arrive from the page (the protocol's fbBulletinEntry rules,
 * by hand: the worker bundle carries no zod); throws a TypeError naming the field that is wrong.
 */
export function validateWindsInput(params: unknown): WindsInput {
  if (typeof params !== 'object' || params === null) throw invalid('params', 'must be an object');
  const { cycle, bulletins } = params as { cycle?: unknown; bulletins?: unknown };
  if (cycle !== null && !(isInt(cycle) && cycle >= 0)) throw invalid('cycle', `must be null or a whole number of ms, not ${JSON.stringify(cycle)}`);
  if (!Array.isArray(bulletins)) throw invalid('bulletins', 'must be an array');
  bulletins.forEach((b: unknown, i) => {
    const at = `bulletins[${i}]`;
    if (typeof b !== 'object' || b === null) throw invalid(at, 'must be an object');
    const { forecastHours, year, month, raw } = b as Record<string, unknown>;
    if (forecastHours !== 6 && forecastHours !== 12 && forecastHours !== 24) throw invalid(`${at}.forecastHours`, `must be 6, 12 or 24, not ${JSON.stringify(forecastHours)}`);
    if (!isInt(year) || year < 2000 || year > 2200) throw invalid(`${at}.year`, `must be a year 2000-2200, not ${JSON.stringify(year)}`);
    if (!isInt(month) || month < 1 || month > 12) throw invalid(`${at}.month`, `must be a month 1-12, not ${JSON.stringify(month)}`);
    if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_RAW_CHARS) throw invalid(`${at}.raw`, `must be the bulletin text (1 to ${MAX_RAW_CHARS} characters)`);
  });
  return { cycle: cycle as number | null, bulletins: bulletins as FbBulletinEntry[] };
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
const dayTime = (t: FbDayTime): string => `${pad(t.day)}${pad(t.hour)}${pad(t.minute)}`;

interface Part {
  info: WindsBulletinInfo;
  forecast: WindsForecast;
  source: WindsAloftSource;
  /** FOR USE window and valid time, ms. */
  window: FbUseWindow;
  /** The decoded stations with a known position (FB_STATION_POSITIONS), for the profile's freezing level. */
  stations: StationTemperatures[];
}

/**
 * The winds the worker holds: the source the engine flies in (null for none), its description, and
 * the bulletins used (in the order given to `setWinds`) with their decoded stations.
 */
export interface WorkerWinds {
  source: WindsAloftSource | null;
  info: WindsInfo;
  parts: readonly Part[];
}

/** The worker's winds before any `setWinds`: none. */
export const NO_WORKER_WINDS: WorkerWinds = { source: null, info: NO_WINDS, parts: [] };

/**
 * The winds-aloft stations whose temperatures give the vertical profile's freezing level (issue 24,
 * the `freezingStations` query): of the held bulletins, those whose FOR USE window holds `timeMs`
 * (epoch ms); a station in several such bulletins counts once, from the one whose valid time is
 * nearest `timeMs` (of equally near ones, the earlier given). Stations come in the order first met.
 * Only stations with a known position are held. Empty without winds or a bulletin in use.
 */
export function freezingStationsAt(winds: Pick<WorkerWinds, 'parts'>, timeMs: number): StationTemperatures[] {
  const byId = new Map<string, { station: StationTemperatures; offsetMs: number }>();
  for (const part of winds.parts) {
    if (timeMs < part.window.startMs || timeMs > part.window.endMs) continue;
    const offsetMs = Math.abs(part.window.validMs - timeMs);
    for (const station of part.stations) {
      const had = byId.get(station.id);
      if (!had || offsetMs < had.offsetMs) byId.set(station.id, { station, offsetMs });
    }
  }
  return [...byId.values()].map((x) => x.station);
}

/** Checks `freezingStations` parameters from the page; throws a TypeError naming what is wrong. */
export function validateFreezingStationsInput(params: unknown): { timeMs: number } {
  if (typeof params !== 'object' || params === null) throw new TypeError('freezingStations: params must be an object');
  const { timeMs } = params as { timeMs?: unknown };
  if (typeof timeMs !== 'number' || !Number.isFinite(timeMs)) throw new TypeError(`freezingStations: timeMs must be a finite number of ms, not ${typeof timeMs === 'number' ? String(timeMs) : JSON.stringify(timeMs)}`);
  return { timeMs };
}

/**
 * Decodes the bulletins and makes the winds source. For a query at time T the source uses the
 * bulletin whose FOR USE window holds T (of two that do, at a shared end, the one whose valid time is
 * nearer); outside every window it has nothing (the leg is flown in calm air at ISA). Within the
 * bulletin, @clearway/weather's createFbWindsSource interpolates each station by altitude and blends
 * the 3 nearest stations within 300 nm. Each sample names its bulletin (`forecast`), so the route
 * lists the forecasts it used. A bulletin without a header line, a valid time or any placed station
 * is left out and said so in `problems`.
 * The decoded stations with a position are kept (`parts`) for `freezingStationsAt`.
 */
export function buildWorkerWinds(input: WindsInput): WorkerWinds {
  const parts: Part[] = [];
  const problems: string[] = [];
  input.bulletins.forEach((entry, i) => {
    const decoded = decodeFbBulletin(entry.raw);
    const b = decoded.bulletin;
    const id = b.product && b.issued ? `${b.product} ${b.office} ${dayTime(b.issued)}`.replace(/\s+/g, ' ').trim() : `bulletin ${i + 1} (${entry.forecastHours} h)`;
    decoded.issues.slice(0, MAX_ISSUES_LISTED).forEach((issue) => problems.push(`${id}: line ${issue.line}: ${issue.message}`));
    if (decoded.issues.length > MAX_ISSUES_LISTED) problems.push(`${id}: ${decoded.issues.length - MAX_ISSUES_LISTED} more issues`);
    const window = fbUseWindowMs(b, entry.year, entry.month);
    const stations: StationTemperatures[] = [];
    for (const s of decoded.stations) {
      const pos = FB_STATION_POSITIONS[s.id];
      if (pos !== undefined) stations.push({ id: s.id, lat: pos[0], lon: pos[1], levels: s.levels });
    }
    const placed = stations.length;
    if (window === null) {
      problems.push(`${id}: no VALID time and FOR USE window; left out`);
      return;
    }
    if (placed === 0) {
      problems.push(`${id}: no station with a known position; left out`);
      return;
    }
    const forecast: WindsForecast = { id, use_from: window.startMs, use_to: window.endMs };
    parts.push({
      info: { ...forecast, forecastHours: entry.forecastHours, valid: window.validMs, stations: placed },
      forecast,
      source: createFbWindsSource([{ decoded, year: entry.year, month: entry.month }], FB_STATION_POSITIONS),
      window,
      stations,
    });
  });
  // In the order given, for freezingStationsAt (the engine's source below uses the sorted copy).
  const given = [...parts];
  parts.sort((a, b) => a.forecast.use_from - b.forecast.use_from || a.forecast.id.localeCompare(b.forecast.id));
  const info: WindsInfo = { cycle: input.cycle, bulletins: parts.map((p) => p.info), problems };
  if (parts.length === 0) return { source: null, info, parts: given };

  const source: WindsAloftSource = {
    windAt(query) {
      const t = query.timeMs;
      const holding = parts
        .filter((p) => t >= p.window.startMs && t <= p.window.endMs)
        .sort((a, b) => Math.abs(a.window.validMs - t) - Math.abs(b.window.validMs - t));
      for (const part of holding) {
        const sample = part.source.windAt(query);
        if (sample) return { ...sample, forecast: part.forecast } satisfies WindSample;
      }
      return null;
    },
  };
  return { source, info, parts: given };
}
