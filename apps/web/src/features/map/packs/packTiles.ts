import { PMTiles, SharedPromiseCache, type Header } from 'pmtiles';
import type { PackKind } from '@clearway/protocol';
import { BlobSource } from './blobSource';

/** A verified pack on the device (the downloads feature's StoredPack). */
export interface DevicePack {
  region: string;
  kind: PackKind;
  cycle: string;
  sha256: string;
  /** First day it is no longer valid, YYYY-MM-DD. */
  expires: string;
}

/** The packs on this device: the downloads feature's front door (devicePacks.ts), a fake in tests. */
export interface DevicePacks {
  list(): Promise<DevicePack[]>;
  open(region: string, kind: PackKind): Promise<Blob | null>;
  subscribe(listener: () => void): () => void;
}

/** Directory entries kept per open archive: the header, the root and the leaves read last. */
export const DIRECTORY_CACHE_ENTRIES = 32;

interface OpenArchive {
  pack: DevicePack;
  archive: PMTiles;
  header: Header;
}

/** Degrees `[west, south, east, north]` of tile z/x/y (Web Mercator). */
export function tileBoundsDeg(z: number, x: number, y: number): [number, number, number, number] {
  const n = 2 ** z;
  const lon = (tx: number) => (tx / n) * 360 - 180;
  const lat = (ty: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * ty) / n))) * 180) / Math.PI;
  return [lon(x), lat(y + 1), lon(x + 1), lat(y)];
}

function covers(header: Header, z: number, x: number, y: number): boolean {
  if (z < header.minZoom || z > header.maxZoom) return false;
  const [west, south, east, north] = tileBoundsDeg(z, x, y);
  return west < header.maxLon && east > header.minLon && south < header.maxLat && north > header.minLat;
}

/**
 * Tiles from the packs stored on this device: each pack is opened once as a PMTiles archive over its
 * Blob (BlobSource) with a small directory cache; a tile is looked up in the packs of its kind whose
 * bounds and zooms hold it. When the stored packs change (added, replaced, deleted, in any tab) the
 * archives are dropped and opened again on the next read.
 */
export class PackTiles {
  #archives: Promise<Map<PackKind, OpenArchive[]>> | null = null;
  #generation = 0;
  readonly #unsubscribe: () => void;

  constructor(private readonly packs: DevicePacks) {
    this.#unsubscribe = packs.subscribe(() => {
      this.#generation++;
      this.#archives = null;
    });
  }

  /** The packs opened now, by kind (opens them when the list changed). */
  archives(): Promise<Map<PackKind, OpenArchive[]>> {
    if (!this.#archives) {
      const generation = this.#generation;
      const opening = this.#open();
      this.#archives = opening;
      // A failure (storage gone) is not kept: the next read tries again.
      opening.catch(() => {
        if (this.#generation === generation && this.#archives === opening) this.#archives = null;
      });
    }
    return this.#archives;
  }

  async #open(): Promise<Map<PackKind, OpenArchive[]>> {
    const byKind = new Map<PackKind, OpenArchive[]>();
    for (const pack of await this.packs.list()) {
      const blob = await this.packs.open(pack.region, pack.kind);
      if (!blob) continue;
      const source = new BlobSource(blob, `${pack.region}.${pack.kind}@${pack.cycle}#${pack.sha256}`);
      const archive = new PMTiles(source, new SharedPromiseCache(DIRECTORY_CACHE_ENTRIES));
      let header: Header;
      try {
        header = await archive.getHeader();
      } catch (error) {
        // A damaged pack is skipped (the network draws its tiles), not a broken map.
        console.warn(`[packs] ${pack.region}.${pack.kind} (${pack.cycle}) could not be read: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      const list = byKind.get(pack.kind) ?? [];
      list.push({ pack, archive, header });
      byKind.set(pack.kind, list);
    }
    return byKind;
  }

  /** Whether any pack of `kind` holds tiles at z/x/y's place and zoom (no tile read). */
  async covers(kind: PackKind, z: number, x: number, y: number): Promise<boolean> {
    return ((await this.archives()).get(kind) ?? []).some(({ header }) => covers(header, z, x, y));
  }

  /** The bytes of tile z/x/y of `kind` from the first stored pack that has it (decompressed), else null. */
  async tile(kind: PackKind, z: number, x: number, y: number, signal?: AbortSignal): Promise<Uint8Array | null> {
    for (const { header, archive } of (await this.archives()).get(kind) ?? []) {
      if (!covers(header, z, x, y)) continue;
      const found = await archive.getZxy(z, x, y, signal);
      if (found) return new Uint8Array(found.data);
    }
    return null;
  }

  close(): void {
    this.#unsubscribe();
    this.#archives = null;
  }
}
