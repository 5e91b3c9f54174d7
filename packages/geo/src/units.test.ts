import { describe, expect, it } from 'vitest';
import {
  altitudeFromFt,
  celsiusToFahrenheit,
  distanceFromNm,
  distanceToNm,
  fahrenheitToCelsius,
  formatDistance,
  formatFuel,
  formatSpeed,
  formatTemperature,
  speedFromKt,
  unitSetFor,
  UNKNOWN_TEMPERATURE,
} from './index.js';

describe('unit sets', () => {
  it('changing the distance unit changes speed and altitude units with it', () => {
    expect(unitSetFor('nm')).toMatchObject({ distance_unit: 'nm', speed_unit: 'kt', alt_unit: 'ft', distance_factor: 1 });
    expect(unitSetFor('mi')).toMatchObject({ distance_unit: 'mi', speed_unit: 'mph', alt_unit: 'ft' });
    expect(unitSetFor('km')).toMatchObject({ distance_unit: 'km', speed_unit: 'kmh', alt_unit: 'm', distance_factor: 1.852, alt_factor: 0.3048 });
  });

  it('converts nautical miles to statute miles and kilometres', () => {
    // 1 nm is exactly 1852 m; a statute mile is 1609.344 m.
    expect(distanceFromNm(100, 'mi')).toBeCloseTo((100 * 1852) / 1609.344, 3);
    expect(distanceFromNm(100, 'km')).toBeCloseTo(185.2, 9);
    expect(distanceFromNm(42, 'nm')).toBe(42);
    expect(distanceToNm(distanceFromNm(123.4, 'mi'), 'mi')).toBeCloseTo(123.4, 9);
  });

  it('converts knots to mph and km/h consistently with distance', () => {
    expect(speedFromKt(100, 'mi')).toBeCloseTo(115.078, 2);
    expect(speedFromKt(100, 'km')).toBeCloseTo(185.2, 9);
    expect(speedFromKt(100, 'mi')).toBeCloseTo(distanceFromNm(100, 'mi'), 9);
  });

  it('converts feet to metres only for the metric set', () => {
    expect(altitudeFromFt(10000, 'km')).toBeCloseTo(3048, 6);
    expect(altitudeFromFt(10000, 'mi')).toBe(10000);
  });

  it('converts temperatures both ways', () => {
    expect(celsiusToFahrenheit(15)).toBe(59);
    expect(celsiusToFahrenheit(-40)).toBe(-40);
    expect(fahrenheitToCelsius(212)).toBe(100);
  });
});

describe('formatting', () => {
  it('shows temperatures with one decimal, or n/a for the unknown sentinel', () => {
    expect(formatTemperature(15, 'f')).toBe('59.0 °F');
    expect(formatTemperature(-2.25, 'c')).toBe('-2.3 °C');
    expect(formatTemperature(UNKNOWN_TEMPERATURE, 'c')).toBe('n/a');
  });

  it('shows distances and speeds with 0 or 1 decimal and fuel with 1', () => {
    expect(formatDistance(123.44, 'nm')).toBe('123 nm');
    expect(formatDistance(4.44, 'nm')).toBe('4.4 nm');
    expect(formatSpeed(110, 'km')).toBe('204 kmh');
    expect(formatFuel(12.345)).toBe('12.3g');
  });
});
