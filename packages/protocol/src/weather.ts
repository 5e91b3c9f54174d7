import { z } from 'zod';

/**
 * Weather between the server and the app (spec part 1 §7 "weather data root", "weather socket";
 * part 2 §3 weather freshness timestamps, §7 weather channel). The server ingests the publishers'
 * products, keeps the latest decoded set of each type in its database, and serves each as one
 * snapshot below the weather root (endpoint `weatherRoot`, `/wx` by default):
 *
 *   {weatherRoot}/cycles.json           WeatherCycles: the cycle of every type (no cache)
 *   {weatherRoot}/{type}.json           the type's snapshot (strong ETag, gzip, If-None-Match → 304)
 *   {weatherRoot}/metar.json?bbox=w,s,e,n  METAR stations inside a box (the map's view)
 *   {weatherRoot}/station/{id}.json     WeatherStationReport: one station's METAR and TAF
 *
 * The weather socket (endpoint `weatherSocket`, `/ws/weather`) sends `{type:'all', cycles}` on
 * connect and `{type, cycle}` whenever a type gets a new cycle; across server processes it travels
 * through the realtime hub (Redis with REDIS_URL).
 *
 * A cycle is the time the server stored that snapshot (ms since epoch); it changes exactly when the
 * snapshot's content changes, so "new cycle" means "download again".
 * Snapshots carry the raw report text; the app decodes what it shows in detail with
 * @clearway/weather, and the snapshot's few decoded fields are what the map needs to draw at once.
 */

import { WEATHER_CHANNEL_TYPES, WEATHER_PRODUCT_TYPES, type WeatherProductType } from './weatherConstants.js';

const ms = z.number().int().nonnegative();
const lat = z.number().min(-90).max(90);
const lon = z.number().min(-180).max(180);
const stationId = z.string().regex(/^[A-Z0-9]{3,5}$/);
export const flightCategorySchema = z.enum(['VFR', 'MVFR', 'IFR', 'LIFR']);

/** The cycle of every type the server has; null for one it has never ingested. */
export const weatherCyclesSchema = z.object({
  cycles: z.record(z.enum(WEATHER_PRODUCT_TYPES), ms.nullable()),
  /** Last successful fetch of each type from its publisher, whether or not it brought anything new. */
  fetchedAt: z.record(z.enum(WEATHER_PRODUCT_TYPES), ms.nullable()),
});
export type WeatherCycles = z.infer<typeof weatherCyclesSchema>;

/** One METAR station on the map: what the symbol needs, decoded by the server, plus the raw text. */
export const metarEntrySchema = z.object({
  id: stationId,
  lat,
  lon,
  /** Observation time. */
  time: ms,
  raw: z.string().min(1).max(1000),
  /** Computed by Clearway from ceiling and visibility (FAA definitions); null when neither is known. */
  cat: flightCategorySchema.nullable(),
  /** Degrees true the wind blows from; null for variable (VRB). Knots. null wind when not reported. */
  wind: z.object({ dir: z.number().int().min(0).max(360).nullable(), kt: z.number().nonnegative(), gust: z.number().nonnegative().nullable() }).nullable(),
  visSm: z.number().nonnegative().nullable(),
  ceilingFt: z.number().int().nonnegative().nullable(),
  /** Highest cover reported, for the station symbol's fill (spec part 1 §3 coverage_bitmap). */
  cover: z.enum(['CLR', 'FEW', 'SCT', 'BKN', 'OVC', 'VV']).nullable(),
});
export type MetarEntry = z.infer<typeof metarEntrySchema>;

export const metarSnapshotSchema = z.object({
  type: z.literal('metar'),
  cycle: ms,
  stations: z.array(metarEntrySchema),
});
export type MetarSnapshot = z.infer<typeof metarSnapshotSchema>;

export const tafEntrySchema = z.object({
  id: stationId,
  lat: lat.nullable(),
  lon: lon.nullable(),
  issued: ms,
  validFrom: ms,
  validTo: ms,
  raw: z.string().min(1).max(4000),
});
export type TafEntry = z.infer<typeof tafEntrySchema>;

export const tafSnapshotSchema = z.object({ type: z.literal('taf'), cycle: ms, tafs: z.array(tafEntrySchema) });
export type TafSnapshot = z.infer<typeof tafSnapshotSchema>;

const intensity = z.enum(['NEG', 'SMTH', 'TRACE', 'LGT', 'LGT-MOD', 'MOD', 'MOD-SEV', 'SEV', 'SEV-EXTRM', 'EXTRM']);

export const pirepEntrySchema = z.object({
  lat,
  lon,
  time: ms,
  urgent: z.boolean(),
  /** Flight level in feet MSL; null when not given (UNKN, DURC...). */
  altFt: z.number().int().nullable(),
  aircraft: z.string().max(40).nullable(),
  /** Strongest turbulence and icing reported; null when the report gives none. */
  turb: intensity.nullable(),
  icing: intensity.nullable(),
  raw: z.string().min(1).max(2000),
});
export type PirepEntry = z.infer<typeof pirepEntrySchema>;

