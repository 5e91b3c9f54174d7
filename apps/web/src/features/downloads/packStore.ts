import { Dexie, type Table } from 'dexie';
import { segmentedPartStore, type PartStore, type SegmentBackend } from '@clearway/download';
import { DownloadsDb } from '../../db/downloads';
import { indexedDbSegments, opfsSegmentFiles, opfsSegments } from '../../downloads';
import type { DownloadKind } from './protocol';

/** A verified region pack held on this device (the contract the map reads packs through). */
export interface StoredPack {
  region: string;
  kind: DownloadKind;
  /** The chart cycle it was built for (its effective date, YYYY-MM-DD). */
  cycle: string;
  /** Size of the file, bytes. */
  bytes: number;
  /** SHA-256 checked before it was recorded, lower-case hex. */
  sha256: string;
  /** First day it is no longer valid, YYYY-MM-DD. */
  expires: string;
}

/** The record of one stored pack: the pack and where its verified segments are. */
export interface PackRow extends StoredPack {
  /** `{region}.{kind}`: one pack per region and kind, whatever the cycle. */
  key: string;
  /** The download id its segments are kept under (OPFS folder or IndexedDB rows). */
  partId: string;
  storage: 'opfs' | 'idb';
  /** When it was recorded, ms since the epoch. */
  storedAt: number;
}

/**
 * Local database 'packs': the record of each verified pack (its bytes stay where the download put
 * them: OPFS segment files, or IndexedDB segment rows of the 'downloads' database).
 * - 1: `packs` keyed by `{region}.{kind}`.
 */
export class PacksDb extends Dexie {
  packs!: Table<PackRow, string>;

  constructor(name = 'packs') {
    super(name);
    this.version(1).stores({ packs: 'key, region, cycle' });
  }
}

/** Where pack bytes go; the browser's by default, replaceable in tests. */
export interface PackStorageBackend {
  /** The segments of download `id`: OPFS where present, else IndexedDB. */
  segments(id: string): Promise<{ backend: SegmentBackend; storage: 'opfs' | 'idb' }>;
  /** The verified file as a Blob without reading it into memory where the storage allows. */
  blob(id: string, storage: 'opfs' | 'idb'): Promise<Blob | null>;
}

let defaultDownloadsDb: DownloadsDb | null = null;

export function browserPackStorage(storageManager: StorageManager | undefined = globalThis.navigator?.storage): PackStorageBackend {
  const downloadsDb = () => (defaultDownloadsDb ??= new DownloadsDb());
  return {
    async segments(id) {
      const opfs = await opfsSegments(id, storageManager);
      return opfs ? { backend: opfs, storage: 'opfs' } : { backend: indexedDbSegments(downloadsDb(), id), storage: 'idb' };
    },
    async blob(id, storage) {
      if (storage === 'opfs') {
        const files = await opfsSegmentFiles(id, storageManager);
        return files === null || files.length === 0 ? null : new Blob(files);
      }
      return segmentsBlob(indexedDbSegments(downloadsDb(), id));
    },
  };
}

/** The segments of a backend as one Blob (IndexedDB: each segment is read; the Blob may page to disk). */
export async function segmentsBlob(backend: SegmentBackend): Promise<Blob | null> {
  const sizes = await backend.segmentSizes();
  if (sizes.length === 0) return null;
  const parts: Uint8Array<ArrayBuffer>[] = [];
  for (let index = 0; index < sizes.length; index++) parts.push(new Uint8Array(await backend.readSegment(index)));
  return new Blob(parts);
}

/** The download id of a pack's bytes: one per cycle, so a new cycle never overwrites the old one's. */
export function packPartId(cycle: string, region: string, kind: DownloadKind): string {
  return `pack/${cycle}/${region}.${kind}`;
}

export function packKey(region: string, kind: DownloadKind): string {
  return `${region}.${kind}`;
}

const CHANNEL_NAME = 'clearway-packs';

export interface PackStoreOptions {
  db?: PacksDb;
  storage?: PackStorageBackend;
  /** Other tabs are told of changes through it; null: none (tests). */
  channel?: BroadcastChannel | null;
  now?: () => number;
}

/** What a finished pack download gives: its size (the bytes stay in the storage). */
export type PackPartStore = PartStore<number> & { readonly storage: 'opfs' | 'idb' };

