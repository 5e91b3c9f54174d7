import { Dexie, type Table } from 'dexie';

/**
 * Local database 'wx' (spec part 1 §3): weather tiles and weather statistics. Schema only; the
 * weather issue defines what a tile and a statistic hold.
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

export class WxDb extends Dexie {
  tiles!: Table<WxTileRow, string>;
  stats!: Table<WxStatRow, string>;

  constructor(name = 'wx') {
    super(name);
    this.version(1).stores(WX_SCHEMA_V1);
  }
}
