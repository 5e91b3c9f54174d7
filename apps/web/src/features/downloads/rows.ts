import type { PackIndex, PackIndexRegion } from '@clearway/protocol';
import type { StoredPack } from './packStore';
import type { PackChunk } from './protocol';

/** One region as the page lists it: the newest cycle the server has, and what is on the device. */
export interface RegionRow {
  code: string;
  name: string;
  alaska: boolean;
  bounds: PackIndexRegion['bounds'];
  /** Newest cycle on the server, null when it has no pack of the region (not available). */
  cycle: string | null;
  /** The newest cycle's effective date (in the future when channel next offers it early). */
  effective: string | null;
  expires: string | null;
  chunks: PackChunk[];
  bytes: number;
  stored: StoredPack[];
  storedCycle: string | null;
  storedExpires: string | null;
  storedBytes: number;
  /** The server has a newer cycle than the one on the device. */
  updateAvailable: boolean;
}

/** Regions of the index (or, offline, of the region list) with their newest packs and the stored ones. */
export function regionRows(regions: readonly Pick<PackIndexRegion, 'code' | 'name' | 'alaska' | 'bounds'>[], index: PackIndex | null, stored: readonly StoredPack[]): RegionRow[] {
  return regions.map((region) => {
    const packs = index?.regions.find((r) => r.code === region.code)?.packs ?? [];
    const cycle = packs.reduce<string | null>((newest, pack) => (newest === null || pack.cycle > newest ? pack.cycle : newest), null);
    const latest = packs.filter((pack) => pack.cycle === cycle);
    const mine = stored.filter((pack) => pack.region === region.code);
    const storedCycle = mine.reduce<string | null>((oldest, pack) => (oldest === null || pack.cycle < oldest ? pack.cycle : oldest), null);
    return {
      code: region.code,
      name: region.name,
      alaska: region.alaska,
      bounds: region.bounds,
      cycle,
      effective: latest[0]?.effective ?? null,
      expires: latest[0]?.expires ?? null,
      chunks: latest.map((pack) => ({ kind: pack.kind, cycle: pack.cycle, expires: pack.expires, url: pack.url, bytes: pack.bytes, sha256: pack.sha256, etag: pack.etag })),
      bytes: latest.reduce((sum, pack) => sum + pack.bytes, 0),
      stored: mine,
      storedCycle,
      storedExpires: mine.reduce<string | null>((first, pack) => (first === null || pack.expires < first ? pack.expires : first), null),
      storedBytes: mine.reduce((sum, pack) => sum + pack.bytes, 0),
      updateAvailable: storedCycle !== null && cycle !== null && cycle > storedCycle,
    };
  });
}

/** True when a pack's expiry day (YYYY-MM-DD, first day no longer valid) has come. */
export function isExpired(expires: string | null, nowMs: number): boolean {
  return expires !== null && Date.parse(`${expires}T00:00:00Z`) <= nowMs;
}
