import { describe, expect, it } from 'vitest';
import { formatAltitude, unitsSampleText } from './unitsSample';

describe('unitsSampleText', () => {
  it('shows every display unit', () => {
    expect(unitsSampleText('nm', 'f')).toBe('Sample: 100 nm · 120 kt · 6500 ft · 59.0 °F');
    expect(unitsSampleText('mi', 'c')).toBe('Sample: 115 mi · 138 mph · 6500 ft · 15.0 °C');
    expect(unitsSampleText('km', 'f')).toBe('Sample: 185 km · 222 kmh · 1981 m · 59.0 °F');
  });

  it('formats altitude in whole units of the distance unit', () => {
    expect(formatAltitude(1000, 'nm')).toBe('1000 ft');
    expect(formatAltitude(1000, 'km')).toBe('305 m');
  });
});
