import { describe, expect, it } from 'vitest';
import { RELEASE_CHANNELS, channelCycle, isReleaseChannel } from './channels.js';

describe('release channels', () => {
  const now = new Date('2025-09-20T12:00:00Z');

  it('carries the cycle in force on current', () => {
    expect(channelCycle('current', now).id).toBe('2509');
  });

  it('carries the following cycle on next and dev', () => {
    expect(channelCycle('next', now).id).toBe('2510');
    expect(channelCycle('dev', now).id).toBe('2510');
  });

  it('moves every channel on at the effective date', () => {
    const switchDay = new Date('2025-10-02T00:00:00Z');
    expect(channelCycle('current', switchDay).id).toBe('2510');
    expect(channelCycle('next', switchDay).id).toBe('2511');
  });

  it('has the channels of spec part 1 §9 (the same list as DATA_CHANNELS in @clearway/protocol)', () => {
    expect([...RELEASE_CHANNELS]).toEqual(['current', 'next', 'dev']);
    expect(isReleaseChannel('next')).toBe(true);
    expect(isReleaseChannel('stable')).toBe(false);
  });
});
