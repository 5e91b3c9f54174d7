import { zxyToTileId } from 'pmtiles';

/**
 * Test support: a PMTiles v3 archive built in memory (https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md):
 * the 127-byte header, one root directory (no leaves), empty JSON metadata, then the tile data,
 * internal compression none. Small archives for the unit tests and the bench; the e2e reads the
 * server's real packs (apps/server/src/packs/pmtiles.ts writes those).
 */
export interface ArchiveTile {
  z: number;
  x: number;
  y: number;
  bytes: Uint8Array;
}

function varint(out: number[], value: number): void {
  let v = value;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
}

/** `tileType`: 1 MVT, 2 PNG; `tileCompression`: 1 none, 2 gzip. */
export function buildArchive(tiles: readonly ArchiveTile[], options: { tileType?: number; tileCompression?: number; bounds?: [number, number, number, number] } = {}): Uint8Array<ArrayBuffer> {
  const sorted = tiles.map((tile) => ({ ...tile, id: zxyToTileId(tile.z, tile.x, tile.y) })).sort((a, b) => a.id - b.id);
  const directory: number[] = [];
  varint(directory, sorted.length);
  let last = 0;
  for (const tile of sorted) {
    varint(directory, tile.id - last);
    last = tile.id;
  }
  for (let i = 0; i < sorted.length; i++) varint(directory, 1);
  for (const tile of sorted) varint(directory, tile.bytes.length);
  // Offsets: 0 means "right after the one before"; the first is offset + 1.
  let offset = 0;
  for (let i = 0; i < sorted.length; i++) {
    varint(directory, i === 0 ? 1 : 0);
    offset += sorted[i]!.bytes.length;
  }
  const metadata = new TextEncoder().encode('{}');
  const dataLength = offset;
  const rootOffset = 127;
  const metadataOffset = rootOffset + directory.length;
  const dataOffset = metadataOffset + metadata.length;
  const out = new Uint8Array(dataOffset + dataLength);
  const view = new DataView(out.buffer);
  out.set(new TextEncoder().encode('PMTiles'), 0);
  out[7] = 3;
  const u64 = (at: number, value: number) => view.setBigUint64(at, BigInt(value), true);
  u64(8, rootOffset);
  u64(16, directory.length);
  u64(24, metadataOffset);
  u64(32, metadata.length);
  u64(40, dataOffset);
  u64(48, 0);
  u64(56, dataOffset);
  u64(64, dataLength);
  u64(72, sorted.length);
  u64(80, sorted.length);
  u64(88, sorted.length);
  out[96] = 1;
  out[97] = 1;
  out[98] = options.tileCompression ?? 1;
  out[99] = options.tileType ?? 2;
  const zooms = sorted.map((tile) => tile.z);
  out[100] = Math.min(...zooms);
  out[101] = Math.max(...zooms);
  const [west, south, east, north] = options.bounds ?? [-180, -85, 180, 85];
  view.setInt32(102, Math.round(west * 1e7), true);
  view.setInt32(106, Math.round(south * 1e7), true);
  view.setInt32(110, Math.round(east * 1e7), true);
  view.setInt32(114, Math.round(north * 1e7), true);
  out[118] = Math.min(...zooms);
  view.setInt32(119, Math.round(((west + east) / 2) * 1e7), true);
  view.setInt32(123, Math.round(((south + north) / 2) * 1e7), true);
  out.set(directory, rootOffset);
  out.set(metadata, metadataOffset);
  let at = dataOffset;
  for (const tile of sorted) {
    out.set(tile.bytes, at);
    at += tile.bytes.length;
  }
  return out;
}

/** A fake of the downloads feature's packs: an in-memory list of Blobs, with change notices. */
export function memoryPacks(initial: { region: string; kind: 'vfr' | 'basemap' | 'terrain'; cycle: string; expires?: string; blob: Blob }[] = []) {
  const packs = [...initial];
  const listeners = new Set<() => void>();
  let opens = 0;
  return {
    list: async () => packs.map(({ region, kind, cycle, expires }) => ({ region, kind, cycle, sha256: `${region}-${cycle}`, expires: expires ?? '2099-01-01' })),
    open: async (region: string, kind: string) => {
      opens++;
      return packs.find((pack) => pack.region === region && pack.kind === kind)?.blob ?? null;
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Replaces or adds a pack and tells the listeners. */
    put(pack: (typeof packs)[number]) {
      const at = packs.findIndex((other) => other.region === pack.region && other.kind === pack.kind);
      if (at >= 0) packs.splice(at, 1, pack);
      else packs.push(pack);
      for (const listener of listeners) listener();
    },
    remove(region: string, kind: string) {
      const at = packs.findIndex((other) => other.region === region && other.kind === kind);
      if (at >= 0) packs.splice(at, 1);
      for (const listener of listeners) listener();
    },
    get opens() {
      return opens;
    },
  };
}
