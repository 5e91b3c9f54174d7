import { createHash } from 'node:crypto';
import { createReadStream, type Stats } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress, createGunzip } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import { NAVDATA_EXTENSION, NAVDATA_REGION_PATTERN, type DataChannel } from '@clearway/protocol';
import { readArtifactHeader, type ArtifactHeader } from './artifactHeader.js';
import type { PrecompressedEncoding } from './httpHeaders.js';

/** A precompressed copy of an artifact, beside it as `{region}.cwnav.gz` or `.br`. */
export interface ArtifactVariant {
  encoding: PrecompressedEncoding;
  path: string;
  /** Size of the compressed file, bytes. */
  bytes: number;
  /** Strong ETag of this encoding: the artifact's with `-gz` or `-br` inside the quotes. */
  etag: string;
  /** fileVersion of the file this was computed from. */
  version: string;
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
}

const ENCODING_SUFFIX: Readonly<Record<PrecompressedEncoding, string>> = { gzip: '.gz', br: '.br' };
const ETAG_SUFFIX: Readonly<Record<PrecompressedEncoding, string>> = { gzip: '-gz', br: '-br' };

/** The strong ETag of an encoded copy: the plain one with `-gz` or `-br` inside the quotes. */
export function encodedEtag(etag: string, encoding: PrecompressedEncoding): string {
  return etag.replace(/"$/, `${ETAG_SUFFIX[encoding]}"`);
}

async function statOrNull(path: string): Promise<Stats | null> {
  try {
    const stats = await stat(path);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
}

/** Identifies a version of a file without reading it; a rebuilt or replaced file gets a new key. */
export function fileVersion(stats: Pick<Stats, 'ino' | 'size' | 'mtimeMs'> | null): string {
  return stats === null ? '-' : `${stats.ino}:${stats.size}:${stats.mtimeMs}`;
}

/** SHA-256 of a file (hex), optionally of its decompressed content. */
async function sha256(path: string, encoding?: PrecompressedEncoding): Promise<string> {
  const hash = createHash('sha256');
  const source = createReadStream(path);
  if (encoding === undefined) {
    await pipeline(source, hash);
  } else {
    await pipeline(source, encoding === 'gzip' ? createGunzip() : createBrotliDecompress(), hash);
  }
  return hash.digest('hex');
}

/**
 * The nav data artifacts under `{navdataDir}/{channel}/`, read from the files themselves: sizes,
 * content ETags, headers and verified precompressed copies. What it learns about a file version is
 * kept in memory and recomputed when the file changes (inode, size or mtime), so replacing an
 * artifact for a new cycle needs no restart. Nothing here is state: every process computes the same.
 */
export class ArtifactStore {
  private readonly cache = new Map<string, { key: string; info: Promise<ArtifactInfo> }>();

  constructor(
    readonly navdataDir: string,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Path of a region's artifact in a channel. The region must match NAVDATA_REGION_PATTERN. */
  artifactPath(channel: DataChannel, region: string): string {
    if (!NAVDATA_REGION_PATTERN.test(region)) throw new Error(`Invalid nav data region ${JSON.stringify(region)}`);
    return join(this.navdataDir, channel, `${region}${NAVDATA_EXTENSION}`);
  }

  /** A region's artifact, or null when the channel has none. */
  async artifact(channel: DataChannel, region: string): Promise<ArtifactInfo | null> {
    if (!NAVDATA_REGION_PATTERN.test(region)) return null;
    const path = this.artifactPath(channel, region);
    const [raw, gzip, br] = await Promise.all([statOrNull(path), statOrNull(`${path}.gz`), statOrNull(`${path}.br`)]);
    if (raw === null) {
      this.cache.delete(path);
      return null;
    }
    const key = [raw, gzip, br].map(fileVersion).join('|');
    const cached = this.cache.get(path);
    if (cached?.key === key) return cached.info;
    const info = this.describe(channel, region, path, raw, { gzip, br });
    this.cache.set(path, { key, info });
    // A failed computation (say the file vanished mid-read) must not stick.
    info.catch(() => this.cache.delete(path));
    return info;
  }

  /** Every artifact of a channel, sorted by region; an empty list when the folder does not exist. */
  async list(channel: DataChannel): Promise<ArtifactInfo[]> {
    let names: string[];
    try {
      names = await readdir(join(this.navdataDir, channel));
    } catch {
      return [];
    }
    const regions = names
      .filter((name) => name.endsWith(NAVDATA_EXTENSION))
      .map((name) => name.slice(0, -NAVDATA_EXTENSION.length))
      .filter((region) => NAVDATA_REGION_PATTERN.test(region))
      .sort();
    const infos = await Promise.all(regions.map((region) => this.artifact(channel, region)));
    return infos.filter((info): info is ArtifactInfo => info !== null);
  }

  private async describe(
    channel: DataChannel,
    region: string,
    path: string,
    raw: Stats,
    compressed: Record<PrecompressedEncoding, Stats | null>,
  ): Promise<ArtifactInfo> {
    const [digest, header] = await Promise.all([
      sha256(path),
      readArtifactHeader(path).then(
        (value) => ({ value, error: null }),
        (error: unknown) => ({ value: null, error: error instanceof Error ? error.message : String(error) }),
      ),
    ]);
    if (header.error !== null) this.log?.warn({ path, error: header.error }, 'nav data artifact has no readable header; not listed');
    if (header.value !== null && header.value.region !== region) {
      this.log?.warn({ path, headerRegion: header.value.region }, 'nav data artifact header names another region');
    }
    const base = digest.slice(0, 32);
    const variants: ArtifactVariant[] = [];
    for (const encoding of ['br', 'gzip'] as const) {
      const stats = compressed[encoding];
      if (stats === null) continue;
      const variantPath = `${path}${ENCODING_SUFFIX[encoding]}`;
      // A copy left over from an earlier build would serve old data under the new ETag: check it decodes to this file.
      const decoded = await sha256(variantPath, encoding).catch((error: unknown) => `unreadable: ${String(error)}`);
      if (decoded !== digest) {
        this.log?.warn({ path: variantPath }, 'precompressed nav data copy does not match its artifact; serving the raw file');
        continue;
      }
      variants.push({ encoding, path: variantPath, bytes: stats.size, etag: encodedEtag(`"${base}"`, encoding), version: fileVersion(stats) });
    }
    return {
      channel,
      region,
      path,
      bytes: raw.size,
      etag: `"${base}"`,
      lastModified: raw.mtime.toUTCString(),
      version: fileVersion(raw),
      variants,
      header: header.value,
      headerError: header.error,
    };
  }
}
