import { describe, expect, it } from 'vitest';
import { EXPIRY_WARNING_DAYS, navDataExpiry, utcDayMs } from './navDataExpiry';

// The test data's cycle (packages/navimport airac.test.ts: 2510 runs 2025-09-04 to 2025-10-02).
const cycle2510 = { cycle: '2510', effective: '2025-09-04', expires: '2025-10-02' };
const at = (iso: string) => new Date(iso).getTime();

describe('navDataExpiry', () => {
  it('reads YYYY-MM-DD as 00:00 UTC and nothing else', () => {
    expect(utcDayMs('2025-10-02')).toBe(Date.UTC(2025, 9, 2));
    expect(utcDayMs('02/10/2025')).toBeNaN();
  });

  it('calls the cycle expired from 00:00 UTC on its expiry date, with the do-not-use text', () => {
    expect(navDataExpiry(cycle2510, at('2025-10-01T23:59:59Z')).validity).toBe('expiring');
    const expired = navDataExpiry(cycle2510, at('2025-10-02T00:00:00Z'));
    expect(expired).toEqual({ validity: 'expired', daysLeft: 0, text: 'Nav data expired 2025-10-02: do not use for navigation' });
    expect(navDataExpiry(cycle2510, at('2026-11-25T08:00:00Z')).validity).toBe('expired');
  });

  it(`warns softly in the last ${EXPIRY_WARNING_DAYS} days, counting whole days left`, () => {
    expect(navDataExpiry(cycle2510, at('2025-09-24T23:59:59Z'))).toMatchObject({ validity: 'current', text: null });
    expect(navDataExpiry(cycle2510, at('2025-09-25T00:00:00Z'))).toEqual({
      validity: 'expiring',
      daysLeft: 7,
      text: 'Nav data expires 2025-10-02 (in 7 days): update while online',
    });
    expect(navDataExpiry(cycle2510, at('2025-10-01T12:00:00Z')).text).toBe('Nav data expires 2025-10-02 (within a day): update while online');
  });

  it('says a cycle loaded before its effective date is not to be used yet', () => {
    const next = { cycle: '2511', effective: '2025-10-02', expires: '2025-10-30' };
    expect(navDataExpiry(next, at('2025-10-01T10:00:00Z'))).toMatchObject({
      validity: 'not_yet_effective',
      text: 'Nav data not effective until 2025-10-02: do not use for navigation yet',
    });
    expect(navDataExpiry(next, at('2025-10-02T00:00:00Z')).validity).toBe('current');
  });

  it('never passes a header whose expiry cannot be read for current', () => {
    expect(navDataExpiry({ effective: '2025-09-04', expires: '' }, at('2025-09-10T00:00:00Z')).validity).toBe('expired');
  });
});
