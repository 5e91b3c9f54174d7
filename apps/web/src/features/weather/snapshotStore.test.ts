import { describe, expect, it, vi } from 'vitest';
import { WxDb } from '../../db/wx';
import { fakeWeatherRoot, metarSnapshot, pirepSnapshot } from '../../test/weather/snapshots';
import { formatWeatherAge, isWeatherStale, weatherAgeMs } from './age';
import { createWeatherStore, wxSnapshotDb, type WeatherConnectivity } from './snapshotStore';

const ROOT = 'http://127.0.0.1:8080/wx';
let dbCount = 0;

function connectivity(state: 'online' | 'offline' = 'online') {
  const listeners = new Set<() => void>();
  const service: WeatherConnectivity & { failures: number; set(next: 'online' | 'offline'): void } = {
    failures: 0,
    state: () => state,
    reportFailure: () => {
      service.failures += 1;
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      state = next;
      for (const listener of listeners) listener();
    },
  };
  return service;
}

function setup(options: { db?: WxDb; offline?: boolean } = {}) {
  const server = fakeWeatherRoot(ROOT);
  const wx = options.db ?? new WxDb(`wx-test-${++dbCount}`);
  const net = connectivity(options.offline ? 'offline' : 'online');
  const log = { info: vi.fn(), warn: vi.fn() };
  const make = () => createWeatherStore({ fetch: server.fetch, db: wxSnapshotDb(wx), root: () => ROOT, connectivity: net, log, now: () => 1_700_000_900_000 });
  return { server, wx, net, log, make };
}

describe('weather snapshot store', () => {
  it('downloads a snapshot, keeps it in the wx database, and after a reload asks with its ETag and keeps it on 304', async () => {
    const { server, wx, make } = setup();
    server.bodies.metar = metarSnapshot(1_700_000_000_000);
    const first = make();
    const entry = await first.want('metar');
    expect(entry.status).toBe('ready');
    expect(entry.snapshot?.stations.map((s) => s.cat)).toEqual(['VFR', 'MVFR', 'IFR', 'LIFR', null]);
    expect(server.requests).toEqual([{ url: `${ROOT}/metar.json`, ifNoneMatch: null }]);
    const row = await wx.snapshots.get('metar');
    expect(row?.cycle).toBe(1_700_000_000_000);
    expect(row?.etag).toBe(entry.etag);
    expect(row?.etag).toMatch(/^"/);

    // A new page: the stored snapshot first, then the server is asked with its ETag.
    const second = make();
    const again = await second.want('metar');
    expect(server.requests[1]).toEqual({ url: `${ROOT}/metar.json`, ifNoneMatch: row?.etag });
    expect(again.status).toBe('ready');
    expect(again.snapshot).toEqual(entry.snapshot);
  });

  it('discards a snapshot that does not parse, with a log, and keeps the one held and stored', async () => {
    const { server, wx, log, make } = setup();
    server.bodies.metar = metarSnapshot(1_700_000_000_000);
    const store = make();
    await store.want('metar');
    const bad = metarSnapshot(1_700_000_600_000);
    (bad.stations[2] as { lat: number }).lat = 123;
    server.bodies.metar = bad;
    const entry = await store.refresh('metar');
    expect(entry.status).toBe('error');
    expect(entry.snapshot?.cycle).toBe(1_700_000_000_000);
    expect(entry.reason).toContain('stations.2.lat');
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('[weather] the metar snapshot from http://127.0.0.1:8080/wx/metar.json was discarded: stations.2.lat'));
    expect((await wx.snapshots.get('metar'))?.cycle).toBe(1_700_000_000_000);

    // Not JSON at all, or another type's snapshot: discarded the same way.
    server.bodies.metar = '<html>proxy error</html>';
    expect((await store.refresh('metar')).snapshot?.cycle).toBe(1_700_000_000_000);
    server.bodies.metar = pirepSnapshot(1_700_000_700_000);
    const other = await store.refresh('metar');
    expect(other.status).toBe('error');
    expect(other.snapshot?.cycle).toBe(1_700_000_000_000);
    expect(log.warn).toHaveBeenCalledTimes(3);
  });

  it('offline, serves the stored snapshot with its age from its cycle and tells the connectivity service of a failed request', async () => {
    const online = setup();
    online.server.bodies.metar = metarSnapshot(1_700_000_000_000);
    await online.make().want('metar');

    // Next start: the network fails.
    online.server.offline = true;
    const store = online.make();
    const entry = await store.want('metar');
    expect(entry.status).toBe('offline');
    expect(entry.snapshot?.cycle).toBe(1_700_000_000_000);
    expect(online.net.failures).toBe(1);
    expect(formatWeatherAge(weatherAgeMs(entry.snapshot!.cycle, 1_700_000_900_000))).toBe('15 min old');

    // Known to be offline: the stored one at once, no request; back online: asked again.
    const requests = online.server.requests.length;
    const offline = setup({ db: online.wx, offline: true });
    const later = offline.make();
    offline.server.bodies.metar = metarSnapshot(1_700_000_600_000);
    expect((await later.want('metar')).snapshot?.cycle).toBe(1_700_000_000_000);
    expect(offline.server.requests).toHaveLength(0);
    offline.net.set('online');
    await vi.waitFor(() => expect(later.entry('metar').snapshot?.cycle).toBe(1_700_000_600_000));
    expect(later.entry('metar').status).toBe('ready');
    expect(online.server.requests.length).toBe(requests);
  });

  it('asks again for a type when the channel announces a cycle other than the one held, not for the same', async () => {
    const { server, make } = setup();
    server.bodies.metar = metarSnapshot(1_700_000_000_000);
    const store = make();
    const changes: string[] = [];
    store.subscribe((type) => changes.push(type));
    await store.want('metar');
    store.cycleAnnounced('metar', 1_700_000_000_000);
    await Promise.resolve();
    expect(server.requests).toHaveLength(1);
    server.bodies.metar = metarSnapshot(1_700_000_600_000);
    store.cycleAnnounced('metar', 1_700_000_600_000);
    await vi.waitFor(() => expect(store.entry('metar').snapshot?.cycle).toBe(1_700_000_600_000));
    expect(server.requests).toHaveLength(2);
    expect(changes.every((type) => type === 'metar')).toBe(true);
    // A type never wanted nor held is left alone.
    store.cycleAnnounced('taf', 5);
    await Promise.resolve();
    expect(server.requests).toHaveLength(2);
  });

  it('reports a type the server has not ingested as an error without a snapshot', async () => {
    const { make } = setup();
    const entry = await make().want('fbo');
    expect(entry).toMatchObject({ status: 'error', snapshot: null, reason: `${ROOT}/fbo.json answered 404` });
  });
});

describe('weather age', () => {
  it('reads in short pilot wording and turns stale after the type\'s update interval', () => {
    expect(formatWeatherAge(null)).toBe('');
    expect(formatWeatherAge(30_000)).toBe('just now');
    expect(formatWeatherAge(12 * 60_000 + 59_000)).toBe('12 min old');
    expect(formatWeatherAge(3 * 3_600_000 + 5 * 60_000)).toBe('3 h old');
    expect(formatWeatherAge(47 * 3_600_000)).toBe('47 h old');
    expect(formatWeatherAge(22 * 86_400_000 + 3_600_000)).toBe('22 d old');
    expect(weatherAgeMs(1_000, 500)).toBe(0);
    expect(isWeatherStale('metar', 60 * 60_000)).toBe(false);
    expect(isWeatherStale('metar', 60 * 60_000 + 1)).toBe(true);
    expect(isWeatherStale('taf', 2 * 3_600_000)).toBe(false);
  });
});
