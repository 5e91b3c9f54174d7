import { createSocket } from 'node:dgram';
import { afterEach, describe, expect, it } from 'vitest';
import { crc16, encodeFrame, encodeStratuxHeartbeat } from '@clearway/gdl90';
import type { DevicesOwnshipMessage, DevicesStatusMessage, DevicesTrafficMessage } from '@clearway/protocol';
import { openDevicesSocket, startDevicesServer, udpSender, type DevicesTestServer, type DevicesTestSocket } from '../testing/devicesApp.js';
import { deleteSession } from '../auth/index.js';
import { FakeClock } from '../testing/fakeClock.js';
import { startTestApp } from '../testing/testApp.js';
import { DEVICES_SESSION_ENDED_CLOSE } from './module.js';
import { fly, foreFlightIdFrame, heartbeatFrame, ownshipFrames, RouteFlight, trafficAround, trafficFrame } from './flyer.js';

const T0 = Date.UTC(2026, 10, 25, 15, 0, 0);
const WAIT_MS = 5000;
/** KHWD and KSNS (the route ends), near enough to fly in a test. */
const KHWD = { id: 'KHWD', lat: 37.6589, lon: -122.1218 };
const OSI = { id: 'OSI', lat: 37.3925, lon: -122.2813 };
const KSNS = { id: 'KSNS', lat: 36.6628, lon: -121.6064 };

/** How far a point is from the leg a-b, in degrees of latitude (longitude scaled by cos lat; fine over 60 nm). */
function offLegDeg(p: { lat: number; lon: number }, a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const k = Math.cos((a.lat * Math.PI) / 180);
  const [px, py, bx, by] = [(p.lon - a.lon) * k, p.lat - a.lat, (b.lon - a.lon) * k, b.lat - a.lat];
  const t = Math.max(0, Math.min(1, (px * bx + py * by) / (bx * bx + by * by)));
  return Math.hypot(px - t * bx, py - t * by);
}

const isStatus = (m: { type: string }): m is DevicesStatusMessage => m.type === 'status';
const status = (pred: (s: DevicesStatusMessage) => boolean) => (m: { type: string }) => isStatus(m) && pred(m);

let server: DevicesTestServer | undefined;
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  await server?.close();
  server = undefined;
});

async function openSocket(cookie = server!.cookie): Promise<DevicesTestSocket> {
  const socket = await openDevicesSocket(server!.origin, cookie);
  closers.push(() => socket.close());
  return socket;
}

async function sender() {
  const udp = await udpSender();
  closers.push(() => udp.close());
  return udp;
}

/** The bridge's UDP port, from the status every new socket gets first. */
async function udpPort(socket: DevicesTestSocket): Promise<number> {
  const first = await socket.next<DevicesStatusMessage>(isStatus, WAIT_MS);
  expect(first.listening).toBe(true);
  return first.port!;
}

/** The counts a newly opened socket is told, once `ready` holds for them (UDP arrives asynchronously). */
async function countsWhen(ready: (s: DevicesStatusMessage) => boolean): Promise<DevicesStatusMessage> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const socket = await openDevicesSocket(server!.origin, server!.cookie);
    const first = await socket.next<DevicesStatusMessage>(isStatus, WAIT_MS);
    await socket.close();
    if (ready(first)) return first;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the bridge never reached the expected counts');
}

