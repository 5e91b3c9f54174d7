/**
 * The weather contract's plain values (no zod): product types, update intervals and paths, so an app
 * module that needs only these does not pull the snapshot schemas (and zod) into its chunk. Re-exported
 * by weather.ts; see there for the contract.
 */
/** Snapshot types the server ingests. `pirep` is Clearway's own (the spec folds PIREPs into no type). */
export const WEATHER_PRODUCT_TYPES = ['metar', 'taf', 'pirep', 'airmet', 'fbo', 'stations'] as const;
export type WeatherProductType = (typeof WEATHER_PRODUCT_TYPES)[number];

/**
 * Channel types of the spec (part 2 §7) beyond the ones above; they name products this server does
 * not ingest yet, and the app ignores a cycle for a type it does not know.
 */
export const WEATHER_CHANNEL_TYPES = [...WEATHER_PRODUCT_TYPES, 'metar.archive', 'mos', 'gfs', 'notams', 'surface', 'nexrad', 'nexrad_loop'] as const;
export type WeatherChannelType = (typeof WEATHER_CHANNEL_TYPES)[number];

/**
 * The normal update interval of each type, ms: a snapshot older than its cycle plus this is shown
 * in the stale style (METARs hourly, TAFs every 6 h with amendments, PIREPs and advisories as they
 * come, FB winds 4 times a day, the station list daily). The server polls more often than this.
 */
export const WEATHER_UPDATE_INTERVAL_MS: Readonly<Record<WeatherProductType, number>> = {
  metar: 60 * 60_000,
  taf: 6 * 60 * 60_000,
  pirep: 60 * 60_000,
  airmet: 60 * 60_000,
  fbo: 6 * 60 * 60_000,
  stations: 24 * 60 * 60_000,
};

/** File name of a type's snapshot below the weather root. */
export function weatherSnapshotPath(type: WeatherProductType): string {
  return `/${type}.json`;
}

export const WEATHER_CYCLES_PATH = '/cycles.json';

export function weatherStationPath(id: string): string {
  return `/station/${encodeURIComponent(id.toUpperCase())}.json`;
}

