/**
 * The devices socket (issue 19): the server's devices bridge listens for GDL90 from ADS-B
 * receivers (Stratux and others) on UDP, decodes it with @clearway/gdl90 and streams compact JSON
 * to the signed-in app over `GET /ws/devices` (a session cookie as for the profile socket; 401
 * without one). Browsers cannot open UDP sockets, so this is how the app hears a receiver.
 *
 * Messages (server to app; what the app sends is ignored):
 *   status   on connect, whenever a flag or the receiver changes, and every 5 s while anything is heard
 *   ownship  at most OWNSHIP_MAX_PER_SECOND a second (the newest report wins)
 *   traffic  targets reported since the last batch, at most every TRAFFIC_BATCH_MS
 *   fisb     FIS-B text products decoded from uplinks, with source 'ADS-B'
 * Times are ms since the epoch on the server's clock at reception.
 * Zod-free, so the app's start-up can import it; the schemas are in devicesSchema.ts.
 */

/** The socket's path on the server's origin. */
export const DEVICES_SOCKET_PATH = '/ws/devices';

/** Spec part 2 §7 startADSB: receivers send GDL90 to UDP 4000. */
export const GDL90_DEFAULT_PORT = 4000;
/** ForeFlight GDL90 extension: apps announce themselves by a JSON broadcast to this UDP port every 5 s. */
export const FOREFLIGHT_ANNOUNCE_PORT = 63093;
export const FOREFLIGHT_ANNOUNCE_INTERVAL_MS = 5000;

/** Receiver status time-outs (spec): heartbeat and traffic off after 10 s without a message, ADS-B GPS after 6 s. */
export const DEVICE_HEARTBEAT_TIMEOUT_MS = 10_000;
export const DEVICE_TRAFFIC_TIMEOUT_MS = 10_000;
export const DEVICE_GPS_TIMEOUT_MS = 6_000;
/** A receiver is detected within this long of its first heartbeat or ID message. */
export const DEVICE_DETECT_WITHIN_MS = 3_000;

export const OWNSHIP_MAX_PER_SECOND = 10;
export const TRAFFIC_BATCH_MS = 100;

/** What kind of receiver is talking: Stratux (its 0xCC heartbeat or 'SX' status), one naming itself by a ForeFlight ID, or any GDL90 heartbeat. */
export const RECEIVER_KINDS = ['stratux', 'foreflight', 'gdl90'] as const;
export type ReceiverKind = (typeof RECEIVER_KINDS)[number];

export interface DeviceReceiver {
  kind: ReceiverKind;
  /** ForeFlight ID short / long name, Stratux firmware ("v1.6r1-..." as major.minor.build); null when not sent. */
  name: string | null;
  longName: string | null;
  firmware: string | null;
  /** The sender's address, `ip:port`. */
  from: string;
  /** ForeFlight ID capability bit 0: whether geometric altitudes are above the WGS-84 ellipsoid or MSL; null without an ID message. */
  geoAltitudeDatum: 'wgs84Ellipsoid' | 'msl' | null;
  detectedAt: number;
}

export interface DevicesCounts {
  datagrams: number;
  bytes: number;
  messages: number;
  badCrc: number;
  truncated: number;
  unknown: number;
  badLength: number;
  /** Datagrams over the per-second budget or the size limit: dropped before decoding. */
  refused: number;
  /** FIS-B text products forwarded, by type (METAR, TAF, ...). */
  fisb: Record<string, number>;
}

export interface DevicesStatusMessage {
  type: 'status';
  time: number;
  /** Whether the UDP socket is bound (false: port taken, or the bridge failed). */
  listening: boolean;
  port: number | null;
  receiver: DeviceReceiver | null;
  heartbeat: boolean;
  traffic: boolean;
  gps: boolean;
  lastMessageAt: number | null;
  counts: DevicesCounts;
}

export interface DevicesOwnshipMessage {
  type: 'ownship';
  time: number;
  /** ICAO address, 6 hex digits. */
  address: string;
  callsign: string | null;
  lat: number;
  lon: number;
  /** Pressure altitude, ft; null when invalid. */
  altPressureFt: number | null;
  /** Ownship Geometric Altitude (0x0B), ft, per `geoAltitudeDatum`; null when none was received within the GPS time-out. */
  altGeoFt: number | null;
  geoAltitudeDatum: 'wgs84Ellipsoid' | 'msl' | null;
  trackDeg: number | null;
  groundSpeedKt: number | null;
  verticalSpeedFpm: number | null;
  nic: number;
  nacp: number;
  airborne: boolean;
}

export interface DeviceTrafficTarget {
  /** 6 hex digits; with addressType, the target's identity. */
  address: string;
  addressType: string;
  callsign: string | null;
  /** null: no position (a Mode S target: shown as a distance ring by the app). */
  lat: number | null;
  lon: number | null;
  /** Pressure altitude, ft. */
  altFt: number | null;
  trackDeg: number | null;
  speedKt: number | null;
  verticalSpeedFpm: number | null;
  /** GDL90 emitter category (0-39). */
  emitter: number;
  /** GDL90 emergency/priority code (0 none). */
  emergency: number;
  onGround: boolean;
  alert: boolean;
  time: number;
  /** A target without a position: the receiver's distance estimate, nm (Stratux's DistanceEstimated); the app draws it as a ring. */
  distanceNm?: number | null;
}

export interface DevicesTrafficMessage {
  type: 'traffic';
  time: number;
  targets: DeviceTrafficTarget[];
}

export interface DeviceFisbProduct {
  productId: number;
  /** METAR, SPECI, TAF, TAF.AMD, PIREP, WINDS, AIRMET, SIGMET, NOTAM ... */
  kind: string;
  location: string;
  text: string;
  station: { lat: number; lon: number };
}

export interface DevicesFisbMessage {
  type: 'fisb';
  time: number;
  source: 'ADS-B';
  products: DeviceFisbProduct[];
}

export type DevicesMessage = DevicesStatusMessage | DevicesOwnshipMessage | DevicesTrafficMessage | DevicesFisbMessage;
