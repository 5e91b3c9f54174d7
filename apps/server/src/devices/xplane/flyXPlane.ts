import { greatCircleDistanceNm, magneticVariationDeg, trueToMagnetic } from '@clearway/geo';
import type { FlyState, RouteFlight } from '../flyer.js';
import type { FakeXPlane, FakeXPlaneReceived } from './fakeXPlane.js';

/**
 * The built-in flyer as X-Plane (`npm run fly -- --xplane`): the route flown by RouteFlight is
 * served as X-Plane does over UDP. A stand-in X-Plane (fakeXPlane.ts) on a real socket sends its
 * BECN beacon each second and answers whoever subscribed with RREF ("RREF," index/value packets)
 * at the flyer's rate, with the datarefs of the aircraft flying the route; the DREF and CMND
 * packets it gets (radios, flight director, direct-to, autopilot) are reported. So the server's
 * X-Plane link is shown and tested without a simulator.
 */

/** m/s per knot (spec part 2 §9: m/s to knots via 2.2369362920544 mph times 0.868976). */
const MS_TO_KT = 2.2369362920544 * 0.868976;
const KG_PER_GAL = 2.72155;
/** The flyer's aircraft (a C172-like single): fuel flow, tanks, speeds. */
const FUEL_FLOW_GPH = 8.5;
const TANK_GAL = 26;
const SPEEDS_KT = { Vso: 40, Vs: 48, Vfe: 85, Vno: 129, Vne: 163 };

/**
 * The dataref values of one moment of the flight (X-Plane's units: metres, m/s, kg, kg/s, °C).
 * Indicated airspeed from ground speed with no wind by the 2 % per 1,000 ft rule of thumb; the
 * GPS course and distance to the point flown to (the HSI on GPS); wings level, fixed gear down.
 */
export function xplaneValues(flight: RouteFlight, state: FlyState, seconds: number, date: Date): Record<string, number> {
  const variation = magneticVariationDeg(state.lat, state.lon, state.altitudeFt, date);
  const to = flight.points[state.toIndex] ?? flight.points[flight.points.length - 1]!;
  const burnedGal = (FUEL_FLOW_GPH * Math.min(seconds, flight.durationSeconds)) / 3600;
  const tankKg = Math.max(0, TANK_GAL - burnedGal / 2) * KG_PER_GAL;
  const metres = state.altitudeFt * 0.3048;
  const values: Record<string, number> = {
    'sim/flightmodel/position/latitude': state.lat,
    'sim/flightmodel/position/longitude': state.lon,
    'sim/flightmodel/position/elevation': metres,
    // The flyer knows no terrain: height above ground is its altitude above sea level.
    'sim/flightmodel/position/y_agl': metres,
    'sim/flightmodel/position/psi': state.trackDeg,
    'sim/flightmodel/position/mag_psi': trueToMagnetic(state.trackDeg, variation),
    'sim/flightmodel/position/theta': state.done ? 0 : 2,
    'sim/flightmodel/position/phi': 0,
    'sim/flightmodel/position/groundspeed': state.groundSpeedKt / MS_TO_KT,
    'sim/flightmodel/position/indicated_airspeed': state.groundSpeedKt / (1 + (0.02 * state.altitudeFt) / 1000),
    'sim/flightmodel/position/vh_ind_fpm': state.verticalSpeedFpm,
    'sim/flightmodel/position/alpha': 2,
    'sim/flightmodel2/misc/gforce_normal': 1,
    'sim/cockpit/switches/gear_handle_status': 1,
    'sim/cockpit2/engine/indicators/engine_speed_rpm[0]': state.done ? 0 : 2400,
    'sim/cockpit2/engine/indicators/fuel_flow_kg_sec[0]': state.done ? 0 : (FUEL_FLOW_GPH * KG_PER_GAL) / 3600,
    'sim/cockpit2/fuel/fuel_quantity[0]': tankKg,
    'sim/cockpit2/fuel/fuel_quantity[1]': tankKg,
    'sim/cockpit2/engine/indicators/oil_pressure_psi[0]': 60,
    'sim/cockpit2/engine/indicators/oil_temperature_deg_C[0]': 90,
    'sim/cockpit2/electrical/bus_volts[0]': 28,
    'sim/cockpit2/engine/actuators/mixture_ratio[0]': 0.8,
    'sim/cockpit2/engine/actuators/throttle_ratio[0]': 0.75,
    'sim/cockpit/gps/course': trueToMagnetic(state.trackDeg, variation),
    'sim/cockpit2/radios/indicators/gps_flag_from_to_pilot': state.done ? 0 : 1,
    'sim/cockpit2/radios/indicators/gps_dme_distance_nm': greatCircleDistanceNm(state.lat, state.lon, to.lat, to.lon),
    'sim/cockpit2/radios/actuators/HSI_source_select_pilot': 2,
    'sim/time/paused': 0,
  };
  for (let i = 0; i < 4; i++) {
    values[`sim/cockpit2/engine/indicators/CHT_deg_C[${i}]`] = 180 + i * 3;
    values[`sim/cockpit2/engine/indicators/EGT_deg_C[${i}]`] = 700 + i * 5;
  }
  for (const [name, kt] of Object.entries(SPEEDS_KT)) values[`sim/aircraft/view/acf_${name}`] = kt;
  return values;
}

