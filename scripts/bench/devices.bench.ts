// npm run bench:devices: the server's devices bridge on loopback, as in the cockpit: a receiver
// sends 10 ownship reports a second and 50 traffic targets once a second each (spread over the
// second), and a signed-in app listens on /ws/devices. Measures UDP datagram sent -> websocket
// message received, per message, for SECONDS seconds; prints p50/p95/max and the ratio of the
// ownship p95 to the 100 ms target (which also includes drawing, measured in the app).
import { encodeFrame, encodeOwnship, encodeTraffic, type TargetInput } from '@clearway/gdl90';
import { it } from 'vitest';
import type { DevicesOwnshipMessage, DevicesTrafficMessage } from '@clearway/protocol';
import { openDevicesSocket, startDevicesServer, udpSender } from '../../apps/server/src/testing/devicesApp.js';

const SECONDS = Number(process.env.DEVICES_BENCH_SECONDS ?? 20);
const TARGETS = 50;
const RATE = 10;

function report(address: number, lat: number, callsign: string): TargetInput {
  return { trafficAlert: false, addressTypeCode: 0, addressType: 'adsbIcao', address, latitude: lat, longitude: -122, pressureAltitudeFt: 4500, airborne: true, extrapolated: false, trackDeg: 90, nic: 9, nacp: 10, horizontalVelocityKt: 120, verticalVelocityFpm: 0, emitterCategory: 1, callsign, emergencyCode: 0 };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const line = (name: string, values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${name}: ${values.length} messages, p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms`;
};

it(`UDP -> /ws/devices latency at ${RATE} ownship reports/s with ${TARGETS} traffic targets`, async () => {
  const server = await startDevicesServer();
  // Report keys (rounded latitude) -> performance.now() at sending; filled before the datagram leaves.
  const ownSent = new Map<string, number>();
  const trafficSent = new Map<string, number>();
  const own: number[] = [];
  const traffic: number[] = [];
  const key = (lat: number) => lat.toFixed(3);
  const socket = await openDevicesSocket(server.origin, server.cookie, {
    onMessage: (message, at) => {
      if (message.type === 'ownship') {
        const sent = ownSent.get(key((message as DevicesOwnshipMessage).lat));
        if (sent !== undefined) own.push(at - sent);
      } else if (message.type === 'traffic') {
        for (const target of (message as DevicesTrafficMessage).targets) {
          const sent = trafficSent.get(`${target.address}:${key(target.lat!)}`);
          if (sent !== undefined) traffic.push(at - sent);
        }
      }
    },
  });
  const first = await socket.next((m) => m.type === 'status', 5000);
  const port = (first as { port: number }).port;
  const udp = await udpSender();
  const start = performance.now();
  const slots = RATE * SECONDS;
  const perSlot = TARGETS / RATE;
  for (let slot = 0; slot < slots; slot++) {
    const due = start + slot * (1000 / RATE);
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    // Each report a latitude of its own (0.001 degree steps, far above GDL90's 0.00002).
    const ownLat = 30 + slot * 0.001;
    ownSent.set(key(ownLat), performance.now());
    await udp.send(encodeFrame(encodeOwnship(report(0xc1ea00, ownLat, 'CLEARWAY'))), port);
    for (let k = 0; k < perSlot; k++) {
      const index = (slot % RATE) * perSlot + k;
      const lat = 40 + Math.floor(slot / RATE) * 0.001;
      const address = 0xa10000 + index;
      trafficSent.set(`${address.toString(16).toUpperCase()}:${key(lat)}`, performance.now());
      await udp.send(encodeFrame(encodeTraffic(report(address, lat, `CW${index}`))), port);
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  await socket.close();
  await udp.close();
  await server.close();
  const ownSorted = [...own].sort((a, b) => a - b);
  console.log(`devices bridge, ${SECONDS} s on loopback (load average ${(await import('node:os')).loadavg()[0]!.toFixed(1)}):`);
  console.log(line('  ownship', own));
  console.log(line('  traffic', traffic));
  console.log(`  ownship messages received / sent: ${own.length} / ${slots}; traffic target updates received / sent: ${traffic.length} / ${slots * perSlot}`);
  console.log(`  ratio ownship p95 / 100 ms target: ${(percentile(ownSorted, 95) / 100).toFixed(3)}`);
});
