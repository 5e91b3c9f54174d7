import { describe, expect, it } from 'vitest';
import type { SyncTable } from '@clearway/protocol';
import { RealtimeChannel, profileSocketUrl, type SocketLike } from './realtime';
import { custIdOf } from './useProfileSync';

class FakeSocket implements SocketLike {
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  close() {
    this.closed = true;
    this.onclose?.({});
  }
  send(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

function setup(random = 0.5) {
  const sockets: FakeSocket[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const tables: SyncTable[] = [];
  const versions: string[] = [];
  const channel = new RealtimeChannel({
    url: 'ws://127.0.0.1:8080/ws/profile',
    custId: 'cust_1',
    uuid: 'device-a',
    env: 'localhost',
    openSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    onTable: (table) => tables.push(table),
    onNewAppVersion: (version) => versions.push(version),
    random: () => random,
    setTimeout: (run, ms) => timers.push({ run, ms }),
    clearTimeout: () => undefined,
  });
  return { channel, sockets, timers, tables, versions };
}

describe('RealtimeChannel', () => {
  it('connects with cust_id and uuid and re-syncs the table a message names', () => {
    const { channel, sockets, tables } = setup();
    channel.start();
    expect(sockets[0]?.url).toBe('ws://127.0.0.1:8080/ws/profile?cust_id=cust_1&uuid=device-a');
    sockets[0]?.send({ type: 'fav_airports' });
    sockets[0]?.send({ type: 'route' });
    sockets[0]?.send({ type: 'not_a_table' });
    sockets[0]?.onmessage?.({ data: 'not json' });
    expect(tables).toEqual(['fav_airports', 'route']);
  });

  it('passes new_app_version on only for the running environment', () => {
    const { channel, sockets, versions } = setup();
    channel.start();
    sockets[0]?.send({ type: 'new_app_version', env: 'prod', version: '2.0.0' });
    sockets[0]?.send({ type: 'new_app_version', env: 'localhost', version: '2.0.1' });
    expect(versions).toEqual(['2.0.1']);
  });

  it('reconnects after a random 10 to 60 s and not after stop', () => {
    const low = setup(0);
    const high = setup(1);
    expect(low.channel.reconnectDelay()).toBe(10_000);
    expect(high.channel.reconnectDelay()).toBe(60_000);

    const { channel, sockets, timers } = setup(0.5);
    channel.start();
    sockets[0]?.onclose?.({});
    expect(timers.map((t) => t.ms)).toEqual([35_000]);
    timers[0]?.run();
    expect(sockets).toHaveLength(2);
    channel.stop();
    expect(sockets[1]?.closed).toBe(true);
    expect(timers).toHaveLength(1);
  });

  it('builds the socket URL and reads the customer from the login profile', () => {
    expect(profileSocketUrl('wss://example.test/ws/profile', 'c 1', 'u')).toBe('wss://example.test/ws/profile?cust_id=c+1&uuid=u');
    expect(custIdOf({ code: 2, trial: { cust_id: 'cust_abc' } })).toBe('cust_abc');
    expect(custIdOf({ code: 5 })).toBeNull();
    expect(custIdOf(undefined)).toBeNull();
  });
});
