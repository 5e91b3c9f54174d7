// GDL90 messages (GDL 90 Data Interface Specification 560-1058-00 Rev A, §3) and the widely used
// extensions: ForeFlight ID and AHRS (0x65), Stratux heartbeat (0xCC), Stratux status ('SX', 0x53
// 0x58) and Stratux AHRS (0x4C 0x45). Each decoder takes the clear message: Message ID followed by
// the Message Data, FCS removed (what the deframer hands on). Multi-byte fields are most significant
// byte first unless the ICD says otherwise.

import { decodeUatAdsb, type UatAdsbReport } from './uatAdsb.js';

export const MESSAGE_ID = {
  heartbeat: 0x00,
  initialization: 0x02,
  uplink: 0x07,
  heightAboveTerrain: 0x09,
  ownship: 0x0a,
  ownshipGeoAltitude: 0x0b,
  traffic: 0x14,
  basicReport: 0x1e,
  longReport: 0x1f,
  stratuxAhrs: 0x4c,
  stratuxStatus: 0x53,
  foreFlight: 0x65,
  stratuxHeartbeat: 0xcc,
} as const;

/** Heartbeat (§3.1, Table 3), 7 bytes. */
export interface Heartbeat {
  type: 'heartbeat';
  /** Status byte 1 bit 7: a valid position fix is in the transmitted ADS-B messages. */
  gpsPositionValid: boolean;
  /** Status byte 1 bit 6. */
  maintenanceRequired: boolean;
  /** Status byte 1 bit 5: IDENT talkback. */
  ident: boolean;
  /** Status byte 1 bit 4: Address Type talkback (self-assigned "anonymous" address). */
  addressTypeTalkback: boolean;
  /** Status byte 1 bit 3. */
  gpsBatteryLow: boolean;
  /** Status byte 1 bit 2: Receiving ATC Services talkback. */
  ratcs: boolean;
  /** Status byte 1 bit 0. */
  uatInitialized: boolean;
  /** Status byte 2 bit 6. */
  csaRequested: boolean;
  /** Status byte 2 bit 5. */
  csaNotAvailable: boolean;
  /** Status byte 2 bit 0: UTC timing is valid. */
  utcOk: boolean;
  /** Seconds since 0000Z, 17 bits (bit 16 in status byte 2 bit 7, bits 15-0 LS byte first, §3.1.3). */
  timestampSeconds: number;
  /** Uplink messages received in the previous second (5 bits, §3.1.4). */
  uplinkCount: number;
  /** Basic and Long messages received in the previous second (10 bits, holds at 1,023). */
  basicLongCount: number;
}

/** Initialization (§3.2, Table 4), 3 bytes, sent by the display. */
export interface Initialization {
  type: 'initialization';
  audioTest: boolean;
  audioInhibit: boolean;
  cdtiOk: boolean;
  csaAudioDisable: boolean;
  csaDisable: boolean;
}

/** Uplink Data (§3.3, Table 5), 436 bytes. */
export interface Uplink {
  type: 'uplink';
  /** Time of Reception in 80 ns units within the second (LS byte first); null when 0xFFFFFF. */
  timeOfReception: number | null;
  /** The 432-byte UAT uplink payload: 8-byte UAT-Specific Header and 424 bytes of Application Data (§4). */
  payload: Uint8Array;
}

/** Height Above Terrain (§3.7, Table 15), 3 bytes, sent by the display. */
export interface HeightAboveTerrain {
  type: 'heightAboveTerrain';
  /** Feet, signed 16 bits; null for 0x8000 (invalid). */
  heightFt: number | null;
}

export type AddressType =
  | 'adsbIcao'
  | 'adsbSelfAssigned'
  | 'tisbIcao'
  | 'tisbTrackFile'
  | 'surfaceVehicle'
  | 'groundStationBeacon'
  | 'reserved';

const ADDRESS_TYPES: readonly AddressType[] = [
  'adsbIcao',
  'adsbSelfAssigned',
  'tisbIcao',
  'tisbTrackFile',
  'surfaceVehicle',
  'groundStationBeacon',
];

/** What the "tt" field holds (Table 9, misc bits 1..0). */
export type TrackType = 'invalid' | 'trueTrack' | 'magneticHeading' | 'trueHeading';
const TRACK_TYPES: readonly TrackType[] = ['invalid', 'trueTrack', 'magneticHeading', 'trueHeading'];

