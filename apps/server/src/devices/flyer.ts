import { encodeForeFlightId, encodeFrame, encodeHeartbeat, encodeOwnship, encodeOwnshipGeoAltitude, encodeTraffic, type TargetInput } from '@clearway/gdl90';
import { greatCircleDestination, greatCircleDistanceNm, greatCircleInitialCourseDeg } from '@clearway/geo';

/**
 * The built-in flyer (npm run fly): flies a route's points at a speed along great circles and
 * builds the GDL90 a receiver would send: heartbeat each second, ownship and ownship geometric
 * altitude at the rate, traffic reports for targets flying around it, a ForeFlight ID message.
 */

export interface FlyPoint {
  id: string;
  lat: number;
  lon: number;
}

export interface FlyState {
  lat: number;
  lon: number;
  /** Degrees true, toward the next point. */
  trackDeg: number;
  groundSpeedKt: number;
  altitudeFt: number;
  verticalSpeedFpm: number;
  /** The point flown to (index into the route's points). */
  toIndex: number;
  /** Distance flown, nm. */
  flownNm: number;
  done: boolean;
}

/** A route flown at a constant ground speed and altitude, point to point along great circles. */
export class RouteFlight {
  readonly legsNm: number[];
  readonly totalNm: number;

  constructor(readonly points: readonly FlyPoint[], readonly speedKt: number, readonly altitudeFt: number) {
    if (points.length < 2) throw new Error(`a route needs at least two points to fly (got ${points.length})`);
    if (!(speedKt > 0)) throw new Error(`the speed must be above 0 kt (got ${speedKt})`);
    this.legsNm = points.slice(1).map((to, i) => greatCircleDistanceNm(points[i]!.lat, points[i]!.lon, to.lat, to.lon));
    this.totalNm = this.legsNm.reduce((a, b) => a + b, 0);
  }

  /** Where the aircraft is `seconds` after leaving the first point. */
  at(seconds: number): FlyState {
    let left = Math.min(this.totalNm, (this.speedKt * Math.max(0, seconds)) / 3600);
    const flownNm = left;
    // Flown to the end (a rounding hair short of it included).
    const done = flownNm >= this.totalNm - 1e-9;
    for (let i = 0; i < this.legsNm.length; i++) {
      const from = this.points[i]!;
      const to = this.points[i + 1]!;
      const leg = this.legsNm[i]!;
      if (left < leg || i === this.legsNm.length - 1) {
        const course = greatCircleInitialCourseDeg(from.lat, from.lon, to.lat, to.lon);
        const here = leg === 0 ? { latDeg: from.lat, lonDeg: from.lon } : greatCircleDestination(from.lat, from.lon, course, Math.min(left, leg));
        const remaining = greatCircleDistanceNm(here.latDeg, here.lonDeg, to.lat, to.lon);
        const track = remaining > 1e-6 ? greatCircleInitialCourseDeg(here.latDeg, here.lonDeg, to.lat, to.lon) : course;
        return { lat: here.latDeg, lon: here.lonDeg, trackDeg: (track + 360) % 360, groundSpeedKt: done ? 0 : this.speedKt, altitudeFt: this.altitudeFt, verticalSpeedFpm: 0, toIndex: i + 1, flownNm, done };
      }
      left -= leg;
    }
    /* c8 ignore next */
    throw new Error('unreachable: the last leg always returns');
  }

  /** Seconds to fly the whole route. */
  get durationSeconds(): number {
    return (this.totalNm / this.speedKt) * 3600;
  }
}

/** Altitude offsets of the traffic from ownship, ft: some above, some below, some near. */
const TRAFFIC_OFFSETS_FT = [500, -1000, 2000, -300, 1200, -2500, 800, -600, 3000, 0];

/** N targets circling the ownship at 2 to about 10 nm, each at its own altitude offset, speed and sense. */
export function trafficAround(own: Pick<FlyState, 'lat' | 'lon' | 'altitudeFt'>, count: number, seconds: number): TargetInput[] {
  const out: TargetInput[] = [];
  for (let i = 0; i < count; i++) {
    const radiusNm = 2 + (i % 6) * 1.5 + Math.floor(i / 6) * 0.25;
    const speedKt = 90 + (i % 5) * 20;
    const sense = i % 2 === 0 ? 1 : -1;
    // Angle around the ownship, degrees: the target's speed along its circle.
    const angle = (i * 37 + sense * ((speedKt * seconds) / 3600 / (2 * Math.PI * radiusNm)) * 360) % 360;
    const at = greatCircleDestination(own.lat, own.lon, (angle + 360) % 360, radiusNm);
    const offset = TRAFFIC_OFFSETS_FT[i % TRAFFIC_OFFSETS_FT.length]!;
    out.push({
      trafficAlert: false,
      addressTypeCode: 0,
      addressType: 'adsbIcao',
      address: 0xa10000 + i,
      latitude: at.latDeg,
      longitude: at.lonDeg,
      pressureAltitudeFt: Math.max(0, Math.round(own.altitudeFt + offset)),
      airborne: true,
      extrapolated: false,
      trackDeg: (angle + sense * 90 + 360) % 360,
      nic: 8,
      nacp: 9,
      horizontalVelocityKt: speedKt,
      verticalVelocityFpm: i % 3 === 0 ? 0 : i % 3 === 1 ? 512 : -512,
      emitterCategory: 1,
      callsign: `CW${String(i + 1).padStart(3, '0')}`,
      emergencyCode: 0,
    });
  }
  return out;
}

