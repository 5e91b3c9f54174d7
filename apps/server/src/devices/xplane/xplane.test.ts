import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SimCommandResultMessage, SimFlightDataMessage, SimStatusMessage } from '@clearway/protocol';
import { openSimSocket, startSimServer, type SimTestServer, type SimTestSocket } from '../../testing/simApp.js';
import { FakeXPlane, FakeXPlaneWebApi, type FakeXPlaneReceived } from './fakeXPlane.js';

const WAIT_MS = 5000;
const isStatus = (pred: (s: SimStatusMessage) => boolean) => (m: { type: string }) => m.type === 'simStatus' && pred(m as SimStatusMessage);
const isData = (pred: (d: SimFlightDataMessage) => boolean) => (m: { type: string }) => m.type === 'flightData' && pred(m as SimFlightDataMessage);
const result = (id: string) => (m: { type: string }) => m.type === 'commandResult' && (m as SimCommandResultMessage).id === id;

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function setUp(settings: (sim: FakeXPlane) => Parameters<typeof startSimServer>[0]): Promise<{ server: SimTestServer; sim: FakeXPlane; socket: SimTestSocket }> {
  const sim = await FakeXPlane.start();
  closers.push(() => sim.close());
  const server = await startSimServer(settings(sim));
  closers.push(() => server.close());
  const socket = await openSimSocket(server.origin, server.cookie);
  closers.push(() => socket.close());
  return { server, sim, socket };
}

const FLYING = {
  'sim/flightmodel/position/latitude': 37.5,
  'sim/flightmodel/position/longitude': -122.25,
  'sim/flightmodel/position/elevation': 1524, // m: 5000 ft
  'sim/flightmodel/position/theta': 4,
  'sim/flightmodel/position/phi': -15,
  'sim/flightmodel/position/indicated_airspeed': 105,
  'sim/flightmodel/position/mag_psi': 270,
  'sim/cockpit2/radios/indicators/nav1_hdef_dots_pilot': 1.5,
  'sim/cockpit2/radios/indicators/nav1_flag_from_to_pilot': 2,
  'sim/time/paused': 0,
};