export interface FlyXPlaneOptions {
  flight: RouteFlight;
  /** The stand-in X-Plane the values are served from (bound where the server can reach it). */
  xplane: FakeXPlane;
  /** Where the beacon goes each second (X-Plane multicasts to 239.255.1.1:49707); null: none. */
  beacon: { address: string; port: number } | null;
  /** RREF answers a second (X-Plane answers at the subscription's rate; the server asks 20). */
  rate: number;
  durationSeconds?: number;
  timeScale?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  onStep?: (state: FlyState, seconds: number) => void;
  /** Each DREF/CMND the stand-in X-Plane received (commands from the app). */
  onCommand?: (packet: FakeXPlaneReceived) => void;
}

/**
 * Flies the route in real time (or `timeScale` faster): every 1/rate s the values of the moment
 * are answered to each subscriber; every second a beacon. Returns at the route's end (or the
 * duration) with the steps and the answers sent (steps that had a subscriber).
 */
export async function flyXPlane(options: FlyXPlaneOptions): Promise<{ steps: number; answered: number; beacons: number; seconds: number; final: FlyState }> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const scale = options.timeScale ?? 1;
  const stepMs = 1000 / options.rate;
  const end = Math.min(options.flight.durationSeconds, options.durationSeconds ?? Number.POSITIVE_INFINITY);
  const started = now();
  let lastSecond = -1;
  let answered = 0;
  let beacons = 0;
  let reported = options.xplane.received.length;
  for (let step = 0; ; step++) {
    const seconds = Math.min(end, (step * stepMs * scale) / 1000);
    const state = options.flight.at(seconds);
    const wholeSecond = Math.floor((step * stepMs) / 1000);
    if (wholeSecond !== lastSecond && options.beacon !== null) {
      lastSecond = wholeSecond;
      await options.xplane.sendBeacon(options.beacon.port, options.beacon.address, 'Clearway flyer');
      beacons++;
    }
    options.xplane.set(xplaneValues(options.flight, state, seconds, new Date(now())));
    if (options.xplane.subscribedCount() > 0) {
      options.xplane.tick();
      answered++;
    }
    const received = options.xplane.received;
    for (; reported < received.length; reported++) {
      const packet = received[reported]!;
      if (packet.kind === 'DREF' || packet.kind === 'CMND') options.onCommand?.(packet);
    }
    options.onStep?.(state, seconds);
    if (seconds >= end) return { steps: step + 1, answered, beacons, seconds, final: state };
    const due = started + (step + 1) * stepMs;
    await sleep(Math.max(0, due - now()));
  }
}
