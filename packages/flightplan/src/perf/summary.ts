import type { DistanceUnit, TemperatureUnit } from '@clearway/geo';
import { altitudeFromFt, formatDistance, formatFuel, formatSpeed, formatTemperature, unitSetFor } from '@clearway/geo';
import type { AircraftProfile, Route } from '../model.js';

/** The route screen's summary strip and compact summary (spec part 2 §2), as display strings. */
export interface RouteSummary {
  distance: string;
  alt: string;
  speed: string;
  /** Total time 'h:mm'. */
  time: string;
  fuel: string;
  /** 'n/a' when the temperature is unknown (9999). */
  temp: string;
  aircraft: string;
  /** Departure 'h:mm am/pm' in the time zone; '' when the route has no departure time. */
  etd: string;
  /** |average GS − cruise TAS| as a speed. */
  wind: string;
  /** True when the average ground speed is below the cruise airspeed (the error style). */
  windIsHeadwind: boolean;
}

export interface SummaryOptions {
  distanceUnit?: DistanceUnit;
  temperatureUnit?: TemperatureUnit;
  /** IANA time zone for the ETD; default 'UTC'. */
  timeZone?: string;
}

/** Minutes as 'h:mm'. */
export function formatHoursMinutes(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes < 0) return '--';
  const total = Math.round(minutes);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/** A time as 'h:mm am/pm' in an IANA time zone (the summary strip's ETD). */
export function formatClock12(timeMs: number, timeZone = 'UTC'): string {
  if (!Number.isFinite(timeMs)) return '';
  let f = clockFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', hourCycle: 'h12' });
    clockFormatters.set(timeZone, f);
  }
  const parts = f.formatToParts(new Date(timeMs));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('hour')}:${part('minute')} ${part('dayPeriod').toLowerCase()}`;
}

/**
 * The summary strip of a planned route (Distance, Alt, Speed, Time, Fuel, Temp, Aircraft, ETD) and the
 * compact summary's Wind: the absolute difference between the average ground speed and the profile's
 * cruise airspeed, flagged when the ground speed is the lower (spec part 2 §2).
 */
export function routeSummary(route: Route, profile: AircraftProfile, options: SummaryOptions = {}): RouteSummary {
  const unit = options.distanceUnit ?? 'nm';
  const units = unitSetFor(unit);
  const altitude = route.cruise_altitude_flown ?? route.altitude;
  return {
    distance: formatDistance(route.total_distance, unit),
    alt: `${Math.round(altitudeFromFt(altitude, unit))} ${units.alt_unit}`,
    speed: formatSpeed(route.avg_gs, unit),
    time: formatHoursMinutes(route.total_min),
    fuel: formatFuel(route.total_fuel),
    temp: formatTemperature(route.avg_temp, options.temperatureUnit ?? 'f'),
    aircraft: profile.tail,
    etd: route.etd_ms !== undefined ? formatClock12(route.etd_ms, options.timeZone) : '',
    wind: formatSpeed(Math.abs(route.avg_gs - profile.airspeed), unit),
    windIsHeadwind: route.avg_gs < profile.airspeed,
  };
}
