import { describe, expect, it } from 'vitest';
import {
  describeIssues,
  SYNC_MAX_RECORDS_PER_TABLE,
  SYNC_TABLES,
  syncProfileReplySchema,
  syncProfileRequestSchema,
  syncRecordKey,
} from './index.js';

const base = { cust_id: 'cust_1', uuid: 'b6f0c7a4-0000-4000-8000-000000000000', since: 1_700_000_000_000 };

function issuesOf(payload: unknown) {
  const result = syncProfileRequestSchema.safeParse(payload);
  expect(result.success).toBe(false);
  return result.success ? [] : describeIssues(result.error);
}

describe('sync_profile request', () => {
  it('accepts a request for every table and keeps the table fields', () => {
    const records: Record<string, object> = {
      fav_airports: { code: 'KSQL', deleted: 'F', ts: 5, gid: 'g1' },
      recent_airports: { code: 'KOAK', deleted: 'T', ts: 6 },
      searches: { code: 'KSQL SJC', deleted: 'F', ts: 7 },
      models: { tail: 'N12345', ts: 8, deleted: 'F', cruise_tas: 120 },
      routes: { final_string: 'KSQL SJC KOAK', deleted: 'F', ts: 9 },
      fav_plates: { code: '00375AD.PDF', info: { name: 'AIRPORT DIAGRAM' }, deleted: 'F', ts: 10 },
      recent_plates: { code: '00375AD.PDF', info: { name: 'AIRPORT DIAGRAM' }, deleted: 'F', ts: 11 },
      flight_plans: { flight_id: 'fp-1', ts: 12, deleted: 'F' },
      route: { final_string: 'KSQL KOAK', ts: 13, altitude: 6500 },
      profile: { tail: 'N1', ts: 14 },
      sketch: { version: 1, template: 'craft', strokes: [{ tool: 'pen', points: [{ x: 1, y: 2, pressure: 0.5 }] }], ts: 15 },
    };
    for (const table of SYNC_TABLES) {
      const request = { ...base, key: table, sync_objects: [records[table]] };
      expect(syncProfileRequestSchema.parse(request)).toEqual(request);
    }
  });

  it('refuses a sketch without its version or with too many strokes, at the path', () => {
    const sketch = { ...base, key: 'sketch' };
    expect(issuesOf({ ...sketch, sync_objects: [{ strokes: [], ts: 1 }] })).toEqual([expect.objectContaining({ path: 'sync_objects.0.version' })]);
    expect(issuesOf({ ...sketch, sync_objects: [{ version: 1, strokes: Array(2_001).fill({}), ts: 1 }] })).toEqual([expect.objectContaining({ path: 'sync_objects.0.strokes' })]);
  });

  it('gives the path of a bad field inside a record', () => {
    const request = {
      ...base,
      key: 'fav_airports',
      sync_objects: [{ code: 'KSQL', ts: 1 }, { code: 'KOAK', ts: 2 }, { code: 'KSJC', ts: 'yesterday' }],
    };
    expect(issuesOf(request)).toEqual([expect.objectContaining({ path: 'sync_objects.2.ts' })]);
    expect(issuesOf({ ...request, sync_objects: [{ ts: 1, deleted: 'X', code: 'KSQL' }] })).toEqual([
      expect.objectContaining({ path: 'sync_objects.0.deleted' }),
    ]);
    expect(issuesOf({ ...base, key: 'models', sync_objects: [{ ts: 1 }] })).toEqual([
      expect.objectContaining({ path: 'sync_objects.0.tail' }),
    ]);
    expect(issuesOf({ ...base, key: 'routes', sync_objects: [{ ts: 1, deleted: 'F' }] })).toEqual([
      expect.objectContaining({ path: 'sync_objects.0.final_string' }),
    ]);
  });

  it('names bad top-level fields and an unknown table', () => {
    expect(issuesOf({ ...base, since: -1, key: 'searches', sync_objects: [] })).toEqual([
      expect.objectContaining({ path: 'since' }),
    ]);
    expect(issuesOf({ ...base, cust_id: undefined, key: 'searches', sync_objects: [] })).toEqual([
      expect.objectContaining({ path: 'cust_id' }),
    ]);
    expect(issuesOf({ ...base, key: 'passwords', sync_objects: [] })).toEqual([expect.objectContaining({ path: 'key' })]);
  });

  it('allows at most 30 records per table per call', () => {
    const records = (n: number) => Array.from({ length: n }, (_, i) => ({ code: `K${i}`, ts: i, deleted: 'F' }));
    expect(SYNC_MAX_RECORDS_PER_TABLE).toBe(30);
    expect(syncProfileRequestSchema.safeParse({ ...base, key: 'searches', sync_objects: records(30) }).success).toBe(true);
    expect(issuesOf({ ...base, key: 'searches', sync_objects: records(31) })).toEqual([
      expect.objectContaining({ path: 'sync_objects' }),
    ]);
  });
});

describe('sync_profile reply', () => {
  it('accepts records with each action and rejects an unknown action at its path', () => {
    const reply = [
      { action: 'updated_elsewhere', table: 'fav_airports', code: 'KSQL', ts: 5, deleted: 'F', gid: 'g1' },
      { action: 'updated', table: 'route', final_string: 'KSQL KOAK', ts: 6, deleted: 'F', gid: 'g2' },
      { action: 'add_gid', table: 'searches', code: 'KSQL', ts: 7, deleted: 'F', gid: 'g3' },
      { action: 'delete_confirmed', table: 'models', tail: 'N1', ts: 8, deleted: 'T', gid: 'g4' },
    ];
    expect(syncProfileReplySchema.parse(reply)).toEqual(reply);
    const result = syncProfileReplySchema.safeParse([reply[0], { ...reply[1], action: 'merged' }]);
    expect(result.success).toBe(false);
    if (!result.success) expect(describeIssues(result.error)).toEqual([expect.objectContaining({ path: '1.action' })]);
  });
});

describe('record keys', () => {
  it('uses the table key field, routes by code then final string, singletons by table name', () => {
    expect(syncRecordKey('fav_airports', { code: 'KSQL', ts: 1 })).toBe('KSQL');
    expect(syncRecordKey('models', { tail: 'N1', ts: 1 })).toBe('N1');
    expect(syncRecordKey('flight_plans', { flight_id: 42, ts: 1 })).toBe('42');
    expect(syncRecordKey('routes', { final_string: 'KSQL KOAK', ts: 1 })).toBe('KSQL KOAK');
    expect(syncRecordKey('routes', { code: 'R1', final_string: 'KSQL KOAK', ts: 1 })).toBe('R1');
    expect(syncRecordKey('route', { final_string: 'KSQL KOAK', ts: 1 })).toBe('route');
    expect(() => syncRecordKey('searches', { ts: 1 })).toThrow(/searches record has no code/);
  });
});
