// Encoders for the messages a GDL90 source sends (the built-in flyer, tests): each returns the clear
// message (Message ID + Message Data); `encodeFrame` (framing.ts) adds the FCS, escapes and flags.
// Values out of a field's range are held at its limits, as the ICD's senders do.

import type {
  ForeFlightAhrs,
  ForeFlightId,
  Heartbeat,
  HeightAboveTerrain,
  Initialization,
  OwnshipGeoAltitude,
  PassThroughReport,
  StratuxHeartbeat,
  TargetReport,
  TrackType,
  Uplink,
} from './messages.js';
import { MESSAGE_ID } from './messages.js';

type Fields<T> = Omit<T, 'type'>;

const clamp = (v: number, lo: number, hi: number): number => (v < lo ? lo : v > hi ? hi : v);
const put16 = (b: Uint8Array, i: number, v: number): void => {
  b[i] = (v >> 8) & 0xff;
  b[i + 1] = v & 0xff;
};
const put24 = (b: Uint8Array, i: number, v: number): void => {
  b[i] = (v >> 16) & 0xff;
  b[i + 1] = (v >> 8) & 0xff;
  b[i + 2] = v & 0xff;
};
const putTor = (b: Uint8Array, i: number, v: number | null): void => {
  const t = v === null ? 0xffffff : clamp(Math.round(v), 0, 0xfffffe);
  b[i] = t & 0xff;
  b[i + 1] = (t >> 8) & 0xff;
  b[i + 2] = (t >> 16) & 0xff;
};
const flag = (v: boolean, bit: number): number => (v ? 1 << bit : 0);

export function encodeHeartbeat(h: Fields<Heartbeat>): Uint8Array {
  const b = new Uint8Array(7);
  const ts = clamp(Math.floor(h.timestampSeconds), 0, 0x1ffff);
  b[0] = MESSAGE_ID.heartbeat;
  b[1] =
    flag(h.gpsPositionValid, 7) |
    flag(h.maintenanceRequired, 6) |
    flag(h.ident, 5) |
    flag(h.addressTypeTalkback, 4) |
    flag(h.gpsBatteryLow, 3) |
    flag(h.ratcs, 2) |
    flag(h.uatInitialized, 0);
  b[2] = ((ts >> 16) << 7) | flag(h.csaRequested, 6) | flag(h.csaNotAvailable, 5) | flag(h.utcOk, 0);
  b[3] = ts & 0xff;
  b[4] = (ts >> 8) & 0xff;
  const uplinks = clamp(h.uplinkCount, 0, 31);
  const reports = clamp(h.basicLongCount, 0, 1023);
  b[5] = (uplinks << 3) | (reports >> 8);
  b[6] = reports & 0xff;
  return b;
}

export function encodeInitialization(m: Fields<Initialization>): Uint8Array {
  return Uint8Array.of(
    MESSAGE_ID.initialization,
    flag(m.audioTest, 6) | flag(m.audioInhibit, 1) | flag(m.cdtiOk, 0),
    flag(m.csaAudioDisable, 1) | flag(m.csaDisable, 0),
  );
}

export function encodeHeightAboveTerrain(m: Fields<HeightAboveTerrain>): Uint8Array {
  const b = new Uint8Array(3);
  b[0] = MESSAGE_ID.heightAboveTerrain;
  put16(b, 1, m.heightFt === null ? 0x8000 : clamp(Math.round(m.heightFt), -32767, 32767) & 0xffff);
  return b;
}

/** What a Traffic or Ownship report needs; the derived fields of `TargetReport` are optional. */
export type TargetInput = Omit<TargetReport, 'addressType' | 'alertStatus' | 'trackType'> & {
  addressType?: TargetReport['addressType'];
  alertStatus?: number;
  trackType?: TrackType;
};

const ADDRESS_TYPE_CODES: Record<TargetReport['addressType'], number> = {
  adsbIcao: 0,
  adsbSelfAssigned: 1,
  tisbIcao: 2,
  tisbTrackFile: 3,
  surfaceVehicle: 4,
  groundStationBeacon: 5,
  reserved: 6,
};
const TRACK_CODES: Record<TrackType, number> = { invalid: 0, trueTrack: 1, magneticHeading: 2, trueHeading: 3 };
const SEMICIRCLES_PER_DEG = 0x800000 / 180;

