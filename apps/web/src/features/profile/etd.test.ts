import { describe, expect, it } from 'vitest';
import { ETD_CHOICES_MIN, ETD_OFFSETS_MIN, chosenModelEtd, etdFromDate, etdFromOffset, formatEtd, resetPastEtd, roundUpToFiveMinutes } from './etd';

const NOW = Date.UTC(2026, 10, 21, 14, 2, 30);

describe('ETD rules', () => {
  it('lists the spec menu and the 30 wider offsets', () => {
    expect(ETD_CHOICES_MIN).toEqual([0, 15, 30, 60, 90, 120, 180, 240, 480, 720, 1080, 1440, 2160]);
    expect(ETD_OFFSETS_MIN).toHaveLength(30);
    expect(ETD_OFFSETS_MIN.slice(0, 11)).toEqual([0, 15, 30, 45, 60, 75, 90, 120, 180, 240, 300]);
    expect(ETD_OFFSETS_MIN.at(-1)).toBe(1440);
  });

  it('rounds up to the next 5-minute mark, keeping a time already on one', () => {
    expect(new Date(roundUpToFiveMinutes(NOW)).toISOString()).toBe('2026-11-21T14:05:00.000Z');
    const onMark = Date.UTC(2026, 10, 21, 14, 5);
    expect(roundUpToFiveMinutes(onMark)).toBe(onMark);
  });

  it('turns a menu choice or a picked time into etd and etd_iso', () => {
    expect(etdFromOffset(15, NOW)).toEqual({ etd: 15, etd_iso: '2026-11-21T14:20:00.000Z' });
    expect(etdFromDate(Date.UTC(2026, 10, 21, 16, 1), NOW)).toEqual({ etd: 123, etd_iso: '2026-11-21T16:05:00.000Z' });
  });

  it('resets a past stored ETD to the next 5 minutes and a chosen model to 30 minutes ahead', () => {
    const past = { etd: 0, etd_iso: '2026-11-20T10:00:00.000Z' };
    expect(resetPastEtd(past, NOW).etd_iso).toBe('2026-11-21T14:05:00.000Z');
    expect(chosenModelEtd(past, NOW).etd_iso).toBe('2026-11-21T14:35:00.000Z');
    const future = { etd: 60, etd_iso: '2026-11-21T15:00:00.000Z' };
    expect(resetPastEtd(future, NOW)).toBe(future);
    expect(chosenModelEtd(future, NOW)).toBe(future);
    expect(resetPastEtd({ etd: 0, etd_iso: '' }, NOW).etd_iso).toBe('2026-11-21T14:05:00.000Z');
  });

  it('formats ETD as h:mm am/pm in local time', () => {
    expect(formatEtd(new Date(2026, 10, 21, 0, 5).getTime())).toBe('12:05 am');
    expect(formatEtd(new Date(2026, 10, 21, 14, 5).getTime())).toBe('2:05 pm');
    expect(formatEtd(new Date(2026, 10, 21, 12, 0).getTime())).toBe('12:00 pm');
  });
});
