import { navDatabaseKey, type AirportDb, type NavDatabaseRow } from '../../db/airport';

/**
 * Where downloaded artifacts are kept between starts: the 'airport' IndexedDB database, one row per
 * channel and region (a new cycle replaces the old one).
 */
export interface ArtifactStore {
  /** The stored artifact with its bytes, or null. */
  read(channel: string, region: string): Promise<NavDatabaseRow | null>;
  /** Stores (replaces) the artifact. Resolves once the write has committed. */
  write(row: Omit<NavDatabaseRow, 'key' | 'size' | 'ts'>): Promise<void>;
  remove(channel: string, region: string): Promise<void>;
  /** Regions stored for a channel; never reads the bytes. */
  regions(channel: string): Promise<string[]>;
}

/** An ArtifactStore on the Dexie 'airport' database. `now` stamps rows (ms since the epoch). */
export function dexieArtifactStore(db: AirportDb, now: () => number = Date.now): ArtifactStore {
  return {
    async read(channel, region) {
      return (await db.databases.get(navDatabaseKey(channel, region))) ?? null;
    },
    async write(row) {
      await db.databases.put({ ...row, key: navDatabaseKey(row.channel, row.region), size: row.bytes.byteLength, ts: now() });
    },
    async remove(channel, region) {
      await db.databases.delete(navDatabaseKey(channel, region));
    },
    async regions(channel) {
      const keys = await db.databases.where('key').startsWith(navDatabaseKey(channel, '')).primaryKeys();
      return keys.map((key) => key.slice(channel.length + 1));
    },
  };
}