function encodeTarget(id: number, r: TargetInput): Uint8Array {
  const b = new Uint8Array(28);
  b[0] = id;
  const alert = r.alertStatus ?? (r.trafficAlert ? 1 : 0);
  const typeCode = r.addressType !== undefined && r.addressType !== 'reserved' ? ADDRESS_TYPE_CODES[r.addressType] : r.addressTypeCode;
  b[1] = ((alert & 0x0f) << 4) | (typeCode & 0x0f);
  put24(b, 2, r.address & 0xffffff);
  if (r.latitude !== null && r.longitude !== null) {
    put24(b, 5, clamp(Math.round(r.latitude * SEMICIRCLES_PER_DEG), -0x400000, 0x400000) & 0xffffff);
    // +180 and beyond wrap to -180 (0x800000), the ICD's minimum.
    const lon = ((((r.longitude + 180) % 360) + 360) % 360) - 180;
    put24(b, 8, Math.round(lon * SEMICIRCLES_PER_DEG) & 0xffffff);
  }
  const ddd = r.pressureAltitudeFt === null ? 0xfff : clamp(Math.round((r.pressureAltitudeFt + 1000) / 25), 0, 0xffe);
  const trackType = r.trackType ?? (r.trackDeg === null ? 'invalid' : 'trueTrack');
  const misc = flag(r.airborne, 3) | flag(r.extrapolated, 2) | TRACK_CODES[trackType];
  b[11] = ddd >> 4;
  b[12] = ((ddd & 0x0f) << 4) | misc;
  const nic = r.latitude === null || r.longitude === null ? 0 : r.nic & 0x0f;
  b[13] = (nic << 4) | (r.nacp & 0x0f);
  const hhh = r.horizontalVelocityKt === null ? 0xfff : clamp(Math.round(r.horizontalVelocityKt), 0, 0xffe);
  const vvv = r.verticalVelocityFpm === null ? 0x800 : clamp(Math.round(r.verticalVelocityFpm / 64), -510, 510) & 0xfff;
  b[14] = hhh >> 4;
  b[15] = ((hhh & 0x0f) << 4) | (vvv >> 8);
  b[16] = vvv & 0xff;
  b[17] = r.trackDeg === null ? 0 : Math.round((((r.trackDeg % 360) + 360) % 360) * (256 / 360)) & 0xff;
  b[18] = r.emitterCategory & 0xff;
  const callsign = r.callsign.toUpperCase().padEnd(8, ' ');
  for (let i = 0; i < 8; i++) b[19 + i] = callsign.charCodeAt(i) & 0x7f;
  b[27] = (r.emergencyCode & 0x0f) << 4;
  return b;
}

/** Ownship Report (§3.4). A fix-less ownship sends latitude, longitude and NIC as zero. */
export function encodeOwnship(r: TargetInput): Uint8Array {
  return encodeTarget(MESSAGE_ID.ownship, r);
}

/** Traffic Report (§3.5). */
export function encodeTraffic(r: TargetInput): Uint8Array {
  return encodeTarget(MESSAGE_ID.traffic, r);
}

/** Ownship Geometric Altitude (§3.8). */
export function encodeOwnshipGeoAltitude(m: Fields<OwnshipGeoAltitude>): Uint8Array {
  const b = new Uint8Array(5);
  b[0] = MESSAGE_ID.ownshipGeoAltitude;
  put16(b, 1, clamp(Math.round(m.altitudeFt / 5), -32768, 32767) & 0xffff);
  const vfom = m.vfomM === null ? 0x7fff : clamp(Math.round(m.vfomM), 0, 0x7ffe);
  put16(b, 3, (m.verticalWarning ? 0x8000 : 0) | vfom);
  return b;
}