export const pirepSnapshotSchema = z.object({ type: z.literal('pirep'), cycle: ms, reports: z.array(pirepEntrySchema) });
export type PirepSnapshot = z.infer<typeof pirepSnapshotSchema>;

/** SIGMETs (convective, domestic, international), CWAs and G-AIRMETs, as areas. */
export const advisoryEntrySchema = z.object({
  kind: z.enum(['CONVECTIVE_SIGMET', 'CONVECTIVE_OUTLOOK', 'SIGMET', 'CWA', 'G_AIRMET']),
  id: z.string().min(1).max(80),
  hazard: z.string().min(1).max(40),
  severity: z.enum(['LGT', 'MOD', 'SEV', 'EXTRM']).nullable(),
  validFrom: ms.nullable(),
  validTo: ms.nullable(),
  /** Feet MSL, 0 the surface; null when not given. `baseFt` null with `baseIsFreezingLevel` for icing. */
  baseFt: z.number().int().nullable(),
  topFt: z.number().int().nullable(),
  baseIsFreezingLevel: z.boolean(),
  /** Closed ring of [lon, lat]; a line or point advisory is widened to its area by the server. */
  polygon: z.array(z.tuple([lon, lat])).min(4),
  raw: z.string().max(8000),
});
export type AdvisoryEntry = z.infer<typeof advisoryEntrySchema>;

export const airmetSnapshotSchema = z.object({ type: z.literal('airmet'), cycle: ms, advisories: z.array(advisoryEntrySchema) });
export type AirmetSnapshot = z.infer<typeof airmetSnapshotSchema>;

/** FB winds aloft bulletins as issued, with the year and month of issue (the text has only day and hour). */
export const fbBulletinEntrySchema = z.object({
  /** 6, 12 or 24 hours ahead. */
  forecastHours: z.union([z.literal(6), z.literal(12), z.literal(24)]),
  year: z.number().int().min(2000).max(2200),
  month: z.number().int().min(1).max(12),
  raw: z.string().min(1).max(200_000),
});
export type FbBulletinEntry = z.infer<typeof fbBulletinEntrySchema>;

export const fboSnapshotSchema = z.object({ type: z.literal('fbo'), cycle: ms, bulletins: z.array(fbBulletinEntrySchema) });
export type FboSnapshot = z.infer<typeof fboSnapshotSchema>;

export const weatherStationSchema = z.object({
  id: stationId,
  lat,
  lon,
  elevFt: z.number().nullable(),
  name: z.string().max(120),
  /** Which reports the station issues. */
  metar: z.boolean(),
  taf: z.boolean(),
});
export type WeatherStation = z.infer<typeof weatherStationSchema>;

export const stationsSnapshotSchema = z.object({ type: z.literal('stations'), cycle: ms, stations: z.array(weatherStationSchema) });
export type StationsSnapshot = z.infer<typeof stationsSnapshotSchema>;

export const weatherSnapshotSchemas = {
  metar: metarSnapshotSchema,
  taf: tafSnapshotSchema,
  pirep: pirepSnapshotSchema,
  airmet: airmetSnapshotSchema,
  fbo: fboSnapshotSchema,
  stations: stationsSnapshotSchema,
} as const;

export type WeatherSnapshot = MetarSnapshot | TafSnapshot | PirepSnapshot | AirmetSnapshot | FboSnapshot | StationsSnapshot;
export type WeatherSnapshotOf<T extends WeatherProductType> = Extract<WeatherSnapshot, { type: T }>;

/** One station's latest reports ({weatherRoot}/station/{id}.json); 404 when the station is unknown. */
export const weatherStationReportSchema = z.object({
  id: stationId,
  metar: metarEntrySchema.nullable(),
  taf: tafEntrySchema.nullable(),
  cycles: z.object({ metar: ms.nullable(), taf: ms.nullable() }),
});
export type WeatherStationReport = z.infer<typeof weatherStationReportSchema>;

/** Messages of the weather socket. */
export const weatherChannelMessageSchema = z.union([
  z.object({ type: z.literal('all'), cycles: z.record(z.string(), ms.nullable()) }).strict(),
  z.object({ type: z.enum(WEATHER_CHANNEL_TYPES), cycle: ms }).strict(),
]);
export type WeatherChannelMessage = z.infer<typeof weatherChannelMessageSchema>;

/** Parses `w,s,e,n` degrees; null when malformed (the server answers 400 naming the parameter). */
export function parseBbox(text: string): [number, number, number, number] | null {
  const parts = text.split(',').map((part) => Number(part));
  if (parts.length !== 4 || parts.some((part) => !Number.isFinite(part))) return null;
  const [w, s, e, n] = parts as [number, number, number, number];
  if (s < -90 || n > 90 || s > n || w < -180 || e > 180) return null;
  return [w, s, e, n];
}
