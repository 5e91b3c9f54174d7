import type { EndpointKey } from './endpoints.js';
import type { DataChannel } from './environments.js';

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
