import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import type { FeatureCollection } from 'geojson';
import { airportFeatures, airportsShownAt, navaidFeatures, openNavDb, type Airport, type Bounds, type NavDb, type Navaid } from '@clearway/navdb';
import { NAVDATA_OVERVIEW_LAYERS, type NavdataOverviewLayer } from '@clearway/protocol';
import { encodedEtag } from '../datasets/index.js';
import type { ArtifactInfo } from './artifactStore.js';

const gzipAsync = promisify(gzip);

/** A box 360 degrees wide holds every longitude (navdb `inBounds`), so this lists every record. */
const WHOLE_WORLD: Bounds = { west: -180, south: -90, east: 180, north: 90 };

/**
 * What each overview layer holds: what the map draws of the region before the artifact is loaded.
 * Airports are the decluttered set the map shows below ALL_AIRPORTS_MIN_ZOOM (zoom 0 stands for any
 * zoom below it); the rest join once the worker has the artifact and answers per view.
 */
const LAYERS: Readonly<Record<NavdataOverviewLayer, (db: NavDb) => FeatureCollection>> = {
  airports: (db) => airportFeatures(airportsShownAt(db.inBounds('airport', WHOLE_WORLD) as Airport[], 0)),
  navaids: (db) => navaidFeatures(db.inBounds('navaid', WHOLE_WORLD) as Navaid[]),
};

/** One layer, serialised and compressed once, ready to send. */
export interface OverviewLayer {
  json: Buffer;
  gzip: Buffer;
  /** Strong ETags of the JSON and of its gzip encoding (see overviewEtag). */
  etag: string;
  gzipEtag: string;
}

export type OverviewLayers = Record<NavdataOverviewLayer, OverviewLayer>;

/** The layers of an artifact's overview, before they are tagged. */
export type OverviewBodies = Record<NavdataOverviewLayer, { json: Buffer; gzip: Buffer }>;

/**
 * Builds the overview layers from the bytes of a `.cwnav` artifact: GeoJSON FeatureCollections of the
 * whole region, each as JSON and gzip (level 9: built once per artifact, sent many times).
 * @throws NavDbFormatError when the bytes are not a nav database this server can read.
 */
export async function buildOverview(bytes: Uint8Array): Promise<OverviewBodies> {
  const db = openNavDb(bytes);
  const entries = await Promise.all(NAVDATA_OVERVIEW_LAYERS.map(async (layer) => {
    const json = Buffer.from(JSON.stringify(LAYERS[layer](db)));
    return [layer, { json, gzip: await gzipAsync(json, { level: constants.Z_BEST_COMPRESSION }) }] as const;
  }));
  return Object.fromEntries(entries) as OverviewBodies;
}

/**
 * The ETag of a layer: the artifact's, the layer name and a digest of the JSON, e.g.
 * `"{artifact}-airports-1a2b3c4d"`. The digest is there because the features also depend on this
 * server's code: a release that changes them must not leave clients on a 304 until the next build.
 * Content-derived throughout, so every server process agrees.
 */
export function overviewEtag(artifactEtag: string, layer: NavdataOverviewLayer, json: Buffer): string {
  const digest = createHash('sha256').update(json).digest('hex').slice(0, 8);
  return `"${artifactEtag.replace(/^"|"$/g, '')}-${layer}-${digest}"`;
}

/** An artifact's overview, or why there is none. */
export type OverviewOutcome =
  | { kind: 'built'; layers: OverviewLayers }
  /** The artifact does not open as a nav database; `error` names the file and the reason. */
  | { kind: 'failed'; error: string };

/**
 * The overviews of the artifacts, tagged and kept per artifact content (its ETag), so a rebuilt
 * artifact gets a new overview, concurrent requests share one, and a corrupt artifact is reported
 * (and logged) once rather than on every request. The bodies themselves are built by the artifact
 * store from the bytes it read to hash the artifact (ArtifactInfo.overview): no second read.
 */
export class OverviewStore {
  private readonly cache = new Map<string, { etag: string; outcome: Promise<OverviewOutcome> }>();

  constructor(private readonly log?: FastifyBaseLogger) {}

  overview(info: ArtifactInfo): Promise<OverviewOutcome> {
    const cached = this.cache.get(info.path);
    if (cached?.etag === info.etag) return cached.outcome;
    const outcome = this.tag(info);
    this.cache.set(info.path, { etag: info.etag, outcome });
    return outcome;
  }

  private async tag(info: ArtifactInfo): Promise<OverviewOutcome> {
    const file = `${info.channel}/${basename(info.path)}`;
    try {
      const bodies = await info.overview;
      const layers = {} as OverviewLayers;
      for (const layer of NAVDATA_OVERVIEW_LAYERS) {
        const { json, gzip: compressed } = bodies[layer];
        const etag = overviewEtag(info.etag, layer, json);
        layers[layer] = { json, gzip: compressed, etag, gzipEtag: encodedEtag(etag, 'gzip') };
      }
      return { kind: 'built', layers };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.log?.error({ path: info.path, err: error }, 'nav data overview could not be built');
      return { kind: 'failed', error: `Cannot build the map overview of ${file}: ${reason}` };
    }
  }
}
