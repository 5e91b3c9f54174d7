import { Dexie, type Table } from 'dexie';

/**
 * Local database 'airport' (spec part 1 §3): the offline airport database, stored as tiles (chunks of
 * the nav data artifact). Schema only; the nav database issue fills it.
 */
export interface AirportTileRow {
  /** Chunk address inside the artifact, e.g. '{cycle}/{region}/{index}'. */
  key: string;
  data: ArrayBuffer;
}

export const AIRPORT_SCHEMA_V1 = { tiles: 'key' } as const;

export class AirportDb extends Dexie {
  tiles!: Table<AirportTileRow, string>;

  constructor(name = 'airport') {
    super(name);
    this.version(1).stores(AIRPORT_SCHEMA_V1);
  }
}
