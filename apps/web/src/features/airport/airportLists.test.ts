import { describe, expect, it } from 'vitest';
import { testPrefs } from '../../test/renderApp';
import { addRecentAirport, isFavoriteAirport, listFavoriteAirports, listRecentAirports, RECENT_AIRPORTS_MAX, setFavoriteAirport } from './airportLists';

describe('favourite airports', () => {
  it('saves with deleted F and a new ts, removes by soft delete (deleted T, new ts), saves again', async () => {
    const db = testPrefs();
    await setFavoriteAirport(db, 'khwd', true, 1000);
    expect(await db.fav_airports.get('KHWD')).toEqual({ code: 'KHWD', deleted: 'F', ts: 1000 });
    expect(await isFavoriteAirport(db, 'KHWD')).toBe(true);

    await setFavoriteAirport(db, 'KHWD', false, 2000);
    expect(await db.fav_airports.get('KHWD')).toEqual({ code: 'KHWD', deleted: 'T', ts: 2000 });
    expect(await isFavoriteAirport(db, 'KHWD')).toBe(false);
    expect(await listFavoriteAirports(db)).toEqual([]);

    await setFavoriteAirport(db, 'KHWD', true, 3000);
    expect(await db.fav_airports.get('KHWD')).toEqual({ code: 'KHWD', deleted: 'F', ts: 3000 });
  });

  it('keeps the gid of a synced row and lists live rows newest first', async () => {
    const db = testPrefs();
    await db.fav_airports.put({ code: 'KOAK', deleted: 'F', ts: 10, gid: 'g1' });
    await setFavoriteAirport(db, 'KOAK', false, 20);
    expect(await db.fav_airports.get('KOAK')).toEqual({ code: 'KOAK', deleted: 'T', ts: 20, gid: 'g1' });
    await setFavoriteAirport(db, 'KSFO', true, 30);
    await setFavoriteAirport(db, 'KHWD', true, 40);
    expect((await listFavoriteAirports(db)).map((r) => r.code)).toEqual(['KHWD', 'KSFO']);
  });

  it('removing an airport that was never a favourite writes nothing', async () => {
    const db = testPrefs();
    await setFavoriteAirport(db, 'KHWD', false, 5);
    expect(await db.fav_airports.count()).toBe(0);
  });
});

describe('recent airports', () => {
  it('adds and moves to the front with a new ts', async () => {
    const db = testPrefs();
    await addRecentAirport(db, 'KHWD', 1);
    await addRecentAirport(db, 'KOAK', 2);
    await addRecentAirport(db, 'khwd', 3);
    expect((await listRecentAirports(db)).map((r) => [r.code, r.ts])).toEqual([
      ['KHWD', 3],
      ['KOAK', 2],
    ]);
  });

  it('holds 30: older ones are soft-deleted, and come back when opened again', async () => {
    const db = testPrefs();
    for (let i = 0; i < RECENT_AIRPORTS_MAX + 2; i++) await addRecentAirport(db, `A${i}`, 100 + i);
    const live = await listRecentAirports(db);
    expect(live).toHaveLength(30);
    expect(live[0]?.code).toBe('A31');
    expect(live.at(-1)?.code).toBe('A2');
    expect(await db.recent_airports.get('A0')).toEqual({ code: 'A0', deleted: 'T', ts: 130 });
    expect(await db.recent_airports.get('A1')).toMatchObject({ deleted: 'T', ts: 131 });

    await addRecentAirport(db, 'A0', 200);
    const again = await listRecentAirports(db);
    expect(again).toHaveLength(30);
    expect(again[0]?.code).toBe('A0');
    expect(await db.recent_airports.get('A2')).toMatchObject({ deleted: 'T', ts: 200 });
  });
});