/** Heartbeat: GPS valid, UAT initialised, UTC OK, seconds since 0000Z. */
export function heartbeatFrame(nowMs: number): Uint8Array {
  const secondsOfDay = Math.floor((nowMs % 86_400_000) / 1000);
  return encodeFrame(encodeHeartbeat({ gpsPositionValid: true, maintenanceRequired: false, ident: false, addressTypeTalkback: false, gpsBatteryLow: false, ratcs: false, uatInitialized: true, csaRequested: false, csaNotAvailable: false, utcOk: true, timestampSeconds: secondsOfDay, uplinkCount: 0, basicLongCount: 0 }));
}

/** ForeFlight ID naming the flyer; geometric altitudes are MSL. */
export function foreFlightIdFrame(): Uint8Array {
  return encodeFrame(encodeForeFlightId({ serialNumber: null, deviceName: 'CWFlyer', deviceLongName: 'Clearway flyer', geometricAltitudeDatum: 'msl' }));
}

/** Ownship report and ownship geometric altitude (the flyer's geometric altitude is its pressure altitude). */
export function ownshipFrames(state: FlyState, address = 0xc1ea00): Uint8Array[] {
  const ownship = encodeOwnship({
    trafficAlert: false,
    addressTypeCode: 0,
    addressType: 'adsbIcao',
    address,
    latitude: state.lat,
    longitude: state.lon,
    pressureAltitudeFt: state.altitudeFt,
    airborne: !state.done,
    extrapolated: false,
    trackDeg: state.trackDeg,
    nic: 9,
    nacp: 10,
    horizontalVelocityKt: state.groundSpeedKt,
    verticalVelocityFpm: state.verticalSpeedFpm,
    emitterCategory: 1,
    callsign: 'CLEARWAY',
    emergencyCode: 0,
  });
  return [encodeFrame(ownship), encodeFrame(encodeOwnshipGeoAltitude({ altitudeFt: state.altitudeFt, verticalWarning: false, vfomM: 10 }))];
}

export function trafficFrame(target: TargetInput): Uint8Array {
  return encodeFrame(encodeTraffic(target));
}

export interface FlyOptions {
  flight: RouteFlight;
  /** Traffic targets around the ownship. */
  traffic: number;
  /** Ownship reports per second. */
  rate: number;
  /** Stop after this many seconds even before the route's end. */
  durationSeconds?: number;
  /** Sends one datagram. */
  send: (datagram: Uint8Array) => Promise<void>;
  /** Time now, ms since the epoch (heartbeat time). */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Each step's state, for the command line's progress lines. */
  onStep?: (state: FlyState, seconds: number) => void;
  /** Seconds of the route per real second (1: real time). */
  timeScale?: number;
  /** Stops the flight (after the step being sent) when aborted. */
  signal?: AbortSignal;
}

/**
 * Flies the route in real time (or `timeScale` faster): every 1/rate s an ownship (and geometric
 * altitude); every second a heartbeat, a ForeFlight ID and the traffic. Returns at the route's end
 * (or the duration, or when `signal` is aborted) with the count of datagrams sent.
 */
export async function fly(options: FlyOptions): Promise<{ datagrams: number; steps: number; seconds: number; final: FlyState }> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const scale = options.timeScale ?? 1;
  const stepMs = 1000 / options.rate;
  const end = Math.min(options.flight.durationSeconds, options.durationSeconds ?? Number.POSITIVE_INFINITY);
  let datagrams = 0;
  const send = async (bytes: Uint8Array) => {
    await options.send(bytes);
    datagrams++;
  };
  const started = now();
  let lastSecond = -1;
  for (let step = 0; ; step++) {
    const seconds = Math.min(end, (step * stepMs * scale) / 1000);
    const state = options.flight.at(seconds);
    const wholeSecond = Math.floor((step * stepMs) / 1000);
    if (wholeSecond !== lastSecond) {
      lastSecond = wholeSecond;
      await send(heartbeatFrame(now()));
      await send(foreFlightIdFrame());
      for (const target of trafficAround(state, options.traffic, seconds)) await send(trafficFrame(target));
    }
    for (const frame of ownshipFrames(state)) await send(frame);
    options.onStep?.(state, seconds);
    if (seconds >= end || options.signal?.aborted === true) return { datagrams, steps: step + 1, seconds, final: state };
    const due = started + (step + 1) * stepMs;
    await sleep(Math.max(0, due - now()));
  }
}
