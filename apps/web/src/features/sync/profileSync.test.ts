import { afterEach, describe, expect, it } from 'vitest';
import { endpointsForOrigin, SYNC_TABLES, type ClientConfig } from '@clearway/protocol';
import { PrefsDb } from '../../db/prefs';
import { listFavoriteAirports, setFavoriteAirport } from '../airport';
import { FakeSyncServer } from '../../test/sync/fakeSyncServer';
import { startProfileSync } from './profileSync';
import type { SocketLike } from './realtime';

const opened: PrefsDb[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await db.delete();
  }
});

class FakeSocket implements SocketLike {
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  close() {
    this.closed = true;
  }
}

const config: ClientConfig = { env: 'localhost', version: '0.1.0', dataChannel: 'dev', remoteLogging: false, endpoints: endpointsForOrigin('http://127.0.0.1:8080') };

describe('startProfileSync', () => {
  it('syncs every table at start, re-syncs the table a socket message names, saves trigger syncs, stop ends it', async () => {
    let clock = 1_700_000_000_000;
    const now = () => clock;
    const server = new FakeSyncServer(now);
    const sockets: FakeSocket[] = [];
    const devices = ['device-a', 'device-b'].map((uuid, index) => {
      const db = new PrefsDb({ name: `profile-sync-${index}`, now });
      opened.push(db);
      const session = startProfileSync({
        db,
        config,
        custId: 'cust_1',
        uuid,
        fetch: server.fetch,
        now,
        isOnline: () => true,
        openSocket: (url) => {
          const socket = new FakeSocket(url);
          sockets.push(socket);
          return socket;
        },
      });
      server.listeners.set(uuid, (table) => sockets[index]?.onmessage?.({ data: JSON.stringify({ type: table }) }));
      return { db, session };
    });
    const [a, b] = devices;
    if (!a || !b) throw new Error('no devices');
    await Promise.all([a.session.client.syncAll(), b.session.client.syncAll()]);
    expect(new Set(server.requests.filter((r) => r.uuid === 'device-a').map((r) => r.key))).toEqual(new Set(SYNC_TABLES));
    expect(sockets[0]?.url).toBe('ws://127.0.0.1:8080/ws/profile?cust_id=cust_1&uuid=device-a');

    // A save on A is synced by A's own session (A's database tells it of the save); the server then
    // tells B over its socket, and B fetches it.
    clock += 1000;
    await setFavoriteAirport(a.db, 'KHWD', true, clock);
    while (server.liveKeys('fav_airports').length < 1) await new Promise((resolve) => setTimeout(resolve, 5));
    while ((await listFavoriteAirports(b.db)).length < 1) await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await listFavoriteAirports(b.db)).map((row) => row.code)).toEqual(['KHWD']);

    // B's save is synced by B's session, and A hears of it.
    clock += 1000;
    await setFavoriteAirport(b.db, 'KSQL', true, clock);
    while (b.session.client.busy || a.session.client.busy || server.liveKeys('fav_airports').length < 2) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    while (a.session.client.busy) await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await listFavoriteAirports(a.db)).map((row) => row.code).sort()).toEqual(['KHWD', 'KSQL']);

    a.session.stop();
    b.session.stop();
    expect(sockets.every((socket) => socket.closed)).toBe(true);
    const sent = server.requests.length;
    await setFavoriteAirport(b.db, 'KOAK', true, clock + 1000);
    expect(server.requests).toHaveLength(sent);
  });
});
