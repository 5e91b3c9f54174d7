// The ADS-B worker's core and facade: the devices socket's JSON and raw GDL90 in, ownship, traffic and
// the receiver chips out, against a fake clock (spec time-outs: ADS-B GPS 6 s, heartbeat and traffic 10 s,
// a target ages out after 10 s).
import { encodeFrame, encodeHeartbeat, encodeOwnship, encodeTraffic, type TargetInput } from '@clearway/gdl90';
import type { DeviceTrafficTarget, DevicesMessage } from '@clearway/protocol';
import { describe, expect, it, vi } from 'vitest';
import { AdsbCore, type AdsbOutput } from './adsbCore';
import { ADSB_NOT_INITIALIZED_MESSAGE, AdsbWorkerFacade } from './adsbFacade';
import { createDirectAdsbEndpoint } from './directEndpoint';

class FakeClock {
  t = 1_700_000_000_000;
  now = (): number => this.t;
}

const T0 = 1_700_000_000_000;
const status = (over: Partial<Extract<DevicesMessage, { type: 'status' }>> = {}): DevicesMessage => ({
  type: 'status', time: T0, listening: true, port: 4000, heartbeat: true, traffic: true, gps: true, lastMessageAt: T0,
  receiver: { kind: 'foreflight', name: 'CWFlyer', longName: 'Clearway flyer', firmware: null, from: '127.0.0.1:5000', geoAltitudeDatum: 'msl', detectedAt: T0 },
  counts: { datagrams: 1, bytes: 1, messages: 1, badCrc: 0, truncated: 0, unknown: 0, badLength: 0, refused: 0, fisb: {} },
  ...over,
});
const ownship: DevicesMessage = {
  type: 'ownship', time: T0, address: 'C1EA00', callsign: 'CLEARWAY', lat: 34, lon: -118.4, altPressureFt: 4500, altGeoFt: 4600,
  geoAltitudeDatum: 'msl', trackDeg: 0, groundSpeedKt: 240, verticalSpeedFpm: 0, nic: 9, nacp: 10, airborne: true,
};
const target = (over: Partial<DeviceTrafficTarget>): DeviceTrafficTarget => ({
  address: 'A10000', addressType: 'adsbIcao', callsign: 'CW001', lat: 34.02, lon: -118.4, altFt: 5000, trackDeg: 90, speedKt: 100,
  verticalSpeedFpm: 0, emitter: 1, emergency: 0, onGround: false, alert: false, time: T0, ...over,
});

function core() {
  const clock = new FakeClock();
  const out: AdsbOutput[] = [];
  const c = new AdsbCore({ clock, emit: (o) => out.push(o) });
  const send = (m: DevicesMessage) => c.handle({ kind: 'devices', text: JSON.stringify(m) });
  const last = <K extends AdsbOutput['kind']>(kind: K) => out.filter((o): o is Extract<AdsbOutput, { kind: K }> => o.kind === kind).at(-1);
  return { clock, out, c, send, last };
}