/** Traffic and Ownship Report data (§3.5.1, Table 8): 27 bytes after the Message ID. */
export interface TargetReport {
  /** "s": 1 = Traffic Alert; 2-15 reserved (kept as the raw value in `alertStatus`). */
  trafficAlert: boolean;
  alertStatus: number;
  /** "t" (§3.5.1.2). */
  addressType: AddressType;
  addressTypeCode: number;
  /** Participant Address, 24 bits. */
  address: number;
  /** Latitude and longitude in degrees (24-bit semicircles, §3.5.1.3); null when lat, lon and NIC are all zero. */
  latitude: number | null;
  longitude: number | null;
  /** Pressure altitude in feet (25 ft steps, offset -1,000); null for 0xFFF. */
  pressureAltitudeFt: number | null;
  /** Misc bit 3: airborne (else on ground). */
  airborne: boolean;
  /** Misc bit 2: report extrapolated (else updated). */
  extrapolated: boolean;
  /** Misc bits 1..0. */
  trackType: TrackType;
  /** Track or heading in degrees (8-bit, 360/256 steps); null when `trackType` is 'invalid'. */
  trackDeg: number | null;
  /** Navigation Integrity Category, 0-15 (Table 10). */
  nic: number;
  /** Navigation Accuracy Category for Position, 0-15 (Table 10). */
  nacp: number;
  /** Knots, 12 bits (0xFFE holds for >= 4,094 kt); null for 0xFFF. */
  horizontalVelocityKt: number | null;
  /** Feet per minute, signed 12 bits in 64 fpm units; null for 0x800. */
  verticalVelocityFpm: number | null;
  /** Emitter category 0-39 (Table 11). */
  emitterCategory: number;
  /** Call sign, trailing spaces removed. */
  callsign: string;
  /** "p" 0-15 (§3.5.1.12): 0 none, 1 general, 2 medical, 3 minimum fuel, 4 no communication, 5 unlawful interference, 6 downed aircraft. */
  emergencyCode: number;
}

export interface TrafficReport extends TargetReport {
  type: 'traffic';
}
export interface OwnshipReport extends TargetReport {
  type: 'ownship';
}

/** Ownship Geometric Altitude (§3.8, Table 16), 5 bytes. */
export interface OwnshipGeoAltitude {
  type: 'ownshipGeoAltitude';
  /** Geometric altitude in feet (signed 16 bits, 5 ft steps), above the WGS-84 ellipsoid per the ICD (a ForeFlight ID capability bit may say MSL). */
  altitudeFt: number;
  /** Vertical Warning: a position alarm, or fault detection not available. */
  verticalWarning: boolean;
  /** Vertical Figure of Merit in metres; null for 0x7FFF (not available); 32,766 means >= 32,766 (0x7FFE). */
  vfomM: number | null;
}

/** Basic (§3.6, Table 13) and Long (Table 14) pass-through UAT reports. */
export interface PassThroughReport {
  type: 'basicReport' | 'longReport';
  /** Time of Reception in 80 ns units; null when 0xFFFFFF. */
  timeOfReception: number | null;
  /** The 18 (basic) or 34 (long) byte UAT ADS-B payload (RTCA/DO-282 §2.2). */
  payload: Uint8Array;
  /** The payload decoded (state vector, mode status, auxiliary state vector); null for payload types without a state vector. */
  adsb: UatAdsbReport | null;
}

/** ForeFlight ID message (0x65, sub-ID 0). */
export interface ForeFlightId {
  type: 'foreFlightId';
  version: number;
  /** 8-byte serial number in hex; null when all ones (invalid). */
  serialNumber: string | null;
  deviceName: string;
  deviceLongName: string;
  /** The 32-bit capabilities mask. */
  capabilities: number;
  /** Capability bit 0: the datum of the Ownship Geometric Altitude message. */
  geometricAltitudeDatum: 'wgs84Ellipsoid' | 'msl';
  /** Capability bits 1-2: the receiver's internet policy. */
  internetPolicy: 'unrestricted' | 'expensive' | 'disallowed' | 'reserved';
}

