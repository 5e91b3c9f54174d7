import { describe, expect, it } from 'vitest';
import { compassName, formatDms, formatWind } from './index.js';

describe('degrees, minutes, seconds', () => {
  it('shows both axes with hemispheres and a tenth of a second', () => {
    expect(formatDms(37.658917, -122.12175)).toBe(`37°39'32.1"N 122°07'18.3"W`);
    expect(formatDms(-33.946111, 151.177222)).toBe(`33°56'46.0"S 151°10'38.0"E`);
    expect(formatDms(0, 0)).toBe(`00°00'00.0"N 000°00'00.0"E`);
  });

  it('carries rounded seconds into minutes and degrees instead of showing 60', () => {
    // 59.99999° rounds to 60°00'00.0".
    expect(formatDms(59.99999, -9.99999)).toBe(`60°00'00.0"N 010°00'00.0"W`);
  });
});

describe('compass names', () => {
  it('uses 8 points in 45-degree sectors centred on each point', () => {
    expect(compassName(0)).toBe('N');
    expect(compassName(22.4)).toBe('N');
    expect(compassName(22.5)).toBe('NE');
    expect(compassName(67.4)).toBe('NE');
    expect(compassName(90)).toBe('E');
    expect(compassName(135)).toBe('SE');
    expect(compassName(180)).toBe('S');
    expect(compassName(225)).toBe('SW');
    expect(compassName(270)).toBe('W');
    expect(compassName(315)).toBe('NW');
    expect(compassName(337.4)).toBe('NW');
    expect(compassName(337.5)).toBe('N');
    expect(compassName(360)).toBe('N');
    expect(compassName(-45)).toBe('NW');
  });
});

describe('wind display', () => {
  it('shows direction and speed only when the speed is above 1 kt', () => {
    expect(formatWind(270, 15)).toBe('270° 15 kt');
    expect(formatWind(5, 7.6)).toBe('005° 8 kt');
    expect(formatWind(359.7, 20)).toBe('360° 20 kt');
    expect(formatWind(0, 20)).toBe('360° 20 kt');
    expect(formatWind(270, 1)).toBe('calm');
    expect(formatWind(270, 0)).toBe('calm');
    expect(formatWind(270, 1.01)).toBe('270° 1 kt');
  });
});
