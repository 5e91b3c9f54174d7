import { z } from 'zod';

/**
 * The simulator socket (issue 20, spec part 2 §3 simulator link, §7 sendToXPlane): the server's
 * X-Plane link (apps/server/src/devices/xplane) hears X-Plane on UDP (BECN beacon, RREF datarefs)
 * or its local web API (X-Plane 12.1.1+, port 8086) and streams to the signed-in app over
 * `GET /ws/sim` (a session cookie as for /ws/devices). The app sends commands on the same socket.
 *
 * Server to app:
 *   simStatus   on connect and whenever connected, dataSource, isSimulating, stale, hosts or subscribed change
 *   flightData  the latest flightData, at most SIM_FLIGHT_DATA_MAX_PER_SECOND a second
 *   commandResult  one per command the app sent (ok false: dropped, with why)
 * App to server (simClientMessageSchema): discover, subscribe, unsubscribe, setHost, forceReconnect, command.
 */

export const SIM_SOCKET_PATH = '/ws/sim';
/** The flight plan as an X-Plane `.fms` file (GET, same session): the route last sent by this session. */
export const SIM_FMS_DOWNLOAD_PATH = '/sim/flightplan.fms';

/** X-Plane's beacon: multicast 239.255.1.1, port 49707 ("BECN"). */
export const XPLANE_BEACON_GROUP = '239.255.1.1';
export const XPLANE_BEACON_PORT = 49707;
/** X-Plane receives UDP on 49000 by default. */
export const XPLANE_DEFAULT_UDP_PORT = 49000;
/** X-Plane 12.1.1+ local web API (REST /api/v1, websocket /api/v2). */
export const XPLANE_WEB_API_PORT = 8086;
/** Spec part 2 §9: simulator status poll 2 s, data stale after 10 s. */
export const SIM_STATUS_POLL_MS = 2000;
export const SIM_STALE_MS = 10_000;
export const SIM_FLIGHT_DATA_MAX_PER_SECOND = 30;
/**
 * Issue 24: the route screen's "Send to X-Plane folder". GET answers `SimFmsFolderStatus` (404 when
 * the simulator link is off); POST takes `SimFmsFolderRequest` (an X-Plane `.fms` text and a file
 * name) and writes it into XPLANE_FMS_DIR, answering `SimFmsFolderResult`.
 */
export const SIM_FMS_FOLDER_PATH = '/sim/fms-folder';
/** The largest `.fms` text the folder endpoint takes (a 1000-point plan is about 60 kB). */
export const SIM_FMS_FOLDER_MAX_BYTES = 256 * 1024;
export interface SimFmsFolderStatus {
  /** XPLANE_FMS_DIR is set: plans can be written into X-Plane's Output/FMS plans folder. */
  configured: boolean;
}
/** A file name: letters, digits, space, '_' and '-', 1 to 64 characters (`.fms` is added). */
export const simFmsFolderRequestSchema = z.object({
  name: z.string().regex(/^[A-Za-z0-9 _-]{1,64}$/, 'a file name of 1 to 64 letters, digits, spaces, "_" or "-"'),
  fms: z.string().min(1).max(SIM_FMS_FOLDER_MAX_BYTES),
});
export type SimFmsFolderRequest = z.infer<typeof simFmsFolderRequestSchema>;
export interface SimFmsFolderResult {
  ok: boolean;
  message: string;
  /** The file written, e.g. `KSQL-KOAK.fms`. */
  file?: string;
}

/** Spec part 2 §7 sendDirectToXPlane: the flight plan carries cycle 2502. */
export const FMS_DEFAULT_CYCLE = '2502';
/** Spec part 2 §9: simulator altitude m to feet by dividing by 0.3048. */
export const simMetresToFeet = (metres: number): number => metres / 0.3048;

export type SimDataSource = 'none' | 'udp' | 'webapi';

export interface SimNavIndicator {
  /** Selected course (OBS), degrees magnetic. */
  course: number;
  /** Lateral deviation, dots (-2.5..2.5; positive: course to the right). */
  deviation: number;
  /** Vertical deviation, dots (positive: glideslope above). */
  glideslope: number;
  /** 0 off (flag), 1 to, 2 from. */
  toFrom: 0 | 1 | 2;
  /** DME distance, nm. */
  distance: number;
}