/** ForeFlight AHRS message (0x65, sub-ID 1). */
export interface ForeFlightAhrs {
  type: 'foreFlightAhrs';
  /** Degrees, positive right wing down; null for 0x7FFF. */
  rollDeg: number | null;
  /** Degrees, positive nose up; null for 0x7FFF. */
  pitchDeg: number | null;
  /** Degrees; null for 0xFFFF. */
  headingDeg: number | null;
  headingMagnetic: boolean;
  /** Knots; null for 0xFFFF. */
  indicatedAirspeedKt: number | null;
  trueAirspeedKt: number | null;
}

/** Stratux heartbeat (0xCC): "p p p p p p GPS AHRS". */
export interface StratuxHeartbeat {
  type: 'stratuxHeartbeat';
  protocolVersion: number;
  gpsValid: boolean;
  ahrsValid: boolean;
}

/** Stratux status ('S' 'X', version 1): 29 bytes plus 6 per ADS-B tower. */
export interface StratuxStatus {
  type: 'stratuxStatus';
  messageVersion: number;
  /** Major.minor, build type (0 release, 1 beta, 2 release candidate "r", 3 "rc") and build number. */
  firmware: { major: number; minor: number; buildType: number; build: number };
  /** 4 bytes, 0xFFFFFFFF when unknown. */
  hardwareRevision: number;
  /** 0 none, 1 3D GPS, 2 DGPS (SBAS/WAAS). */
  gpsFix: number;
  ahrsValid: boolean;
  pressureValid: boolean;
  cpuTempValid: boolean;
  uatEnabled: boolean;
  esEnabled: boolean;
  gpsEnabled: boolean;
  imuEnabled: boolean;
  radios: number;
  imuConnected: boolean;
  satellitesLocked: number;
  satellitesTracked: number;
  uatTargets: number;
  esTargets: number;
  uatMessagesPerMinute: number;
  esMessagesPerMinute: number;
  /** Degrees Celsius (tenths on the wire); null when not valid. */
  cpuTempC: number | null;
  towers: { latitude: number; longitude: number }[];
}

/** Stratux AHRS report (0x4C 0x45 0x01 version 1, 24 bytes). */
export interface StratuxAhrs {
  type: 'stratuxAhrs';
  version: number;
  /** Degrees (tenths on the wire); null for 0x7FFF. */
  rollDeg: number | null;
  pitchDeg: number | null;
  headingDeg: number | null;
  slipSkidDeg: number | null;
  /** Degrees per second. */
  turnRateDegPerS: number | null;
  /** G load. */
  gLoad: number | null;
  /** Knots (version 1 only); null for 0x7FFF or absent. */
  indicatedAirspeedKt: number | null;
  /** Feet (sent + 5,000); null for 0xFFFF or absent. */
  pressureAltitudeFt: number | null;
  /** Feet per minute; null for 0x7FFF or absent. */
  verticalSpeedFpm: number | null;
}

export type Gdl90Message =
  | Heartbeat
  | Initialization
  | Uplink
  | HeightAboveTerrain
  | OwnshipReport
  | TrafficReport
  | OwnshipGeoAltitude
  | PassThroughReport
  | ForeFlightId
  | ForeFlightAhrs
  | StratuxHeartbeat
  | StratuxStatus
  | StratuxAhrs;

export type Gdl90MessageType = Gdl90Message['type'];

/** Why a frame with a good FCS gave no message. */
export type DecodeFailure = 'unknownId' | 'badLength';

export type DecodeResult = { ok: true; message: Gdl90Message } | { ok: false; reason: DecodeFailure; id: number };

const u16 = (b: Uint8Array, i: number): number => (b[i]! << 8) | b[i + 1]!;
const s16 = (b: Uint8Array, i: number): number => (u16(b, i) << 16) >> 16;
const u24 = (b: Uint8Array, i: number): number => (b[i]! << 16) | (b[i + 1]! << 8) | b[i + 2]!;
const s24 = (b: Uint8Array, i: number): number => (u24(b, i) << 8) >> 8;
/** Time of Reception: 24 bits, least significant byte first (§3.3.1). */
const tor = (b: Uint8Array, i: number): number | null => {
  const v = b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
  return v === 0xffffff ? null : v;
};
const SEMICIRCLE = 180 / 0x800000;

function ascii(b: Uint8Array, start: number, end: number): string {
  let s = '';
  for (let i = start; i < end; i++) s += String.fromCharCode(b[i]!);
  return s;
}

