import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { gzipSync } from 'node:zlib';

/**
 * A PMTiles v3 writer (https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md): a 127-byte
 * header, the root directory, JSON metadata, leaf directories, then the tile data, ordered by tile
 * id (clustered). The `pmtiles` npm library only reads archives, so the writing is here; the tests
 * read every archive back with that library. Identical tiles are stored once (terrain over the sea,
 * empty chart margins) and consecutive ones become one run.
 */

export const PMTILES_HEADER_BYTES = 127;
/** Header plus root directory must fit in the first 16 KiB, which a reader fetches in one request. */
const ROOT_LIMIT_BYTES = 16_384;

export const Compression = { none: 1, gzip: 2 } as const;
export const TileType = { mvt: 1, png: 2, jpeg: 3, webp: 4 } as const;

export interface PmtilesHeader {
  rootDirectoryOffset: number;
  rootDirectoryLength: number;
  metadataOffset: number;
  metadataLength: number;
  leafDirectoryOffset: number;
  leafDirectoryLength: number;
  tileDataOffset: number;
  tileDataLength: number;
  addressedTilesCount: number;
  tileEntriesCount: number;
  tileContentsCount: number;
  clustered: boolean;
  internalCompression: number;
  tileCompression: number;
  tileType: number;
  minZoom: number;
  maxZoom: number;
  /** Degrees. */
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
  centerZoom: number;
  centerLon: number;
  centerLat: number;
}

/** The tile id of z/x/y: tiles of lower zooms first, then the position on a Hilbert curve. */
export function tileId(z: number, x: number, y: number): number {
  if (z > 26) throw new Error(`Zoom ${z} is past PMTiles' 26`);
  const n = 2 ** z;
  if (x < 0 || y < 0 || x >= n || y >= n) throw new Error(`Tile ${z}/${x}/${y} is outside zoom ${z}`);
  // Tiles of every lower zoom: (4^z - 1) / 3.
  let id = (4 ** z - 1) / 3;
  let rx: number;
  let ry: number;
  let tx = x;
  let ty = y;
  for (let s = n / 2; s >= 1; s /= 2) {
    rx = (tx & s) > 0 ? 1 : 0;
    ry = (ty & s) > 0 ? 1 : 0;
    id += s * s * ((3 * rx) ^ ry);
    // Rotate the quadrant.
    if (ry === 0) {
      if (rx === 1) {
        tx = s - 1 - tx;
        ty = s - 1 - ty;
      }
      [tx, ty] = [ty, tx];
    }
  }
  return id;
}

interface Entry {
  tileId: number;
  offset: number;
  length: number;
  runLength: number;
}

function writeVarint(out: number[], value: number): void {
  let v = value;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
}

/** A directory as the spec lays it out (counts, then each column), gzip-compressed. */
function serializeDirectory(entries: readonly Entry[]): Buffer {
  const out: number[] = [];
  writeVarint(out, entries.length);
  let last = 0;
  for (const entry of entries) {
    writeVarint(out, entry.tileId - last);
    last = entry.tileId;
  }
  for (const entry of entries) writeVarint(out, entry.runLength);
  for (const entry of entries) writeVarint(out, entry.length);
  entries.forEach((entry, i) => {
    const previous = entries[i - 1];
    // 0: right after the previous entry's data; else offset + 1.
    writeVarint(out, previous && entry.offset === previous.offset + previous.length ? 0 : entry.offset + 1);
  });
  return gzipSync(Buffer.from(out));
}

/** Root and leaf directories: every entry in the root when it fits, else leaves of growing size. */
function buildDirectories(entries: readonly Entry[], rootLimit: number): { root: Buffer; leaves: Buffer } {
  const whole = serializeDirectory(entries);
  if (whole.length <= rootLimit - PMTILES_HEADER_BYTES) return { root: whole, leaves: Buffer.alloc(0) };
  for (let leafSize = Math.min(4096, Math.max(64, Math.ceil(entries.length / 64))); ; leafSize *= 2) {
    const rootEntries: Entry[] = [];
    const leafParts: Buffer[] = [];
    let leafOffset = 0;
    for (let start = 0; start < entries.length; start += leafSize) {
      const leaf = serializeDirectory(entries.slice(start, start + leafSize));
      const first = entries[start];
      if (!first) break;
      // run length 0: the entry points at a leaf directory, not at tile data.
      rootEntries.push({ tileId: first.tileId, offset: leafOffset, length: leaf.length, runLength: 0 });
      leafParts.push(leaf);
      leafOffset += leaf.length;
    }
    const root = serializeDirectory(rootEntries);
    if (root.length <= rootLimit - PMTILES_HEADER_BYTES) return { root, leaves: Buffer.concat(leafParts) };
  }
}

function writeUint64(buffer: Buffer, value: number, at: number): void {
  buffer.writeBigUInt64LE(BigInt(value), at);
}

