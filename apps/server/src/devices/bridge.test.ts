import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeFrame, encodeUplink, parseDump978Line } from '@clearway/gdl90';
import type { DevicesFisbMessage, DevicesMessage, DevicesOwnshipMessage, DevicesTrafficMessage } from '@clearway/protocol';
import { findRepoRoot } from '../config/index.js';
import { FakeClock } from '../testing/fakeClock.js';
import { Gdl90Bridge } from './bridge.js';
import { ownshipFrames, RouteFlight, trafficAround, trafficFrame } from './flyer.js';

const T0 = Date.UTC(2026, 10, 25, 15);
const FROM = '192.168.10.1:4000';

function bridgeOnFakeClock() {
  const clock = new FakeClock(T0);
  const out: DevicesMessage[] = [];
  const sentAt = new Map<DevicesMessage, number>();
  const bridge = new Gdl90Bridge({ clock, emit: (m) => {
    out.push(m);
    sentAt.set(m, clock.now());
  } });
  bridge.start();
  return { clock, out, bridge, sentAt, of: <T extends DevicesMessage>(type: T['type']) => out.filter((m): m is T => m.type === type) };
}

describe('Gdl90Bridge throttling (fake clock)', () => {
  it('sends at most 10 ownship messages in any second, at least 50 ms apart, the newest winning', async () => {
    const { clock, bridge, of, sentAt } = bridgeOnFakeClock();
    const flight = new RouteFlight([{ id: 'A', lat: 37.6589, lon: -122.1218 }, { id: 'B', lat: 36.6628, lon: -121.6064 }], 120, 4500);
    // 40 reports a second for 2 s.
    for (let i = 0; i < 80; i++) {
      bridge.handleDatagram(ownshipFrames(flight.at(i / 40))[0]!, FROM);
      await clock.advance(25);
    }
    await clock.advance(200);
    const owns = of<DevicesOwnshipMessage>('ownship');
    const times = owns.map((m) => sentAt.get(m)!);
    // On the bridge's clock (each message's own time is its report's reception): 10 in each second, 50 ms apart at least.
    expect(owns.length).toBe(21);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(50);
    for (let i = 10; i < times.length; i++) expect(times[i]! - times[i - 10]!).toBeGreaterThanOrEqual(1000);
    // 10 reports a second, each 100 ms apart, all go out at once.
    const steady = bridgeOnFakeClock();
    for (let i = 0; i < 30; i++) {
      steady.bridge.handleDatagram(ownshipFrames(flight.at(i / 10))[0]!, FROM);
      expect(steady.of('ownship')).toHaveLength(i + 1);
      await steady.clock.advance(i % 2 === 0 ? 70 : 130); // jitter: pairs 70 ms apart
    }
    steady.bridge.stop();
    // The last one out is the last one in.
    expect(owns.at(-1)!.lat).toBeCloseTo(flight.at(79 / 40).lat, 4);
  });

  it('batches traffic: every report of 100 ms in one message, the latest report of each target', async () => {
    const { clock, bridge, of } = bridgeOnFakeClock();
    const own = { lat: 37.5, lon: -122, altitudeFt: 3000 };
    for (const seconds of [0, 0.5]) for (const target of trafficAround(own, 50, seconds)) bridge.handleDatagram(trafficFrame(target), FROM);
    expect(of('traffic')).toHaveLength(0);
    await clock.advance(100);
    const batches = of<DevicesTrafficMessage>('traffic');
    expect(batches).toHaveLength(1);
    expect(batches[0]!.targets).toHaveLength(50);
    expect(batches[0]!.targets[0]!.lat).toBeCloseTo(trafficAround(own, 1, 0.5)[0]!.latitude!, 4);
    bridge.stop();
  });
});

describe('Gdl90Bridge FIS-B', () => {
  it('forwards the text products of the shared capture\'s uplinks with source ADS-B, counted by type', () => {
    const file = join(findRepoRoot(), '..', 'shared', 'data', 'gdl90', 'captures', 'fisb-decode-tg30', 'tg30.978');
    if (!existsSync(file)) throw new Error(`FIS-B capture expected at ${file} (the shared data folder beside the repository)`);
    const { bridge, of } = bridgeOnFakeClock();
    let uplinks = 0;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const parsed = parseDump978Line(line);
      if (parsed === null || !parsed.uplink) continue;
      uplinks++;
      bridge.handleDatagram(encodeFrame(encodeUplink({ timeOfReception: null, payload: parsed.bytes })), FROM);
    }
    bridge.stop();
    expect(uplinks).toBe(963);
    const products = of<DevicesFisbMessage>('fisb').flatMap((m) => {
      expect(m.source).toBe('ADS-B');
      return m.products;
    });
    const byKind: Record<string, number> = {};
    for (const p of products) byKind[p.kind] = (byKind[p.kind] ?? 0) + 1;
    // The counts packages/gdl90 pins for this capture (its README), through the bridge.
    expect(byKind).toMatchObject({ METAR: 873, SPECI: 40, TAF: 90, 'TAF.AMD': 31, WINDS: 216, PIREP: 4, NOTAM: 217, AIRMET: 122, SIGMET: 11, SUA: 35 });
    expect(bridge.status().counts.fisb).toEqual(byKind);
    expect(bridge.status().counts).toMatchObject({ datagrams: 963, messages: 963, badCrc: 0, truncated: 0 });
    const metar = products.find((p) => p.kind === 'METAR')!;
    expect(metar.station.lat).toBeCloseTo(40.04, 1);
    expect(metar.station.lon).toBeCloseTo(-86.26, 1);
    expect(metar.text).toMatch(/^METAR /);
  });
});