/** A UTF-8 string field ending at its first NUL; bytes that are not UTF-8 are read as Latin-1. */
function utf8z(b: Uint8Array, start: number, end: number): string {
  let escaped = '';
  let stop = start;
  while (stop < end && b[stop] !== 0) escaped += `%${b[stop++]!.toString(16).padStart(2, '0')}`;
  try {
    return decodeURIComponent(escaped).trimEnd();
  } catch {
    return ascii(b, start, stop).trimEnd();
  }
}

/** Traffic/Ownship Report data (§3.5.1) from `b[1..28)`. */
function decodeTarget<T extends 'traffic' | 'ownship'>(type: T, b: Uint8Array): TargetReport & { type: T } {
  const st = b[1]!;
  const addressTypeCode = st & 0x0f;
  const latRaw = s24(b, 5);
  const lonRaw = s24(b, 8);
  const ddd = (b[11]! << 4) | (b[12]! >> 4);
  const misc = b[12]! & 0x0f;
  const nic = b[13]! >> 4;
  const nacp = b[13]! & 0x0f;
  const hhh = (b[14]! << 4) | (b[15]! >> 4);
  const vvv = ((b[15]! & 0x0f) << 8) | b[16]!;
  const tt = b[17]!;
  const noPosition = latRaw === 0 && lonRaw === 0 && nic === 0;
  const trackType = TRACK_TYPES[misc & 0x03]!;
  return {
    type,
    trafficAlert: st >> 4 === 1,
    alertStatus: st >> 4,
    addressType: ADDRESS_TYPES[addressTypeCode] ?? 'reserved',
    addressTypeCode,
    address: u24(b, 2),
    latitude: noPosition ? null : latRaw * SEMICIRCLE,
    longitude: noPosition ? null : lonRaw * SEMICIRCLE,
    pressureAltitudeFt: ddd === 0xfff ? null : ddd * 25 - 1000,
    airborne: (misc & 0x08) !== 0,
    extrapolated: (misc & 0x04) !== 0,
    trackType,
    trackDeg: trackType === 'invalid' ? null : (tt * 360) / 256,
    nic,
    nacp,
    horizontalVelocityKt: hhh === 0xfff ? null : hhh,
    verticalVelocityFpm: vvv === 0x800 ? null : ((vvv << 20) >> 20) * 64,
    emitterCategory: b[18]!,
    callsign: String.fromCharCode(b[19]!, b[20]!, b[21]!, b[22]!, b[23]!, b[24]!, b[25]!, b[26]!).trimEnd(),
    emergencyCode: b[27]! >> 4,
  };
}

const nullIf = (v: number, invalid: number, scale = 1): number | null => (v === invalid ? null : v / scale);

/**
 * Decodes one clear message (Message ID + Message Data). Never throws: an unknown Message ID or a
 * message shorter than its layout gives `{ ok: false }`. Longer messages are read and the extra
 * bytes ignored.
 */
