import { Dexie, type Table } from 'dexie';

/**
 * Local database 'airport' (spec part 1 §3): the offline airport (nav) database.
 *
 * Versions (each schema stays beside its version; never edit a shipped one, add the next):
 * - 1: `tiles` (chunks of an artifact; unused so far, kept for the spec's table name).
 * - 2: adds `databases`, one whole nav data artifact per channel and region. The loader reads it at
 *   start-up, which is what works offline, and replaces it when the server publishes a new cycle.
 */
export interface AirportTileRow {
  /** Chunk address inside the artifact, e.g. '{cycle}/{region}/{index}'. */
  key: string;
  data: ArrayBuffer;
}

/** One stored nav data artifact. */
export interface NavDatabaseRow {
  /** `${channel}/${region}`, e.g. 'current/us'. */
  key: string;
  channel: string;
  region: string;
  cycle: string;
  /** The server's ETag for these bytes (from the index); with the cycle, what decides a re-download. */
  etag: string;
  formatVersion: number;
  /** The artifact itself. */
  bytes: ArrayBuffer;
  /** bytes.byteLength, kept so listing rows does not need the buffer. */
  size: number;
  /** When it was stored, ms since the epoch. */
  ts: number;
}

export const AIRPORT_SCHEMA_V1 = { tiles: 'key' } as const;
export const AIRPORT_SCHEMA_V2 = { ...AIRPORT_SCHEMA_V1, databases: 'key' } as const;

export function navDatabaseKey(channel: string, region: string): string {
  return `${channel}/${region}`;
}

export class AirportDb extends Dexie {
  tiles!: Table<AirportTileRow, string>;
  databases!: Table<NavDatabaseRow, string>;

  constructor(name = 'airport') {
    super(name);
    this.version(1).stores(AIRPORT_SCHEMA_V1);
    this.version(2).stores(AIRPORT_SCHEMA_V2);
  }
}