/**
 * The packs on this device: records in IndexedDB, bytes in OPFS (IndexedDB segments where OPFS is
 * missing). A pack is recorded only once its SHA-256 was checked; a new cycle's pack replaces the
 * old one's record in one write, and the old bytes are deleted after.
 */
export class PackStore {
  readonly db: PacksDb;
  readonly storage: PackStorageBackend;
  private readonly channel: BroadcastChannel | null;
  private readonly listeners = new Set<() => void>();
  private readonly now: () => number;

  constructor(options: PackStoreOptions = {}) {
    this.db = options.db ?? new PacksDb();
    this.storage = options.storage ?? browserPackStorage();
    this.now = options.now ?? Date.now;
    this.channel = options.channel !== undefined ? options.channel : typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;
    this.channel?.addEventListener('message', () => this.emit());
  }

  async list(): Promise<StoredPack[]> {
    const rows = await this.db.packs.toArray();
    return rows.map(toStoredPack);
  }

  async rows(): Promise<PackRow[]> {
    return this.db.packs.toArray();
  }

  async open(region: string, kind: DownloadKind): Promise<Blob | null> {
    const row = await this.db.packs.get(packKey(region, kind));
    if (row === undefined) return null;
    return this.storage.blob(row.partId, row.storage);
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Where a download of this pack keeps its bytes: segments that stay as the stored file once
   * verified (`finish` keeps them and gives the size), so no pack is ever assembled in memory.
   */
  async part(cycle: string, region: string, kind: DownloadKind): Promise<PackPartStore> {
    const { backend, storage } = await this.storage.segments(packPartId(cycle, region, kind));
    const inner = segmentedPartStore(backend);
    await inner.load();
    return {
      storage,
      load: () => inner.load(),
      saveMeta: (meta) => inner.saveMeta(meta),
      open: (mode) => inner.open(mode),
      read: () => inner.read(),
      discard: () => inner.discard(),
      finish: async () => (await inner.load())?.bytes ?? 0,
    };
  }

  /** Removes what a download of this pack left (a failure, a stop), unless it is the stored pack itself. */
  async discardPart(cycle: string, region: string, kind: DownloadKind): Promise<void> {
    const row = await this.db.packs.get(packKey(region, kind));
    const id = packPartId(cycle, region, kind);
    if (row?.partId === id) return;
    await (await this.storage.segments(id)).backend.clear();
  }

  /**
   * Records a verified pack. When another cycle's pack of the same region and kind was stored, the
   * record switches to the new one first and the old bytes are deleted after (never none, never both
   * recorded).
   */
  async commit(pack: StoredPack, storage: 'opfs' | 'idb'): Promise<void> {
    const key = packKey(pack.region, pack.kind);
    const partId = packPartId(pack.cycle, pack.region, pack.kind);
    const row: PackRow = { ...toStoredPack(pack), key, partId, storage, storedAt: this.now() };
    const old = await this.db.transaction('rw', this.db.packs, async () => {
      const previous = await this.db.packs.get(key);
      await this.db.packs.put(row);
      return previous;
    });
    if (old !== undefined && old.partId !== partId) await (await this.storage.segments(old.partId)).backend.clear();
    this.changed();
  }

  /** Deletes a stored pack: its record, then its bytes. False when there was none. */
  async remove(region: string, kind: DownloadKind): Promise<boolean> {
    const key = packKey(region, kind);
    const row = await this.db.packs.get(key);
    if (row === undefined) return false;
    await this.db.packs.delete(key);
    await (await this.storage.segments(row.partId)).backend.clear();
    this.changed();
    return true;
  }

  private changed(): void {
    this.channel?.postMessage({ type: 'packs_changed' });
    this.emit();
  }

  private emit(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

function toStoredPack(pack: StoredPack): StoredPack {
  return { region: pack.region, kind: pack.kind, cycle: pack.cycle, bytes: pack.bytes, sha256: pack.sha256, expires: pack.expires };
}

let defaultStore: PackStore | null = null;

/** The app's pack store (one per page). */
export function packStore(): PackStore {
  return (defaultStore ??= new PackStore());
}

/** Replaces the app's pack store (tests). */
export function installPackStore(store: PackStore | null): void {
  defaultStore = store;
}
