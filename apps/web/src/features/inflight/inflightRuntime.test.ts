// The in-flight loops against fakes: device GPS through watchPosition (the spec's options; updates within
// 100 ms dropped), the devices socket opened only while signed in, its messages through the ADS-B core
// (created on first use) into the fusion, and ADS-B ownship winning over device GPS (spec part 2 §4).
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DevicesMessage } from '@clearway/protocol';
import type { GeolocationPositionLike } from '@clearway/inflight';
import { makeStore } from '../../store';
import { createDirectAdsbEndpoint } from './directEndpoint';
import type { DevicesSocketLike } from './devicesSocket';
import { startInflight, type GeolocationLike } from './inflightRuntime';
import { calloutsSet } from './inflightSlice';

class FakeSocket implements DevicesSocketLike {
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  close(): void {
    this.closed = true;
  }
  send(m: DevicesMessage): void {
    this.onmessage?.({ data: JSON.stringify(m) });
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe('in-flight runtime', () => {
  it('fuses device GPS and ADS-B by priority, opens the devices socket only when signed in, and creates the ADS-B worker on first use', async () => {
    vi.useFakeTimers({ now: 1_700_000_000_000, toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    const store = makeStore();
    let onFix: ((p: GeolocationPositionLike) => void) | null = null;
    const geolocation: GeolocationLike = {
      watchPosition: vi.fn((success) => {
        onFix = success;
        return 7;
      }),
      clearWatch: vi.fn(),
    };
    const sockets: FakeSocket[] = [];
    const createAdsbEndpoint = vi.fn(() => createDirectAdsbEndpoint(0));
    const runtime = startInflight({ store, origin: 'https://clearway.example', geolocation, createAdsbEndpoint, openSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    } });
    expect(geolocation.watchPosition).toHaveBeenCalledWith(expect.any(Function), expect.any(Function), { enableHighAccuracy: true, timeout: 3000, maximumAge: 0 });
    expect(sockets).toHaveLength(0); // signed out: no socket

    const gps = (lat: number, t: number): GeolocationPositionLike => ({ coords: { latitude: lat, longitude: -118.4, accuracy: 5, altitude: 100, heading: 0, speed: 50, }, timestamp: t });
    onFix!(gps(34, Date.now()));
    expect(store.getState().inflight.position).toMatchObject({ source: 'gps', fix: { latitude: 34 } });
    vi.advanceTimersByTime(50);
    onFix!(gps(34.5, Date.now())); // within 100 ms of the last: dropped
    vi.advanceTimersByTime(200);
    expect(store.getState().inflight.position?.fix.latitude).toBe(34);
    vi.advanceTimersByTime(1_000);
    expect(store.getState().inflight.deviceGps).toBe('on');

    store.dispatch({ type: 'account/signedIn', payload: { custId: 'c1', email: 'p@example.com' } }); // accountSlice signedIn
    expect(sockets.map((s) => s.url)).toEqual(['wss://clearway.example/ws/devices']);
    sockets[0]!.onopen?.();
    expect(store.getState().inflight.link).toBe('open');
    expect(createAdsbEndpoint).not.toHaveBeenCalled();
    sockets[0]!.send({ type: 'ownship', time: Date.now(), address: 'C1EA00', callsign: null, lat: 34.01, lon: -118.4, altPressureFt: 4500, altGeoFt: null, geoAltitudeDatum: null, trackDeg: 10, groundSpeedKt: 120, verticalSpeedFpm: 0, nic: 9, nacp: 10, airborne: true });
    expect(createAdsbEndpoint).toHaveBeenCalledTimes(1);
    expect(runtime.adsb.initialized).toBe(true);
    // ADS-B fresher than 2 s wins over device GPS.
    expect(store.getState().inflight.position).toMatchObject({ source: 'adsb', fix: { latitude: 34.01, heading: 10 } });
    expect(store.getState().inflight.pressureAltitudeFt).toBe(4500);
    vi.advanceTimersByTime(3_000); // both stale (2 s), seen by the 200 ms location and 1 s status loops: the last best fix, accuracy unknown
    expect(store.getState().inflight.position).toMatchObject({ source: 'last', fix: { latitude: 34.01, accuracy: null } });
    expect(store.getState().inflight.deviceGps).toBe('lost');
    expect(store.getState().inflight.gpsStatus).toBe(false);

    runtime.stop();
    expect(geolocation.clearWatch).toHaveBeenCalledWith(7);
    expect(sockets[0]!.closed).toBe(true);
  });

  it('speaks traffic callouts only after the pilot turns them on (off by default), as the report arrives', () => {
    vi.useFakeTimers({ now: 1_700_000_000_000, toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    const store = makeStore();
    expect(store.getState().inflight.callouts).toBe(false);
    const spoken: string[] = [];
    const sockets: FakeSocket[] = [];
    const runtime = startInflight({ store, origin: 'https://clearway.example', geolocation: null, createAdsbEndpoint: () => createDirectAdsbEndpoint(0), speak: (text) => spoken.push(text), openSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    } });
    store.dispatch({ type: 'account/signedIn', payload: { custId: 'c1', email: 'p@example.com' } });
    sockets[0]!.onopen?.();
    const socket = sockets[0]!;
    socket.send({ type: 'ownship', time: Date.now(), address: 'C1EA00', callsign: null, lat: 34, lon: -118.4, altPressureFt: 4500, altGeoFt: null, geoAltitudeDatum: null, trackDeg: 0, groundSpeedKt: 120, verticalSpeedFpm: 0, nic: 9, nacp: 10, airborne: true });
    // A target 1.5 nm due east (3 o'clock), 500 ft below.
    const target = (address: string) => ({ address, addressType: 'adsbIcao', callsign: null, lat: 34, lon: -118.4 + 1.5 / 60 / Math.cos((34 * Math.PI) / 180), altFt: 4000, trackDeg: 0, speedKt: 100, verticalSpeedFpm: 0, emitter: 1, emergency: 0, onGround: false, alert: false, time: Date.now() });
    socket.send({ type: 'traffic', time: Date.now(), targets: [target('A00001')] });
    expect(spoken).toEqual([]);

    store.dispatch(calloutsSet(true));
    socket.send({ type: 'traffic', time: Date.now(), targets: [target('A00002')] });
    expect(spoken).toEqual(["Traffic, 3 o'clock, 2 miles, 500 feet below"]);

    store.dispatch(calloutsSet(false));
    socket.send({ type: 'traffic', time: Date.now(), targets: [target('A00003')] });
    expect(spoken).toHaveLength(1);
    runtime.stop();
  });

  it('hands FIS-B products from the devices socket to the weather layers, with the time they were received', () => {
    vi.useFakeTimers({ now: 1_700_000_000_000, toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    const store = makeStore();
    const ingested: { products: unknown[]; receivedAt: number; places: unknown }[] = [];
    const sockets: FakeSocket[] = [];
    const runtime = startInflight({
      store,
      origin: 'https://clearway.example',
      geolocation: null,
      createAdsbEndpoint: () => createDirectAdsbEndpoint(0),
      ingestFisb: async (products, receivedAt, places) => void ingested.push({ products, receivedAt, places }),
      openSocket: (url) => {
        const s = new FakeSocket(url);
        sockets.push(s);
        return s;
      },
    });
    store.dispatch({ type: 'account/signedIn', payload: { custId: 'c1', email: 'p@example.com' } });
    sockets[0]!.onopen?.();
    const text = 'METAR KHWD 061753Z 29012KT 10SM FEW015 16/09 A3002';
    sockets[0]!.send({ type: 'fisb', time: Date.now(), source: 'ADS-B', products: [{ productId: 413, kind: 'METAR', location: 'KHWD', text, station: { lat: 37.6, lon: -122.1 } }] });
    // Not linked to the routing worker in this test: no places, the FB stations and the station list place them.
    expect(ingested).toEqual([{ products: [{ productId: 413, kind: 'METAR', location: 'KHWD', text }], receivedAt: 1_700_000_000_000, places: {} }]);
    runtime.stop();
  });
});
