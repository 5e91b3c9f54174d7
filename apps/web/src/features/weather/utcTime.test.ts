import { describe, expect, it } from 'vitest';
import { utcDayTime, utcTimeOfDay } from './utcTime';

describe('weather times in UTC', () => {
  it('writes day, month and time with a colon and Z, in UTC whatever the zone', () => {
    expect(utcDayTime(Date.UTC(2026, 0, 27, 21, 56))).toBe('27 Jan 21:56Z');
    expect(utcDayTime(Date.UTC(2026, 10, 5, 3, 7))).toBe('5 Nov 03:07Z');
    expect(utcTimeOfDay(Date.UTC(2026, 10, 5, 23, 59, 59))).toBe('23:59Z');
  });
});