export function serializeHeader(header: PmtilesHeader): Buffer {
  const buffer = Buffer.alloc(PMTILES_HEADER_BYTES);
  buffer.write('PMTiles', 0, 'latin1');
  buffer.writeUInt8(3, 7);
  writeUint64(buffer, header.rootDirectoryOffset, 8);
  writeUint64(buffer, header.rootDirectoryLength, 16);
  writeUint64(buffer, header.metadataOffset, 24);
  writeUint64(buffer, header.metadataLength, 32);
  writeUint64(buffer, header.leafDirectoryOffset, 40);
  writeUint64(buffer, header.leafDirectoryLength, 48);
  writeUint64(buffer, header.tileDataOffset, 56);
  writeUint64(buffer, header.tileDataLength, 64);
  writeUint64(buffer, header.addressedTilesCount, 72);
  writeUint64(buffer, header.tileEntriesCount, 80);
  writeUint64(buffer, header.tileContentsCount, 88);
  buffer.writeUInt8(header.clustered ? 1 : 0, 96);
  buffer.writeUInt8(header.internalCompression, 97);
  buffer.writeUInt8(header.tileCompression, 98);
  buffer.writeUInt8(header.tileType, 99);
  buffer.writeUInt8(header.minZoom, 100);
  buffer.writeUInt8(header.maxZoom, 101);
  // Positions as signed 32-bit integers of 1e-7 degrees.
  buffer.writeInt32LE(Math.round(header.minLon * 1e7), 102);
  buffer.writeInt32LE(Math.round(header.minLat * 1e7), 106);
  buffer.writeInt32LE(Math.round(header.maxLon * 1e7), 110);
  buffer.writeInt32LE(Math.round(header.maxLat * 1e7), 114);
  buffer.writeUInt8(header.centerZoom, 118);
  buffer.writeInt32LE(Math.round(header.centerLon * 1e7), 119);
  buffer.writeInt32LE(Math.round(header.centerLat * 1e7), 123);
  return buffer;
}

/** Reads a header back (the index reads each pack's zoom range and tile count from it). @throws Error naming what is wrong. */
export function parseHeader(bytes: Buffer, where: string): PmtilesHeader {
  if (bytes.length < PMTILES_HEADER_BYTES || bytes.toString('latin1', 0, 7) !== 'PMTiles') throw new Error(`${where} is not a PMTiles archive (no "PMTiles" magic)`);
  if (bytes.readUInt8(7) !== 3) throw new Error(`${where} is PMTiles version ${bytes.readUInt8(7)}, not 3`);
  const u64 = (at: number) => Number(bytes.readBigUInt64LE(at));
  return {
    rootDirectoryOffset: u64(8),
    rootDirectoryLength: u64(16),
    metadataOffset: u64(24),
    metadataLength: u64(32),
    leafDirectoryOffset: u64(40),
    leafDirectoryLength: u64(48),
    tileDataOffset: u64(56),
    tileDataLength: u64(64),
    addressedTilesCount: u64(72),
    tileEntriesCount: u64(80),
    tileContentsCount: u64(88),
    clustered: bytes.readUInt8(96) === 1,
    internalCompression: bytes.readUInt8(97),
    tileCompression: bytes.readUInt8(98),
    tileType: bytes.readUInt8(99),
    minZoom: bytes.readUInt8(100),
    maxZoom: bytes.readUInt8(101),
    minLon: bytes.readInt32LE(102) / 1e7,
    minLat: bytes.readInt32LE(106) / 1e7,
    maxLon: bytes.readInt32LE(110) / 1e7,
    maxLat: bytes.readInt32LE(114) / 1e7,
    centerZoom: bytes.readUInt8(118),
    centerLon: bytes.readInt32LE(119) / 1e7,
    centerLat: bytes.readInt32LE(123) / 1e7,
  };
}

/** Reads the header of an archive on disk. */
export async function readHeader(path: string): Promise<PmtilesHeader> {
  const handle = await open(path, 'r');
  try {
    const bytes = Buffer.alloc(PMTILES_HEADER_BYTES);
    const { bytesRead } = await handle.read(bytes, 0, PMTILES_HEADER_BYTES, 0);
    return parseHeader(bytes.subarray(0, bytesRead), path);
  } finally {
    await handle.close();
  }
}

export interface PmtilesWriterOptions {
  tileType: number;
  /** Compression of the tile bytes as given (gzip for MVT, none for PNG). */
  tileCompression: number;
  /** Degrees: `[west, south, east, north]`. */
  bounds: readonly [number, number, number, number];
  /** JSON metadata (name, attribution, format, vector_layers ...). */
  metadata: Record<string, unknown>;
  /** Largest header + root directory, bytes (default 16 KiB, what readers fetch first; tests lower it to reach the leaves). */
  rootLimitBytes?: number;
}

/** What finish() wrote. */
export interface PmtilesSummary {
  path: string;
  bytes: number;
  tiles: number;
  /** Distinct tile contents stored. */
  contents: number;
  minZoom: number;
  maxZoom: number;
}

