// Stratux's own websocket streams as the bridge's second input (DEVICES_STRATUX_URL): a fake Stratux
// (a real websocket server on 127.0.0.1 with /traffic and /situation) and the real server and
// devices socket. Targets with a position, a Mode S target as a distance estimate, the situation's
// GPS fix as ownship, the receiver detected as Stratux; bad JSON dropped, the stream reconnected.
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import type { DevicesOwnshipMessage, DevicesStatusMessage, DevicesTrafficMessage } from '@clearway/protocol';
import { openDevicesSocket, startDevicesServer, type DevicesTestServer } from '../testing/devicesApp.js';
import { stratuxOwnship, stratuxStreamUrls, stratuxTarget } from './stratux.js';

const WAIT_MS = 5000;
/** A Stratux /traffic message (Stratux's TrafficInfo JSON, trimmed of the fields not read). */
const adsbTarget = {
  Icao_addr: 11160165, Reg: 'N762QS', Tail: 'N762QS', Emitter_category: 1, OnGround: false, Addr_type: 0, TargetType: 1, Squawk: 0,
  Position_valid: true, Lat: 37.5, Lng: -122.2, Alt: 5500, Track: 270, Speed: 140, Speed_valid: true, Vvel: -500, PriorityStatus: 0,
  BearingDist_valid: true, Bearing: 10, Distance: 9000, DistanceEstimated: 0,
};
/** A Mode S target: no position (Lat/Lng 0), a distance estimated from its signal, metres. */
const modeS = {
  Icao_addr: 0xabc123, Reg: '', Tail: '', Emitter_category: 0, OnGround: false, Addr_type: 0, TargetType: 0, Squawk: 1200,
  Position_valid: false, Lat: 0, Lng: 0, Alt: 4700, Track: 0, Speed: 0, Speed_valid: false, Vvel: 0, PriorityStatus: 0,
  BearingDist_valid: true, Bearing: 92.8, Distance: 9.6e6, DistanceEstimated: 5556,
};
const situation = {
  GPSLatitude: 37.6, GPSLongitude: -122.1, GPSFixQuality: 1, GPSAltitudeMSL: 4620, GPSTrueCourse: 180, GPSGroundSpeed: 110, GPSVerticalSpeed: 5,
  GPSNACp: 10, BaroPressureAltitude: 4500, BaroSourceType: 1,
};

describe('Stratux JSON', () => {
  it('reads a target, a Mode S target (distance estimate, no position) and the situation', () => {
    expect(stratuxTarget(adsbTarget)).toEqual({
      address: 'AA4A65', addressType: 'adsbIcao', callsign: 'N762QS', lat: 37.5, lon: -122.2, altFt: 5500, trackDeg: 270, speedKt: 140,
      verticalSpeedFpm: -500, emitter: 1, emergency: 0, onGround: false, alert: false, distanceNm: null,
    });
    const ring = stratuxTarget(modeS)!;
    expect(ring).toMatchObject({ address: 'ABC123', callsign: null, lat: null, lon: null, altFt: 4700, trackDeg: null, speedKt: null });
    expect(ring.distanceNm).toBeCloseTo(3, 6);
    expect(stratuxTarget({ Reg: 'N1' })).toBeNull();
    expect(stratuxTarget('x')).toBeNull();
    expect(stratuxOwnship(situation)).toMatchObject({ lat: 37.6, lon: -122.1, altPressureFt: 4500, altGeoFt: 4620, geoAltitudeDatum: 'msl', trackDeg: 180, groundSpeedKt: 110, verticalSpeedFpm: 300, nacp: 10, airborne: true });
    // No fix; no baro sensor (99999).
    expect(stratuxOwnship({ ...situation, GPSFixQuality: 0 })).toBeNull();
    expect(stratuxOwnship({ ...situation, BaroPressureAltitude: 99999, BaroSourceType: 0 })!.altPressureFt).toBeNull();
    expect(stratuxStreamUrls('ws://192.168.10.1/traffic')).toEqual({ traffic: 'ws://192.168.10.1/traffic', situation: 'ws://192.168.10.1/situation' });
  });
});

describe('Stratux websocket input', () => {
  let server: DevicesTestServer | undefined;
  let stratux: WebSocketServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
    await new Promise<void>((resolve) => (stratux ? stratux.close(() => resolve()) : resolve()));
    stratux = undefined;
  });

  it('brings Stratux traffic (a Mode S target as a distance) and its GPS ownship to the app; bad JSON dropped; reconnects', async () => {
    const streams = new Map<string, WebSocket[]>();
    stratux = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    stratux.on('connection', (socket, request) => streams.set(request.url!, [...(streams.get(request.url!) ?? []), socket]));
    await new Promise<void>((resolve) => stratux!.once('listening', () => resolve()));
    const url = `ws://127.0.0.1:${(stratux.address() as AddressInfo).port}`;
    server = await startDevicesServer({ stratuxUrl: url, stratuxRetryMs: { first: 50, max: 200 } });
    const app = await openDevicesSocket(server.origin, server.cookie);
    const connected = async (path: string, count: number) => {
      for (let i = 0; i < 100 && (streams.get(path)?.length ?? 0) < count; i++) await new Promise((resolve) => setTimeout(resolve, 50));
      return streams.get(path)!.at(-1)!;
    };
    const traffic = await connected('/traffic', 1);
    const situationSocket = await connected('/situation', 1);

    situationSocket.send(JSON.stringify(situation));
    const own = await app.next<DevicesOwnshipMessage>((m) => m.type === 'ownship', WAIT_MS);
    expect(own).toMatchObject({ lat: 37.6, lon: -122.1, altPressureFt: 4500, altGeoFt: 4620, geoAltitudeDatum: 'msl', groundSpeedKt: 110 });
    // The statuses went out before it: the receiver detected at its first message, heartbeat and GPS on.
    const detected = app.messages.find((m): m is DevicesStatusMessage => m.type === 'status' && m.receiver !== null && m.heartbeat && m.gps);
    expect(detected?.receiver).toMatchObject({ kind: 'stratux', from: `stratux 127.0.0.1:${(stratux.address() as AddressInfo).port}` });

    traffic.send(JSON.stringify(adsbTarget));
    traffic.send(JSON.stringify(modeS));
    traffic.send('{not json');
    const seen = new Map<string, DevicesTrafficMessage['targets'][number]>();
    while (seen.size < 2) for (const t of (await app.next<DevicesTrafficMessage>((m) => m.type === 'traffic', WAIT_MS)).targets) seen.set(t.address, t);
    expect(seen.get('AA4A65')).toMatchObject({ lat: 37.5, lon: -122.2, altFt: 5500, callsign: 'N762QS' });
    expect(seen.get('ABC123')).toMatchObject({ lat: null, lon: null, altFt: 4700 });
    expect(seen.get('ABC123')!.distanceNm).toBeCloseTo(3, 6);
    expect(app.messages.some((m) => m.type === 'status' && m.traffic)).toBe(true);

    // The stream dropped by Stratux: the bridge opens it again and takes what comes.
    traffic.terminate();
    const again = await connected('/traffic', 2);
    again.send(JSON.stringify({ ...adsbTarget, Icao_addr: 0xa00001, Tail: 'N1CW' }));
    const back = await app.next<DevicesTrafficMessage>((m) => m.type === 'traffic' && m.targets.some((t) => t.address === 'A00001'), WAIT_MS);
    expect(back.targets.find((t) => t.address === 'A00001')!.callsign).toBe('N1CW');
    await app.close();
  });
});
