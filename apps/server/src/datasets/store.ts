import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';
import { open, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress, createGunzip } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import { ENCODING_SUFFIX, encodedEtag, type PrecompressedEncoding } from './httpHeaders.js';

/**
 * A channel or cycle folder, or a file name: letters, digits, `.`, `_`, `-`, starting with a letter
 * or digit, so no name can climb out of the dataset's folder or reach a hidden file.
 */
export const DATASET_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** A precompressed copy of a file, beside it as `{name}.gz` or `{name}.br`. */
export interface DatasetVariant {
  encoding: PrecompressedEncoding;
  path: string;
  /** Size of the compressed file, bytes. */
  bytes: number;
  /** Strong ETag of this encoding: the file's with `-gz` or `-br` inside the quotes. */
  etag: string;
  /** fileVersion of the copy this was computed from. */
  version: string;
}

/** One file of a dataset, as the store read it. */
export interface DatasetFile<Extra = undefined> {
  /** The dataset's name (`navdata`, `plates`, ...). */
  dataset: string;
  /** The channel or cycle folder it is in (`current`, `2509`, ...). */
  channel: string;
  /** Its file name in that folder. */
  name: string;
  path: string;
  bytes: number;
  /** SHA-256 of the content, hex. */
  sha256: string;
  /** Strong ETag from the SHA-256 (first 128 bits), so every server process and a CDN agree. */
  etag: string;
  /** HTTP date of the file's modification time. */
  lastModified: string;
  /** fileVersion of the file this was computed from; a sender checks the file it opened still has it. */
  version: string;
  contentType: string;
  /** Precompressed copies whose content was checked to be this file, brotli first. */
  variants: DatasetVariant[];
  /** What the definition's `inspect` derived from the content (undefined without one). */
  extra: Extra;
}

/** Where a file is, for a definition's `inspect`. */
export interface DatasetFileRef {
  dataset: string;
  channel: string;
  name: string;
  path: string;
}

/**
 * A kind of downloadable data: nav data, chart packs, plates, weather snapshots. Its files live in
 * `{dir}/{channel}/{name}`, with optional precompressed copies `{name}.gz` and `{name}.br` beside.
 */
export interface DatasetDefinition<Extra = undefined> {
  /** Names the dataset in logs, errors and the generic index. */
  name: string;
  /** The folder holding one sub-folder per channel or cycle. */
  dir: string;
  /** The Content-Type of a file, by name. */
  contentType: string | ((name: string) => string);
  /** The channels that exist (nav data: current, next, dev); any safe folder name when left out. */
  channels?: readonly string[];
  /** Which (safe) names in a channel folder are files of the dataset; all but the .gz/.br copies when left out. */
  accepts?: (name: string) => boolean;
  /**
   * Metadata derived from a file's content, given the bytes of the one read that hashes it (so
   * nothing reads the file again to derive it), kept per name and SHA-256. Without it the store
   * streams files and never holds one in memory.
   */
  inspect?: (bytes: Buffer, file: DatasetFileRef) => Extra | Promise<Extra>;
}

/** Identifies a version of a file without reading it; a rebuilt or replaced file gets a new key. */
export function fileVersion(stats: Pick<Stats, 'ino' | 'size' | 'mtimeMs'> | null): string {
  return stats === null ? '-' : `${stats.ino}:${stats.size}:${stats.mtimeMs}`;
}

