/**
 * Where the climb and the descent fall along the route (spec part 2 §3 Aircraft profile): climb from
 * the departure elevation at the climb rate and speed, descend at the descent rate and speed to the
 * destination elevation, cruise in between; when the route is too short for that, the cruise altitude
 * is lowered until climb and descent meet (the crossover), found by bisection because ground speeds
 * change with the winds at each altitude.
 */

/** Ground speed of a phase on a leg, knots (<= 0 when the course cannot be held). */
export type PhaseGs = (legIndex: number, phase: 'climb' | 'descent', midAltitudeFt: number) => number;

export interface VerticalInputs {
  /** Leg lengths, nautical miles (0 for legs with errors). */
  legDistancesNm: number[];
  departureElevationFt: number;
  destinationElevationFt: number;
  cruiseAltitudeFt: number;
  climbRateFpm: number;
  descentRateFpm: number;
  climbTasKt: number;
  descentTasKt: number;
  gsOf: PhaseGs;
}

export interface VerticalProfile {
  /** Climbing and descending portion of each leg, nautical miles. */
  climbNm: number[];
  descentNm: number[];
  climbTotalNm: number;
  descentTotalNm: number;
  /** Highest altitude flown, feet. */
  topAltitudeFt: number;
  short: boolean;
}

/** Distance covered while changing `feet` at `rateFpm`, walking the legs forward (climb) or backward (descent). */
function walk(inputs: VerticalInputs, phase: 'climb' | 'descent', feet: number, midAltitudeFt: number): number[] {
  const n = inputs.legDistancesNm.length;
  const out = new Array<number>(n).fill(0);
  const rate = Math.max(1, phase === 'climb' ? inputs.climbRateFpm : inputs.descentRateFpm);
  const tas = phase === 'climb' ? inputs.climbTasKt : inputs.descentTasKt;
  let minutesLeft = Math.max(0, feet) / rate;
  for (let k = 0; k < n && minutesLeft > 0; k++) {
    const i = phase === 'climb' ? k : n - 1 - k;
    const d = inputs.legDistancesNm[i] ?? 0;
    if (d <= 0) continue;
    let gs = inputs.gsOf(i, phase, midAltitudeFt);
    // A leg whose course cannot be held is an error leg; place the climb on it at still-air speed.
    if (!(gs > 0)) gs = Math.max(1, tas);
    const legMinutes = (d / gs) * 60;
    if (legMinutes >= minutesLeft) {
      out[i] = (gs * minutesLeft) / 60;
      minutesLeft = 0;
    } else {
      out[i] = d;
      minutesLeft -= legMinutes;
    }
  }
  return out;
}

const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);

function at(inputs: VerticalInputs, topFt: number): { climb: number[]; descent: number[] } {
  const dep = inputs.departureElevationFt;
  const dest = inputs.destinationElevationFt;
  return {
    climb: walk(inputs, 'climb', topFt - dep, (dep + Math.max(dep, topFt)) / 2),
    descent: walk(inputs, 'descent', topFt - dest, (dest + Math.max(dest, topFt)) / 2),
  };
}

/** The vertical profile of a route: climb and descent portions per leg and whether it is short. */
export function verticalProfile(inputs: VerticalInputs): VerticalProfile {
  const total = sum(inputs.legDistancesNm);
  const floor = Math.max(inputs.departureElevationFt, inputs.destinationElevationFt);
  let top = Math.max(inputs.cruiseAltitudeFt, floor);
  let { climb, descent } = at(inputs, top);
  let short = false;
  if (sum(climb) + sum(descent) > total + 1e-9) {
    short = true;
    const low = at(inputs, floor);
    if (sum(low.climb) + sum(low.descent) > total) {
      // Even a direct climb or descent between the two elevations does not fit: fly it at the higher one.
      top = floor;
      climb = low.climb;
      descent = low.descent;
    } else {
      let lo = floor;
      let hi = top;
      for (let iter = 0; iter < 50 && hi - lo > 0.01; iter++) {
        const mid = (lo + hi) / 2;
        const m = at(inputs, mid);
        if (sum(m.climb) + sum(m.descent) > total) hi = mid;
        else lo = mid;
      }
      top = lo;
      ({ climb, descent } = at(inputs, top));
    }
  }
  // Climb first; the descent takes what is left of each leg. On a short route it takes all that is
  // left, so climb and descent meet exactly at the crossover (the bisection stops within 0.01 ft).
  let remaining = total - sum(climb);
  for (let i = descent.length - 1; i >= 0; i--) {
    const room = Math.max(0, (inputs.legDistancesNm[i] ?? 0) - (climb[i] ?? 0));
    const e = Math.min(short ? room : (descent[i] ?? 0), room, Math.max(0, remaining));
    descent[i] = e;
    remaining -= e;
  }
  return { climbNm: climb, descentNm: descent, climbTotalNm: sum(climb), descentTotalNm: sum(descent), topAltitudeFt: top, short };
}
