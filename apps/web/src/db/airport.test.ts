import { describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import { AIRPORT_SCHEMA_V1, AirportDb } from './airport';

describe("local database 'airport'", () => {
  it('upgrades a version 1 database to version 2, keeping its tiles and adding databases', async () => {
    const name = `airport-upgrade-${Math.random()}`;
    // A database as version 1 of the app left it.
    const v1 = new Dexie(name);
    v1.version(1).stores(AIRPORT_SCHEMA_V1);
    await v1.table('tiles').put({ key: '2510/us/0', data: new Uint8Array([1, 2, 3]).buffer });
    v1.close();

    const db = new AirportDb(name);
    await db.open();
    expect(db.verno).toBe(2);
    expect(await db.tiles.get('2510/us/0')).toMatchObject({ key: '2510/us/0' });
    await db.databases.put({ key: 'dev/us', channel: 'dev', region: 'us', cycle: '2511', etag: '"x"', formatVersion: 1, bytes: new ArrayBuffer(8), size: 8, ts: 1 });
    expect(await db.databases.where('key').startsWith('dev/').primaryKeys()).toEqual(['dev/us']);
    db.close();
  });
});
