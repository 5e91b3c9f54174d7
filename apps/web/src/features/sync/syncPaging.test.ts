import { afterEach, describe, expect, it } from 'vitest';
import { SYNC_CONTINUATION_HEADER, type SyncReplyRecord } from '@clearway/protocol';
import { listFavoriteAirports, setFavoriteAirport } from '../airport';
import { syncTestDevices } from '../../test/sync/devices';
import { FakeSyncServer } from '../../test/sync/fakeSyncServer';

// The sync client follows a paged sync_profile reply (issue 26 point 14; apps/server README "Sync and
// realtime limits"): the server answers at most a page of the records stored since `since` and
// names the next page in SYNC_CONTINUATION_HEADER.

let clock = 1_700_000_000_000;
const now = () => clock;
const devices = syncTestDevices(now, 'sync-paging');
afterEach(() => devices.closeAll());

interface SentBody {
  uuid: string;
  since: number;
  sync_objects: unknown[];
  continuation?: string;
}

/**
 * The fake sync server (the real merge core) behind a pager: a reply longer than `pageSize` records
 * is cut, the rest kept under a marker of the server's form and sent when the device asks with it.
 */
function pagedServer(server: FakeSyncServer, pageSize: number, marker: (page: number) => string = (page) => `1700000000000:page-${page}`) {
  const rest = new Map<string, SyncReplyRecord[]>();
  const sent: SentBody[] = [];
  let pages = 0;
  const answer = (records: SyncReplyRecord[]) => {
    const headers = new Headers({ 'Content-Type': 'application/json' });
    if (records.length > pageSize) {
      const next = marker(++pages);
      rest.set(next, records.slice(pageSize));
      headers.set(SYNC_CONTINUATION_HEADER, next);
    }
    return new Response(JSON.stringify(records.slice(0, pageSize)), { status: 200, headers });
  };
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const body = JSON.parse(String(init?.body)) as SentBody;
    sent.push(body);
    if (body.continuation !== undefined) {
      const records = rest.get(body.continuation);
      if (records === undefined) return new Response(JSON.stringify({ error: 'Invalid sync request' }), { status: 400 });
      rest.delete(body.continuation);
      return answer(records);
    }
    const reply = await server.fetch(input, init);
    return answer((await reply.json()) as SyncReplyRecord[]);
  };
  return { fetch, sent };
}

const device = (fetch: typeof globalThis.fetch, uuid: string) => devices.device(fetch, uuid);

const codes = (count: number) => Array.from({ length: count }, (_, i) => `K${String(i).padStart(3, '0')}`);

describe('SyncClient and paged replies', () => {
  it('asks for every page with the marker (same since, no records) and stores all the records before sync_ts moves', async () => {
    const server = new FakeSyncServer(now);
    const phone = device(server.fetch, 'phone');
    for (const code of codes(70)) await setFavoriteAirport(phone.db, code, true, clock);
    await phone.client.request('fav_airports');
    expect(server.liveKeys('fav_airports')).toHaveLength(70);

    clock += 5000;
    const paged = pagedServer(server, 20);
    const tablet = device(paged.fetch, 'tablet');
    await tablet.client.request('fav_airports');
    expect(tablet.errors).toEqual([]);
    expect((await listFavoriteAirports(tablet.db)).map((row) => row.code).sort()).toEqual(codes(70));
    // One first call, then the pages of 20: 70 = 20 + 20 + 20 + 10.
    expect(paged.sent.map((body) => body.continuation ?? null)).toEqual([null, '1700000000000:page-1', '1700000000000:page-2', '1700000000000:page-3']);
    for (const body of paged.sent.slice(1)) expect(body).toMatchObject({ uuid: 'tablet', since: paged.sent[0]?.since, sync_objects: [] });
    expect((await tablet.db.getProperty('sync_ts'))?.fav_airports).toBe(clock);
  });

  it('reports a reply whose marker is not of the server\'s form and leaves sync_ts where it was', async () => {
    const server = new FakeSyncServer(now);
    const phone = device(server.fetch, 'phone');
    for (const code of codes(5)) await setFavoriteAirport(phone.db, code, true, clock);
    await phone.client.request('fav_airports');

    const paged = pagedServer(server, 2, () => '../../../etc/passwd');
    const tablet = device(paged.fetch, 'tablet');
    await tablet.client.request('fav_airports');
    expect(String(tablet.errors[0])).toContain('continuation marker that is not valid');
    expect(paged.sent).toHaveLength(1);
    expect((await tablet.db.getProperty('sync_ts'))?.fav_airports).toBeUndefined();
  });
});
