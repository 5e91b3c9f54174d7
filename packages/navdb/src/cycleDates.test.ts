import { describe, expect, it } from 'vitest';
import { cycleStatus, isoDay, utcDayMs } from './cycleDates.js';

describe('cycle dates', () => {
  it('reads and writes YYYY-MM-DD as 00:00 UTC, refusing other forms', () => {
    expect(utcDayMs('2025-10-02')).toBe(Date.UTC(2025, 9, 2));
    expect(isoDay(utcDayMs('2024-02-29'))).toBe('2024-02-29');
    expect(utcDayMs('2025-10-2')).toBeNaN();
  });

  it('is valid from 00:00Z on effective to 00:00Z on expires, warning in the last 7 days', () => {
    const cycle = { effective: '2025-09-04', expires: '2025-10-02' };
    expect(cycleStatus(cycle, Date.UTC(2025, 8, 3, 23, 59))).toMatchObject({ validity: 'not_yet_effective' });
    expect(cycleStatus(cycle, Date.UTC(2025, 8, 4))).toEqual({ validity: 'current', daysLeft: 28, unreadable: false });
    expect(cycleStatus(cycle, Date.UTC(2025, 8, 25))).toEqual({ validity: 'expiring', daysLeft: 7, unreadable: false });
    expect(cycleStatus(cycle, Date.UTC(2025, 9, 2))).toEqual({ validity: 'expired', daysLeft: 0, unreadable: false });
    expect(cycleStatus({ effective: '2025-09-04', expires: '' }, 0)).toEqual({ validity: 'expired', daysLeft: 0, unreadable: true });
  });
});