/** Spec part 2 §3 flightData: position, attitude, speeds, engine, fuel, radios, autopilot, flight director, navigation. */
export interface SimFlightData {
  lat: number;
  lon: number;
  /** ft MSL (X-Plane metres / 0.3048). */
  altitude: number;
  altitudeAGL: number;
  /** degrees magnetic / true. */
  heading: number;
  trueHeading: number;
  pitch: number;
  roll: number;
  /** kt */
  groundSpeed: number;
  airspeed: number;
  /** ft/min */
  verticalSpeed: number;
  angleOfAttack: number;
  /** Slip-skid ball, degrees (positive: ball right). */
  slipSkid: number;
  gForce: number;
  /** Gear handle down. */
  gear: boolean;
  /** Flap handle, 0..1. */
  flaps: number;
  rpm: number;
  /** gal/h */
  fuelFlow: number;
  /** gal */
  fuelLeft: number;
  fuelRight: number;
  nav1: SimNavIndicator;
  nav2: SimNavIndicator;
  gps: SimNavIndicator;
  hsiSource: 'nav1' | 'nav2' | 'gps';
  // Full panel data.
  manifoldPressure: number;
  oilPressure: number;
  oilTemp: number;
  fuelPressure: number;
  /** Four slots (X-Plane reports one per engine), °C. */
  cht: [number, number, number, number];
  egt: [number, number, number, number];
  voltage: number;
  amperage: number;
  mixture: number;
  throttle: number;
  propeller: number;
  lights: { landing: boolean; taxi: boolean; nav: boolean; strobe: boolean; beacon: boolean };
  /** kHz (com: 8.33 kHz steps; nav: 10 kHz steps). */
  com1: number;
  com1Standby: number;
  com2: number;
  com2Standby: number;
  nav1Freq: number;
  nav1Standby: number;
  nav2Freq: number;
  nav2Standby: number;
  apAltitude: number;
  apHeading: number;
  apVerticalSpeed: number;
  apAirspeed: number;
  apActive: boolean;
  apModes: { heading: boolean; nav: boolean; altitude: boolean; verticalSpeed: boolean; approach: boolean };
  /** Flight director mode: 0 off, 1 on, 2 on with servos. */
  fdActive: 0 | 1 | 2;
  elevatorTrim: number;
  aileronTrim: number;
  rudderTrim: number;
  /** Airspeed range bands, kt (0: unknown). */
  vso: number;
  vs: number;
  vfe: number;
  vno: number;
  vne: number;
}

const NAV_OFF: SimNavIndicator = { course: 0, deviation: 0, glideslope: 0, toFrom: 0, distance: 0 };

/** Spec defaults: gForce 1, four cylinder and exhaust temperature slots. */
export function defaultFlightData(): SimFlightData {
  return {
    lat: 0, lon: 0, altitude: 0, altitudeAGL: 0, heading: 0, trueHeading: 0, pitch: 0, roll: 0, groundSpeed: 0, airspeed: 0,
    verticalSpeed: 0, angleOfAttack: 0, slipSkid: 0, gForce: 1, gear: true, flaps: 0, rpm: 0, fuelFlow: 0, fuelLeft: 0, fuelRight: 0,
    nav1: { ...NAV_OFF }, nav2: { ...NAV_OFF }, gps: { ...NAV_OFF }, hsiSource: 'nav1',
    manifoldPressure: 0, oilPressure: 0, oilTemp: 0, fuelPressure: 0, cht: [0, 0, 0, 0], egt: [0, 0, 0, 0], voltage: 0, amperage: 0,
    mixture: 0, throttle: 0, propeller: 0, lights: { landing: false, taxi: false, nav: false, strobe: false, beacon: false },
    com1: 0, com1Standby: 0, com2: 0, com2Standby: 0, nav1Freq: 0, nav1Standby: 0, nav2Freq: 0, nav2Standby: 0,
    apAltitude: 0, apHeading: 0, apVerticalSpeed: 0, apAirspeed: 0, apActive: false,
    apModes: { heading: false, nav: false, altitude: false, verticalSpeed: false, approach: false }, fdActive: 0,
    elevatorTrim: 0, aileronTrim: 0, rudderTrim: 0, vso: 0, vs: 0, vfe: 0, vno: 0, vne: 0,
  };
}

