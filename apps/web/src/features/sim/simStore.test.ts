import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultFlightData } from '@clearway/protocol';
import { pfdLayout } from './pfdDraw';
import { applySimMessage, getSimState, nextFlightDirectorMode, resetSimStore, sendToXPlane } from './simStore';

afterEach(() => resetSimStore());

describe('the simulator store', () => {
  it('takes the link state from simStatus and flightData from flightData messages', () => {
    const host = { id: '10.0.0.5:49000', address: '10.0.0.5', port: 49000, name: 'SIM', version: 121100, role: 1, lastSeenAt: 1, source: 'beacon' as const };
    applySimMessage({
      type: 'simStatus', time: 1, connected: true, dataSource: 'udp', isSimulating: true, stale: false, xplaneHosts: [host], currentXplaneHost: host.id,
      subscribed: true, lastDataAt: 1, fmsDir: false, counts: { datagrams: 1, values: 1, bad: 0, commandsSent: 0, commandsDropped: 0, reconnects: 0 },
    });
    applySimMessage({ type: 'flightData', time: 2, data: { ...defaultFlightData(), altitude: 4500 } }, 1234);
    expect(getSimState()).toMatchObject({ connected: true, dataSource: 'udp', isSimulating: true, xplaneHosts: [host], currentXplaneHost: host.id, subscribed: true, flightDataAt: 1234 });
    expect(getSimState().flightData?.altitude).toBe(4500);
    applySimMessage({ type: 'commandResult', id: 'c1', ok: true, message: 'ready', fms: 'I\n1100 Version\n' });
    expect(getSimState().fms).toBe('I\n1100 Version\n');
  });

  it('toggles the flight director as the spec says: off to on (1 or 2 as requested), on to off', () => {
    expect(nextFlightDirectorMode(0, 1)).toBe(1);
    expect(nextFlightDirectorMode(0, 2)).toBe(2);
    expect(nextFlightDirectorMode(1, 2)).toBe(0);
    expect(nextFlightDirectorMode(2, 1)).toBe(0);
  });

  it('drops a command with a log while the simulator bridge is unavailable (spec §8)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(sendToXPlane({ type: 'flightDirector', mode: 1 })).toBe(false);
    expect(warn).toHaveBeenCalledWith('sim: the simulator bridge is unavailable; flightDirector dropped');
    warn.mockRestore();
  });

  it('lays the PFD out stacked on a phone and side by side on a wide tablet', () => {
    const phone = pfdLayout(390, 560);
    expect(phone.hsi.y).toBe(phone.attitude.h);
    expect(phone.attitude.w).toBe(390);
    const tablet = pfdLayout(1024, 600);
    expect(tablet.hsi.x).toBe(tablet.attitude.w);
    expect(tablet.hsi.y).toBe(0);
  });
});