export function decodeMessage(b: Uint8Array): DecodeResult {
  const id = b.length > 0 ? b[0]! : -1;
  const short = (min: number): DecodeResult | null => (b.length < min ? { ok: false, reason: 'badLength', id } : null);
  // The most frequent message first, without the checks' closure.
  if (id === MESSAGE_ID.traffic && b.length >= 28) return { ok: true, message: decodeTarget('traffic', b) };
  switch (id) {
    case MESSAGE_ID.heartbeat: {
      const bad = short(7);
      if (bad) return bad;
      const s1 = b[1]!;
      const s2 = b[2]!;
      return {
        ok: true,
        message: {
          type: 'heartbeat',
          gpsPositionValid: (s1 & 0x80) !== 0,
          maintenanceRequired: (s1 & 0x40) !== 0,
          ident: (s1 & 0x20) !== 0,
          addressTypeTalkback: (s1 & 0x10) !== 0,
          gpsBatteryLow: (s1 & 0x08) !== 0,
          ratcs: (s1 & 0x04) !== 0,
          uatInitialized: (s1 & 0x01) !== 0,
          csaRequested: (s2 & 0x40) !== 0,
          csaNotAvailable: (s2 & 0x20) !== 0,
          utcOk: (s2 & 0x01) !== 0,
          timestampSeconds: ((s2 & 0x80) << 9) | (b[4]! << 8) | b[3]!,
          uplinkCount: b[5]! >> 3,
          basicLongCount: ((b[5]! & 0x03) << 8) | b[6]!,
        },
      };
    }
    case MESSAGE_ID.initialization: {
      const bad = short(3);
      if (bad) return bad;
      return {
        ok: true,
        message: {
          type: 'initialization',
          audioTest: (b[1]! & 0x40) !== 0,
          audioInhibit: (b[1]! & 0x02) !== 0,
          cdtiOk: (b[1]! & 0x01) !== 0,
          csaAudioDisable: (b[2]! & 0x02) !== 0,
          csaDisable: (b[2]! & 0x01) !== 0,
        },
      };
    }
    case MESSAGE_ID.uplink: {
      const bad = short(436);
      if (bad) return bad;
      return { ok: true, message: { type: 'uplink', timeOfReception: tor(b, 1), payload: b.slice(4, 436) } };
    }
    case MESSAGE_ID.heightAboveTerrain: {
      const bad = short(3);
      if (bad) return bad;
      const v = u16(b, 1);
      return { ok: true, message: { type: 'heightAboveTerrain', heightFt: v === 0x8000 ? null : s16(b, 1) } };
    }
    case MESSAGE_ID.ownship:
    case MESSAGE_ID.traffic: {
      const bad = short(28);
      if (bad) return bad;
      return { ok: true, message: id === MESSAGE_ID.ownship ? decodeTarget('ownship', b) : decodeTarget('traffic', b) };
    }
    case MESSAGE_ID.ownshipGeoAltitude: {
      const bad = short(5);
      if (bad) return bad;
      const vm = u16(b, 3);
      return {
        ok: true,
        message: { type: 'ownshipGeoAltitude', altitudeFt: s16(b, 1) * 5, verticalWarning: (vm & 0x8000) !== 0, vfomM: nullIf(vm & 0x7fff, 0x7fff) },
      };
    }
    case MESSAGE_ID.basicReport:
    case MESSAGE_ID.longReport: {
      const size = id === MESSAGE_ID.basicReport ? 22 : 38;
      const bad = short(size);
      if (bad) return bad;
      const payload = b.slice(4, size);
      return {
        ok: true,
        message: { type: id === MESSAGE_ID.basicReport ? 'basicReport' : 'longReport', timeOfReception: tor(b, 1), payload, adsb: decodeUatAdsb(payload) },
      };
    }
    case MESSAGE_ID.foreFlight:
      return decodeForeFlight(b);
    case MESSAGE_ID.stratuxHeartbeat: {
      const bad = short(2);
      if (bad) return bad;
      return { ok: true, message: { type: 'stratuxHeartbeat', protocolVersion: b[1]! >> 2, gpsValid: (b[1]! & 0x02) !== 0, ahrsValid: (b[1]! & 0x01) !== 0 } };
    }
    case MESSAGE_ID.stratuxStatus:
      return b.length >= 2 && b[1] === 0x58 ? decodeStratuxStatus(b) : { ok: false, reason: 'unknownId', id };
    case MESSAGE_ID.stratuxAhrs:
      return b.length >= 3 && b[1] === 0x45 && b[2] === 0x01 ? decodeStratuxAhrs(b) : { ok: false, reason: 'unknownId', id };
    default:
      return { ok: false, reason: 'unknownId', id };
  }
}

