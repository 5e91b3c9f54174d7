import type { WbProfile } from './weightBalance.js';

/**
 * Weight and balance templates of common training aircraft. Stations, arms, limits and envelopes are
 * from the documents named in each `source`; the empty weight and moment are only an example and must
 * be replaced by the aircraft's own (its weight and balance record). Where a document gives a limit
 * "at W lb or less", the envelope's bottom edge is drawn at a weight below any empty weight (said in
 * the source line): that edge is ours, not the document's.
 */

/**
 * Cessna 172S: Cessna Model 172S Pilot's Operating Handbook, Section 2 ("Center of gravity limits",
 * "Weight limits") and Section 6 (loading arrangements). Datum: front face of the firewall.
 */
export function cessna172sTemplate(emptyWeightLb = 1663, emptyMomentLbIn = 1663 * 39.9): WbProfile {
  return {
    name: 'Cessna 172S',
    source: 'Cessna Model 172S Pilot\'s Operating Handbook, Sections 2 and 6',
    emptyWeightLb,
    emptyMomentLbIn,
    fuelDensityLbPerGal: 6,
    maxRampLb: 2558,
    maxTakeoffLb: 2550,
    maxLandingLb: 2550,
    stations: [
      { id: 'front', name: 'Pilot and front passenger', kind: 'seat', armIn: 37 },
      { id: 'rear', name: 'Rear passengers', kind: 'seat', armIn: 73 },
      { id: 'baggageA', name: 'Baggage area A', kind: 'baggage', armIn: 95, max: 120 },
      { id: 'baggageB', name: 'Baggage area B', kind: 'baggage', armIn: 123, max: 50 },
      { id: 'fuel', name: 'Fuel (usable)', kind: 'fuel', armIn: 48, max: 53 },
    ],
    combinedLimits: [{ name: 'Baggage areas A and B', stationIds: ['baggageA', 'baggageB'], maxLb: 120 }],
    envelopes: [
      {
        category: 'normal',
        points: [
          { armIn: 35, weightLb: 1500 },
          { armIn: 35, weightLb: 1950 },
          { armIn: 41, weightLb: 2550 },
          { armIn: 47.3, weightLb: 2550 },
          { armIn: 47.3, weightLb: 1500 },
        ],
      },
      {
        category: 'utility',
        points: [
          { armIn: 35, weightLb: 1500 },
          { armIn: 35, weightLb: 1950 },
          { armIn: 37.5, weightLb: 2200 },
          { armIn: 40.5, weightLb: 2200 },
          { armIn: 40.5, weightLb: 1500 },
        ],
      },
    ],
  };
}

/**
 * Cessna 152 (1978 and later, standard tanks): FAA Type Certificate Data Sheet 3A19 (Model 152,
 * utility category: CG +31.0 to +36.5 in at 1350 lb or less, +32.65 to +36.5 in at 1670 lb) and the
 * Cessna Model 152 Pilot's Operating Handbook, Sections 2 and 6 (ramp 1675 lb, takeoff and landing
 * 1670 lb; seats at 39 in, usable fuel 24.5 gal at 42 in, baggage area 1 at 64 in up to 120 lb, area 2
 * at 84 in up to 40 lb, both together 120 lb). Datum: front face of the firewall. The 152 is
 * certificated in the utility category only, so its one envelope is the utility one.
 */
export function cessna152Template(emptyWeightLb = 1110, emptyMomentLbIn = 1110 * 30.5): WbProfile {
  return {
    name: 'Cessna 152',
    source: 'FAA Type Certificate Data Sheet 3A19 and the Cessna Model 152 Pilot\'s Operating Handbook (1978 and later), Sections 2 and 6; envelope bottom edge at 1000 lb is ours',
    emptyWeightLb,
    emptyMomentLbIn,
    fuelDensityLbPerGal: 6,
    maxRampLb: 1675,
    maxTakeoffLb: 1670,
    maxLandingLb: 1670,
    stations: [
      { id: 'front', name: 'Pilot and passenger', kind: 'seat', armIn: 39 },
      { id: 'baggage1', name: 'Baggage area 1', kind: 'baggage', armIn: 64, max: 120 },
      { id: 'baggage2', name: 'Baggage area 2', kind: 'baggage', armIn: 84, max: 40 },
      { id: 'fuel', name: 'Fuel (usable)', kind: 'fuel', armIn: 42, max: 24.5 },
    ],
    combinedLimits: [{ name: 'Baggage areas 1 and 2', stationIds: ['baggage1', 'baggage2'], maxLb: 120 }],
    envelopes: [
      {
        category: 'utility',
        points: [
          { armIn: 31, weightLb: 1000 },
          { armIn: 31, weightLb: 1350 },
          { armIn: 32.65, weightLb: 1670 },
          { armIn: 36.5, weightLb: 1670 },
          { armIn: 36.5, weightLb: 1000 },
        ],
      },
    ],
  };
}

/**
 * Piper PA-28-181 Archer II: FAA Type Certificate Data Sheet 2A13 (normal category: CG +82.0 to +93.0
 * in at 2050 lb or less, +88.6 to +93.0 in at 2550 lb) and the Piper PA-28-181 Pilot's Operating
 * Handbook, Sections 2 and 6 (ramp 2558 lb, takeoff and landing 2550 lb; front seats at 80.5 in, rear
 * seats at 118.1 in, usable fuel 48 gal at 95.0 in, baggage at 142.8 in up to 200 lb). Datum: 78.4 in
 * ahead of the wing's leading edge. Only the normal category envelope (the utility one is not given
 * here); envelope bottom edge at 1200 lb is ours.
 */
export function piperArcherTemplate(emptyWeightLb = 1590, emptyMomentLbIn = 1590 * 86.4): WbProfile {
  return {
    name: 'Piper PA-28-181 Archer II',
    source: 'FAA Type Certificate Data Sheet 2A13 and the Piper PA-28-181 Pilot\'s Operating Handbook, Sections 2 and 6; normal category only; envelope bottom edge at 1200 lb is ours',
    emptyWeightLb,
    emptyMomentLbIn,
    fuelDensityLbPerGal: 6,
    maxRampLb: 2558,
    maxTakeoffLb: 2550,
    maxLandingLb: 2550,
    stations: [
      { id: 'front', name: 'Pilot and front passenger', kind: 'seat', armIn: 80.5 },
      { id: 'rear', name: 'Rear passengers', kind: 'seat', armIn: 118.1 },
      { id: 'baggage', name: 'Baggage', kind: 'baggage', armIn: 142.8, max: 200 },
      { id: 'fuel', name: 'Fuel (usable)', kind: 'fuel', armIn: 95, max: 48 },
    ],
    envelopes: [
      {
        category: 'normal',
        points: [
          { armIn: 82, weightLb: 1200 },
          { armIn: 82, weightLb: 2050 },
          { armIn: 88.6, weightLb: 2550 },
          { armIn: 93, weightLb: 2550 },
          { armIn: 93, weightLb: 1200 },
        ],
      },
    ],
  };
}

/** The templates by id, for a picker; each makes a fresh profile with its example empty weight. */
export const WB_TEMPLATES = {
  c172s: { label: 'Cessna 172S', make: cessna172sTemplate },
  c152: { label: 'Cessna 152', make: cessna152Template },
  pa28181: { label: 'Piper PA-28-181 Archer II', make: piperArcherTemplate },
} as const satisfies Record<string, { label: string; make: (emptyWeightLb?: number, emptyMomentLbIn?: number) => WbProfile }>;
export type WbTemplateId = keyof typeof WB_TEMPLATES;
