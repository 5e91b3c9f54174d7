import { describe, expect, it } from 'vitest';
import {
  crc16,
  createGdl90Decoder,
  decodeMessage,
  encodeForeFlightAhrs,
  encodeForeFlightId,
  encodeFrame,
  encodeHeartbeat,
  encodeHeightAboveTerrain,
  encodeInitialization,
  encodeOwnship,
  encodeOwnshipGeoAltitude,
  encodePassThrough,
  encodeStratuxHeartbeat,
  encodeTraffic,
  encodeUplink,
  type Gdl90Message,
  type TrafficReport,
} from './index.js';

const bytes = (...b: number[]): Uint8Array => Uint8Array.from(b);
/** One step of the 24-bit semicircle encoding (§3.5.1.3: "approximately 2.14577 x 10-5 degrees"). */
const LSB = 180 / 2 ** 23;
const expectWithinLsb = (actual: number | null | undefined, expected: number): void => {
  expect(actual).not.toBeNull();
  expect(Math.abs((actual ?? NaN) - expected)).toBeLessThanOrEqual(LSB);
};
const hex = (s: string): Uint8Array => Uint8Array.from((s.replace(/\s+/g, '').match(/../g) ?? []).map((h) => parseInt(h, 16)));

/** Decodes one clear message, failing the test when it does not decode. */
function decoded(b: Uint8Array): Gdl90Message {
  const r = decodeMessage(b);
  if (!r.ok) throw new Error(`message 0x${r.id.toString(16)} not decoded: ${r.reason}`);
  return r.message;
}

/** The single message a whole frame decodes to through the streaming decoder. */
function viaDecoder(frame: Uint8Array): Gdl90Message {
  const d = createGdl90Decoder();
  const out = d.push(frame);
  expect(d.stats).toMatchObject({ badCrc: 0, truncated: 0, unknownIds: 0, badLength: 0 });
  expect(out).toHaveLength(1);
  return out[0]!;
}

