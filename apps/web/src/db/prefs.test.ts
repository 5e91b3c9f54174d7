import { describe, expect, it } from 'vitest';
import { PREFS_KEYS, PREFS_SCHEMA_V1 } from './prefs';
import { testPrefs } from '../test/renderApp';

describe('prefs database', () => {
  it('has every table of spec part 1 §3 with its key', async () => {
    const db = testPrefs();
    await db.open();
    const tables = Object.fromEntries(db.tables.map((t) => [t.name, t.schema.primKey.name]));
    expect(tables).toEqual({
      properties: 'key',
      fav_airports: 'code',
      recent_airports: 'code',
      searches: 'code',
      routes: 'final_string',
      models: 'tail',
      fav_plates: 'code',
      recent_plates: 'code',
      flight_plans: 'flight_id',
    });
    expect(Object.keys(PREFS_SCHEMA_V1)).toHaveLength(9);
    expect(db.verno).toBe(1);
  });

  it('lists every property key of part 1 §3, the preference keys of part 2 §3 the weather layers switches and the sketch', () => {
    expect([...PREFS_KEYS]).toEqual([
      'uuid', 'utm_params', 'platform', 'login_profile', 'sync_ts', 'route', 'profile', 'geoip_info',
      'sync_map_views', 'splitHorizontal', 'splitVertical', 'viewOneId', 'viewTwoId', 'landscape',
      'performance_mode', 'airport_id', 'welcomeComplete',
      'dark_mode', 'temp_unit', 'distance_unit', 'resume_nav', 'takeoff_threshold',
      'weather_layers',
      'sketch',
    ]);
  });

  it('stores a property with ts = now and reads it back', async () => {
    let now = 1_000;
    const db = testPrefs(() => now);
    await db.setProperty('airport_id', 'KHWD');
    expect(await db.properties.get('airport_id')).toEqual({ key: 'airport_id', ts: 1_000, value: 'KHWD' });
    now = 2_000;
    await db.setProperty('airport_id', 'KOAK');
    expect(await db.properties.get('airport_id')).toEqual({ key: 'airport_id', ts: 2_000, value: 'KOAK' });
    expect(await db.getProperty('uuid')).toBeUndefined();
    expect(await db.getProperties(['airport_id', 'uuid'])).toEqual({ airport_id: 'KOAK' });
    await db.deleteProperty('airport_id');
    expect(await db.getProperty('airport_id')).toBeUndefined();
  });

  it('keeps soft-deleted rows', async () => {
    const db = testPrefs();
    await db.fav_airports.put({ code: 'KHWD', deleted: 'F', ts: 1 });
    await db.fav_airports.put({ code: 'KHWD', deleted: 'T', ts: 2 });
    expect(await db.fav_airports.where('deleted').equals('T').toArray()).toEqual([{ code: 'KHWD', deleted: 'T', ts: 2 }]);
  });
});