describe('the X-Plane link: fake X-Plane on loopback UDP → bridge → /ws/sim', () => {
  it('refuses the socket without a session', async () => {
    const server = await startSimServer();
    closers.push(() => server.close());
    await expect(openSimSocket(server.origin, undefined)).rejects.toThrow('upgrade refused: 401');
  });

  it('discovers X-Plane by its beacon, subscribes with RREF and streams flightData (metres to feet) until the data goes stale', async () => {
    const { server, sim, socket } = await setUp(() => ({ beacon: { port: 0, host: '127.0.0.1' }, staleMs: 600, pollMs: 100 }));
    const first = await socket.next<SimStatusMessage>(isStatus(() => true), WAIT_MS);
    expect(first).toMatchObject({ connected: false, dataSource: 'none', isSimulating: false, xplaneHosts: [], currentXplaneHost: null, subscribed: false });
    // The beacon arrives unicast on the beacon port (X-Plane multicasts it to 239.255.1.1:49707).
    await sim.sendBeacon(server.ports.beacon!, '127.0.0.1', 'SIM-PC');
    const found = await socket.next<SimStatusMessage>(isStatus((s) => s.xplaneHosts.length === 1), WAIT_MS);
    expect(found.xplaneHosts[0]).toMatchObject({ id: `127.0.0.1:${sim.port}`, name: 'SIM-PC', version: 121100, role: 1, source: 'beacon' });
    expect(found.currentXplaneHost).toBe(`127.0.0.1:${sim.port}`);

    socket.send({ type: 'subscribe' });
    await sim.waitFor((p) => p.kind === 'RREF' && p.dataref === 'sim/time/paused' && p.frequency > 0, WAIT_MS);
    expect(sim.received.filter((p) => p.kind === 'RREF').map((p) => (p as { dataref: string }).dataref)).toContain('sim/flightmodel/position/elevation');
    sim.set(FLYING);
    sim.tick();
    const connected = await socket.next<SimStatusMessage>(isStatus((s) => s.connected), WAIT_MS);
    expect(connected).toMatchObject({ dataSource: 'udp', isSimulating: true, subscribed: true, stale: false });
    const data = await socket.next<SimFlightDataMessage>(isData((d) => d.data.altitude > 0), WAIT_MS);
    expect(data.data.altitude).toBeCloseTo(5000, 1);
    expect(data.data).toMatchObject({ lat: 37.5, lon: -122.25, pitch: 4, roll: -15, airspeed: 105, heading: 270, gForce: 0 });
    expect(data.data.nav1).toMatchObject({ deviation: 1.5, toFrom: 2 });

    // No more data: after staleMs the link is lost and shown stale; the last data is kept for new sockets.
    const lost = await socket.next<SimStatusMessage>(isStatus((s) => !s.connected), WAIT_MS);
    expect(lost).toMatchObject({ stale: true, isSimulating: false, dataSource: 'none' });
    // Meanwhile the link asked again (reconnect): the fake got the subscription more than once.
    expect(lost.counts.reconnects).toBeGreaterThan(0);
    expect(sim.received.filter((p) => p.kind === 'RREF' && p.dataref === 'sim/time/paused').length).toBeGreaterThan(1);
  });

  it('sends direct-to, a radio change, the flight director and autopilot modes and dials as DREF/CMND bytes; writes the flight plan as .fms', async () => {
    const fmsDir = join(await mkdtemp(join(tmpdir(), 'clearway-fms-')), 'Output', 'FMS plans');
    closers.push(() => rm(dirname(dirname(fmsDir)), { recursive: true, force: true }));
    const { server: again, sim, socket: app } = await setUp((fake) => ({ hosts: [{ address: '127.0.0.1', port: fake.port }], fmsDir }));

    // Before any data: commands are dropped (spec §8), counted.
    app.send({ type: 'command', id: 'early', command: { type: 'setRadio', radio: 'com1', value: 121.5 } });
    expect(await app.next<SimCommandResultMessage>(result('early'), WAIT_MS)).toMatchObject({ ok: false, message: 'No simulator connected: setRadio dropped' });
    expect(sim.received.some((p) => p.kind === 'DREF')).toBe(false);

    app.send({ type: 'subscribe' });
    await sim.waitFor((p) => p.kind === 'RREF' && p.dataref === 'sim/time/paused', WAIT_MS);
    sim.set(FLYING);
    sim.tick();
    await app.next(isStatus((s) => s.connected), WAIT_MS);

    app.send({ type: 'command', id: 'radio', command: { type: 'setRadio', radio: 'com1Standby', value: 118.525 } });
    expect(await app.next<SimCommandResultMessage>(result('radio'), WAIT_MS)).toMatchObject({ ok: true });
    const radio = await sim.waitFor<Extract<FakeXPlaneReceived, { kind: 'DREF' }>>((p) => p.kind === 'DREF', WAIT_MS);
    expect(radio.bytes.length).toBe(509);
    expect(radio.bytes.subarray(0, 5).toString('latin1')).toBe('DREF\0');
    expect(radio.dataref).toBe('sim/cockpit2/radios/actuators/com1_standby_frequency_hz_833');
    expect(radio.value).toBe(118_525);

    app.send({ type: 'command', id: 'dto', command: { type: 'directTo', waypointId: 'OSI', lat: 37.39, lon: -122.28, index: 2 } });
    await app.next(result('dto'), WAIT_MS);
    const cmnd = await sim.waitFor<Extract<FakeXPlaneReceived, { kind: 'CMND' }>>((p) => p.kind === 'CMND', WAIT_MS);
    expect(cmnd.bytes.toString('latin1')).toBe('CMND\0sim/FMS/direct\0');
    expect(sim.received.find((p) => p.kind === 'DREF' && p.dataref === 'sim/cockpit/gps/destination_index')).toMatchObject({ value: 2 });

    app.send({ type: 'command', id: 'fd', command: { type: 'flightDirector', mode: 1 } });
    await app.next(result('fd'), WAIT_MS);
    await sim.waitFor((p) => p.kind === 'DREF' && p.dataref === 'sim/cockpit2/autopilot/flight_director_mode' && p.value === 1, WAIT_MS);

    // Autopilot over UDP: a mode is a CMND, a dial setting a DREF (509 bytes: name padded, float value).
    app.send({ type: 'command', id: 'ap', command: { type: 'autopilot', command: 'altitude' } });
    expect(await app.next<SimCommandResultMessage>(result('ap'), WAIT_MS)).toMatchObject({ ok: true });
    const apMode = await sim.waitFor<Extract<FakeXPlaneReceived, { kind: 'CMND' }>>((p) => p.kind === 'CMND' && p.command === 'sim/autopilot/altitude_hold', WAIT_MS);
    expect(apMode.bytes.toString('latin1')).toBe('CMND\0sim/autopilot/altitude_hold\0');
    app.send({ type: 'command', id: 'apAlt', command: { type: 'autopilot', command: 'setAltitude', value: 6500 } });
    expect(await app.next<SimCommandResultMessage>(result('apAlt'), WAIT_MS)).toMatchObject({ ok: true });
    const apAlt = await sim.waitFor<Extract<FakeXPlaneReceived, { kind: 'DREF' }>>((p) => p.kind === 'DREF' && p.dataref === 'sim/cockpit2/autopilot/altitude_dial_ft', WAIT_MS);
    expect(apAlt.bytes.length).toBe(509);
    expect(apAlt.bytes.readFloatLE(5)).toBe(6500);
    expect(apAlt.bytes.subarray(9, 9 + 'sim/cockpit2/autopilot/altitude_dial_ft'.length).toString('latin1')).toBe('sim/cockpit2/autopilot/altitude_dial_ft');
    // A dial setting without its value is refused, and nothing is sent.
    const before = sim.received.length;
    app.send({ type: 'command', id: 'apBad', command: { type: 'autopilot', command: 'setHeading' } });
    expect(await app.next<SimCommandResultMessage>(result('apBad'), WAIT_MS)).toMatchObject({ ok: false, message: 'autopilot setHeading needs a value' });
    expect(sim.received.length).toBe(before);

    const waypoints = [
      { id: 'KHWD', type: 'AIRPORT' as const, altitude: 52, lat: 37.6589, lon: -122.1218 },
      { id: 'OSI', type: 'VOR' as const, altitude: 4500, lat: 37.3925, lon: -122.2813 },
      { id: 'KSNS', type: 'AIRPORT' as const, altitude: 85, lat: 36.6628, lon: -121.6064 },
    ];
    app.send({ type: 'command', id: 'plan', command: { type: 'flightPlan', waypoints, name: 'KHWD-KSNS' } });
    const plan = await app.next<SimCommandResultMessage>(result('plan'), WAIT_MS);
    expect(plan.ok).toBe(true);
    const written = await readFile(join(fmsDir, 'KHWD-KSNS.fms'), 'utf8');
    expect(written).toBe(plan.fms);
    expect(written.split('\n').slice(0, 7)).toEqual(['I', '1100 Version', 'CYCLE 2502', 'ADEP KHWD', 'ADES KSNS', 'NUMENR 3', '1 KHWD ADEP 52.000000 37.658900 -122.121800']);
    const download = await fetch(`${again.origin}/sim/flightplan.fms`, { headers: { cookie: again.cookie } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="Clearway.fms"');
    expect(await download.text()).toBe(written);
  });

  it('counts and drops X-Plane packets of the wrong size or an unknown kind', async () => {
    const { server, sim, socket: app } = await setUp((fake) => ({ hosts: [{ address: '127.0.0.1', port: fake.port }] }));
    const linkPort = server.ports.data!;
    await sim.sendRaw(Buffer.from('RREF,\x01\x00\x00'), linkPort);
    await sim.sendRaw(Buffer.from('DATA*0123456789'), linkPort);
    app.send({ type: 'discover' });
    const status = await app.next<SimStatusMessage>(isStatus((s) => s.counts.bad >= 2), WAIT_MS);
    expect(status).toMatchObject({ connected: false, counts: { datagrams: 2, bad: 2, values: 0 } });
  });
  it('uses X-Plane 12.1.1+\'s web API when present: subscribes there, takes its values and sends commands through it', async () => {
    const web = await FakeXPlaneWebApi.start();
    closers.push(() => web.close());
    const { socket: app } = await setUp((fake) => ({ hosts: [{ address: '127.0.0.1', port: fake.port }], webApiPort: web.port }));
    app.send({ type: 'subscribe' });
    const subscription = await web.waitFor((m) => m.type === 'dataref_subscribe_values', WAIT_MS);
    const subscribed = (subscription.params as { datarefs: Array<{ id: number; index?: number }> }).datarefs;
    expect(subscribed).toContainEqual({ id: web.idOf('sim/flightmodel/position/elevation') });
    expect(subscribed).toContainEqual({ id: web.idOf('sim/cockpit2/engine/indicators/CHT_deg_C'), index: 2 });
    web.push({ 'sim/flightmodel/position/elevation': 3048, 'sim/cockpit2/engine/indicators/CHT_deg_C': [180, 181, 182, 183], 'sim/time/paused': 0 });
    const status = await app.next<SimStatusMessage>(isStatus((s) => s.connected), WAIT_MS);
    expect(status.dataSource).toBe('webapi');
    const data = await app.next<SimFlightDataMessage>(isData((d) => d.data.altitude > 0), WAIT_MS);
    expect(data.data.altitude).toBeCloseTo(10_000, 6);
    expect(data.data.cht).toEqual([180, 181, 182, 183]);
    app.send({ type: 'command', id: 'nav', command: { type: 'setRadio', radio: 'nav1', value: 110.3 } });
    await app.next(result('nav'), WAIT_MS);
    const set = await web.waitFor((m) => m.type === 'dataref_set_values', WAIT_MS);
    expect(set.params).toEqual({ datarefs: [{ id: web.idOf('sim/cockpit2/radios/actuators/nav1_frequency_hz'), value: 11030 }] });
    app.send({ type: 'command', id: 'ap', command: { type: 'autopilot', command: 'toggle' } });
    await app.next(result('ap'), WAIT_MS);
    const run = await web.waitFor((m) => m.type === 'command_set_is_active', WAIT_MS);
    expect(run.params).toEqual({ commands: [{ id: web.idOf('sim/autopilot/servos_toggle'), is_active: true, duration: 0 }] });
  });
});
