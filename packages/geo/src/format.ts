import { UNKNOWN_TEMPERATURE } from './constants.js';
import type { DistanceUnit, TemperatureUnit } from './units.js';
import { distanceFromNm, speedFromKt, temperatureFromC, unitSetFor } from './units.js';

/**
 * Temperature for display with 1 decimal and its unit, e.g. `59.0 °F` (spec part 1 §9);
 * `n/a` for the unknown sentinel 9999.
 */
export function formatTemperature(tempC: number, unit: TemperatureUnit): string {
  if (tempC === UNKNOWN_TEMPERATURE || !Number.isFinite(tempC)) return 'n/a';
  return `${temperatureFromC(tempC, unit).toFixed(1)} °${unit.toUpperCase()}`;
}

/**
 * Distances and speeds show 0 decimals from 10 up and 1 decimal below (spec part 2 §9 "distance and
 * speed to 0 or 1 decimal").
 */
function compact(value: number): string {
  return Math.abs(value) >= 10 ? value.toFixed(0) : value.toFixed(1);
}

/** A distance in nautical miles shown in the display unit, e.g. `12 mi`. */
export function formatDistance(distanceNm: number, unit: DistanceUnit): string {
  return `${compact(distanceFromNm(distanceNm, unit))} ${unit}`;
}

/** A speed in knots shown in the speed unit that goes with the distance unit, e.g. `124 kt`. */
export function formatSpeed(speedKt: number, unit: DistanceUnit): string {
  return `${compact(speedFromKt(speedKt, unit))} ${unitSetFor(unit).speed_unit}`;
}

/** Fuel in US gallons with 1 decimal and the suffix g (spec part 2 §2, §9). */
export function formatFuel(fuelGal: number): string {
  return `${fuelGal.toFixed(1)}g`;
}
