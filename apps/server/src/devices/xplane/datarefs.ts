import { simMetresToFeet, type SimFlightData, type SimNavIndicator } from '@clearway/protocol';

/** m/s to knots (spec part 2 §9: 2.2369362920544 mph times 0.868976). */
const MS_TO_KT = 2.2369362920544 * 0.868976;
/** Avgas, kg per US gallon (6 lb). */
const KG_PER_GAL = 2.72155;

/** One subscribed dataref and where its value goes in flightData. */
export interface DatarefField {
  path: string;
  apply: (data: SimFlightData, value: number) => void;
}

const nav = (radio: 'nav1' | 'nav2' | 'gps'): DatarefField[] => {
  const set = <K extends keyof SimNavIndicator>(key: K, map: (v: number) => SimNavIndicator[K]) => (data: SimFlightData, value: number) => {
    data[radio][key] = map(value);
  };
  const course = radio === 'gps' ? 'sim/cockpit/gps/course' : `sim/cockpit2/radios/actuators/${radio}_obs_deg_mag_pilot`;
  return [
    { path: course, apply: set('course', (v) => v) },
    { path: `sim/cockpit2/radios/indicators/${radio}_hdef_dots_pilot`, apply: set('deviation', (v) => v) },
    { path: `sim/cockpit2/radios/indicators/${radio}_vdef_dots_pilot`, apply: set('glideslope', (v) => v) },
    { path: `sim/cockpit2/radios/indicators/${radio}_flag_from_to_pilot`, apply: set('toFrom', (v) => (v === 1 ? 1 : v === 2 ? 2 : 0)) },
    { path: `sim/cockpit2/radios/indicators/${radio}_dme_distance_nm`, apply: set('distance', (v) => v) },
  ];
};

const slots = (path: string, key: 'cht' | 'egt'): DatarefField[] =>
  [0, 1, 2, 3].map((i) => ({ path: `${path}[${i}]`, apply: (data, value) => void (data[key][i] = value) }));

/** Whether the simulator is paused (sim/time/paused); the link keeps it beside flightData. */
export const PAUSED_DATAREF = 'sim/time/paused';

/**
 * The datarefs for flightData (spec part 2 §3), subscribed with RREF by their index in this list.
 * Altitudes: X-Plane metres divided by 0.3048 (spec §9); ground speed m/s to kt; fuel kg to gal.
 */
