import { describe, expect, it } from 'vitest';
import type { SyncObject, SyncReplyRecord } from '@clearway/protocol';
import { applySingletonReply, applySyncReply, compareVersions, mergeSync, prepareSyncRequest, versionOf, type StoredSyncRecord } from './index.js';

function gids() {
  let next = 0;
  return () => `g${++next}`;
}

function stored(key: string, ts: number, serverTs: number, extra: Partial<StoredSyncRecord> = {}): StoredSyncRecord {
  return { key, gid: `gid-${key}`, ts, deleted: false, payload: { code: key }, serverTs, ...extra };
}

describe('compareVersions', () => {
  it('orders by ts, then a delete wins a tie, then by content', () => {
    const v = (ts: number, deleted: boolean, name = 'x') => ({ ts, deleted, payload: { name } });
    expect(compareVersions(v(2, false), v(1, true))).toBeGreaterThan(0);
    expect(compareVersions(v(1, true), v(1, false))).toBeGreaterThan(0);
    expect(compareVersions(v(1, false, 'b'), v(1, false, 'a'))).toBeGreaterThan(0);
    expect(compareVersions(v(1, false, 'a'), v(1, false, 'a'))).toBe(0);
    // Key order does not matter.
    expect(compareVersions({ ts: 1, deleted: false, payload: { a: 1, b: 2 } }, { ts: 1, deleted: false, payload: { b: 2, a: 1 } })).toBe(0);
  });

  it('splits a record into ts, deleted and payload', () => {
    expect(versionOf({ code: 'KSQL', ts: 5, deleted: 'T', gid: 'g', action: 'updated', table: 'fav_airports' })).toEqual({
      ts: 5,
      deleted: true,
      payload: { code: 'KSQL' },
    });
  });
});

describe('mergeSync (server)', () => {
  const base = { table: 'fav_airports' as const, since: 0, now: 10_000, newGid: gids() };

  it('stores a new record with a new gid and answers add_gid', () => {
    const result = mergeSync({ ...base, stored: [], incoming: [{ code: 'KSQL', ts: 100, deleted: 'F' }] });
    expect(result.writes).toEqual([{ key: 'KSQL', gid: 'g1', ts: 100, deleted: false, payload: { code: 'KSQL' }, serverTs: 10_000 }]);
    expect(result.reply).toEqual([{ action: 'add_gid', table: 'fav_airports', code: 'KSQL', ts: 100, deleted: 'F', gid: 'g1' }]);
  });

  it('keeps a tombstone for a deletion of an unknown record and confirms it', () => {
    const result = mergeSync({ ...base, newGid: gids(), stored: [], incoming: [{ code: 'KSQL', ts: 100, deleted: 'T' }] });
    expect(result.writes).toEqual([expect.objectContaining({ key: 'KSQL', deleted: true })]);
    expect(result.reply).toEqual([expect.objectContaining({ action: 'delete_confirmed', deleted: 'T', gid: 'g1' })]);
  });

  it('takes a newer version (updated), refuses an older one (updated_elsewhere)', () => {
    const newer = mergeSync({ ...base, stored: [stored('KSQL', 100, 500)], incoming: [{ code: 'KSQL', ts: 200, deleted: 'F', note: 'n' }] });
    expect(newer.writes).toEqual([{ key: 'KSQL', gid: 'gid-KSQL', ts: 200, deleted: false, payload: { code: 'KSQL', note: 'n' }, serverTs: 10_000 }]);
    expect(newer.reply).toEqual([expect.objectContaining({ action: 'updated', gid: 'gid-KSQL', ts: 200 })]);

    const older = mergeSync({ ...base, stored: [stored('KSQL', 300, 500)], incoming: [{ code: 'KSQL', ts: 200, deleted: 'T' }] });
    expect(older.writes).toEqual([]);
    expect(older.reply).toEqual([{ action: 'updated_elsewhere', table: 'fav_airports', code: 'KSQL', ts: 300, deleted: 'F', gid: 'gid-KSQL' }]);
  });

  it('lets a soft delete win over an older update and a tie', () => {
    const result = mergeSync({ ...base, stored: [stored('KSQL', 200, 500)], incoming: [{ code: 'KSQL', ts: 200, deleted: 'T' }] });
    expect(result.writes).toEqual([expect.objectContaining({ key: 'KSQL', deleted: true, ts: 200 })]);
    expect(result.reply).toEqual([expect.objectContaining({ action: 'delete_confirmed', deleted: 'T' })]);
  });

  it('answers an identical resend (a lost reply) with the stored gid and writes nothing', () => {
    const result = mergeSync({ ...base, stored: [stored('KSQL', 200, 500)], incoming: [{ code: 'KSQL', ts: 200, deleted: 'F' }] });
    expect(result.writes).toEqual([]);
    expect(result.reply).toEqual([expect.objectContaining({ action: 'updated', gid: 'gid-KSQL', ts: 200 })]);
  });

  it('sends records stored since `since` that the device did not send, tombstones included', () => {
    const result = mergeSync({
      ...base,
      since: 1000,
      stored: [stored('OLD', 1, 999), stored('NEW', 2, 1000), stored('GONE', 3, 2000, { deleted: true })],
      incoming: [],
    });
    expect(result.reply.map((record) => [record.code, record.action, record.deleted])).toEqual([
      ['NEW', 'updated_elsewhere', 'F'],
      ['GONE', 'updated_elsewhere', 'T'],
    ]);
  });

  it('uses the table name as the key of route and profile', () => {
    const result = mergeSync({ ...base, table: 'route', stored: [], incoming: [{ final_string: 'KSQL KOAK', ts: 5 }] });
    expect(result.writes[0]).toMatchObject({ key: 'route', payload: { final_string: 'KSQL KOAK' } });
    expect(result.reply[0]).toMatchObject({ action: 'add_gid', table: 'route', final_string: 'KSQL KOAK' });
  });
});