describe('ICD worked examples', () => {
  // §2.2.4: "The byte sequence [0x7E 0x00 0x81 0x41 0xDB 0xD0 0x08 0x02 0xB3 0x8B 0x7E] represents a
  // Heartbeat message including the Flags and the CRC value."
  const heartbeatFrame = bytes(0x7e, 0x00, 0x81, 0x41, 0xdb, 0xd0, 0x08, 0x02, 0xb3, 0x8b, 0x7e);

  it('heartbeat example (§2.2.4): CRC 0x8BB3 sent LS byte first, and every field of §3.1', () => {
    expect(crc16(heartbeatFrame, 1, 8)).toBe(0x8bb3);
    expect(viaDecoder(heartbeatFrame)).toEqual({
      type: 'heartbeat',
      gpsPositionValid: true,
      maintenanceRequired: false,
      ident: false,
      addressTypeTalkback: false,
      gpsBatteryLow: false,
      ratcs: false,
      uatInitialized: true,
      csaRequested: true,
      csaNotAvailable: false,
      utcOk: true,
      timestampSeconds: 0xd0db,
      uplinkCount: 1,
      basicLongCount: 2,
    });
  });

  it('heartbeat example re-encodes to the same eleven bytes', () => {
    const { type: _type, ...fields } = decoded(heartbeatFrame.subarray(1, 8)) as Extract<Gdl90Message, { type: 'heartbeat' }>;
    expect(encodeFrame(encodeHeartbeat(fields))).toEqual(heartbeatFrame);
  });

  it('heartbeat message counts example (§3.1.4): 4 uplinks and 567 basic/long give bytes 0x22 0x37', () => {
    const m = encodeHeartbeat({
      gpsPositionValid: false,
      maintenanceRequired: false,
      ident: false,
      addressTypeTalkback: false,
      gpsBatteryLow: false,
      ratcs: false,
      uatInitialized: true,
      csaRequested: false,
      csaNotAvailable: false,
      utcOk: true,
      timestampSeconds: 86399,
      uplinkCount: 4,
      basicLongCount: 567,
    });
    expect([m[5], m[6]]).toEqual([0x22, 0x37]);
    // 86,399 s needs bit 16, carried in status byte 2 bit 7 (§3.1.3).
    expect(m[2]! & 0x80).toBe(0x80);
    expect(decoded(m)).toMatchObject({ timestampSeconds: 86399, uplinkCount: 4, basicLongCount: 567 });
  });

  // §3.5.2 Table 12: a target airborne over Salem OR.
  const salem = bytes(
    0x14, 0x00, 0xab, 0x45, 0x49, 0x1f, 0xef, 0x15, 0xa8, 0x89, 0x78, 0x0f, 0x09, 0xa9,
    0x07, 0xb0, 0x01, 0x20, 0x01, 0x4e, 0x38, 0x32, 0x35, 0x56, 0x20, 0x20, 0x20, 0x00,
  );

  it('traffic report example (§3.5.2): every value the ICD lists', () => {
    const m = viaDecoder(encodeFrame(salem)) as TrafficReport;
    expect(m).toMatchObject({
      type: 'traffic',
      trafficAlert: false,
      addressType: 'adsbIcao',
      address: 0o52642511,
      pressureAltitudeFt: 5000,
      airborne: true,
      extrapolated: false,
      trackType: 'trueTrack',
      trackDeg: 45,
      nic: 10,
      nacp: 9,
      horizontalVelocityKt: 123,
      verticalVelocityFpm: 64,
      emitterCategory: 1,
      callsign: 'N825V',
      emergencyCode: 0,
    });
    // "Latitude: 44.90708 (North) Longitude: -122.99488 (West)", to one step of the encoding.
    expectWithinLsb(m.latitude, 44.90708);
    expectWithinLsb(m.longitude, -122.99488);
  });

  it('traffic report example re-encodes to the same 28 bytes', () => {
    expect(encodeTraffic(decoded(salem) as TrafficReport)).toEqual(salem);
  });

  /** A traffic report with the given lat, lon, altitude, vertical velocity (raw field values). */
  function withFields(f: { lat?: number; lon?: number; ddd?: number; vvv?: number; nic?: number }): TrafficReport {
    const b = salem.slice();
    const put24 = (i: number, v: number) => b.set([(v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff], i);
    if (f.lat !== undefined) put24(5, f.lat);
    if (f.lon !== undefined) put24(8, f.lon);
    if (f.ddd !== undefined) {
      b[11] = f.ddd >> 4;
      b[12] = ((f.ddd & 0x0f) << 4) | (b[12]! & 0x0f);
    }
    if (f.vvv !== undefined) {
      b[15] = (b[15]! & 0xf0) | (f.vvv >> 8);
      b[16] = f.vvv & 0xff;
    }
    if (f.nic !== undefined) b[13] = (f.nic << 4) | (b[13]! & 0x0f);
    return decoded(b) as TrafficReport;
  }

  it('latitude and longitude examples (§3.5.1.3)', () => {
    const lsb = LSB;
    expect(withFields({ lat: 0x000001 }).latitude).toBe(lsb);
    expect(withFields({ lat: 0xffffff }).latitude).toBe(-lsb);
    expect(withFields({ lat: 0x200000 }).latitude).toBe(45);
    expect(withFields({ lat: 0xe00000 }).latitude).toBe(-45);
    expect(withFields({ lat: 0x400000 }).latitude).toBe(90);
    expect(withFields({ lon: 0x800000 }).longitude).toBe(-180);
    expect(withFields({ lon: 0x7fffff }).longitude).toBe(180 - lsb);
    // "A target with no valid position has Latitude, Longitude, and NIC all set to zero."
    expect(withFields({ lat: 0, lon: 0, nic: 0 })).toMatchObject({ latitude: null, longitude: null });
    expect(withFields({ lat: 0, lon: 0, nic: 8 })).toMatchObject({ latitude: 0, longitude: 0 });
  });

  it('altitude examples (§3.5.1.4)', () => {
    expect(withFields({ ddd: 0x000 }).pressureAltitudeFt).toBe(-1000);
    expect(withFields({ ddd: 0x028 }).pressureAltitudeFt).toBe(0);
    expect(withFields({ ddd: 0x050 }).pressureAltitudeFt).toBe(1000);
    expect(withFields({ ddd: 0xffe }).pressureAltitudeFt).toBe(101350);
    expect(withFields({ ddd: 0xfff }).pressureAltitudeFt).toBeNull();
  });

  it('vertical velocity examples (§3.5.1.8)', () => {
    const cases: [number, number | null][] = [
      [0x000, 0],
      [0x001, 64],
      [0xfff, -64],
      [0x1fd, 32576],
      [0x1fe, 32640],
      [0xe03, -32576],
      [0xe02, -32640],
      [0x800, null],
    ];
    for (const [vvv, fpm] of cases) expect(withFields({ vvv }).verticalVelocityFpm, `vvv 0x${vvv.toString(16)}`).toBe(fpm);
  });

  it('geometric altitude and vertical metrics examples (§3.8)', () => {
    const geo = (alt: number, vm: number) => decoded(bytes(0x0b, alt >> 8, alt & 0xff, vm >> 8, vm & 0xff));
    expect(geo(0xff38, 0x000a)).toEqual({ type: 'ownshipGeoAltitude', altitudeFt: -1000, verticalWarning: false, vfomM: 10 });
    expect(geo(0x0000, 0x000a)).toMatchObject({ altitudeFt: 0 });
    expect(geo(0x00c8, 0x000a)).toMatchObject({ altitudeFt: 1000 });
    expect(geo(0, 0xffff)).toMatchObject({ verticalWarning: true, vfomM: null });
    expect(geo(0, 0x7ffe)).toMatchObject({ verticalWarning: false, vfomM: 32766 });
    expect(geo(0, 0x8032)).toMatchObject({ verticalWarning: true, vfomM: 50 });
    expect(encodeOwnshipGeoAltitude({ altitudeFt: -1000, verticalWarning: true, vfomM: 50 })).toEqual(bytes(0x0b, 0xff, 0x38, 0x80, 0x32));
    expect(encodeOwnshipGeoAltitude({ altitudeFt: 0, verticalWarning: true, vfomM: null })).toEqual(bytes(0x0b, 0, 0, 0xff, 0xff));
  });

  it('height above terrain example (§3.7): 0x01 0x00 is 256 feet, 0x8000 invalid', () => {
    expect(decoded(bytes(0x09, 0x01, 0x00))).toEqual({ type: 'heightAboveTerrain', heightFt: 256 });
    expect(decoded(bytes(0x09, 0xff, 0x38))).toEqual({ type: 'heightAboveTerrain', heightFt: -200 });
    expect(decoded(bytes(0x09, 0x80, 0x00))).toEqual({ type: 'heightAboveTerrain', heightFt: null });
    expect(encodeHeightAboveTerrain({ heightFt: 256 })).toEqual(bytes(0x09, 0x01, 0x00));
    expect(encodeHeightAboveTerrain({ heightFt: null })).toEqual(bytes(0x09, 0x80, 0x00));
  });
});

describe('hand-built frames for every message', () => {
  it('initialization (§3.2): each bit', () => {
    expect(decoded(bytes(0x02, 0x43, 0x03))).toEqual({
      type: 'initialization',
      audioTest: true,
      audioInhibit: true,
      cdtiOk: true,
      csaAudioDisable: true,
      csaDisable: true,
    });
    expect(decoded(bytes(0x02, 0x01, 0x02))).toEqual({
      type: 'initialization',
      audioTest: false,
      audioInhibit: false,
      cdtiOk: true,
      csaAudioDisable: true,
      csaDisable: false,
    });
    expect(encodeInitialization({ audioTest: true, audioInhibit: false, cdtiOk: true, csaAudioDisable: false, csaDisable: true })).toEqual(bytes(0x02, 0x41, 0x01));
  });

  it('uplink (§3.3): time of reception LS byte first, all-ones invalid, 432-byte payload', () => {
    const payload = new Uint8Array(432).map((_, i) => (i * 7) & 0xff);
    const m = encodeUplink({ timeOfReception: 12_499_999, payload });
    expect([m[1], m[2], m[3]]).toEqual([0x1f, 0xbc, 0xbe]); // 12,499,999 = 0xBEBC1F
    expect(viaDecoder(encodeFrame(m))).toEqual({ type: 'uplink', timeOfReception: 12_499_999, payload });
    expect(decoded(encodeUplink({ timeOfReception: null, payload }))).toMatchObject({ timeOfReception: null });
  });

  it('ownship report (§3.4) shares the traffic layout; a fix-less ownship has no position', () => {
    const ownship = {
      trafficAlert: false,
      addressTypeCode: 1,
      address: 0xa1b2c3,
      latitude: null,
      longitude: null,
      pressureAltitudeFt: 2500,
      airborne: false,
      extrapolated: false,
      trackDeg: null,
      nic: 0,
      nacp: 0,
      horizontalVelocityKt: null,
      verticalVelocityFpm: null,
      emitterCategory: 1,
      callsign: 'N12345',
      emergencyCode: 0,
    };
    const m = encodeOwnship(ownship);
    expect(m[0]).toBe(0x0a);
    expect(Array.from(m.subarray(5, 11))).toEqual([0, 0, 0, 0, 0, 0]);
    expect(viaDecoder(encodeFrame(m))).toEqual({
      type: 'ownship',
      ...ownship,
      alertStatus: 0,
      addressType: 'adsbSelfAssigned',
      trackType: 'invalid',
    });
  });

  it('traffic report: alert, TIS-B track file, magnetic heading, extrapolated, on ground, emergency', () => {
    const b = encodeTraffic({
      trafficAlert: true,
      addressTypeCode: 3,
      address: 0x000001,
      latitude: -33.5,
      longitude: 151.25,
      pressureAltitudeFt: -1000,
      airborne: false,
      extrapolated: true,
      trackType: 'magneticHeading',
      trackDeg: 270,
      nic: 7,
      nacp: 8,
      horizontalVelocityKt: 4094,
      verticalVelocityFpm: -1024,
      emitterCategory: 0x11,
      callsign: 'ab12',
      emergencyCode: 6,
    });
    expect(b[1]).toBe(0x13);
    expect(b[12]! & 0x0f).toBe(0b0110);
    expect(b[17]).toBe(192);
    const m = decoded(b) as TrafficReport;
    expectWithinLsb(m.latitude, -33.5);
    expectWithinLsb(m.longitude, 151.25);
    expect(m).toMatchObject({
      type: 'traffic',
      trafficAlert: true,
      alertStatus: 1,
      addressType: 'tisbTrackFile',
      pressureAltitudeFt: -1000,
      airborne: false,
      extrapolated: true,
      trackType: 'magneticHeading',
      trackDeg: 270,
      nic: 7,
      nacp: 8,
      horizontalVelocityKt: 4094,
      verticalVelocityFpm: -1024,
      emitterCategory: 17,
      callsign: 'AB12',
      emergencyCode: 6,
    });
  });

  it('basic (§3.6 Table 13) and long (Table 14) reports: time of reception and payload', () => {
    const basic = new Uint8Array(18).fill(0xab);
    const long = new Uint8Array(34).map((_, i) => i);
    // Payload type 0xAB >> 3 = 21 carries no state vector: the payload stays bytes only.
    expect(viaDecoder(encodeFrame(encodePassThrough({ type: 'basicReport', timeOfReception: 5, payload: basic })))).toEqual({
      type: 'basicReport',
      timeOfReception: 5,
      payload: basic,
      adsb: null,
    });
    const l = encodePassThrough({ type: 'longReport', timeOfReception: null, payload: long });
    expect(l).toHaveLength(38);
    expect(decoded(l)).toMatchObject({ type: 'longReport', timeOfReception: null, payload: long, adsb: { payloadType: 0, address: 0x010203 } });
  });

  it('ForeFlight ID (0x65 sub 0): serial, names, capabilities (MSL datum, internet policy)', () => {
    const m = encodeForeFlightId({
      serialNumber: '0123456789abcdef',
      deviceName: 'Clearwy',
      deviceLongName: 'Clearway flyer',
      geometricAltitudeDatum: 'msl',
      internetPolicy: 'disallowed',
    });
    expect(m).toHaveLength(39);
    expect([m[0], m[1], m[2], m[38]]).toEqual([0x65, 0x00, 1, 0b101]);
    expect(viaDecoder(encodeFrame(m))).toEqual({
      type: 'foreFlightId',
      version: 1,
      serialNumber: '0123456789abcdef',
      deviceName: 'Clearwy',
      deviceLongName: 'Clearway flyer',
      capabilities: 5,
      geometricAltitudeDatum: 'msl',
      internetPolicy: 'disallowed',
    });
    // Stratux sends an all-ones serial, its name, and capabilities 0 (ellipsoid).
    const stratux = new Uint8Array(39);
    stratux.set([0x65, 0x00, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
    stratux.set(Array.from('Stratux', (c) => c.charCodeAt(0)), 11);
    stratux.set(Array.from('v1.6r1-eu027', (c) => c.charCodeAt(0)), 19);
    expect(decoded(stratux)).toMatchObject({ serialNumber: null, deviceName: 'Stratux', deviceLongName: 'v1.6r1-eu027', geometricAltitudeDatum: 'wgs84Ellipsoid', internetPolicy: 'unrestricted' });
  });

  it('ForeFlight AHRS (0x65 sub 1): tenths of degrees, magnetic heading bit, invalid values', () => {
    const m = encodeForeFlightAhrs({ rollDeg: -12.3, pitchDeg: 4.5, headingDeg: 271.4, headingMagnetic: true, indicatedAirspeedKt: 105, trueAirspeedKt: null });
    expect(Array.from(m.subarray(2, 8))).toEqual([0xff, 0x85, 0x00, 0x2d, 0x8a, 0x9a]);
    expect(decoded(m)).toEqual({ type: 'foreFlightAhrs', rollDeg: -12.3, pitchDeg: 4.5, headingDeg: 271.4, headingMagnetic: true, indicatedAirspeedKt: 105, trueAirspeedKt: null });
    expect(decoded(bytes(0x65, 0x01, 0x7f, 0xff, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff))).toEqual({
      type: 'foreFlightAhrs',
      rollDeg: null,
      pitchDeg: null,
      headingDeg: null,
      headingMagnetic: false,
      indicatedAirspeedKt: null,
      trueAirspeedKt: null,
    });
  });

  it('Stratux heartbeat (0xCC): protocol version, GPS and AHRS bits', () => {
    expect(decoded(bytes(0xcc, 0x06))).toEqual({ type: 'stratuxHeartbeat', protocolVersion: 1, gpsValid: true, ahrsValid: false });
    expect(decoded(bytes(0xcc, 0x05))).toEqual({ type: 'stratuxHeartbeat', protocolVersion: 1, gpsValid: false, ahrsValid: true });
    expect(encodeStratuxHeartbeat({ protocolVersion: 1, gpsValid: true, ahrsValid: true })).toEqual(bytes(0xcc, 0x07));
  });

  it("Stratux status ('SX' 0x53 0x58): version, flags, counts, CPU temperature and towers", () => {
    const b = new Uint8Array(29 + 12);
    b.set([0x53, 0x58, 1, 1, 1, 6, 2, 1, 0xff, 0xff, 0xff, 0xff]);
    b[12] = 0x01; // IMU enabled
    b[13] = 0x02 | 0x04 | 0x10 | 0x20 | 0x40 | 0x80; // DGPS, AHRS, CPU temp, UAT, ES, GPS enabled
    b[15] = 0x02 | 0x04; // 2 radios, IMU connected
    b.set([9, 14, 0x01, 0x02, 0x00, 0x30, 0x12, 0x34, 0x00, 0x07, 0x01, 0xc5, 2], 16);
    b.set([0x20, 0x00, 0x00, 0xa8, 0x89, 0x78, 0xe0, 0x00, 0x00, 0x40, 0x00, 0x00], 29);
    const m = viaDecoder(encodeFrame(b));
    expect(m).toMatchObject({
      type: 'stratuxStatus',
      messageVersion: 1,
      firmware: { major: 1, minor: 6, buildType: 2, build: 1 },
      hardwareRevision: 0xffffffff,
      gpsFix: 2,
      ahrsValid: true,
      pressureValid: false,
      cpuTempValid: true,
      uatEnabled: true,
      esEnabled: true,
      gpsEnabled: true,
      imuEnabled: true,
      radios: 2,
      imuConnected: true,
      satellitesLocked: 9,
      satellitesTracked: 14,
      uatTargets: 258,
      esTargets: 48,
      uatMessagesPerMinute: 0x1234,
      esMessagesPerMinute: 7,
      cpuTempC: 45.3,
    });
    const towers = (m as Extract<Gdl90Message, { type: 'stratuxStatus' }>).towers;
    expect(towers).toHaveLength(2);
    expect(towers[0]!.latitude).toBe(45);
    expectWithinLsb(towers[0]!.longitude, -122.99488);
    expect(towers[1]).toEqual({ latitude: -45, longitude: 90 });
  });

  it('Stratux AHRS (0x4C 0x45 0x01 version 1): attitude, slip, turn rate, G, airspeed, pressure altitude, vertical speed', () => {
    const b = bytes(0x4c, 0x45, 0x01, 0x01, 0xff, 0x85, 0x00, 0x2d, 0x0a, 0x9a, 0x00, 0x0c, 0xff, 0xe2, 0x00, 0x0b, 0x00, 0x69, 0x2a, 0xf8, 0xfe, 0x0c, 0x7f, 0xff);
    expect(viaDecoder(encodeFrame(b))).toEqual({
      type: 'stratuxAhrs',
      version: 1,
      rollDeg: -12.3,
      pitchDeg: 4.5,
      headingDeg: 271.4,
      slipSkidDeg: 1.2,
      turnRateDegPerS: -3,
      gLoad: 1.1,
      indicatedAirspeedKt: 105,
      pressureAltitudeFt: 6000,
      verticalSpeedFpm: -500,
    });
    const invalid = bytes(0x4c, 0x45, 0x01, 0x01, ...Array<number>(12).fill(0).flatMap((_, i) => (i % 2 ? [0xff] : [0x7f])), 0x7f, 0xff, 0xff, 0xff, 0x7f, 0xff, 0x7f, 0xff);
    expect(decoded(invalid)).toMatchObject({ rollDeg: null, pitchDeg: null, headingDeg: null, slipSkidDeg: null, turnRateDegPerS: null, gLoad: null, indicatedAirspeedKt: null, pressureAltitudeFt: null, verticalSpeedFpm: null });
  });

  it('unknown ids and short messages are refused with their reason', () => {
    expect(decodeMessage(bytes(0x28, 1, 2, 3))).toEqual({ ok: false, reason: 'unknownId', id: 0x28 });
    expect(decodeMessage(bytes(0x53, 0x00))).toEqual({ ok: false, reason: 'unknownId', id: 0x53 });
    expect(decodeMessage(bytes(0x65, 0x07))).toEqual({ ok: false, reason: 'unknownId', id: 0x65 });
    expect(decodeMessage(new Uint8Array(0))).toEqual({ ok: false, reason: 'unknownId', id: -1 });
    expect(decodeMessage(salemShort())).toEqual({ ok: false, reason: 'badLength', id: 0x14 });
    expect(decodeMessage(bytes(0x00, 0x81))).toEqual({ ok: false, reason: 'badLength', id: 0x00 });
    expect(decodeMessage(hex('07 00 00 00'))).toEqual({ ok: false, reason: 'badLength', id: 0x07 });
  });
});

function salemShort(): Uint8Array {
  return bytes(0x14, 0x00, 0xab, 0x45, 0x49, 0x1f, 0xef, 0x15);
}