/**
 * Writes one archive: add() tiles in increasing tile id (sort the addresses with tileId first),
 * then finish(). Tile data is streamed to `{path}.tiles.tmp`, the archive is assembled in
 * `{path}.tmp` and renamed onto `path`, so a reader never sees half an archive. abort() removes both.
 */
export class PmtilesWriter {
  readonly #entries: Entry[] = [];
  readonly #byHash = new Map<string, { offset: number; length: number }>();
  readonly #dataPath: string;
  readonly #data: WriteStream;
  #dataBytes = 0;
  #lastId = -1;
  #minZoom = 99;
  #maxZoom = -1;
  #tiles = 0;

  constructor(
    readonly path: string,
    private readonly options: PmtilesWriterOptions,
  ) {
    this.#dataPath = `${path}.tiles.tmp`;
    this.#data = createWriteStream(this.#dataPath);
  }

  /** Adds one tile; ids must increase. */
  async add(z: number, x: number, y: number, bytes: Uint8Array): Promise<void> {
    const id = tileId(z, x, y);
    if (id <= this.#lastId) throw new Error(`PmtilesWriter: tile ${z}/${x}/${y} (id ${id}) added after id ${this.#lastId}; add tiles in tile id order`);
    this.#lastId = id;
    this.#tiles++;
    this.#minZoom = Math.min(this.#minZoom, z);
    this.#maxZoom = Math.max(this.#maxZoom, z);
    const hash = createHash('sha256').update(bytes).digest('hex');
    const last = this.#entries.at(-1);
    const stored = this.#byHash.get(hash);
    if (stored) {
      // The same bytes as the entry just before, at the next id: one longer run.
      if (last && last.offset === stored.offset && last.tileId + last.runLength === id) last.runLength++;
      else this.#entries.push({ tileId: id, offset: stored.offset, length: stored.length, runLength: 1 });
      return;
    }
    const offset = this.#dataBytes;
    this.#byHash.set(hash, { offset, length: bytes.length });
    this.#entries.push({ tileId: id, offset, length: bytes.length, runLength: 1 });
    this.#dataBytes += bytes.length;
    if (!this.#data.write(bytes)) await new Promise<void>((resolve) => this.#data.once('drain', resolve));
  }

  get tiles(): number {
    return this.#tiles;
  }

  async finish(): Promise<PmtilesSummary> {
    await new Promise<void>((resolve, reject) => this.#data.end((error?: Error | null) => (error ? reject(error) : resolve())));
    const { root, leaves } = buildDirectories(this.#entries, this.options.rootLimitBytes ?? ROOT_LIMIT_BYTES);
    const metadata = gzipSync(Buffer.from(JSON.stringify(this.options.metadata)));
    const [west, south, east, north] = this.options.bounds;
    const empty = this.#tiles === 0;
    const header: PmtilesHeader = {
      rootDirectoryOffset: PMTILES_HEADER_BYTES,
      rootDirectoryLength: root.length,
      metadataOffset: PMTILES_HEADER_BYTES + root.length,
      metadataLength: metadata.length,
      leafDirectoryOffset: PMTILES_HEADER_BYTES + root.length + metadata.length,
      leafDirectoryLength: leaves.length,
      tileDataOffset: PMTILES_HEADER_BYTES + root.length + metadata.length + leaves.length,
      tileDataLength: this.#dataBytes,
      addressedTilesCount: this.#tiles,
      tileEntriesCount: this.#entries.length,
      tileContentsCount: this.#byHash.size,
      clustered: true,
      internalCompression: Compression.gzip,
      tileCompression: this.options.tileCompression,
      tileType: this.options.tileType,
      minZoom: empty ? 0 : this.#minZoom,
      maxZoom: empty ? 0 : this.#maxZoom,
      minLon: west,
      minLat: south,
      maxLon: east,
      maxLat: north,
      centerZoom: empty ? 0 : this.#minZoom,
      centerLon: (west + east) / 2,
      centerLat: (south + north) / 2,
    };
    const tmp = `${this.path}.tmp`;
    const out = createWriteStream(tmp);
    out.write(serializeHeader(header));
    out.write(root);
    out.write(metadata);
    out.write(leaves);
    await pipeline(createReadStream(this.#dataPath), out);
    await rm(this.#dataPath, { force: true });
    await rename(tmp, this.path);
    return {
      path: this.path,
      bytes: header.tileDataOffset + this.#dataBytes,
      tiles: this.#tiles,
      contents: this.#byHash.size,
      minZoom: header.minZoom,
      maxZoom: header.maxZoom,
    };
  }

  /** Stops and removes the temporary files (the archive at `path`, if any, is left as it was). */
  async abort(): Promise<void> {
    this.#data.destroy();
    await rm(this.#dataPath, { force: true });
    await rm(`${this.path}.tmp`, { force: true });
  }
}