describe('devices bridge: GDL90 on UDP to /ws/devices', () => {
  it('detects the receiver and streams ownship (with geometric altitude) and batched traffic', async () => {
    server = await startDevicesServer();
    const app = await openSocket();
    const port = await udpPort(app);
    const udp = await sender();
    const flight = new RouteFlight([KHWD, OSI, KSNS], 120, 4500);
    const state = flight.at(300); // five minutes out: 10 nm along the first leg
    await udp.send(heartbeatFrame(T0), port);
    await udp.send(foreFlightIdFrame(), port);
    const detected = await app.next<DevicesStatusMessage>(status((s) => s.receiver?.kind === 'foreflight'), WAIT_MS);
    expect(detected.receiver).toMatchObject({ kind: 'foreflight', name: 'CWFlyer', longName: 'Clearway flyer', geoAltitudeDatum: 'msl', from: `127.0.0.1:${udp.socket.address().port}` });
    expect(detected.heartbeat).toBe(true);
    expect(detected.gps).toBe(false);

    // Geometric altitude first, so the ownship carries it.
    const [ownship, geo] = ownshipFrames(state);
    await udp.send(geo!, port);
    await udp.send(ownship!, port);
    const own = await app.next<DevicesOwnshipMessage>((m) => m.type === 'ownship', WAIT_MS);
    // GDL90 resolution: 180/2^23 degrees, 25 ft, 1 kt, 64 fpm, 360/256 degrees.
    expect(own.lat).toBeCloseTo(state.lat, 4);
    expect(own.lon).toBeCloseTo(state.lon, 4);
    expect(Math.abs(own.lat - KHWD.lat) + Math.abs(own.lon - KHWD.lon)).toBeGreaterThan(0.05);
    expect(own).toMatchObject({ address: 'C1EA00', callsign: 'CLEARWAY', altPressureFt: 4500, altGeoFt: 4500, geoAltitudeDatum: 'msl', groundSpeedKt: 120, verticalSpeedFpm: 0, nic: 9, nacp: 10, airborne: true });
    expect(Math.abs(own.trackDeg! - state.trackDeg)).toBeLessThanOrEqual(360 / 256);
    // The status that turned ADS-B GPS on went out just before the ownship.
    expect(app.messages.filter(isStatus).at(-1)!.gps).toBe(true);

    const targets = trafficAround(state, 5, 300);
    for (const target of targets) await udp.send(trafficFrame(target), port);
    const seen = new Map<string, DevicesTrafficMessage['targets'][number]>();
    while (seen.size < 5) {
      const batch = await app.next<DevicesTrafficMessage>((m) => m.type === 'traffic', WAIT_MS);
      for (const target of batch.targets) seen.set(target.address, target);
    }
    for (const sent of targets) {
      const got = seen.get(sent.address.toString(16).toUpperCase())!;
      expect(got.lat).toBeCloseTo(sent.latitude!, 4);
      expect(got.lon).toBeCloseTo(sent.longitude!, 4);
      expect(got).toMatchObject({ callsign: sent.callsign, altFt: Math.round(sent.pressureAltitudeFt! / 25) * 25, speedKt: sent.horizontalVelocityKt, verticalSpeedFpm: sent.verticalVelocityFpm, emitter: 1, emergency: 0, onGround: false, alert: false });
    }
    // A socket opened now gets the status, the latest ownship and the live targets at once.
    const late = await openSocket();
    await late.next(isStatus, WAIT_MS);
    expect((await late.next<DevicesOwnshipMessage>((m) => m.type === 'ownship', WAIT_MS)).lat).toBe(own.lat);
    expect((await late.next<DevicesTrafficMessage>((m) => m.type === 'traffic', WAIT_MS)).targets).toHaveLength(5);
  });

  it('carries the built-in flyer\'s flight: ownship moves along the route, at most 10 reports a second', async () => {
    server = await startDevicesServer();
    const app = await openSocket();
    const port = await udpPort(app);
    const udp = await sender();
    const flight = new RouteFlight([KHWD, OSI, KSNS], 120, 4500);
    // The whole route (about 65 nm) at 600 times real time, 40 ownship reports a second of wall time.
    const result = await fly({ flight, traffic: 3, rate: 40, timeScale: 600, send: (bytes) => udp.send(bytes, port) });
    expect(result.final.done).toBe(true);
    const last = await app.next<DevicesOwnshipMessage>((m) => m.type === 'ownship' && Math.abs(m.lat - KSNS.lat) < 1e-4 && Math.abs(m.lon - KSNS.lon) < 1e-4, WAIT_MS);
    expect(last.groundSpeedKt).toBe(0);
    const owns = app.messages.filter((m): m is DevicesOwnshipMessage => m.type === 'ownship');
    // Ownship went from KHWD to KSNS by OSI: every report lies on one of the two legs, and each leg has
    // reports inside it. (The direct line KHWD-KSNS passes 0.3 degrees east of OSI.) Reports are 2 nm
    // apart at best and sparser when the machine is busy, so no single point of the route is required.
    expect(owns[0]!.lat).toBeGreaterThan(KSNS.lat + 0.5);
    const first = owns.map((m) => offLegDeg(m, KHWD, OSI));
    const second = owns.map((m) => offLegDeg(m, OSI, KSNS));
    expect(owns.filter((_, i) => Math.min(first[i]!, second[i]!) > 0.01)).toEqual([]);
    expect(owns.some((m, i) => first[i]! < 0.01 && m.lat < KHWD.lat - 0.02 && m.lat > OSI.lat + 0.02)).toBe(true);
    expect(owns.some((m, i) => second[i]! < 0.01 && m.lat < OSI.lat - 0.02 && m.lat > KSNS.lat + 0.02)).toBe(true);
    // Throttled: 40 reports a second in, at most 10 out (the bridge test below pins the 100 ms spacing on a fake clock).
    expect(owns.length).toBeLessThan(result.steps / 2);
  });

  it('turns the status flags off at the spec time-outs: ADS-B GPS after 6 s, heartbeat and traffic after 10 s', async () => {
    const clock = new FakeClock(T0);
    server = await startDevicesServer({ clock, tickMs: 100 });
    const app = await openSocket();
    const port = await udpPort(app);
    const udp = await sender();
    const state = new RouteFlight([KHWD, KSNS], 120, 3000).at(60);
    await udp.send(encodeFrame(encodeStratuxHeartbeat({ protocolVersion: 1, gpsValid: true, ahrsValid: false })), port);
    await udp.send(ownshipFrames(state)[0]!, port);
    await udp.send(trafficFrame(trafficAround(state, 1, 60)[0]!), port);
    const on = await app.next<DevicesStatusMessage>(status((s) => s.heartbeat && s.gps && s.traffic), WAIT_MS);
    expect(on.receiver?.kind).toBe('stratux');
    expect(on.lastMessageAt).toBe(T0);

    await clock.advance(5900);
    expect(app.messages.filter(isStatus).at(-1)).toMatchObject({ heartbeat: true, traffic: true, gps: true });
    await clock.advance(200);
    const gpsOff = await app.next<DevicesStatusMessage>(status((s) => !s.gps), WAIT_MS);
    expect(gpsOff).toMatchObject({ heartbeat: true, traffic: true, gps: false });
    expect(gpsOff.time - T0).toBeGreaterThanOrEqual(6000);
    expect(gpsOff.time - T0).toBeLessThanOrEqual(6100);

    await clock.advance(3800); // T0 + 9,900
    expect(app.messages.filter(isStatus).at(-1)).toMatchObject({ heartbeat: true, traffic: true });
    await clock.advance(200);
    const allOff = await app.next<DevicesStatusMessage>(status((s) => !s.heartbeat && !s.traffic), WAIT_MS);
    expect(allOff.time - T0).toBeGreaterThanOrEqual(10_000);
    expect(allOff.time - T0).toBeLessThanOrEqual(10_100);
    // The receiver is still named: the app shows it as lost, with its last state.
    expect(allOff.receiver?.kind).toBe('stratux');
    expect(allOff.lastMessageAt).toBe(T0);

    // A heartbeat brings the flag back at once.
    await udp.send(heartbeatFrame(T0), port);
    expect((await app.next<DevicesStatusMessage>(status((s) => s.heartbeat), WAIT_MS)).gps).toBe(false);
  });

  it('counts and drops bad CRCs, truncated frames, oversize datagrams, random bytes and a flood, and keeps working', async () => {
    const clock = new FakeClock(T0);
    server = await startDevicesServer({ clock, maxDatagramsPerSecond: 100 });
    const app = await openSocket();
    const port = await udpPort(app);
    const [a, b, c] = [await sender(), await sender(), await sender()];

    // One of each, each from its own sender (each sender has its own stream decoder).
    const flipped = heartbeatFrame(T0);
    flipped[3] = flipped[3]! ^ 0x01;
    expect(crc16(flipped, 1, flipped.length - 3)).not.toBe(flipped[flipped.length - 3]! | (flipped[flipped.length - 2]! << 8));
    await a.send(flipped, port);
    await b.send(Uint8Array.of(0x7e, 0x00, 0x7e), port);
    await c.send(new Uint8Array(20_000).fill(0x55), port);
    const crafted = await countsWhen((s) => s.counts.datagrams + s.counts.refused >= 3);
    expect(crafted.counts).toMatchObject({ datagrams: 2, badCrc: 1, truncated: 1, refused: 1, messages: 0 });

    // Random bytes (a fixed pseudo-random stream, flags included) from a fourth sender: whatever
    // frames they make fail their FCS or their length; nothing reaches the app.
    const d = await sender();
    let seed = 19;
    const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
    for (let i = 0; i < 40; i++) await d.send(Uint8Array.from({ length: 1 + (i * 7) % 300 }, random), port);
    const afterRandom = await countsWhen((s) => s.counts.datagrams + s.counts.refused >= 43);
    expect(afterRandom.counts.datagrams).toBe(42);

    // A flood: 100 datagrams a second are taken, the rest refused (the fake clock stands still).
    const e = await sender();
    for (let i = 0; i < 250; i++) await e.send(heartbeatFrame(T0), port);
    const flooded = await countsWhen((s) => s.counts.datagrams + s.counts.refused >= 43 + 250);
    // 100 a second counted from the first datagram: the oversize one took a place, so 57 flood datagrams got in.
    expect(flooded.counts.datagrams).toBe(2 + 40 + 57);
    expect(flooded.counts.refused).toBe(1 + 250 - 57);

    // A second later good input flows again.
    await clock.advance(1000);
    await e.send(ownshipFrames(new RouteFlight([KHWD, KSNS], 100, 2000).at(0))[0]!, port);
    const own = await app.next<DevicesOwnshipMessage>((m) => m.type === 'ownship', WAIT_MS);
    expect(own.lat).toBeCloseTo(KHWD.lat, 4);
    expect((await server.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('refuses the socket without a session, with a forged one, and from a foreign page', async () => {
    server = await startDevicesServer();
    await expect(openDevicesSocket(server.origin, undefined)).rejects.toThrow('upgrade refused: 401');
    await expect(openDevicesSocket(server.origin, 'cw_session=forged')).rejects.toThrow('upgrade refused: 401');
    await expect(openDevicesSocket(server.origin, server.cookie, { origin: 'https://evil.example' })).rejects.toThrow('upgrade refused: 403');
    // And a signed-in app still gets in.
    const app = await openSocket();
    expect((await app.next<DevicesStatusMessage>(isStatus, WAIT_MS)).listening).toBe(true);
  });

  it('closes the socket of a session that ended (sign-out) at the next beat', async () => {
    server = await startDevicesServer({ pingIntervalMs: 100 });
    const app = await openSocket();
    await app.next(isStatus, WAIT_MS);
    const closed = new Promise<number>((resolve) => app.socket.once('close', (code) => resolve(code)));
    await deleteSession(server.db, server.cookie.split('=')[1]!);
    expect(await closed).toBe(DEVICES_SESSION_ENDED_CLOSE);
    await expect(openDevicesSocket(server.origin, server.cookie)).rejects.toThrow('upgrade refused: 401');
  });

  it('announces itself to UDP (ForeFlight GDL90 extension) with its port', async () => {
    const listener = createSocket('udp4');
    await new Promise<void>((resolve) => listener.bind(0, '127.0.0.1', () => resolve()));
    closers.push(() => new Promise((resolve) => listener.close(() => resolve())));
    const heard = new Promise<unknown>((resolve) => listener.once('message', (data) => resolve(JSON.parse(String(data)))));
    server = await startDevicesServer({ announce: { address: '127.0.0.1', port: listener.address().port, intervalMs: 100 } });
    const port = await udpPort(await openSocket());
    expect(await heard).toEqual({ App: 'Clearway', GDL90: { port } });
  });

  it('runs on without listening when the UDP port is taken, and is absent with DEVICES=off', async () => {
    const holder = createSocket('udp4');
    await new Promise<void>((resolve) => holder.bind(0, '127.0.0.1', () => resolve()));
    closers.push(() => new Promise((resolve) => holder.close(() => resolve())));
    server = await startDevicesServer({ port: holder.address().port });
    const first = await (await openSocket()).next<DevicesStatusMessage>(isStatus, WAIT_MS);
    expect(first).toMatchObject({ listening: false, port: null });

    const off = await startTestApp();
    closers.push(() => off.close());
    expect((await off.app.inject({ method: 'GET', url: '/ws/devices' })).statusCode).toBe(404);
  });
});
