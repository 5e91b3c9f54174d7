// The simulator as the first position source (spec part 2 §4 "Source priority: simulator when
// connected and simulating; then ADS-B if fresher than 2 s ..."): the sim store's messages through
// feedSimulatorPosition into the real PositionFusion of packages/inflight.
import { afterEach, describe, expect, it } from 'vitest';
import { PositionFusion, type CurrentFix, type LocationFix } from '@clearway/inflight';
import { defaultFlightData, type SimStatusMessage } from '@clearway/protocol';
import { feedSimulatorPosition } from './simPosition';
import { applySimMessage, resetSimStore } from './simStore';

afterEach(() => resetSimStore());

function status(patch: Partial<SimStatusMessage>): SimStatusMessage {
  return {
    type: 'simStatus', time: 0, connected: false, dataSource: 'none', isSimulating: false, stale: false, xplaneHosts: [], currentXplaneHost: null,
    subscribed: true, lastDataAt: null, fmsDir: false, counts: { datagrams: 0, values: 0, bad: 0, commandsSent: 0, commandsDropped: 0, reconnects: 0 },
    ...patch,
  };
}

const adsbFix = (t: number): LocationFix => ({ latitude: 34, longitude: -118, accuracy: null, altitude: 3000, heading: 90, speed: 100, timestamp: t, source: 'adsb' });

describe('the simulator position source', () => {
  it('puts the simulator first while connected and simulating, yields to ADS-B while paused, and keeps its last fix (stale) when the link is lost', () => {
    let now = 1_000_000;
    const fusion = new PositionFusion({ clock: { now: () => now } });
    const seen: CurrentFix[] = [];
    fusion.subscribe((current) => seen.push(current));
    const stop = feedSimulatorPosition(fusion);

    fusion.adsbOwnship(adsbFix(now));
    expect(fusion.current()?.source).toBe('adsb');

    // X-Plane flying: 1524 m came through the server as 5000 ft; the fix keeps it in feet.
    applySimMessage(status({ connected: true, dataSource: 'udp', isSimulating: true, lastDataAt: now }));
    applySimMessage({ type: 'flightData', time: now - 5, data: { ...defaultFlightData(), lat: 37.5, lon: -122.25, altitude: 5000, heading: 262, trueHeading: 275, groundSpeed: 110 } });
    expect(fusion.current()).toEqual({
      source: 'simulator',
      fix: { latitude: 37.5, longitude: -122.25, accuracy: 1, altitude: 5000, heading: 275, magnetic_heading: 262, speed: 110, timestamp: now - 5, source: 'xplane' },
    });
    expect(seen.at(-1)?.source).toBe('simulator');
    // ADS-B newer than the simulator's fix does not displace it.
    now += 500;
    fusion.adsbOwnship(adsbFix(now));
    expect(fusion.current()?.source).toBe('simulator');

    // Paused in X-Plane (connected, not simulating): the next source, fresh ADS-B.
    applySimMessage(status({ connected: true, dataSource: 'udp', isSimulating: false }));
    expect(fusion.current()?.source).toBe('adsb');
    applySimMessage(status({ connected: true, dataSource: 'udp', isSimulating: true }));
    applySimMessage({ type: 'flightData', time: now, data: { ...defaultFlightData(), lat: 37.6, lon: -122.3, altitude: 5200, trueHeading: 280, groundSpeed: 112 } });
    expect(fusion.current()).toMatchObject({ source: 'simulator', fix: { latitude: 37.6, longitude: -122.3 } });

    // The link is lost (no data for 10 s): nothing fresh remains, so the last fix, with accuracy unknown.
    now += 10_000;
    applySimMessage(status({ connected: false, stale: true }));
    expect(fusion.current()).toMatchObject({ source: 'last', fix: { latitude: 37.6, longitude: -122.3, accuracy: null, source: 'xplane' } });
    expect(seen.at(-1)?.source).toBe('last');
    // A kept flightData (the stale one a new socket is sent) is not taken as a new fix.
    applySimMessage({ type: 'flightData', time: now, data: { ...defaultFlightData(), lat: 37.6, lon: -122.3 } });
    expect(fusion.current()?.source).toBe('last');

    stop();
    applySimMessage(status({ connected: true, isSimulating: true }));
    applySimMessage({ type: 'flightData', time: now, data: { ...defaultFlightData(), lat: 40, lon: -100 } });
    expect(fusion.current()?.fix.latitude).toBe(37.6);
  });
});
