// The UAT ADS-B message payload inside GDL90 Basic (18 bytes) and Long (34 bytes) reports (ICD §3.6
// points to RTCA/DO-282 §2.2): header, state vector, mode status and auxiliary state vector, laid
// out as dump978's decoder reads them (its sample output is the golden test).

export type UatAirGround = 'airborneSubsonic' | 'airborneSupersonic' | 'ground' | 'reserved';

export interface UatModeStatus {
  emitterCategory: number;
  /** Call sign (or squawk when `callsignIsFlightId` is false), trailing spaces removed; '' when none. */
  callsign: string;
  callsignIsFlightId: boolean;
  /** 0 none, 1 general, 2 medical, 3 minimum fuel, 4 no communications, 5 unlawful interference, 6 downed. */
  emergencyCode: number;
  uatVersion: number;
  sil: number;
  transmitMso: number;
  nacp: number;
  nacv: number;
  nicBaro: number;
  cdti: boolean;
  acas: boolean;
  acasRaActive: boolean;
  ident: boolean;
  atcServices: boolean;
  headingMagnetic: boolean;
}

export interface UatAdsbReport {
  /** Payload type code (MDB type) 0-31. */
  payloadType: number;
  /** 0 ADS-B ICAO, 1 national, 2 TIS-B ICAO, 3 TIS-B track file, 4 vehicle, 5 fixed beacon, 6-7 reserved. */
  addressQualifier: number;
  address: number;
  nic: number;
  /** Degrees; null when NIC, latitude and longitude are all zero. */
  latitude: number | null;
  longitude: number | null;
  /** Feet (25 ft steps); null when not available. */
  altitudeFt: number | null;
  altitudeType: 'baro' | 'geo';
  airGround: UatAirGround;
  /** Airborne: knots north (negative south) and east (negative west); null when not available. */
  northVelocityKt: number | null;
  eastVelocityKt: number | null;
  /** Knots over the ground; null when not available. */
  speedKt: number | null;
  /** Degrees; null when not available. */
  trackDeg: number | null;
  trackType: 'track' | 'magneticHeading' | 'trueHeading' | null;
  /** Feet per minute (64 fpm steps); null when not available. */
  verticalRateFpm: number | null;
  verticalRateSource: 'baro' | 'geo' | null;
  utcCoupled: boolean;
  tisbSiteId: number;
  /** Payload types 1 and 3. */
  modeStatus: UatModeStatus | null;
  /** Payload types 1, 2, 5 and 6: the other altitude (geometric when the primary is barometric). */
  secondaryAltitudeFt: number | null;
}

const STEP = 360 / 0x1000000;
const BASE40 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ  ..';

/** A signed 11-bit velocity: bit 10 the sign, bits 9-0 the magnitude + 1 (0 = not available). */
function velocity(raw: number, supersonic: boolean): number | null {
  if ((raw & 0x3ff) === 0) return null;
  const v = ((raw & 0x3ff) - 1) * (supersonic ? 4 : 1);
  return raw & 0x400 ? -v : v;
}

/**
 * Decodes an 18 or 34-byte UAT ADS-B payload; null when it is shorter than 18 bytes or its payload
 * type has no state vector (11-31). Never throws.
 */