export const FLIGHT_DATA_FIELDS: readonly DatarefField[] = [
  { path: 'sim/flightmodel/position/latitude', apply: (d, v) => void (d.lat = v) },
  { path: 'sim/flightmodel/position/longitude', apply: (d, v) => void (d.lon = v) },
  { path: 'sim/flightmodel/position/elevation', apply: (d, v) => void (d.altitude = simMetresToFeet(v)) },
  { path: 'sim/flightmodel/position/y_agl', apply: (d, v) => void (d.altitudeAGL = simMetresToFeet(v)) },
  { path: 'sim/flightmodel/position/mag_psi', apply: (d, v) => void (d.heading = v) },
  { path: 'sim/flightmodel/position/psi', apply: (d, v) => void (d.trueHeading = v) },
  { path: 'sim/flightmodel/position/theta', apply: (d, v) => void (d.pitch = v) },
  { path: 'sim/flightmodel/position/phi', apply: (d, v) => void (d.roll = v) },
  { path: 'sim/flightmodel/position/groundspeed', apply: (d, v) => void (d.groundSpeed = v * MS_TO_KT) },
  { path: 'sim/flightmodel/position/indicated_airspeed', apply: (d, v) => void (d.airspeed = v) },
  { path: 'sim/flightmodel/position/vh_ind_fpm', apply: (d, v) => void (d.verticalSpeed = v) },
  { path: 'sim/flightmodel/position/alpha', apply: (d, v) => void (d.angleOfAttack = v) },
  { path: 'sim/cockpit2/gauges/indicators/slip_deg', apply: (d, v) => void (d.slipSkid = v) },
  { path: 'sim/flightmodel2/misc/gforce_normal', apply: (d, v) => void (d.gForce = v) },
  { path: 'sim/cockpit/switches/gear_handle_status', apply: (d, v) => void (d.gear = v >= 0.5) },
  { path: 'sim/flightmodel2/controls/flap_handle_deploy_ratio', apply: (d, v) => void (d.flaps = v) },
  { path: 'sim/cockpit2/engine/indicators/engine_speed_rpm[0]', apply: (d, v) => void (d.rpm = v) },
  { path: 'sim/cockpit2/engine/indicators/fuel_flow_kg_sec[0]', apply: (d, v) => void (d.fuelFlow = (v * 3600) / KG_PER_GAL) },
  { path: 'sim/cockpit2/fuel/fuel_quantity[0]', apply: (d, v) => void (d.fuelLeft = v / KG_PER_GAL) },
  { path: 'sim/cockpit2/fuel/fuel_quantity[1]', apply: (d, v) => void (d.fuelRight = v / KG_PER_GAL) },
  ...nav('nav1'),
  ...nav('nav2'),
  ...nav('gps'),
  { path: 'sim/cockpit2/radios/actuators/HSI_source_select_pilot', apply: (d, v) => void (d.hsiSource = v === 1 ? 'nav2' : v === 2 ? 'gps' : 'nav1') },
  { path: 'sim/cockpit2/engine/indicators/MPR_in_hg[0]', apply: (d, v) => void (d.manifoldPressure = v) },
  { path: 'sim/cockpit2/engine/indicators/oil_pressure_psi[0]', apply: (d, v) => void (d.oilPressure = v) },
  { path: 'sim/cockpit2/engine/indicators/oil_temperature_deg_C[0]', apply: (d, v) => void (d.oilTemp = v) },
  { path: 'sim/cockpit2/engine/indicators/fuel_pressure_psi[0]', apply: (d, v) => void (d.fuelPressure = v) },
  ...slots('sim/cockpit2/engine/indicators/CHT_deg_C', 'cht'),
  ...slots('sim/cockpit2/engine/indicators/EGT_deg_C', 'egt'),
  { path: 'sim/cockpit2/electrical/bus_volts[0]', apply: (d, v) => void (d.voltage = v) },
  { path: 'sim/cockpit2/electrical/battery_amps[0]', apply: (d, v) => void (d.amperage = v) },
  { path: 'sim/cockpit2/engine/actuators/mixture_ratio[0]', apply: (d, v) => void (d.mixture = v) },
  { path: 'sim/cockpit2/engine/actuators/throttle_ratio[0]', apply: (d, v) => void (d.throttle = v) },
  { path: 'sim/cockpit2/engine/actuators/prop_ratio[0]', apply: (d, v) => void (d.propeller = v) },
  { path: 'sim/cockpit2/switches/landing_lights_on', apply: (d, v) => void (d.lights.landing = v >= 0.5) },
  { path: 'sim/cockpit2/switches/taxi_light_on', apply: (d, v) => void (d.lights.taxi = v >= 0.5) },
  { path: 'sim/cockpit2/switches/navigation_lights_on', apply: (d, v) => void (d.lights.nav = v >= 0.5) },
  { path: 'sim/cockpit2/switches/strobe_lights_on', apply: (d, v) => void (d.lights.strobe = v >= 0.5) },
  { path: 'sim/cockpit2/switches/beacon_on', apply: (d, v) => void (d.lights.beacon = v >= 0.5) },
  { path: 'sim/cockpit2/radios/actuators/com1_frequency_hz_833', apply: (d, v) => void (d.com1 = Math.round(v)) },
  { path: 'sim/cockpit2/radios/actuators/com1_standby_frequency_hz_833', apply: (d, v) => void (d.com1Standby = Math.round(v)) },
  { path: 'sim/cockpit2/radios/actuators/com2_frequency_hz_833', apply: (d, v) => void (d.com2 = Math.round(v)) },
  { path: 'sim/cockpit2/radios/actuators/com2_standby_frequency_hz_833', apply: (d, v) => void (d.com2Standby = Math.round(v)) },
  // NAV frequencies are in 10 kHz units (11030 = 110.30 MHz).
  { path: 'sim/cockpit2/radios/actuators/nav1_frequency_hz', apply: (d, v) => void (d.nav1Freq = Math.round(v) * 10) },
  { path: 'sim/cockpit2/radios/actuators/nav1_standby_frequency_hz', apply: (d, v) => void (d.nav1Standby = Math.round(v) * 10) },
  { path: 'sim/cockpit2/radios/actuators/nav2_frequency_hz', apply: (d, v) => void (d.nav2Freq = Math.round(v) * 10) },
  { path: 'sim/cockpit2/radios/actuators/nav2_standby_frequency_hz', apply: (d, v) => void (d.nav2Standby = Math.round(v) * 10) },
  { path: 'sim/cockpit2/autopilot/altitude_dial_ft', apply: (d, v) => void (d.apAltitude = v) },
  { path: 'sim/cockpit2/autopilot/heading_dial_deg_mag_pilot', apply: (d, v) => void (d.apHeading = v) },
  { path: 'sim/cockpit2/autopilot/vvi_dial_fpm', apply: (d, v) => void (d.apVerticalSpeed = v) },
  { path: 'sim/cockpit2/autopilot/airspeed_dial_kts_mach', apply: (d, v) => void (d.apAirspeed = v) },
  { path: 'sim/cockpit2/autopilot/servos_on', apply: (d, v) => void (d.apActive = v >= 0.5) },
  { path: 'sim/cockpit2/autopilot/heading_status', apply: (d, v) => void (d.apModes.heading = v >= 1) },
  { path: 'sim/cockpit2/autopilot/nav_status', apply: (d, v) => void (d.apModes.nav = v >= 1) },
  { path: 'sim/cockpit2/autopilot/altitude_hold_status', apply: (d, v) => void (d.apModes.altitude = v >= 1) },
  { path: 'sim/cockpit2/autopilot/vvi_status', apply: (d, v) => void (d.apModes.verticalSpeed = v >= 1) },
  { path: 'sim/cockpit2/autopilot/approach_status', apply: (d, v) => void (d.apModes.approach = v >= 1) },
  { path: 'sim/cockpit2/autopilot/flight_director_mode', apply: (d, v) => void (d.fdActive = v >= 1.5 ? 2 : v >= 0.5 ? 1 : 0) },
  { path: 'sim/cockpit2/controls/elevator_trim', apply: (d, v) => void (d.elevatorTrim = v) },
  { path: 'sim/cockpit2/controls/aileron_trim', apply: (d, v) => void (d.aileronTrim = v) },
  { path: 'sim/cockpit2/controls/rudder_trim', apply: (d, v) => void (d.rudderTrim = v) },
  { path: 'sim/aircraft/view/acf_Vso', apply: (d, v) => void (d.vso = v) },
  { path: 'sim/aircraft/view/acf_Vs', apply: (d, v) => void (d.vs = v) },
  { path: 'sim/aircraft/view/acf_Vfe', apply: (d, v) => void (d.vfe = v) },
  { path: 'sim/aircraft/view/acf_Vno', apply: (d, v) => void (d.vno = v) },
  { path: 'sim/aircraft/view/acf_Vne', apply: (d, v) => void (d.vne = v) },
];