async function statOrNull(path: string): Promise<Stats | null> {
  try {
    const stats = await stat(path);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
}

/** SHA-256 (hex) of a compressed copy's decompressed content. */
async function decodedSha256(path: string, encoding: PrecompressedEncoding): Promise<string> {
  const hash = createHash('sha256');
  const handle = await open(path, 'r');
  await pipeline(handle.createReadStream(), encoding === 'gzip' ? createGunzip() : createBrotliDecompress(), hash);
  return hash.digest('hex');
}

/** Reads a file once: its stats, its SHA-256 and, when `keep`, its bytes. */
async function readFileOnce(path: string, keep: boolean): Promise<{ stats: Stats; sha256: string; bytes: Buffer | null }> {
  const handle = await open(path, 'r');
  let closed = false;
  try {
    const stats = await handle.stat();
    const hash = createHash('sha256');
    if (keep) {
      const bytes = await handle.readFile();
      return { stats, sha256: hash.update(bytes).digest('hex'), bytes };
    }
    closed = true; // the stream closes the handle when it ends or fails
    await pipeline(handle.createReadStream(), hash);
    return { stats, sha256: hash.digest('hex'), bytes: null };
  } finally {
    if (!closed) await handle.close();
  }
}

/**
 * The files of one dataset, read from the files themselves: sizes, SHA-256 and ETags, verified
 * precompressed copies and what `inspect` derives. What it learns about a file version is kept in
 * memory and recomputed when the file changes (inode, size or mtime of the file or its copies), so
 * replacing a file for a new cycle needs no restart. Nothing here is state: every process computes the same.
 */
export class DatasetStore<Extra = undefined> {
  private readonly cache = new Map<string, { key: string; file: Promise<DatasetFile<Extra>> }>();
  /** inspect's results by `{name}:{sha256}`, for the contents the cache currently describes. */
  private readonly inspected = new Map<string, Promise<Extra>>();
  /** The inspect key (`{name}:{sha256}`) of each cached path. */
  private readonly contentOfPath = new Map<string, string>();

  constructor(
    readonly definition: DatasetDefinition<Extra>,
    private readonly log?: FastifyBaseLogger,
  ) {}

  get name(): string {
    return this.definition.name;
  }

  /** True when `channel` names a channel folder of this dataset. */
  hasChannel(channel: string): boolean {
    const { channels } = this.definition;
    return channels === undefined ? DATASET_NAME_PATTERN.test(channel) : channels.includes(channel);
  }

  /** True when `name` can be a file of this dataset (a safe name, accepted, not a .gz/.br copy). */
  acceptsName(name: string): boolean {
    if (!DATASET_NAME_PATTERN.test(name)) return false;
    if (this.definition.accepts) return this.definition.accepts(name);
    return !Object.values(ENCODING_SUFFIX).some((suffix) => name.endsWith(suffix));
  }

  /** Path of a file in a channel. @throws Error naming the channel or file when either is not a safe, accepted name. */
  filePath(channel: string, name: string): string {
    if (!this.hasChannel(channel)) throw new Error(`Invalid ${this.name} channel ${JSON.stringify(channel)}`);
    if (!this.acceptsName(name)) throw new Error(`Invalid ${this.name} file name ${JSON.stringify(name)}`);
    return join(this.definition.dir, channel, name);
  }

  /** A file of a channel, or null when there is none (or the name is not one of the dataset's). */
  async file(channel: string, name: string): Promise<DatasetFile<Extra> | null> {
    if (!this.hasChannel(channel) || !this.acceptsName(name)) return null;
    const path = join(this.definition.dir, channel, name);
    const [raw, gzip, br] = await Promise.all([statOrNull(path), statOrNull(`${path}.gz`), statOrNull(`${path}.br`)]);
    if (raw === null) {
      this.forget(path);
      return null;
    }
    const key = [raw, gzip, br].map(fileVersion).join('|');
    const cached = this.cache.get(path);
    if (cached?.key === key) return cached.file;
    const file = this.describe({ dataset: this.name, channel, name, path }, { gzip, br });
    this.cache.set(path, { key, file });
    // A failed computation (say the file vanished mid-read) must not stick.
    file.catch(() => {
      if (this.cache.get(path)?.file === file) this.forget(path);
    });
    return file;
  }

  /** Every file of a channel, sorted by name; an empty list when the folder does not exist. */
  async list(channel: string): Promise<DatasetFile<Extra>[]> {
    if (!this.hasChannel(channel)) return [];
    let names: string[];
    try {
      names = await readdir(join(this.definition.dir, channel));
    } catch {
      return [];
    }
    const files = await Promise.all(names.filter((name) => this.acceptsName(name)).sort().map((name) => this.file(channel, name)));
    return files.filter((file): file is DatasetFile<Extra> => file !== null);
  }

  private forget(path: string): void {
    this.cache.delete(path);
    this.contentOfPath.delete(path);
    this.prune();
  }

  /** Drops inspect results of contents no cached file has any more. */
  private prune(): void {
    const live = new Set(this.contentOfPath.values());
    for (const key of this.inspected.keys()) if (!live.has(key)) this.inspected.delete(key);
  }

  private async describe(ref: DatasetFileRef, compressed: Record<PrecompressedEncoding, Stats | null>): Promise<DatasetFile<Extra>> {
    const { inspect, contentType } = this.definition;
    const read = await readFileOnce(ref.path, inspect !== undefined);
    const extraKey = `${ref.name}:${read.sha256}`;
    let extra = this.inspected.get(extraKey);
    if (extra === undefined) {
      const bytes = read.bytes;
      const inspecting = inspect && bytes ? Promise.resolve().then(() => inspect(bytes, ref)) : Promise.resolve(undefined as Extra);
      this.inspected.set(extraKey, inspecting);
      // An inspection that threw is tried again at the next read rather than kept.
      inspecting.catch(() => {
        if (this.inspected.get(extraKey) === inspecting) this.inspected.delete(extraKey);
      });
      extra = inspecting;
    }
    this.contentOfPath.set(ref.path, extraKey);
    this.prune();
    const base = `"${read.sha256.slice(0, 32)}"`;
    const variants: DatasetVariant[] = [];
    for (const encoding of ['br', 'gzip'] as const) {
      const stats = compressed[encoding];
      if (stats === null) continue;
      const variantPath = `${ref.path}${ENCODING_SUFFIX[encoding]}`;
      // A copy left over from an earlier build would serve old data under the new ETag: check it decodes to this file.
      const decoded = await decodedSha256(variantPath, encoding).catch((error: unknown) => `unreadable: ${String(error)}`);
      if (decoded !== read.sha256) {
        this.log?.warn({ path: variantPath, dataset: this.name }, `precompressed ${this.name} copy does not match its file; serving the raw file`);
        continue;
      }
      variants.push({ encoding, path: variantPath, bytes: stats.size, etag: encodedEtag(base, encoding), version: fileVersion(stats) });
    }
    return {
      ...ref,
      bytes: read.stats.size,
      sha256: read.sha256,
      etag: base,
      lastModified: read.stats.mtime.toUTCString(),
      version: fileVersion(read.stats),
      contentType: typeof contentType === 'string' ? contentType : contentType(ref.name),
      variants,
      extra: await extra,
    };
  }
}
