import { Dexie, type Table } from 'dexie';
import type { WeatherProductType, WeatherSnapshot } from '@clearway/protocol';

/**
 * Local database 'wx' (spec part 1 §3): weather tiles, weather statistics and (version 2) the
 * latest snapshot of each weather product type for offline use (features/weather snapshotStore.ts).
 */
export interface WxTileRow {
  /** Tile address, e.g. '{product}/{z}/{x}/{y}'. */
  key: string;
  /** When the tile was stored, ms since epoch. */
  ts: number;
  data: ArrayBuffer | Blob;
}

export interface WxStatRow {
  /** Weather product name, e.g. 'metar' or 'nexrad'. */
  key: string;
  /** Freshness time of the product, ms since epoch. */
  ts: number;
  [field: string]: unknown;
}

export const WX_SCHEMA_V1 = { tiles: 'key, ts', stats: 'key' } as const;
/** Version 2 adds `snapshots`, one row per product type; the version 1 stores stay as they were. */
export const WX_SCHEMA_V2 = { ...WX_SCHEMA_V1, snapshots: 'type' } as const;

/** The latest snapshot of one weather product type, as the server served it (already validated). */
export interface WxSnapshotRow {
  type: WeatherProductType;
  /** The snapshot's cycle (ms since epoch), also inside `snapshot`. */
  cycle: number;
  /** The server's strong ETag, sent back as If-None-Match; null when it gave none. */
  etag: string | null;
  /** When this device stored it, ms since epoch. */
  storedAt: number;
  snapshot: WeatherSnapshot;
}

export class WxDb extends Dexie {
  tiles!: Table<WxTileRow, string>;
  stats!: Table<WxStatRow, string>;
  snapshots!: Table<WxSnapshotRow, WeatherProductType>;

  constructor(name = 'wx') {
    super(name);
    this.version(1).stores(WX_SCHEMA_V1);
    this.version(2).stores(WX_SCHEMA_V2);
  }
}
