/**
 * Display units of spec part 2 §3 "Units" and §9. Values are computed and stored in nautical
 * miles, knots, feet, degrees Celsius and US gallons; these helpers convert only for display.
 */

export const DISTANCE_UNITS = ['nm', 'mi', 'km'] as const;
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];
export type SpeedUnit = 'kt' | 'mph' | 'kmh';
export type AltitudeUnit = 'ft' | 'm';
export const TEMPERATURE_UNITS = ['f', 'c'] as const;
export type TemperatureUnit = (typeof TEMPERATURE_UNITS)[number];
export type FuelUnit = 'g';

/** Nautical miles per statute mile, as the spec gives it. */
export const NM_PER_STATUTE_MILE = 0.86897624;
/** Kilometres per nautical mile (exact). */
export const KM_PER_NM = 1.852;
/** Metres per foot (exact). */
export const M_PER_FT = 0.3048;
/** Feet per metre, as the spec gives it. */
export const FT_PER_M = 3.28084;

/**
 * The unit set a distance unit implies: changing the distance unit also changes the speed and
 * altitude units and their factors (spec part 2 §4 "Units"). Each factor multiplies the stored
 * value (nm, kt, ft) to give the display value.
 */
export interface UnitSet {
  distance_unit: DistanceUnit;
  /** display distance = nm × distance_factor */
  distance_factor: number;
  speed_unit: SpeedUnit;
  /** display speed = kt × speed_factor */
  speed_factor: number;
  alt_unit: AltitudeUnit;
  /** display altitude = ft × alt_factor */
  alt_factor: number;
}

const UNIT_SETS: Readonly<Record<DistanceUnit, UnitSet>> = {
  nm: { distance_unit: 'nm', distance_factor: 1, speed_unit: 'kt', speed_factor: 1, alt_unit: 'ft', alt_factor: 1 },
  mi: {
    distance_unit: 'mi',
    distance_factor: 1 / NM_PER_STATUTE_MILE,
    speed_unit: 'mph',
    // The spec lists 0.86897624 for mph; that is statute miles -> nm. Knots to mph is its inverse.
    speed_factor: 1 / NM_PER_STATUTE_MILE,
    alt_unit: 'ft',
    alt_factor: 1,
  },
  km: { distance_unit: 'km', distance_factor: KM_PER_NM, speed_unit: 'kmh', speed_factor: KM_PER_NM, alt_unit: 'm', alt_factor: M_PER_FT },
};

/** The unit set for a distance unit. */
export function unitSetFor(distanceUnit: DistanceUnit): UnitSet {
  return UNIT_SETS[distanceUnit];
}

export function isDistanceUnit(value: unknown): value is DistanceUnit {
  return typeof value === 'string' && (DISTANCE_UNITS as readonly string[]).includes(value);
}

export function isTemperatureUnit(value: unknown): value is TemperatureUnit {
  return typeof value === 'string' && (TEMPERATURE_UNITS as readonly string[]).includes(value);
}

/** Nautical miles to the display distance unit. */
export function distanceFromNm(distanceNm: number, unit: DistanceUnit): number {
  return distanceNm * UNIT_SETS[unit].distance_factor;
}

/** Display distance back to nautical miles. */
export function distanceToNm(distance: number, unit: DistanceUnit): number {
  return distance / UNIT_SETS[unit].distance_factor;
}

/** Knots to the speed unit that goes with a distance unit. */
export function speedFromKt(speedKt: number, unit: DistanceUnit): number {
  return speedKt * UNIT_SETS[unit].speed_factor;
}

/** Feet to the altitude unit that goes with a distance unit. */
export function altitudeFromFt(altitudeFt: number, unit: DistanceUnit): number {
  return altitudeFt * UNIT_SETS[unit].alt_factor;
}

export function celsiusToFahrenheit(tempC: number): number {
  return (tempC * 9) / 5 + 32;
}

export function fahrenheitToCelsius(tempF: number): number {
  return ((tempF - 32) * 5) / 9;
}

/** Degrees Celsius in the chosen temperature unit. */
export function temperatureFromC(tempC: number, unit: TemperatureUnit): number {
  return unit === 'f' ? celsiusToFahrenheit(tempC) : tempC;
}

/** Metres to feet with the spec's factor 3.28084. */
export function metresToFeet(metres: number): number {
  return metres * FT_PER_M;
}
