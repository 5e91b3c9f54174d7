// The in-flight logic fed with real decoded GDL90 (the decoder's own encoder builds the frames):
// decoded messages go in as they are, so a change of shape in @clearway/gdl90 breaks the type check here.
import { concatFrames, createGdl90Decoder, encodeForeFlightId, encodeFrame, encodeHeartbeat, encodeOwnship, encodeTraffic, type Gdl90Message, type TargetInput } from '@clearway/gdl90';
import { describe, expect, it } from 'vitest';
import { ReceiverStatus } from './receiver.js';
import { geometricAltitudeDatum, TrafficTable } from './traffic.js';

class FakeClock {
  t = 1_700_000_000_000;
  now = (): number => this.t;
}

const target = (over: Partial<TargetInput>): TargetInput => ({
  trafficAlert: false,
  addressTypeCode: 0,
  address: 0xa00001,
  latitude: 37.62,
  longitude: -122.1,
  pressureAltitudeFt: 6000,
  airborne: true,
  extrapolated: false,
  trackDeg: 90,
  nic: 8,
  nacp: 9,
  horizontalVelocityKt: 110,
  verticalVelocityFpm: 640,
  emitterCategory: 1,
  callsign: 'N12345',
  emergencyCode: 0,
  ...over,
});

function decodeAll(frames: Uint8Array[]): Gdl90Message[] {
  const decoder = createGdl90Decoder();
  return decoder.push(concatFrames(frames));
}

describe('decoded GDL90 into the traffic table and receiver status', () => {
  it('a traffic report becomes a tagged target; the ownship report feeds the ADS-B GPS', () => {
    const clock = new FakeClock();
    const table = new TrafficTable({ clock });
    const status = new ReceiverStatus({ clock });
    const messages = decodeAll([
      encodeFrame(
        encodeHeartbeat({
          gpsPositionValid: true,
          maintenanceRequired: false,
          ident: false,
          addressTypeTalkback: false,
          gpsBatteryLow: false,
          ratcs: false,
          uatInitialized: true,
          csaRequested: false,
          csaNotAvailable: false,
          utcOk: true,
          timestampSeconds: 3600,
          uplinkCount: 0,
          basicLongCount: 0,
        }),
      ),
      encodeFrame(encodeOwnship(target({ address: 0xc0ffee, latitude: 37.6, longitude: -122.1, pressureAltitudeFt: 5500, callsign: 'N999' }))),
      encodeFrame(encodeTraffic(target({}))),
    ]);
    expect(messages.map((m) => m.type)).toEqual(['heartbeat', 'ownship', 'traffic']);
    for (const m of messages) {
      status.message(m);
      if (m.type === 'traffic') table.report(m);
    }
    expect(status.state()).toMatchObject({ adsb_gps_status: true, heartbeat: { status: true }, traffic: { status: true } });
    const own = messages.find((m) => m.type === 'ownship');
    if (own?.type !== 'ownship') throw new Error('no ownship report decoded');
    const [v] = table.view({ latitude: own.latitude, longitude: own.longitude, trackDeg: own.trackDeg, pressureAltitudeFt: own.pressureAltitudeFt });
    expect(v?.label).toBe('N12345');
    expect(v?.hex).toBe('A00001');
    expect(v?.altitudeTag).toBe('+05');
    expect(v?.trend).toBe('climbing');
    expect(v?.distanceNm).toBeCloseTo(1.2, 1);
    expect(v?.proximity).toBe('amber');
    // Due north of ownship, which tracks 090: 9 o'clock.
    expect(v?.clock).toBe(9);
  });

  it("the ForeFlight ID message's capability bit picks the geometric altitude datum", () => {
    // The encoder sets capability bit 0 from the datum it is given.
    const id = (datum: 'msl' | 'wgs84Ellipsoid') =>
      decodeAll([encodeFrame(encodeForeFlightId({ serialNumber: null, deviceName: 'Stratux', deviceLongName: 'Stratux', geometricAltitudeDatum: datum, internetPolicy: 'unrestricted' }))])[0];
    for (const datum of ['msl', 'wgs84Ellipsoid'] as const) {
      const m = id(datum);
      if (m?.type !== 'foreFlightId') throw new Error('no ForeFlight ID decoded');
      expect(m.capabilities & 1).toBe(datum === 'msl' ? 1 : 0);
      expect(geometricAltitudeDatum(m.capabilities)).toBe(datum);
    }
  });
});