/** Uplink Data (§3.3): a 432-byte payload (shorter ones are zero-filled). */
export function encodeUplink(m: Fields<Uplink>): Uint8Array {
  const b = new Uint8Array(436);
  b[0] = MESSAGE_ID.uplink;
  putTor(b, 1, m.timeOfReception);
  b.set(m.payload.subarray(0, 432), 4);
  return b;
}

/** Basic (18-byte payload) or Long (34-byte payload) pass-through report (§3.6). */
export function encodePassThrough(m: Omit<PassThroughReport, 'adsb'>): Uint8Array {
  const size = m.type === 'basicReport' ? 22 : 38;
  const b = new Uint8Array(size);
  b[0] = m.type === 'basicReport' ? MESSAGE_ID.basicReport : MESSAGE_ID.longReport;
  putTor(b, 1, m.timeOfReception);
  b.set(m.payload.subarray(0, size - 4), 4);
  return b;
}

/** `text` as UTF-8 into `size` bytes (cut at a character boundary, NUL-filled). */
function putText(b: Uint8Array, start: number, size: number, text: string): void {
  let o = start;
  const end = start + size;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    const bytes =
      c < 0x80
        ? [c]
        : c < 0x800
          ? [0xc0 | (c >> 6), 0x80 | (c & 0x3f)]
          : c < 0x10000
            ? [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
            : [0xf0 | (c >> 18), 0x80 | ((c >> 12) & 0x3f), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)];
    if (o + bytes.length > end) break;
    for (const x of bytes) b[o++] = x;
  }
}

/** ForeFlight ID message (0x65, sub-ID 0, version 1). */
export function encodeForeFlightId(
  m: Pick<ForeFlightId, 'serialNumber' | 'deviceName' | 'deviceLongName'> & {
    geometricAltitudeDatum: ForeFlightId['geometricAltitudeDatum'];
    internetPolicy?: ForeFlightId['internetPolicy'];
  },
): Uint8Array {
  const b = new Uint8Array(39);
  b[0] = MESSAGE_ID.foreFlight;
  b[1] = 0x00;
  b[2] = 1;
  const serial = m.serialNumber ?? 'ffffffffffffffff';
  for (let i = 0; i < 8; i++) b[3 + i] = parseInt(serial.slice(i * 2, i * 2 + 2).padEnd(2, '0'), 16) || 0;
  putText(b, 11, 8, m.deviceName);
  putText(b, 19, 16, m.deviceLongName);
  const policy = { unrestricted: 0, expensive: 1, disallowed: 2, reserved: 3 }[m.internetPolicy ?? 'unrestricted'];
  b[38] = (m.geometricAltitudeDatum === 'msl' ? 1 : 0) | (policy << 1);
  return b;
}

/** ForeFlight AHRS message (0x65, sub-ID 1). */
export function encodeForeFlightAhrs(m: Fields<ForeFlightAhrs>): Uint8Array {
  const b = new Uint8Array(12);
  b[0] = MESSAGE_ID.foreFlight;
  b[1] = 0x01;
  const tenths = (v: number | null, limit: number): number => (v === null ? 0x7fff : clamp(Math.round(v * 10), -limit, limit) & 0xffff);
  put16(b, 2, tenths(m.rollDeg, 1800));
  put16(b, 4, tenths(m.pitchDeg, 1800));
  put16(b, 6, m.headingDeg === null ? 0xffff : (m.headingMagnetic ? 0x8000 : 0) | (clamp(Math.round(m.headingDeg * 10), -3600, 3600) & 0x7fff));
  put16(b, 8, m.indicatedAirspeedKt === null ? 0xffff : clamp(Math.round(m.indicatedAirspeedKt), 0, 0xfffe));
  put16(b, 10, m.trueAirspeedKt === null ? 0xffff : clamp(Math.round(m.trueAirspeedKt), 0, 0xfffe));
  return b;
}

/** Stratux heartbeat (0xCC). */
export function encodeStratuxHeartbeat(m: Fields<StratuxHeartbeat>): Uint8Array {
  return Uint8Array.of(MESSAGE_ID.stratuxHeartbeat, ((m.protocolVersion & 0x3f) << 2) | flag(m.gpsValid, 1) | flag(m.ahrsValid, 0));
}
