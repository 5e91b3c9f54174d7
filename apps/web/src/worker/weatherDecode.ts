import { decodeTaf, type ClearSkyTaf, type WindsAloftSource } from '@clearway/weather';
import { buildWorkerWinds, validateWindsInput, type WindsInput } from './winds';

/**
 * The routing worker's decoded weather, shared by the analyses that read the device's snapshots as
 * raw text (ClearSky, the briefing): each TAF decoded once per text and issue time, the FB bulletins
 * once per set. The page sends raw text; decoding stays off the main thread and is not repeated when
 * ClearSky and the briefing read the same snapshots.
 */

/** A TAF as the page sends it: the snapshot's entry without the validity (the decoder reads it from the text). */
export interface TafInput {
  id: string;
  lat: number;
  lon: number;
  /** Issue time, epoch ms (the decoder's reference for day and hour). */
  issued: number;
  raw: string;
}

export interface DecodedWinds {
  source: WindsAloftSource | null;
  /** The bulletins' headings (`FBUS31 KWNO 310158`), in the order given. */
  bulletinIds: string[];
  /** What did not decode, in words. */
  problems: string[];
}

export interface WeatherDecoder {
  /** The TAFs that decode, in the order given, and a problem line for each one that does not. */
  tafs(entries: readonly TafInput[]): { tafs: ClearSkyTaf[]; problems: string[] };
  /** The FB bulletins as a winds source (setWinds' input, checked: a TypeError names a bad field). */
  winds(input: unknown): DecodedWinds;
  /** How many TAFs and bulletin sets were decoded since the decoder was made (not served from its cache). */
  readonly decodes: { tafs: number; windSets: number };
}

/** Decoded TAFs kept; past it the cache starts again (a US snapshot holds about 800). */
export const MAX_TAF_CACHE = 2_000;

const windsKey = (input: WindsInput): string =>
  `${input.cycle}\u0000${input.bulletins.map((b) => `${b.forecastHours}|${b.year}|${b.month}|${b.raw}`).join('\u0001')}`;

export function createWeatherDecoder(): WeatherDecoder {
  const tafCache = new Map<string, ReturnType<typeof decodeTaf>>();
  let winds: { key: string; decoded: DecodedWinds } | null = null;
  const decodes = { tafs: 0, windSets: 0 };
  return {
    decodes,
    tafs(entries) {
      const tafs: ClearSkyTaf[] = [];
      const problems: string[] = [];
      for (const entry of entries) {
        const key = `${entry.issued}|${entry.raw}`;
        let decoded = tafCache.get(key);
        if (!decoded) {
          decoded = decodeTaf(entry.raw, { referenceMs: entry.issued });
          decodes.tafs += 1;
          if (tafCache.size >= MAX_TAF_CACHE) tafCache.clear();
          tafCache.set(key, decoded);
        }
        if (decoded.taf) tafs.push({ station: entry.id, lat: entry.lat, lon: entry.lon, taf: decoded.taf });
        else problems.push(`TAF ${entry.id}: ${decoded.issues[0]?.reason ?? 'does not decode'}`);
      }
      return { tafs, problems };
    },
    winds(params) {
      const input = validateWindsInput(params);
      const key = windsKey(input);
      if (!winds || winds.key !== key) {
        const built = buildWorkerWinds(input);
        decodes.windSets += 1;
        winds = { key, decoded: { source: built.source, bulletinIds: built.info.bulletins.map((b) => b.id), problems: built.info.problems } };
      }
      return winds.decoded;
    },
  };
}
