// The built-in flyer as X-Plane (npm run fly -- --xplane): its beacon, RREF answers and the commands
// it hears, through the real server's X-Plane link on loopback UDP to /ws/sim.
import { afterEach, describe, expect, it } from 'vitest';
import type { SimCommandResultMessage, SimFlightDataMessage, SimStatusMessage } from '@clearway/protocol';
import { openSimSocket, startSimServer } from '../../testing/simApp.js';
import { RouteFlight } from '../flyer.js';
import { FakeXPlane, type FakeXPlaneReceived } from './fakeXPlane.js';
import { flyXPlane } from './flyXPlane.js';

const WAIT_MS = 5000;
const KHWD = { id: 'KHWD', lat: 37.6589, lon: -122.1218 };
const OSI = { id: 'OSI', lat: 37.3925, lon: -122.2813 };
const KSNS = { id: 'KSNS', lat: 36.6628, lon: -121.6064 };

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

// Independent oracle: the spherical Earth (radius 3440.065 nm), not @clearway/geo's ellipsoid.
const rad = (d: number) => (d * Math.PI) / 180;
function haversineNm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
  return 2 * 3440.065 * Math.asin(Math.sqrt(h));
}
function courseDeg(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const y = Math.sin(rad(b.lon - a.lon)) * Math.cos(rad(b.lat));
  const x = Math.cos(rad(a.lat)) * Math.sin(rad(b.lat)) - Math.sin(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.cos(rad(b.lon - a.lon));
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

describe('npm run fly -- --xplane: the flyer plays X-Plane for the simulator link', () => {
  it('is discovered by its beacon, answers the subscription with the route flown (feet, knots, on the leg) and hears the app\'s commands', async () => {
    const server = await startSimServer({ beacon: { port: 0, host: '127.0.0.1' } });
    closers.push(() => server.close());
    const xplane = await FakeXPlane.start();
    closers.push(() => xplane.close());
    const app = await openSimSocket(server.origin, server.cookie);
    closers.push(() => app.close());

    const commands: FakeXPlaneReceived[] = [];
    // 10 answers a second, 120 route seconds per real second, 7 route minutes: 14 nm, all on the first leg (16.8 nm).
    const flying = flyXPlane({
      flight: new RouteFlight([KHWD, OSI, KSNS], 120, 4500), xplane, beacon: { address: '127.0.0.1', port: server.ports.beacon! },
      rate: 10, timeScale: 120, durationSeconds: 420, onCommand: (packet) => commands.push(packet),
    });

    const found = await app.next<SimStatusMessage>((m) => m.type === 'simStatus' && m.xplaneHosts.length === 1, WAIT_MS);
    expect(found.xplaneHosts[0]).toMatchObject({ id: `127.0.0.1:${xplane.port}`, name: 'Clearway flyer', role: 1, source: 'beacon' });
    expect(found.currentXplaneHost).toBe(`127.0.0.1:${xplane.port}`);
    app.send({ type: 'subscribe' });
    await app.next((m) => m.type === 'simStatus' && m.connected && m.isSimulating, WAIT_MS);
    app.send({ type: 'command', id: 'com', command: { type: 'setRadio', radio: 'com1Standby', value: 122.8 } });
    expect(await app.next<SimCommandResultMessage>((m) => m.type === 'commandResult', WAIT_MS)).toMatchObject({ ok: true });

    const result = await flying;
    expect(result.answered).toBeGreaterThan(0);
    expect(result.beacons).toBeGreaterThanOrEqual(1);
    expect(commands.find((p) => p.kind === 'DREF')).toMatchObject({ dataref: 'sim/cockpit2/radios/actuators/com1_standby_frequency_hz_833', value: 122_800 });

    // The last answer (7 min at 120 kt: 14 nm along KHWD → OSI) reaches the app.
    const { data } = await app.next<SimFlightDataMessage>((m) => m.type === 'flightData' && haversineNm(KHWD, m.data) > 13.9, WAIT_MS);
    expect(data.altitude).toBeCloseTo(4500, 2);
    expect(data.groundSpeed).toBeCloseTo(120, 2);
    const fromStart = haversineNm(KHWD, data);
    const toOsi = haversineNm(data, OSI);
    expect(fromStart + toOsi - haversineNm(KHWD, OSI)).toBeLessThan(0.05); // on the leg
    expect(Math.abs(fromStart - 14)).toBeLessThan(0.3);
    expect(Math.abs(data.trueHeading - courseDeg(data, OSI))).toBeLessThan(0.5);
    // Magnetic: variation near Hayward in 2026 is about 12.9° E (NOAA's declination map), so about 13° less.
    expect(data.trueHeading - data.heading).toBeGreaterThan(12);
    expect(data.trueHeading - data.heading).toBeLessThan(14);
    // HSI on GPS: the distance to the point flown to.
    expect(data.hsiSource).toBe('gps');
    expect(Math.abs(data.gps.distance - toOsi)).toBeLessThan(0.05);
    expect(data.rpm).toBe(2400);
    expect(data.fuelFlow).toBeCloseTo(8.5, 3);
  });
});
