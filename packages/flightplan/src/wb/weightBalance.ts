/**
 * Weight and balance: an aircraft's empty weight and moment, its loading stations (seats, baggage,
 * fuel tanks) with arms and limits, and its CG envelopes (normal and utility categories, polygons of
 * CG arm against weight); a loading gives the zero-fuel, takeoff and landing weights and CGs and
 * whether each lies within each envelope. Units: pounds, inches aft of the datum, US gallons; moments
 * lb·in.
 */

export interface WbStation {
  id: string;
  name: string;
  kind: 'seat' | 'baggage' | 'fuel';
  /** Arm, inches aft of the datum. */
  armIn: number;
  /** Most this station may hold: pounds (seats, baggage) or usable US gallons (fuel). */
  max?: number;
}

export interface WbEnvelope {
  category: 'normal' | 'utility' | 'acrobatic';
  /** Polygon corners in order, CG arm (in) and weight (lb). */
  points: { armIn: number; weightLb: number }[];
}

export interface WbProfile {
  name: string;
  /** Where the stations, limits and envelope come from. */
  source: string;
  emptyWeightLb: number;
  /** Empty moment, lb·in. */
  emptyMomentLbIn: number;
  stations: WbStation[];
  envelopes: WbEnvelope[];
  /** Pounds per US gallon (avgas 6.0). */
  fuelDensityLbPerGal: number;
  maxRampLb?: number;
  maxTakeoffLb: number;
  maxLandingLb?: number;
  maxZeroFuelLb?: number;
  /** Stations whose loads together may not exceed a limit (e.g. both baggage areas 120 lb). */
  combinedLimits?: { stationIds: string[]; maxLb: number; name: string }[];
}

export interface WbLoading {
  /** Per station id: pounds for seats and baggage, US gallons for fuel (at engine start). */
  loads: Record<string, number>;
  /** Fuel used from start to shutdown, US gallons (the navlog's), taken from the tanks in proportion to their loads. */
  fuelBurnGal: number;
  /** Fuel used for start, taxi and run-up before takeoff, US gallons. */
  taxiFuelGal?: number;
}

export interface WbPoint {
  weightLb: number;
  momentLbIn: number;
  /** CG, inches aft of the datum. */
  cgIn: number;
  /** Per envelope category: inside (edges included). */
  within: Partial<Record<WbEnvelope['category'], boolean>>;
}

export interface WbResult {
  ramp: WbPoint;
  takeoff: WbPoint;
  landing: WbPoint;
  zeroFuel: WbPoint;
  /** Limits exceeded, one sentence each; empty when none. */
  problems: string[];
}

/** A point inside a polygon or on its edge (ray casting, with the edges tested first). */
export function inPolygon(armIn: number, weightLb: number, polygon: readonly { armIn: number; weightLb: number }[]): boolean {
  const eps = 1e-9;
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i]!;
    const b = polygon[j]!;
    // On the edge a–b?
    const cross = (b.armIn - a.armIn) * (weightLb - a.weightLb) - (b.weightLb - a.weightLb) * (armIn - a.armIn);
    const len = Math.hypot(b.armIn - a.armIn, b.weightLb - a.weightLb);
    if (len > 0 && Math.abs(cross) / len <= 1e-6 &&
      armIn >= Math.min(a.armIn, b.armIn) - eps && armIn <= Math.max(a.armIn, b.armIn) + eps &&
      weightLb >= Math.min(a.weightLb, b.weightLb) - eps && weightLb <= Math.max(a.weightLb, b.weightLb) + eps) {
      return true;
    }
    if (a.weightLb > weightLb !== b.weightLb > weightLb) {
      const x = ((b.armIn - a.armIn) * (weightLb - a.weightLb)) / (b.weightLb - a.weightLb) + a.armIn;
      if (armIn < x) inside = !inside;
    }
  }
  return inside;
}

function point(profile: WbProfile, weightLb: number, momentLbIn: number): WbPoint {
  const cgIn = weightLb > 0 ? momentLbIn / weightLb : 0;
  const within: WbPoint['within'] = {};
  for (const e of profile.envelopes) within[e.category] = inPolygon(cgIn, weightLb, e.points);
  return { weightLb, momentLbIn, cgIn, within };
}

