import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGdl90Decoder, decodeUatAdsb, encodeFrame, encodePassThrough, parseDump978Line, type UatAdsbReport } from './index.js';

/**
 * Downlink frames and what dump978's uat2text printed for them (its sample-output.txt): latitude and
 * longitude to 4 decimals, track and speed as whole numbers (truncated).
 */
const SAMPLES: { line: string; expect: Record<string, unknown>; ms?: Record<string, unknown>; secondaryAltitudeFt?: number }[] = [
  {
    line: '-08ad7233356e0752cb780d29119817801f07ae2094e6c40ba2a4c280000da0000000;',
    expect: { payloadType: 1, address: 0xad7233, nic: 9, lat: '37.5678', lon: '-121.7849', altitudeFt: 4225, altitudeType: 'baro', north: -101, east: 46, track: 155, speed: 110, vv: 0, vvSource: 'geo', utcCoupled: true },
    ms: { emitterCategory: 1, callsign: '9658K', callsignIsFlightId: true, emergencyCode: 0, uatVersion: 2, sil: 3, transmitMso: 40, nacp: 10, nacv: 2, nicBaro: 0, cdti: true, acas: true, ident: false, headingMagnetic: false },
    secondaryAltitudeFt: 4425,
  },
  {
    line: '-00ad7233356dc752cb960d2911a814203f00;',
    expect: { payloadType: 0, address: 0xad7233, nic: 9, lat: '37.5671', lon: '-121.7846', altitudeFt: 4225, altitudeType: 'baro', north: -105, east: 39, track: 159, speed: 112, vv: -128, vvSource: 'geo', utcCoupled: true },
  },
  {
    line: '-08ad7233356d2752cbcc0d1911c80ba03d066a0025ed2d0b76a4c080000d90000000;',
    expect: { payloadType: 1, lat: '37.5654', lon: '-121.7840', altitudeFt: 4200, north: -113, east: 22, track: 168, speed: 115, vv: -128 },
    // "Callsign: 1200 (alternative)": a squawk, not a flight id.
    ms: { callsign: '1200', callsignIsFlightId: false, transmitMso: 29 },
    secondaryAltitudeFt: 4400,
  },
  {
    line: '-10ad7233356c8f52cbe00d1911dc02a0280000000000000000000000000d90000000;',
    expect: { payloadType: 2, lat: '37.5638', lon: '-121.7838', altitudeFt: 4200, north: -118, east: 4, track: 178, speed: 118, vv: -64 },
    secondaryAltitudeFt: 4400,
  },
  {
    line: '-00ad7233356bc552cbc60d2911d60c006800;',
    expect: { lat: '37.5616', lon: '-121.7841', altitudeFt: 4225, north: -116, east: -23, track: 191, speed: 118, vv: 320 },
  },
  {
    line: '-00ad72333587d752926a0b3900ce2ea08800;',
    expect: { lat: '37.6387', lon: '-121.9416', altitudeFt: 3450, north: 50, east: -92, track: 298, speed: 104, vv: -448 },
  },
  {
    line: '-00a78bea356ca15287b80479016a10e02800;',
    expect: { address: 0xa78bea, lat: '37.5640', lon: '-121.9710', altitudeFt: 750, north: 89, east: -32, track: 340, speed: 94, vv: -64, vvSource: 'baro' },
  },
];

function summary(r: UatAdsbReport): Record<string, unknown> {
  return {
    payloadType: r.payloadType,
    address: r.address,
    nic: r.nic,
    lat: r.latitude?.toFixed(4),
    lon: r.longitude?.toFixed(4),
    altitudeFt: r.altitudeFt,
    altitudeType: r.altitudeType,
    north: r.northVelocityKt,
    east: r.eastVelocityKt,
    track: r.trackDeg === null ? null : Math.floor(r.trackDeg),
    speed: r.speedKt === null ? null : Math.floor(r.speedKt),
    vv: r.verticalRateFpm,
    vvSource: r.verticalRateSource,
    utcCoupled: r.utcCoupled,
  };
}

describe('UAT ADS-B payloads of Basic and Long reports', () => {
  it('decode as dump978 printed them (its sample output)', () => {
    for (const s of SAMPLES) {
      const p = parseDump978Line(s.line)!;
      expect(p.uplink).toBe(false);
      const r = decodeUatAdsb(p.bytes)!;
      expect(r, s.line).not.toBeNull();
      expect(summary(r), s.line).toMatchObject(s.expect);
      expect(r.airGround).toBe('airborneSubsonic');
      if (s.ms) expect(r.modeStatus, s.line).toMatchObject(s.ms);
      else expect(r.modeStatus).toBeNull();
      expect(r.secondaryAltitudeFt).toBe(s.secondaryAltitudeFt ?? null);
    }
  });

  it('arrive decoded through GDL90 Basic (0x1E) and Long (0x1F) reports', () => {
    const d = createGdl90Decoder();
    const out = d.push(
      encodeFrame(encodePassThrough({ type: 'longReport', timeOfReception: 1234, payload: parseDump978Line(SAMPLES[0]!.line)!.bytes })),
    );
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ type: 'longReport', timeOfReception: 1234, adsb: { address: 0xad7233, modeStatus: { callsign: '9658K' } } });
  });

  it('a surface target: ground speed and heading; no vertical rate', () => {
    const f = new Uint8Array(18);
    f[0] = 0x04; // payload type 0, vehicle address
    f[10] = 0x02; // altitude raw (0x02 << 4) | 9 = 41: (41 - 1) * 25 - 1000 = 0 ft
    f[11] = 0x90 | 0x08; // altitude low nibble 9, NIC 8
    f[12] = 0x80 | (12 >> 6); // ground; speed raw 13 -> 12 kt
    f[13] = ((13 & 0x3f) << 2) | 0x03; // track kind bits 10-9 = 11 (true heading)
    f[14] = 0x80; // heading raw bits 8-1 = 0x80 -> raw 0x100 = 256 -> 180 deg
    const r = decodeUatAdsb(f)!;
    expect(r).toMatchObject({ addressQualifier: 4, airGround: 'ground', altitudeFt: 0, nic: 8, speedKt: 12, trackType: 'trueHeading', trackDeg: 180, verticalRateFpm: null });
  });

  it('no state vector or too short: null; never throws', () => {
    expect(decodeUatAdsb(new Uint8Array(17))).toBeNull();
    expect(decodeUatAdsb(Uint8Array.of(11 << 3, ...new Uint8Array(17)))).toBeNull();
    fc.assert(fc.property(fc.uint8Array({ maxLength: 40 }), (b) => void decodeUatAdsb(b)));
  });
});