/** An X-Plane heard by its beacon (or configured in XPLANE_HOSTS). */
export interface XPlaneHost {
  /** `address:port` of its UDP interface: the host's identity. */
  id: string;
  address: string;
  port: number;
  /** Computer name from the beacon ('' when configured). */
  name: string;
  /** e.g. 120100 for 12.1.0; null when configured. */
  version: number | null;
  /** 1 master, 2 external visual, 3 IOS. */
  role: number | null;
  lastSeenAt: number;
  source: 'beacon' | 'config';
}

export interface SimCounts {
  datagrams: number;
  /** RREF values applied. */
  values: number;
  /** Wrong size, unknown kind, unknown index: counted and dropped. */
  bad: number;
  commandsSent: number;
  /** Commands while no simulator was connected (spec §8: dropped with a log). */
  commandsDropped: number;
  reconnects: number;
}

export interface SimStatusMessage {
  type: 'simStatus';
  time: number;
  connected: boolean;
  dataSource: SimDataSource;
  /** Connected, data fresh and the simulator not paused. */
  isSimulating: boolean;
  /** No data for SIM_STALE_MS: the last flightData is kept and shown as stale. */
  stale: boolean;
  xplaneHosts: XPlaneHost[];
  currentXplaneHost: string | null;
  subscribed: boolean;
  lastDataAt: number | null;
  /** Whether flight plans are written into X-Plane's Output/FMS plans folder (XPLANE_FMS_DIR). */
  fmsDir: boolean;
  counts: SimCounts;
}

export interface SimFlightDataMessage {
  type: 'flightData';
  time: number;
  data: SimFlightData;
}

export interface SimCommandResultMessage {
  type: 'commandResult';
  id: string;
  ok: boolean;
  message: string;
  /** For flightPlan: the `.fms` text (also at SIM_FMS_DOWNLOAD_PATH). */
  fms?: string;
}

export type SimServerMessage = SimStatusMessage | SimFlightDataMessage | SimCommandResultMessage;

/** Spec part 2 §3 flight plan waypoint (simulator). */
export const SIM_WAYPOINT_TYPES = ['AIRPORT', 'NDB', 'VOR', 'VOR-DME', 'VORTAC', 'FIX', 'LATLON'] as const;
export type SimWaypointType = (typeof SIM_WAYPOINT_TYPES)[number];

const waypointSchema = z.object({
  id: z.string().min(1).max(16),
  type: z.enum(SIM_WAYPOINT_TYPES),
  /** ft */
  altitude: z.number().min(-2000).max(60_000),
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
});
export type SimFlightPlanWaypoint = z.infer<typeof waypointSchema>;

export const SIM_RADIOS = ['com1', 'com1Standby', 'com2', 'com2Standby', 'nav1', 'nav1Standby', 'nav2', 'nav2Standby'] as const;
export type SimRadio = (typeof SIM_RADIOS)[number];
export const SIM_AUTOPILOT_COMMANDS = ['toggle', 'heading', 'nav', 'altitude', 'verticalSpeed', 'approach', 'setHeading', 'setAltitude', 'setVerticalSpeed', 'setAirspeed'] as const;
export type SimAutopilotCommand = (typeof SIM_AUTOPILOT_COMMANDS)[number];

export const simCommandSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('directTo'), waypointId: z.string().min(1).max(16), lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180), index: z.number().int().min(0).max(999) }),
  /** value: MHz (e.g. 118.5, 110.3). */
  z.object({ type: z.literal('setRadio'), radio: z.enum(SIM_RADIOS), value: z.number().min(108).max(137) }),
  z.object({ type: z.literal('flightDirector'), mode: z.union([z.literal(0), z.literal(1), z.literal(2)]) }),
  z.object({ type: z.literal('autopilot'), command: z.enum(SIM_AUTOPILOT_COMMANDS), value: z.number().min(-10_000).max(60_000).optional() }),
  z.object({ type: z.literal('flightPlan'), waypoints: z.array(waypointSchema).min(2).max(100), cycle: z.string().regex(/^\d{4}$/).optional(), name: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/).optional() }),
]);
export type SimCommand = z.infer<typeof simCommandSchema>;

export const simClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('discover') }),
  z.object({ type: z.literal('subscribe') }),
  z.object({ type: z.literal('unsubscribe') }),
  z.object({ type: z.literal('setHost'), host: z.string().min(1).max(80) }),
  z.object({ type: z.literal('forceReconnect') }),
  z.object({ type: z.literal('command'), id: z.string().min(1).max(40), command: simCommandSchema }),
]);
export type SimClientMessage = z.infer<typeof simClientMessageSchema>;
