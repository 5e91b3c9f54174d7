import type { FastifyBaseLogger } from 'fastify';
import { DATA_CHANNELS, NAVDATA_EXTENSION, NAVDATA_REGION_PATTERN, type DataChannel } from '@clearway/protocol';
import { DatasetStore, type DatasetFile, type DatasetFileRef, type DatasetVariant } from '../datasets/index.js';
import { parseArtifactHeader, type ArtifactHeader } from './artifactHeader.js';
import { buildOverview, type OverviewBodies } from './overview.js';

/** A precompressed copy of an artifact, beside it as `{region}.cwnav.gz` or `.br`. */
export type ArtifactVariant = DatasetVariant;

/** What the store derives from an artifact's content, in the read that hashes it. */
export interface ArtifactContent {
  /** The artifact's header, or null when it cannot be read (the file is still served, not listed). */
  header: ArtifactHeader | null;
  headerError: string | null;
  /** The map overview layers, built from the same bytes (one at a time); rejects when the artifact does not open. */
  overview: Promise<OverviewBodies>;
}

/** One artifact file as the routes serve it. */
export interface ArtifactInfo {
  channel: DataChannel;
  region: string;
  path: string;
  bytes: number;
  /** Strong ETag from the SHA-256 of the content, so every server process and a CDN agree. */
  etag: string;
  /** HTTP date of the file's modification time. */
  lastModified: string;
  /** fileVersion of the file this was computed from; a sender checks the file it opened still has it. */
  version: string;
  /** Precompressed copies whose content was checked to be this artifact. */
  variants: ArtifactVariant[];
  /** The artifact's header, or null when it cannot be read (the file is still served, not listed). */
  header: ArtifactHeader | null;
  headerError: string | null;
  /** The overview bodies, derived from the bytes the store read (overview.ts tags and serves them). */
  overview: Promise<OverviewBodies>;
  /** The dataset file behind this artifact, for the dataset module's sender. */
  file: DatasetFile<ArtifactContent>;
}

const regionOf = (name: string) => name.slice(0, -NAVDATA_EXTENSION.length);

/**
 * The nav data artifacts under `{navdataDir}/{channel}/`: the `navdata` dataset of the dataset
 * module (sizes, content ETags, verified precompressed copies, recomputed when a file changes),
 * whose inspection reads each artifact's header and builds its map overview from the bytes the
 * store read to hash it, so nothing reads an artifact twice.
 */
export class ArtifactStore {
  readonly files: DatasetStore<ArtifactContent>;
  /**
   * Overview builds run one at a time (each holds an artifact and its GeoJSON in memory). The bytes of
   * artifacts waiting for their turn stay in memory until then: while a channel is first listed, all
   * its artifacts at once (about 10 MB for the US). A region split into many artifacts would want the
   * wait to re-read the file instead.
   */
  private builds: Promise<unknown> = Promise.resolve();

  constructor(
    readonly navdataDir: string,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.files = new DatasetStore<ArtifactContent>({
      name: 'navdata',
      dir: navdataDir,
      channels: DATA_CHANNELS,
      contentType: 'application/octet-stream',
      accepts: (name) => name.endsWith(NAVDATA_EXTENSION) && NAVDATA_REGION_PATTERN.test(regionOf(name)),
      inspect: (bytes, file) => this.inspect(bytes, file),
    }, log);
  }

  /** A region's artifact, or null when the channel has none. */
  async artifact(channel: DataChannel, region: string): Promise<ArtifactInfo | null> {
    if (!NAVDATA_REGION_PATTERN.test(region)) return null;
    const file = await this.files.file(channel, `${region}${NAVDATA_EXTENSION}`);
    return file === null ? null : toInfo(channel, file);
  }

  /** Every artifact of a channel, sorted by region; an empty list when the folder does not exist. */
  async list(channel: DataChannel): Promise<ArtifactInfo[]> {
    return (await this.files.list(channel)).map((file) => toInfo(channel, file));
  }

  private inspect(bytes: Buffer, file: DatasetFileRef): ArtifactContent {
    let header: ArtifactHeader | null = null;
    let headerError: string | null = null;
    try {
      header = parseArtifactHeader(bytes);
    } catch (error) {
      headerError = error instanceof Error ? error.message : String(error);
      this.log?.warn({ path: file.path, error: headerError }, 'nav data artifact has no readable header; not listed');
    }
    if (header !== null && header.region !== regionOf(file.name)) {
      this.log?.warn({ path: file.path, headerRegion: header.region }, 'nav data artifact header names another region');
    }
    const overview = this.builds.then(async () => {
      const startedAt = performance.now();
      const bodies = await buildOverview(bytes);
      this.log?.info(
        { path: file.path, ms: Math.round(performance.now() - startedAt), airportsBytes: bodies.airports.json.length, navaidsBytes: bodies.navaids.json.length },
        'nav data overview built',
      );
      return bodies;
    });
    // The queue goes on after a failed build; the failure is the overview's, reported when it is asked for.
    this.builds = overview.catch(() => undefined);
    return { header, headerError, overview };
  }
}

function toInfo(channel: DataChannel, file: DatasetFile<ArtifactContent>): ArtifactInfo {
  return {
    channel,
    region: regionOf(file.name),
    path: file.path,
    bytes: file.bytes,
    etag: file.etag,
    lastModified: file.lastModified,
    version: file.version,
    variants: file.variants,
    header: file.extra.header,
    headerError: file.extra.headerError,
    overview: file.extra.overview,
    file,
  };
}