function decodeForeFlight(b: Uint8Array): DecodeResult {
  const id = MESSAGE_ID.foreFlight;
  if (b.length < 2) return { ok: false, reason: 'badLength', id };
  if (b[1] === 0x00) {
    if (b.length < 39) return { ok: false, reason: 'badLength', id };
    let serialValid = false;
    let serial = '';
    for (let i = 3; i < 11; i++) {
      if (b[i] !== 0xff) serialValid = true;
      serial += b[i]!.toString(16).padStart(2, '0');
    }
    const caps = ((b[35]! << 24) | (b[36]! << 16) | (b[37]! << 8) | b[38]!) >>> 0;
    const policy = (caps >> 1) & 0x03;
    return {
      ok: true,
      message: {
        type: 'foreFlightId',
        version: b[2]!,
        serialNumber: serialValid ? serial : null,
        deviceName: utf8z(b, 11, 19),
        deviceLongName: utf8z(b, 19, 35),
        capabilities: caps,
        geometricAltitudeDatum: caps & 0x01 ? 'msl' : 'wgs84Ellipsoid',
        internetPolicy: (['unrestricted', 'expensive', 'disallowed', 'reserved'] as const)[policy]!,
      },
    };
  }
  if (b[1] === 0x01) {
    if (b.length < 12) return { ok: false, reason: 'badLength', id };
    const hdg = u16(b, 6);
    return {
      ok: true,
      message: {
        type: 'foreFlightAhrs',
        rollDeg: nullIf(s16(b, 2), 0x7fff, 10),
        pitchDeg: nullIf(s16(b, 4), 0x7fff, 10),
        headingDeg: hdg === 0xffff ? null : (((hdg & 0x7fff) << 17) >> 17) / 10,
        headingMagnetic: hdg !== 0xffff && (hdg & 0x8000) !== 0,
        indicatedAirspeedKt: nullIf(u16(b, 8), 0xffff),
        trueAirspeedKt: nullIf(u16(b, 10), 0xffff),
      },
    };
  }
  return { ok: false, reason: 'unknownId', id };
}

function decodeStratuxStatus(b: Uint8Array): DecodeResult {
  const id = MESSAGE_ID.stratuxStatus;
  if (b.length < 29) return { ok: false, reason: 'badLength', id };
  const towerCount = b[28]!;
  const towers: { latitude: number; longitude: number }[] = [];
  for (let t = 0; t < towerCount && 29 + t * 6 + 6 <= b.length; t++) {
    const o = 29 + t * 6;
    towers.push({ latitude: s24(b, o) * SEMICIRCLE, longitude: s24(b, o + 3) * SEMICIRCLE });
  }
  const v = b[13]!;
  return {
    ok: true,
    message: {
      type: 'stratuxStatus',
      messageVersion: b[3]!,
      firmware: { major: b[4]!, minor: b[5]!, buildType: b[6]!, build: b[7]! },
      hardwareRevision: ((b[8]! << 24) | (b[9]! << 16) | (b[10]! << 8) | b[11]!) >>> 0,
      gpsFix: v & 0x03,
      ahrsValid: (v & 0x04) !== 0,
      pressureValid: (v & 0x08) !== 0,
      cpuTempValid: (v & 0x10) !== 0,
      uatEnabled: (v & 0x20) !== 0,
      esEnabled: (v & 0x40) !== 0,
      gpsEnabled: (v & 0x80) !== 0,
      imuEnabled: (b[12]! & 0x01) !== 0,
      radios: b[15]! & 0x03,
      imuConnected: (b[15]! & 0x04) !== 0,
      satellitesLocked: b[16]!,
      satellitesTracked: b[17]!,
      uatTargets: u16(b, 18),
      esTargets: u16(b, 20),
      uatMessagesPerMinute: u16(b, 22),
      esMessagesPerMinute: u16(b, 24),
      cpuTempC: v & 0x10 ? s16(b, 26) / 10 : null,
      towers,
    },
  };
}

function decodeStratuxAhrs(b: Uint8Array): DecodeResult {
  const id = MESSAGE_ID.stratuxAhrs;
  if (b.length < 16) return { ok: false, reason: 'badLength', id };
  const v1 = b.length >= 22;
  return {
    ok: true,
    message: {
      type: 'stratuxAhrs',
      version: b[3]!,
      rollDeg: nullIf(s16(b, 4), 0x7fff, 10),
      pitchDeg: nullIf(s16(b, 6), 0x7fff, 10),
      headingDeg: nullIf(s16(b, 8), 0x7fff, 10),
      slipSkidDeg: nullIf(s16(b, 10), 0x7fff, 10),
      turnRateDegPerS: nullIf(s16(b, 12), 0x7fff, 10),
      gLoad: nullIf(s16(b, 14), 0x7fff, 10),
      indicatedAirspeedKt: v1 ? nullIf(s16(b, 16), 0x7fff) : null,
      pressureAltitudeFt: v1 && u16(b, 18) !== 0xffff ? u16(b, 18) - 5000 : null,
      verticalSpeedFpm: v1 ? nullIf(s16(b, 20), 0x7fff) : null,
    },
  };
}
