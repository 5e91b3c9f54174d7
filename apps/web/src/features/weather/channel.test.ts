import { describe, expect, it, vi } from 'vitest';
import type { WeatherChannelMessage } from '@clearway/protocol';
import { fakeWeatherRoot, metarSnapshot } from '../../test/weather/snapshots';
import { WeatherChannel, WEATHER_RECONNECT_MAX_MS, type WeatherSocketLike } from './channel';
import { currentWeatherStore } from './registry';
import { startWeather } from './startWeather';

class FakeSocket implements WeatherSocketLike {
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
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }
}

function setup(random = 1) {
  const sockets: FakeSocket[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const messages: WeatherChannelMessage[] = [];
  const log = { warn: vi.fn() };
  const channel = new WeatherChannel({
    url: 'ws://127.0.0.1:8080/ws/weather',
    openSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    onMessage: (message) => messages.push(message),
    random: () => random,
    setTimeout: (run, ms) => timers.push({ run, ms }),
    clearTimeout: () => undefined,
    log,
  });
  return { channel, sockets, timers, messages, log };
}

describe('weather channel', () => {
  it('hands on the contract\'s messages in order (checked with the protocol schema) and ignores others with a log', async () => {
    const { channel, sockets, messages, log } = setup();
    channel.start();
    expect(sockets[0]?.url).toBe('ws://127.0.0.1:8080/ws/weather');
    sockets[0]?.send({ type: 'all', cycles: { metar: 1_700_000_000_000, taf: null, nexrad: 5 } });
    sockets[0]?.send({ type: 'metar', cycle: 1_700_000_600_000 });
    sockets[0]?.send({ type: 'metar', cycle: -1 });
    sockets[0]?.send({ type: 'radar', cycle: 1 });
    sockets[0]?.send('not json');
    await vi.waitFor(() => expect(log.warn).toHaveBeenCalledTimes(3));
    expect(messages).toEqual([
      { type: 'all', cycles: { metar: 1_700_000_000_000, taf: null, nexrad: 5 } },
      { type: 'metar', cycle: 1_700_000_600_000 },
    ]);
  });

  it('reconnects with back-off doubling from 1 s to at most 60 s, from 1 s again once a socket opened, and not after stop', () => {
    const { channel, sockets, timers } = setup(1);
    expect([1, 2, 3, 7, 8, 20].map((n) => channel.reconnectDelay(n))).toEqual([1_000, 2_000, 4_000, 60_000, WEATHER_RECONNECT_MAX_MS, 60_000]);
    expect(setup(0).channel.reconnectDelay(3)).toBe(2_000);
    channel.start();
    sockets[0]?.onclose?.({});
    timers[0]?.run();
    sockets[1]?.onclose?.({});
    timers[1]?.run();
    sockets[2]?.onopen?.({});
    sockets[2]?.onclose?.({});
    expect(timers.map((t) => t.ms)).toEqual([1_000, 2_000, 1_000]);
    timers[2]?.run();
    channel.stop();
    expect(sockets[3]?.closed).toBe(true);
    expect(timers).toHaveLength(3);
  });
});

describe('startWeather', () => {
  it('installs the store, asks each type the screens read once (not the station list), and downloads a type again when the channel announces a new cycle', async () => {
    const server = fakeWeatherRoot('http://127.0.0.1:8080/wx');
    server.bodies.metar = metarSnapshot(1_700_000_000_000);
    const sockets: FakeSocket[] = [];
    const config = { endpoints: { weatherRoot: 'http://127.0.0.1:8080/wx', weatherSocket: 'ws://127.0.0.1:8080/ws/weather' } } as never;
    const session = startWeather({ config, fetch: server.fetch, db: null, log: { info: vi.fn(), warn: vi.fn() }, openSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    } });
    try {
      expect(currentWeatherStore()).toBe(session.store);
      await vi.waitFor(() => expect(session.store.entry('metar').status).toBe('ready'));
      expect(server.requests.map((r) => r.url.replace('http://127.0.0.1:8080/wx/', '')).sort()).toEqual(['airmet.json', 'fbo.json', 'metar.json', 'pirep.json', 'taf.json']);
      server.bodies.metar = metarSnapshot(1_700_000_600_000);
      sockets[0]?.send({ type: 'all', cycles: { metar: 1_700_000_000_000 } });
      sockets[0]?.send({ type: 'metar', cycle: 1_700_000_600_000 });
      await vi.waitFor(() => expect(session.store.entry('metar').snapshot?.cycle).toBe(1_700_000_600_000));
      expect(server.requests.filter((r) => r.url.endsWith('/metar.json'))).toHaveLength(2);
    } finally {
      session.stop();
    }
    expect(currentWeatherStore()).toBeNull();
    expect(sockets[0]?.closed).toBe(true);
  });
});
