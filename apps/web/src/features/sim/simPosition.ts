import type { LocationFix } from '@clearway/inflight';
import type { SimFlightData } from '@clearway/protocol';
import { getSimState, subscribeSim, type SimState } from './simStore';

/** The part of the in-flight position fusion the simulator feeds (packages/inflight PositionFusion). */
export interface SimulatorFusionLike {
  simulatorStatus(connected: boolean, simulating: boolean): void;
  simulator(fix: LocationFix): void;
}

/**
 * flightData as a location fix (spec part 2 §3 "Location fix", source xplane; "Defaults include ...
 * accuracy 1"). The server already turned X-Plane's metres into feet (÷ 0.3048, §9), so the altitude
 * is taken as it is. Heading: true heading as the track (the map's symbol and track line are true).
 */
export function fixFromFlightData(data: SimFlightData, timestamp: number): LocationFix {
  return {
    latitude: data.lat,
    longitude: data.lon,
    accuracy: 1,
    altitude: data.altitude,
    heading: data.trueHeading,
    magnetic_heading: data.heading,
    speed: data.groundSpeed,
    timestamp,
    source: 'xplane',
  };
}

/**
 * The simulator as the first position source (spec part 2 §4 "Source priority: simulator when
 * connected and simulating; then ADS-B ..."): the simulator store's link state and each new
 * flightData go into the fusion as they arrive. When the link is lost the fusion falls back by
 * itself (the last fix, re-emitted as stale). Returns the unsubscribe.
 */
export function feedSimulatorPosition(fusion: SimulatorFusionLike): () => void {
  let status = { connected: false, simulating: false };
  let data: SimFlightData | null = null;
  const apply = (s: SimState) => {
    const simulating = s.connected && s.isSimulating;
    if (s.connected !== status.connected || simulating !== status.simulating) {
      status = { connected: s.connected, simulating };
      fusion.simulatorStatus(s.connected, simulating);
    }
    // A new flightData while the link is up (a kept, stale one is never fed again).
    if (s.flightData !== null && s.flightData !== data && s.connected) {
      data = s.flightData;
      fusion.simulator(fixFromFlightData(s.flightData, s.flightDataTime ?? Date.now()));
    }
  };
  apply(getSimState());
  return subscribeSim(() => apply(getSimState()));
}
