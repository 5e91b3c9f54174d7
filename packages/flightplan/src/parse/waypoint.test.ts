import { describe, expect, it } from 'vitest';
import { makeWaypoint } from '../testing/testRoute.js';
import { hasValidAltitude } from './waypoint.js';

describe('hasValidAltitude (spec part 2 §3; the web navlog uses this one)', () => {
  const at = (extra: Parameters<typeof makeWaypoint>[3]) => makeWaypoint('ABC', 37, -122, extra);

  it('needs a valid alt_type, an unambiguous point and a known alt1', () => {
    expect(hasValidAltitude(at({ alt_type: '@', alt1: 5000 }))).toBe(true);
    expect(hasValidAltitude(at({ alt_type: 'VNAV', alt1: 9000 }))).toBe(true);
    expect(hasValidAltitude(at({ alt_type: '', alt1: 3000 }))).toBe(true);
    expect(hasValidAltitude(at({ alt_type: '@', alt1: -9999 }))).toBe(false);
    expect(hasValidAltitude(at({ alt_type: '@', alt1: 5000, ambiguous: true }))).toBe(false);
    expect(hasValidAltitude({ alt_type: 'X' as never, alt1: 5000, ambiguous: false })).toBe(false);
  });

  it('a non-number alt1 is not known', () => {
    expect(hasValidAltitude({ alt_type: '@', alt1: Number.NaN, ambiguous: false })).toBe(false);
    expect(hasValidAltitude({ alt_type: '@', alt1: Number.POSITIVE_INFINITY, ambiguous: false })).toBe(false);
  });
});