describe('ADS-B core', () => {
  it('turns the bridge messages into an ownship fix, tagged traffic and chips; lost at the spec time-outs, keeping the last state', () => {
    const { clock, c, send, last } = core();
    send(status());
    send(ownship);
    expect(last('ownship')).toEqual({ kind: 'ownship', pressureAltitudeFt: 4500, fix: { latitude: 34, longitude: -118.4, accuracy: null, altitude: 4600, heading: 0, speed: 240, timestamp: T0, source: 'adsb' } });
    c.handle({ kind: 'ownship', own: { latitude: 34, longitude: -118.4, trackDeg: 0, pressureAltitudeFt: 4500 } });
    send({ type: 'traffic', time: T0, targets: [target({}), target({ address: 'A10001', callsign: null, altFt: 3300, verticalSpeedFpm: -640 }), target({ address: 'A10002', lat: null, lon: null })] });
    clock.t += 300; // traffic views at most every 250 ms
    c.handle({ kind: 'tick' });
    const targets = last('traffic')!.targets;
    expect(targets.map((t) => [t.hex, t.label, t.altitudeTag, t.trend])).toEqual([
      ['A10000', 'CW001', '+05', 'level'],
      ['A10001', 'A10001', '-12', 'descending'],
    ]); // A10002 has no position and no distance estimate: left out
    expect(last('receiver')!.chips).toEqual({ heartbeat: 'on', traffic: 'on', adsbGps: 'on', name: 'Clearway flyer' });

    clock.t = T0 + 5_999;
    c.handle({ kind: 'tick' });
    expect(last('receiver')!.chips.adsbGps).toBe('on');
    clock.t = T0 + 6_000; // 6 s after the last ownship (the status' GPS bit came with it)
    c.handle({ kind: 'tick' });
    expect(last('receiver')!.chips).toMatchObject({ adsbGps: 'lost', heartbeat: 'on', traffic: 'on' });
    clock.t = T0 + 9_999;
    c.handle({ kind: 'tick' });
    expect(last('receiver')!.chips.heartbeat).toBe('on');
    clock.t = T0 + 10_000;
    c.handle({ kind: 'tick' });
    expect(last('receiver')!.chips).toMatchObject({ adsbGps: 'lost', heartbeat: 'lost', traffic: 'lost' });
    expect(last('traffic')!.targets).toHaveLength(2);
    clock.t = T0 + 10_250; // aged out after 10 s, sent with the next view (at most every 250 ms)
    c.handle({ kind: 'tick' });
    expect(last('traffic')!.targets).toEqual([]);
  });

  it('a target without a position but with a distance estimate (Mode S, from Stratux) is a distance ring', () => {
    const { clock, c, send, last } = core();
    send(status());
    c.handle({ kind: 'ownship', own: { latitude: 34, longitude: -118.4, trackDeg: 0, pressureAltitudeFt: 4500 } });
    send({ type: 'traffic', time: T0, targets: [target({ address: 'ABC123', callsign: null, lat: null, lon: null, trackDeg: null, altFt: 4000, distanceNm: 3 }), target({ address: 'ABC124', lat: null, lon: null, distanceNm: null })] });
    clock.t += 300;
    c.handle({ kind: 'tick' });
    expect(last('traffic')!.targets).toMatchObject([{ hex: 'ABC123', lat: null, lon: null, ringNm: 3, distanceNm: 3, altitudeTag: '-05' }]);
  });

  it('a bridge status saying the heartbeat stopped turns it lost at once; bad JSON is reported and changes nothing', () => {
    const { send, c, last, out } = core();
    send(status());
    expect(last('receiver')!.chips.heartbeat).toBe('on');
    c.handle({ kind: 'devices', text: '{not json' });
    expect(last('bad')!.reason).toMatch(/^devices socket: a message that is not JSON/);
    expect(last('receiver')!.chips.heartbeat).toBe('on');
    send(status({ heartbeat: false, traffic: false, gps: false }));
    expect(last('receiver')!.chips).toMatchObject({ heartbeat: 'lost', traffic: 'off', adsbGps: 'lost' });
    expect(out.filter((o) => o.kind === 'ownship')).toEqual([]);
  });

  it('decodes raw GDL90: heartbeat, ownship and traffic frames', () => {
    const { clock, c, last } = core();
    const t: TargetInput = { trafficAlert: false, addressTypeCode: 0, address: 0xabc123, latitude: 34, longitude: -118.4, pressureAltitudeFt: 4500, airborne: true, extrapolated: false, trackDeg: 90, nic: 8, nacp: 9, horizontalVelocityKt: 120, verticalVelocityFpm: 0, emitterCategory: 1, callsign: 'N1', emergencyCode: 0 };
    const heartbeat = encodeHeartbeat({ gpsPositionValid: true, maintenanceRequired: false, ident: false, addressTypeTalkback: false, gpsBatteryLow: false, ratcs: false, uatInitialized: true, csaRequested: false, csaNotAvailable: false, utcOk: true, timestampSeconds: 100, uplinkCount: 0, basicLongCount: 0 });
    const bytes = new Uint8Array([...encodeFrame(heartbeat), ...encodeFrame(encodeOwnship(t)), ...encodeFrame(encodeTraffic({ ...t, address: 0xa1, latitude: 34.01, pressureAltitudeFt: 5500, emergencyCode: 1 })), 0x7e, 1, 2, 3, 0x7e]);
    c.handle({ kind: 'gdl90', bytes });
    expect(last('ownship')!.fix).toMatchObject({ latitude: expect.closeTo(34, 4), longitude: expect.closeTo(-118.4, 4), heading: expect.closeTo(90, 0), speed: 120, timestamp: clock.t, source: 'adsb' });
    expect(last('receiver')!.chips).toMatchObject({ heartbeat: 'on', traffic: 'on', adsbGps: 'on' });
    c.handle({ kind: 'ownship', own: { latitude: 34, longitude: -118.4, trackDeg: 90, pressureAltitudeFt: 4500 } });
    clock.t += 300;
    c.handle({ kind: 'tick' });
    expect(last('traffic')!.targets).toMatchObject([{ hex: '0000A1', altitudeTag: '+10', emergency: true, proximity: 'amber' }]);
    expect(c.gdl90Stats.badCrc + c.gdl90Stats.truncated).toBeGreaterThan(0);
  });
});

describe('ADS-B worker facade', () => {
  it("throws the spec's text before init(), creates the worker only on init, and relays its output", async () => {
    const create = vi.fn(() => createDirectAdsbEndpoint(0));
    const facade = new AdsbWorkerFacade(create);
    expect(() => facade.post({ kind: 'tick' })).toThrow(new Error(ADSB_NOT_INITIALIZED_MESSAGE));
    expect(() => facade.subscribe(() => undefined)).toThrow('ADSBWorkerFacade not initialized. Call init() first.');
    expect(create).not.toHaveBeenCalled();
    facade.init();
    facade.init();
    expect(create).toHaveBeenCalledTimes(1);
    const out: AdsbOutput[] = [];
    facade.subscribe((o) => out.push(o));
    facade.post({ kind: 'devices', text: JSON.stringify(ownship) });
    await Promise.resolve();
    expect(facade.ready).toBe(true);
    expect(out.map((o) => o.kind)).toEqual(expect.arrayContaining(['ownship', 'ready']));
    facade.terminate();
    expect(() => facade.post({ kind: 'tick' })).toThrow(ADSB_NOT_INITIALIZED_MESSAGE);
  });
});
