// Benchmark: GDL90 decoding of a mixed receiver stream (target at least 200,000 messages/s), against
// two baselines measured in the same run over the same bytes: the ICD's table CRC alone over every
// frame, and deframing alone (flags, escapes, CRC check, no message decoding). Also FIS-B product
// decoding of the shared uplink capture (../shared/data/gdl90/captures, when present).
// Run: npm run bench:gdl90 (builds packages/gdl90 first).
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../lib/ensure.mjs';

const g = await import(join(repoRoot, 'packages', 'gdl90', 'dist', 'index.js'));
const capture = join(repoRoot, '..', 'shared', 'data', 'gdl90', 'captures', 'fisb-decode-tg30', 'tg30.978');

/**
 * Runs the cases in rotation (so a change of load on the shared cores hits them alike) and prints
 * each one's median and p95; returns the medians.
 */
function measureTogether(runs, cases) {
  for (let i = 0; i < 3; i++) for (const c of cases) c.fn();
  const times = cases.map(() => []);
  for (let i = 0; i < runs; i++) {
    cases.forEach((c, k) => {
      const t = performance.now();
      c.fn();
      times[k].push(performance.now() - t);
    });
  }
  return cases.map((c, k) => {
    const sorted = times[k].sort((a, b) => a - b);
    const median = sorted[Math.floor(runs / 2)];
    console.log(`${c.label.padEnd(60)} median ${median.toFixed(2)} ms  p95 ${sorted[Math.floor(runs * 0.95)].toFixed(2)} ms`);
    return median;
  });
}
const measure = (label, runs, fn) => measureTogether(runs, [{ label, fn }])[0];

// Two shared cores: absolute times move with the load, so it is printed with the figures.
console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);

// One second of a busy receiver, repeated: heartbeat, Stratux heartbeat, ForeFlight ID, ownship,
// ownship geometric altitude, 5 AHRS reports, 40 traffic reports, and one FIS-B uplink every other
// second (uplinks are 436-byte messages: they dominate the bytes).
const uplinkPayloads = existsSync(capture)
  ? readFileSync(capture, 'utf8').split('\n').map(g.parseDump978Line).filter((p) => p?.uplink).map((p) => p.bytes)
  : [new Uint8Array(432)];
const target = (i, s) => ({
  trafficAlert: false,
  addressTypeCode: 0,
  address: 0xa00000 + i,
  latitude: 37.5 + i * 0.01 + s * 1e-4,
  longitude: -122.2 - i * 0.01,
  pressureAltitudeFt: 1000 + i * 250,
  airborne: true,
  extrapolated: false,
  trackDeg: (i * 37) % 360,
  nic: 9,
  nacp: 9,
  horizontalVelocityKt: 90 + i,
  verticalVelocityFpm: ((i % 5) - 2) * 320,
  emitterCategory: 1,
  callsign: `N${100 + i}CW`,
  emergencyCode: 0,
});
const datagrams = [];
let messageCount = 0;
for (let s = 0; s < 600; s++) {
  const seconds = [
    g.encodeHeartbeat({ gpsPositionValid: true, maintenanceRequired: false, ident: false, addressTypeTalkback: false, gpsBatteryLow: false, ratcs: false, uatInitialized: true, csaRequested: false, csaNotAvailable: false, utcOk: true, timestampSeconds: 40000 + s, uplinkCount: 1, basicLongCount: 40 }),
    g.encodeStratuxHeartbeat({ protocolVersion: 1, gpsValid: true, ahrsValid: true }),
    g.encodeForeFlightId({ serialNumber: null, deviceName: 'Clearway', deviceLongName: 'Clearway bench', geometricAltitudeDatum: 'msl' }),
    g.encodeOwnship(target(0, s)),
    g.encodeOwnshipGeoAltitude({ altitudeFt: 4500, verticalWarning: false, vfomM: 10 }),
    ...Array.from({ length: 5 }, (_, k) => g.encodeForeFlightAhrs({ rollDeg: k, pitchDeg: 2, headingDeg: 90, headingMagnetic: false, indicatedAirspeedKt: 100, trueAirspeedKt: 110 })),
    ...Array.from({ length: 40 }, (_, i) => g.encodeTraffic(target(i + 1, s))),
    ...(s % 2 === 0 ? [g.encodeUplink({ timeOfReception: 1000, payload: uplinkPayloads[(s / 2) % uplinkPayloads.length] })] : []),
  ];
  messageCount += seconds.length;
  // As Stratux sends them: one datagram per message.
  for (const m of seconds) datagrams.push(g.encodeFrame(m));
}
const totalBytes = datagrams.reduce((a, d) => a + d.length, 0);
console.log(`stream: ${messageCount} messages in ${datagrams.length} datagrams, ${(totalBytes / 1024).toFixed(0)} KiB (${datagrams.length / 600} messages a second of receiver time)`);

const [crcOnly, deframeOnly, decodeAll] = measureTogether(31, [
  {
    // Baseline 1: the ICD's table CRC over every frame (no flags, escapes or decoding).
    label: 'baseline: CRC-16 table over every datagram',
    fn: () => {
      let x = 0;
      for (const d of datagrams) x ^= g.crc16(d, 1, d.length - 1);
      return x;
    },
  },
  {
    // Baseline 2: deframing alone (flags, escapes, FCS check), messages not decoded.
    label: 'baseline: deframe only (flags, escapes, FCS check)',
    fn: () => {
      const d = g.createDeframer();
      let n = 0;
      for (const dg of datagrams) d.push(dg, () => n++);
      if (n !== messageCount) throw new Error(`deframer gave ${n} frames, expected ${messageCount}`);
    },
  },
  {
    label: 'decode: deframe + decode every message (createGdl90Decoder)',
    fn: () => {
      const d = g.createGdl90Decoder();
      let n = 0;
      for (const dg of datagrams) d.pushEach(dg, () => n++);
      if (n !== messageCount) throw new Error(`decoder gave ${n} messages, expected ${messageCount}`);
    },
  },
]);
const perSecond = (ms) => Math.round(messageCount / (ms / 1000));
console.log(`decode: ${perSecond(decodeAll).toLocaleString('en-US')} messages/s (target >= 200,000); deframe only ${perSecond(deframeOnly).toLocaleString('en-US')}/s; CRC only ${perSecond(crcOnly).toLocaleString('en-US')}/s`);
console.log(`ratios: decode / deframe only ${(decodeAll / deframeOnly).toFixed(2)}, decode / CRC only ${(decodeAll / crcOnly).toFixed(2)}`);

if (existsSync(capture)) {
  const fisb = measure(`FIS-B: ${uplinkPayloads.length} uplinks through createFisbCollector`, 10, () => {
    const c = g.createFisbCollector();
    for (const p of uplinkPayloads) c.addUplink(p);
  });
  console.log(`FIS-B: ${Math.round(uplinkPayloads.length / (fisb / 1000)).toLocaleString('en-US')} uplinks/s (a receiver near a high-power station hears about 4 a second)`);
} else {
  console.log(`FIS-B capture not found at ${capture}: FIS-B figure skipped`);
}