export function decodeUatAdsb(f: Uint8Array): UatAdsbReport | null {
  if (f.length < 18) return null;
  const payloadType = f[0]! >> 3;
  if (payloadType > 10) return null;
  const nic = f[11]! & 0x0f;
  const latRaw = (f[4]! << 15) | (f[5]! << 7) | (f[6]! >> 1);
  const lonRaw = ((f[6]! & 0x01) << 23) | (f[7]! << 15) | (f[8]! << 7) | (f[9]! >> 1);
  const hasPosition = nic !== 0 || latRaw !== 0 || lonRaw !== 0;
  let latitude = latRaw * STEP;
  if (latitude > 90) latitude -= 180;
  let longitude = lonRaw * STEP;
  if (longitude > 180) longitude -= 360;
  const altRaw = (f[10]! << 4) | (f[11]! >> 4);
  const altitudeType = f[9]! & 0x01 ? 'geo' : 'baro';
  const airGround = (['airborneSubsonic', 'airborneSupersonic', 'ground', 'reserved'] as const)[f[12]! >> 6]!;
  const r: UatAdsbReport = {
    payloadType,
    addressQualifier: f[0]! & 0x07,
    address: (f[1]! << 16) | (f[2]! << 8) | f[3]!,
    nic,
    latitude: hasPosition ? latitude : null,
    longitude: hasPosition ? longitude : null,
    altitudeFt: altRaw === 0 ? null : (altRaw - 1) * 25 - 1000,
    altitudeType,
    airGround,
    northVelocityKt: null,
    eastVelocityKt: null,
    speedKt: null,
    trackDeg: null,
    trackType: null,
    verticalRateFpm: null,
    verticalRateSource: null,
    utcCoupled: false,
    tisbSiteId: 0,
    modeStatus: null,
    secondaryAltitudeFt: null,
  };
  const a = ((f[12]! & 0x1f) << 6) | (f[13]! >> 2);
  const b = ((f[13]! & 0x03) << 9) | (f[14]! << 1) | (f[15]! >> 7);
  if (airGround === 'airborneSubsonic' || airGround === 'airborneSupersonic') {
    const supersonic = airGround === 'airborneSupersonic';
    r.northVelocityKt = velocity(a, supersonic);
    r.eastVelocityKt = velocity(b, supersonic);
    if (r.northVelocityKt !== null && r.eastVelocityKt !== null) {
      r.speedKt = Math.hypot(r.northVelocityKt, r.eastVelocityKt);
      r.trackDeg = ((Math.atan2(r.eastVelocityKt, r.northVelocityKt) * 180) / Math.PI + 360) % 360;
      r.trackType = 'track';
    }
    const vv = ((f[15]! & 0x7f) << 4) | (f[16]! >> 4);
    if ((vv & 0x1ff) !== 0) {
      const rate = ((vv & 0x1ff) - 1) * 64;
      r.verticalRateFpm = vv & 0x200 ? -rate : rate;
      r.verticalRateSource = vv & 0x400 ? 'baro' : 'geo';
    }
  } else if (airGround === 'ground') {
    if ((a & 0x3ff) !== 0) r.speedKt = (a & 0x3ff) - 1;
    const kind = (b >> 9) & 0x03;
    if (kind !== 0) {
      r.trackType = kind === 1 ? 'track' : kind === 2 ? 'magneticHeading' : 'trueHeading';
      r.trackDeg = ((b & 0x1ff) * 360) / 512;
    }
  }
  const q = r.addressQualifier;
  if (q === 2 || q === 3) r.tisbSiteId = f[16]! & 0x0f;
  else r.utcCoupled = (f[16]! & 0x08) !== 0;
  if (f.length >= 34) {
    if (payloadType === 1 || payloadType === 3) r.modeStatus = modeStatus(f);
    if (payloadType === 1 || payloadType === 2 || payloadType === 5 || payloadType === 6) {
      const sec = (f[29]! << 4) | (f[30]! >> 4);
      r.secondaryAltitudeFt = sec === 0 ? null : (sec - 1) * 25 - 1000;
    }
  }
  return r;
}

function modeStatus(f: Uint8Array): UatModeStatus {
  const v1 = (f[17]! << 8) | f[18]!;
  const v2 = (f[19]! << 8) | f[20]!;
  const v3 = (f[21]! << 8) | f[22]!;
  const c = (n: number): string => BASE40[n % 40]!;
  const callsign = [c(Math.floor(v1 / 40)), c(v1), c(Math.floor(v2 / 1600)), c(Math.floor(v2 / 40)), c(v2), c(Math.floor(v3 / 1600)), c(Math.floor(v3 / 40)), c(v3)]
    .join('')
    .trimEnd();
  return {
    emitterCategory: Math.floor(v1 / 1600) % 40,
    callsign,
    callsignIsFlightId: (f[26]! & 0x02) !== 0,
    emergencyCode: f[23]! >> 5,
    uatVersion: (f[23]! >> 2) & 0x07,
    sil: f[23]! & 0x03,
    transmitMso: f[24]! >> 2,
    nacp: f[25]! >> 4,
    nacv: (f[25]! >> 1) & 0x07,
    nicBaro: f[25]! & 0x01,
    cdti: (f[26]! & 0x80) !== 0,
    acas: (f[26]! & 0x40) !== 0,
    acasRaActive: (f[26]! & 0x20) !== 0,
    ident: (f[26]! & 0x10) !== 0,
    atcServices: (f[26]! & 0x08) !== 0,
    headingMagnetic: (f[26]! & 0x04) !== 0,
  };
}