/** Every RREF subscription: flightData's fields, then the paused flag (its index is the last). */
export const SUBSCRIBED_DATAREFS: readonly string[] = [...FLIGHT_DATA_FIELDS.map((f) => f.path), PAUSED_DATAREF];
export const PAUSED_INDEX = FLIGHT_DATA_FIELDS.length;

/** Where a command's value goes (DREF) or which command runs (CMND). */
export const RADIO_DATAREFS = {
  com1: 'sim/cockpit2/radios/actuators/com1_frequency_hz_833',
  com1Standby: 'sim/cockpit2/radios/actuators/com1_standby_frequency_hz_833',
  com2: 'sim/cockpit2/radios/actuators/com2_frequency_hz_833',
  com2Standby: 'sim/cockpit2/radios/actuators/com2_standby_frequency_hz_833',
  nav1: 'sim/cockpit2/radios/actuators/nav1_frequency_hz',
  nav1Standby: 'sim/cockpit2/radios/actuators/nav1_standby_frequency_hz',
  nav2: 'sim/cockpit2/radios/actuators/nav2_frequency_hz',
  nav2Standby: 'sim/cockpit2/radios/actuators/nav2_standby_frequency_hz',
} as const;
export const FLIGHT_DIRECTOR_DATAREF = 'sim/cockpit2/autopilot/flight_director_mode';
export const DIRECT_TO_INDEX_DATAREF = 'sim/cockpit/gps/destination_index';
export const DIRECT_TO_COMMAND = 'sim/FMS/direct';
export const AUTOPILOT_COMMANDS = {
  toggle: 'sim/autopilot/servos_toggle',
  heading: 'sim/autopilot/heading',
  nav: 'sim/autopilot/NAV',
  altitude: 'sim/autopilot/altitude_hold',
  verticalSpeed: 'sim/autopilot/vertical_speed',
  approach: 'sim/autopilot/approach',
} as const;
export const AUTOPILOT_VALUE_DATAREFS = {
  setHeading: 'sim/cockpit2/autopilot/heading_dial_deg_mag_pilot',
  setAltitude: 'sim/cockpit2/autopilot/altitude_dial_ft',
  setVerticalSpeed: 'sim/cockpit2/autopilot/vvi_dial_fpm',
  setAirspeed: 'sim/cockpit2/autopilot/airspeed_dial_kts_mach',
} as const;
