import { z } from 'zod';
import { sameOriginPathSchema, type EndpointKey } from './endpoints.js';
import { DATA_CHANNELS, type DataChannel } from './environments.js';

/**
 * Nav data downloads (ARCHITECTURE.md "Navigation data"). Each release channel has a download root
 * (spec part 1 §7); below it the nav data lives in one folder:
 *   {downloadRoot}/navdata/index.json        NavdataIndex: what the channel offers
 *   {downloadRoot}/navdata/{region}.cwnav    one artifact per region (ETag, Range, gzip)
 *   {downloadRoot}/navdata/{region}.{layer}.geojson
 *                                            the map's airport and navaid layers for the whole region,
 *                                            derived from the artifact (ETag, gzip)
 */

/** Folder of nav data below a download root. */
export const NAVDATA_FOLDER = 'navdata';
export const NAVDATA_INDEX_FILE = 'index.json';
/** File extension of a nav database artifact. */
export const NAVDATA_EXTENSION = '.cwnav';

/** The endpoint holding each channel's download root. */
export const DOWNLOAD_ROOT_KEYS: Readonly<Record<DataChannel, EndpointKey>> = {
  current: 'downloadRootCurrent',
  next: 'downloadRootNext',
  dev: 'downloadRootDev',
};

/** Region names: lower-case letters, digits, `-` and `_`, e.g. `us` or `world`; safe as a file name. */
export const NAVDATA_REGION_PATTERN = /^[a-z0-9][a-z0-9_-]{0,39}$/;
export const navdataRegionSchema = z.string().regex(NAVDATA_REGION_PATTERN, {
  error: 'must be 1 to 40 lower-case letters, digits, - or _',
});

/** URL of a channel's nav data index, from its download root (no trailing slash). */
export function navdataIndexUrl(downloadRoot: string): string {
  return `${downloadRoot}/${NAVDATA_FOLDER}/${NAVDATA_INDEX_FILE}`;
}

/** URL of one region's artifact, from the channel's download root (no trailing slash). */
export function navdataArtifactUrl(downloadRoot: string, region: string): string {
  return `${downloadRoot}/${NAVDATA_FOLDER}/${region}${NAVDATA_EXTENSION}`;
}

/** The map layers the server pre-builds from each artifact, drawn before the artifact itself is loaded. */
export const NAVDATA_OVERVIEW_LAYERS = ['airports', 'navaids'] as const;
export type NavdataOverviewLayer = (typeof NAVDATA_OVERVIEW_LAYERS)[number];
/** File extension of an overview layer, after the layer name: `us.airports.geojson`. */
export const NAVDATA_OVERVIEW_EXTENSION = '.geojson';

/** URL of one region's overview layer (GeoJSON FeatureCollection), from the channel's download root (no trailing slash). */
export function navdataOverviewUrl(downloadRoot: string, region: string, layer: NavdataOverviewLayer): string {
  return `${downloadRoot}/${NAVDATA_FOLDER}/${region}.${layer}${NAVDATA_OVERVIEW_EXTENSION}`;
}

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a YYYY-MM-DD date' });
const byteCount = z.number().int().nonnegative();

/** One artifact a channel offers. */
export const navdataArtifactSchema = z.object({
  region: navdataRegionSchema,
  /** AIRAC cycle id, `YYNN`. */
  cycle: z.string().regex(/^\d{4}$/, { error: 'must be an AIRAC cycle id (YYNN)' }),
  effective: isoDay,
  expires: isoDay,
  /** Artifact format version (the uint32 after the magic); a client skips versions it cannot read. */
  formatVersion: z.number().int().positive(),
  /** Size of the artifact, bytes. */
  bytes: byteCount,
  /** Size of its gzip encoding, bytes, or null when the server has none (the raw file is sent). */
  gzipBytes: byteCount.nullable(),
  /** Strong ETag of the raw artifact, with its quotes, as sent on GET; compare to tell a new build. */
  etag: z.string().regex(/^"[\x21\x23-\x7e]*"$/, { error: 'must be a quoted strong entity tag' }),
  /**
   * Where the artifact is: an absolute URL, or a path on the index's own origin (`/downloads/dev/navdata/us.cwnav`)
   * when the download root is one; resolve it against the index's address.
   */
  url: z.url({ protocol: /^https?$/ }).or(sameOriginPathSchema),
});
export type NavdataArtifact = z.infer<typeof navdataArtifactSchema>;

/** `GET {downloadRoot}/navdata/index.json`: the artifacts of a channel, by region. */
export const navdataIndexSchema = z.object({
  channel: z.enum(DATA_CHANNELS),
  artifacts: z.array(navdataArtifactSchema),
});
export type NavdataIndex = z.infer<typeof navdataIndexSchema>;