describe('applySyncReply (device)', () => {
  const reply = (action: SyncReplyRecord['action'], record: Record<string, unknown>): SyncReplyRecord =>
    ({ action, table: 'fav_airports', deleted: 'F', gid: 'g9', ...record }) as SyncReplyRecord;

  it('applies each action as spec part 1 §4 says', () => {
    const rows: SyncObject[] = [
      { code: 'A', ts: 1, deleted: 'F' },
      { code: 'B', ts: 2, deleted: 'F', gid: 'gB' },
      { code: 'C', ts: 3, deleted: 'T', gid: 'gC' },
      { code: 'D', ts: 4, deleted: 'F', gid: 'gD' },
    ];
    const result = applySyncReply('fav_airports', rows, [
      reply('add_gid', { code: 'A', ts: 1, gid: 'gA' }),
      reply('updated', { code: 'B', ts: 2, gid: 'gB2' }),
      reply('delete_confirmed', { code: 'C', ts: 3, deleted: 'T', gid: 'gC' }),
      reply('updated_elsewhere', { code: 'D', ts: 9, deleted: 'T', gid: 'gD' }),
      reply('updated_elsewhere', { code: 'E', ts: 9, gid: 'gE', name: 'new' }),
      reply('updated_elsewhere', { code: 'X', ts: 9, gid: 'gX', table: 'searches' }),
    ]);
    expect(result.rows).toEqual([
      { code: 'A', ts: 1, deleted: 'F', gid: 'gA' },
      { code: 'B', ts: 2, deleted: 'F', gid: 'gB2' },
      { code: 'E', ts: 9, deleted: 'F', gid: 'gE', name: 'new' },
    ]);
    expect(result.remove.sort()).toEqual(['C', 'D']);
    expect(result.put.map((row) => row.code)).toEqual(['A', 'B', 'E']);
  });

  it('keeps a row changed on the device after the request was sent', () => {
    const rows: SyncObject[] = [{ code: 'A', ts: 50, deleted: 'F', note: 'typed meanwhile' }];
    const result = applySyncReply('fav_airports', rows, [reply('updated_elsewhere', { code: 'A', ts: 40, deleted: 'T', gid: 'gA' })]);
    expect(result.rows).toEqual([{ code: 'A', ts: 50, deleted: 'F', note: 'typed meanwhile', gid: 'gA' }]);
    const confirmed = applySyncReply('fav_airports', [{ code: 'A', ts: 50, deleted: 'F' }], [reply('delete_confirmed', { code: 'A', ts: 40, deleted: 'T' })]);
    expect(confirmed.rows).toEqual([{ code: 'A', ts: 50, deleted: 'F', gid: 'g9' }]);
  });

  it('replaces the stored route or profile on updated or updated_elsewhere', () => {
    const current = { final_string: 'KSQL KOAK', ts: 5 };
    const elsewhere = { action: 'updated_elsewhere', table: 'route', final_string: 'KPAO KSJC', ts: 6, deleted: 'F', gid: 'g1' } as SyncReplyRecord;
    expect(applySingletonReply('route', current, [elsewhere])).toEqual({ final_string: 'KPAO KSJC', ts: 6, deleted: 'F', gid: 'g1' });
    expect(applySingletonReply('route', undefined, [{ ...elsewhere, action: 'updated' }])).toEqual({ final_string: 'KPAO KSJC', ts: 6, deleted: 'F', gid: 'g1' });
    // An older value from the server does not replace a newer one on the device.
    expect(applySingletonReply('route', { final_string: 'KSQL', ts: 9 }, [elsewhere])).toEqual({ final_string: 'KSQL', ts: 9, gid: 'g1' });
  });
});

describe('prepareSyncRequest (device)', () => {
  it('sends rows without gid, pending deletes and rows changed since the last sync, oldest first, 30 at most', () => {
    const rows: SyncObject[] = [
      { code: 'OLD', ts: 10, deleted: 'F', gid: 'g1' },
      { code: 'NEW', ts: 5000, deleted: 'F', gid: 'g2' },
      { code: 'NOGID', ts: 20, deleted: 'F' },
      { code: 'DEL', ts: 30, deleted: 'T', gid: 'g3' },
    ];
    const prepared = prepareSyncRequest('fav_airports', rows, 4000);
    expect(prepared).toEqual({ since: 3000, sync_objects: [rows[2], rows[3], rows[1]], keys: ['NOGID', 'DEL', 'NEW'], more: false });
    expect(prepareSyncRequest('fav_airports', rows, undefined).since).toBe(0);

    const many = Array.from({ length: 45 }, (_, i) => ({ code: `K${i}`, ts: 7, deleted: 'F' as const, gid: `g${i}` }));
    const first = prepareSyncRequest('fav_airports', many, 7);
    expect(first.sync_objects).toHaveLength(30);
    expect(first.more).toBe(true);
    const second = prepareSyncRequest('fav_airports', many, 7, { exclude: new Set(first.keys) });
    expect(second.sync_objects).toHaveLength(15);
    expect(second.more).toBe(false);
    expect(new Set([...first.keys, ...second.keys]).size).toBe(45);
  });
});
