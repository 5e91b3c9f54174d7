import { altitudeFromFt, formatDistance, formatSpeed, formatTemperature, unitSetFor, type DistanceUnit, type TemperatureUnit } from '@clearway/geo';

/** Sample values for the settings drawer, in the stored units. */
export const SAMPLE_DISTANCE_NM = 100;
export const SAMPLE_SPEED_KT = 120;
export const SAMPLE_ALTITUDE_FT = 6500;
/** 15 °C is the standard-atmosphere sea-level temperature (59.0 °F). */
export const SAMPLE_TEMPERATURE_C = 15;

/** An altitude in feet shown in the altitude unit of the distance unit, whole units, e.g. `1981 m`. */
export function formatAltitude(altitudeFt: number, unit: DistanceUnit): string {
  return `${Math.round(altitudeFromFt(altitudeFt, unit))} ${unitSetFor(unit).alt_unit}`;
}

/** One line that shows every display unit at once, e.g. `Sample: 100 nm · 120 kt · 6500 ft · 59.0 °F`. */
export function unitsSampleText(distanceUnit: DistanceUnit, tempUnit: TemperatureUnit): string {
  const parts = [
    formatDistance(SAMPLE_DISTANCE_NM, distanceUnit),
    formatSpeed(SAMPLE_SPEED_KT, distanceUnit),
    formatAltitude(SAMPLE_ALTITUDE_FT, distanceUnit),
    formatTemperature(SAMPLE_TEMPERATURE_C, tempUnit),
  ];
  return `Sample: ${parts.join(' · ')}`;
}