/** Weights and CGs of a loading. Loads of unknown stations are refused (they would be left out silently). */
export function computeWb(profile: WbProfile, loading: WbLoading): WbResult {
  const problems: string[] = [];
  const byId = new Map(profile.stations.map((s) => [s.id, s]));
  for (const id of Object.keys(loading.loads)) {
    if (!byId.has(id)) throw new Error(`Weight and balance: no station "${id}" in ${profile.name} (stations: ${profile.stations.map((s) => s.id).join(', ')})`);
  }
  let weight = profile.emptyWeightLb;
  let moment = profile.emptyMomentLbIn;
  let fuelGal = 0;
  let fuelMoment = 0;
  for (const s of profile.stations) {
    const load = loading.loads[s.id] ?? 0;
    if (load < 0) problems.push(`${s.name}: a load cannot be negative (${load}).`);
    if (s.max !== undefined && load > s.max) problems.push(`${s.name}: ${load} ${s.kind === 'fuel' ? 'gal' : 'lb'} is over its ${s.max} ${s.kind === 'fuel' ? 'gal' : 'lb'} limit.`);
    if (s.kind === 'fuel') {
      fuelGal += load;
      fuelMoment += load * profile.fuelDensityLbPerGal * s.armIn;
    } else {
      weight += load;
      moment += load * s.armIn;
    }
  }
  for (const c of profile.combinedLimits ?? []) {
    const total = c.stationIds.reduce((sum, id) => sum + (loading.loads[id] ?? 0), 0);
    if (total > c.maxLb) problems.push(`${c.name}: ${total} lb is over the combined ${c.maxLb} lb limit.`);
  }
  const zeroFuel = point(profile, weight, moment);
  const fuelArm = fuelGal > 0 ? fuelMoment / (fuelGal * profile.fuelDensityLbPerGal) : 0;
  const withFuel = (gal: number) => point(profile, weight + gal * profile.fuelDensityLbPerGal, moment + gal * profile.fuelDensityLbPerGal * fuelArm);
  const taxi = loading.taxiFuelGal ?? 0;
  if (taxi + loading.fuelBurnGal > fuelGal + 1e-9) problems.push(`Fuel: ${fuelGal} gal on board is less than the ${taxi + loading.fuelBurnGal} gal taxi and trip burn.`);
  const ramp = withFuel(fuelGal);
  const takeoff = withFuel(Math.max(0, fuelGal - taxi));
  const landing = withFuel(Math.max(0, fuelGal - taxi - loading.fuelBurnGal));
  if (profile.maxRampLb !== undefined && ramp.weightLb > profile.maxRampLb) problems.push(`Ramp weight ${ramp.weightLb.toFixed(0)} lb is over the ${profile.maxRampLb} lb maximum.`);
  if (takeoff.weightLb > profile.maxTakeoffLb) problems.push(`Takeoff weight ${takeoff.weightLb.toFixed(0)} lb is over the ${profile.maxTakeoffLb} lb maximum.`);
  if (profile.maxLandingLb !== undefined && landing.weightLb > profile.maxLandingLb) problems.push(`Landing weight ${landing.weightLb.toFixed(0)} lb is over the ${profile.maxLandingLb} lb maximum.`);
  if (profile.maxZeroFuelLb !== undefined && zeroFuel.weightLb > profile.maxZeroFuelLb) problems.push(`Zero-fuel weight ${zeroFuel.weightLb.toFixed(0)} lb is over the ${profile.maxZeroFuelLb} lb maximum.`);
  const normal = profile.envelopes.some((e) => e.category === 'normal') ? 'normal' : profile.envelopes[0]?.category;
  if (normal) {
    for (const [name, p] of [['Takeoff', takeoff], ['Landing', landing], ['Zero-fuel', zeroFuel]] as const) {
      if (!p.within[normal]) problems.push(`${name} CG ${p.cgIn.toFixed(2)} in at ${p.weightLb.toFixed(0)} lb is outside the ${normal} category envelope.`);
    }
  }
  return { ramp, takeoff, landing, zeroFuel, problems };
}

/**
 * Weight and balance as kept with an aircraft profile (`AircraftProfile.wb`) and synced with it:
 * the aircraft's definition and its last loading (pounds per seat and baggage station, gallons per
 * tank, taxi fuel). The trip's burn is not kept: it comes from the navlog of the route in use.
 * Version 1; a later shape adds a migration beside this type.
 */
export interface WbRecord {
  version: 1;
  aircraft: WbProfile;
  loading: { loads: Record<string, number>; taxiFuelGal: number };
}
