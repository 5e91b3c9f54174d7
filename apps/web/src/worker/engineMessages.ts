import type {
  AircraftProfile,
  OptimizerRow,
  ProcedureEntry,
  ProcFlag,
  Route,
  StationTemperatures,
  TransitionWaypoints,
  Waypoint,
} from '@clearway/flightplan';
import type { WindsInfo, WindsInput } from './winds';

/**
 * A waypoint as the edits take it: a resolved waypoint or a code looked up near its place. As a
 * reference to a waypoint already in the route, a code names the first waypoint with that code; a
 * Waypoint of the route (a leg's end, with its original_index) names exactly that one, so a code
 * repeated in the route (KHWD SUNOL KHWD) can be edited at either place.
 */
export type WaypointRef = Waypoint | string;

/**
 * One route edit of spec part 2 §7, by name. Each returns a new route; the caller then runs the
 * flight plan (runFlightPlan) for its numbers.
 */
export type RouteEdit =
  | { op: 'addWaypointBeginning' | 'addWaypointEnd'; waypoint: WaypointRef }
  | { op: 'addWaypoint1' | 'addWaypoint2'; waypoint: WaypointRef; reference: WaypointRef }
  | { op: 'moveUp' | 'moveDown'; waypoint: WaypointRef }
  | { op: 'removeWaypoint'; code: WaypointRef }
  | { op: 'reverseRoute' }
  | { op: 'setAltitude1'; code: WaypointRef; altitude: number | string }
  | { op: 'removeAirway'; airway: WaypointRef }
  | { op: 'directTo'; target: WaypointRef; position?: { lat: number; lon: number } | null }
  | { op: 'setDP'; selection: string; finalFixes: Waypoint[]; origin: Waypoint | string | null }
  | { op: 'setStar'; selection: string; finalFixes: Waypoint[]; destination: Waypoint | string | null }
  | { op: 'selectAproach'; airport: string; procedure: string; transition: string; flag: ProcFlag }
  | { op: 'removeDP' | 'removeStar' | 'removeAproach' };

/**
 * The flight-plan engine's methods in the routing worker's message map (spec part 2 §7). Time is
 * the worker's clock at the call. Winds: `setWinds` hands the worker the `fbo` snapshot's FB
 * bulletins (winds.ts); from then on runFlightPlan and getOptimizerOutput fly each leg in the
 * forecast for its altitude and time of passage, and the route names the bulletins used
 * (`winds_forecasts`). Without bulletins, or outside their FOR USE windows, legs are flown in calm
 * air at ISA, said so in the route's `winds_status`.
 */
export interface EngineMethods {
  /** Replaces the winds the engine flies in (validated: a TypeError names a bad field, and the previous winds stay). */
  setWinds: { params: WindsInput; result: WindsInfo };
  /** The winds the worker holds. */
  windsInfo: { params: Record<string, never>; result: WindsInfo };
  /**
   * The held bulletins' stations for the vertical profile's freezing level at `timeMs` (epoch ms,
   * a finite number, else a TypeError): the bulletins in their FOR USE window then, one per station
   * id from the one valid nearest (winds.ts `freezingStationsAt`). Empty without winds.
   */
  freezingStations: { params: { timeMs: number }; result: StationTemperatures[] };
  parseRoute: { params: { text: string; profile: AircraftProfile }; result: Route };
  runFlightPlan: { params: { route: Route; profile: AircraftProfile }; result: Route };
  editRoute: { params: { route: Route; edit: RouteEdit; profile: AircraftProfile }; result: Route };
  getOptimizerOutput: { params: { route: Route; isVfr: boolean; isEast: boolean; profile: AircraftProfile }; result: OptimizerRow[] };
  getDPs: { params: { airport: string }; result: ProcedureEntry[] };
  getStars: { params: { airport: string }; result: ProcedureEntry[] };
  getProcedures: { params: { airport: string }; result: ProcedureEntry[] };
  getProcTransitions: { params: { airport: string; procedure: string; flag?: ProcFlag }; result: string[] };
  getLevel1Transitions: { params: { airport: string; procedure: string; type: 'PE' | 'PD' }; result: string[] };
  getStarLevel2Transitions: { params: { airport: string; procedure: string; type: 'PE' | 'PD' }; result: string[] };
  getTransitionWaypoints: {
    params: { airport: string; procedure: string; transition: string; flag?: ProcFlag };
    result: TransitionWaypoints;
  };
  getFinalWaypoints: { params: { airport: string; procedure: string; transitions: string[]; flag?: ProcFlag }; result: Waypoint[] };
}

export const ENGINE_METHODS = [
  'setWinds',
  'windsInfo',
  'freezingStations',
  'parseRoute',
  'runFlightPlan',
  'editRoute',
  'getOptimizerOutput',
  'getDPs',
  'getStars',
  'getProcedures',
  'getProcTransitions',
  'getLevel1Transitions',
  'getStarLevel2Transitions',
  'getTransitionWaypoints',
  'getFinalWaypoints',
] as const satisfies readonly (keyof EngineMethods)[];
