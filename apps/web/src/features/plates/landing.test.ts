import { describe, expect, it } from 'vitest';
import { makeStore } from '../../store';
import { testPrefs } from '../../test/renderApp';
import { airportDiagramPath, landingStep, selectDestination, startLandingWatch, type Destination } from './landing';

/** KSFO's reference point (FAA NASR) and points around it. */
const KSFO: Destination = { code: 'KSFO', lat: 37.618806, lon: -122.375417 };
/** On runway 28L's rollout, about 1 NM east of the reference point (1' of longitude ≈ 0.79 NM at 37.6° N). */
const ROLLOUT = { lat: 37.6125, lon: -122.355 };
/** Over Oakland, 9 NM away. */
const OAKLAND = { lat: 37.7213, lon: -122.2208 };

describe('landing at the destination', () => {
  it('opens the destination after a fix at or above 40 kt then one below it within 3 NM; once per landing', () => {
    let watch = { flying: false };
    const step = (lat: number, lon: number, speedKt: number | null, destination: Destination | null = KSFO) => {
      const r = landingStep(watch, { lat, lon, speedKt }, destination);
      watch = r.watch;
      return r.open;
    };
    // Parked and taxiing at the destination before take-off: nothing opens.
    expect(step(ROLLOUT.lat, ROLLOUT.lon, 0)).toBeNull();
    expect(step(ROLLOUT.lat, ROLLOUT.lon, 15)).toBeNull();
    // Flying, then slow but 9 NM away (not at the destination).
    expect(step(OAKLAND.lat, OAKLAND.lon, 120)).toBeNull();
    expect(step(OAKLAND.lat, OAKLAND.lon, 39)).toBeNull();
    // Touch-down roll at 60 kt, then 39 kt on the rollout: the diagram opens; exactly 40 kt is not below 40.
    expect(step(ROLLOUT.lat, ROLLOUT.lon, 60)).toBeNull();
    expect(step(ROLLOUT.lat, ROLLOUT.lon, 40)).toBeNull();
    expect(step(ROLLOUT.lat, ROLLOUT.lon, 39)).toBe('KSFO');
    // Taxiing in: not again.
    expect(step(ROLLOUT.lat, ROLLOUT.lon, 12)).toBeNull();
    // Unknown speed or no route: nothing.
    expect(step(ROLLOUT.lat, ROLLOUT.lon, 80)).toBeNull();
    expect(step(ROLLOUT.lat, ROLLOUT.lon, null)).toBeNull();
    expect(step(ROLLOUT.lat, ROLLOUT.lon, 20, null)).toBeNull();
  });

  it("the route's destination is its last airport waypoint", () => {
    const route = { waypoints: [
      { code: 'KHWD', type: 'AIRPORT', location: { lat: 37.6589, lon: -122.1217 } },
      { code: 'OAK', type: 'VOR', location: { lat: 37.7259, lon: -122.2236 } },
      { code: 'KSFO', type: 'AIRPORT', location: { lat: KSFO.lat, lon: KSFO.lon } },
      { code: 'SFO', type: 'VOR', location: { lat: 37.6195, lon: -122.3739 } },
    ] };
    expect(selectDestination({ route: { current: route } })).toEqual(KSFO);
    expect(selectDestination({ route: { current: null } })).toBeNull();
  });

  it('as a store listener: the fixes of a landing at the destination open its airport diagram once', () => {
    const store = makeStore({ prefs: testPrefs() });
    const opened: string[] = [];
    const stop = startLandingWatch({ store, open: (path) => opened.push(path) });
    const fix = (at: { lat: number; lon: number }, speed: number, t: number) =>
      store.dispatch({ type: 'inflight/positionChanged', payload: { fix: { latitude: at.lat, longitude: at.lon, accuracy: 5, altitude: 10, heading: 280, speed, timestamp: t, source: 'device' }, source: 'device' } });
    store.dispatch({ type: 'route/routeSet', payload: { final_string: 'KHWD KSFO', waypoints: [{ code: 'KHWD', type: 'AIRPORT', location: { lat: 37.6589, lon: -122.1217 } }, { code: 'KSFO', type: 'AIRPORT', location: { lat: KSFO.lat, lon: KSFO.lon } }], all_waypoints: [] } });
    fix(OAKLAND, 110, 1);
    fix(ROLLOUT, 70, 2);
    expect(opened).toEqual([]);
    fix(ROLLOUT, 30, 3);
    fix(ROLLOUT, 10, 4);
    expect(opened).toEqual([airportDiagramPath('KSFO')]);
    expect(opened[0]).toBe('/app/PlateView?airport=KSFO&diagram=1');
    stop();
    fix(OAKLAND, 110, 5);
    fix(ROLLOUT, 20, 6);
    expect(opened).toHaveLength(1);
  });
});
