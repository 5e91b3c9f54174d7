// The in-flight controls over the map: the nav strip from a fused position on a route (values worked by
// hand on an equator route), Direct-To from its nav log list, Resume Navigation after panning, and the
// status chips. The runtime runs with no device GPS, signed out (no devices socket). Other features'
// actions are dispatched by their type (the feature map lets inflight import none of them).
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { makeWaypoint } from '@clearway/flightplan/testing';
import type { Route } from '@clearway/flightplan';
import type { LocationFix } from '@clearway/inflight';
import { makeStore } from '../../store';
import { InflightControls } from './InflightControls';
import { panned, positionChanged, receiverChanged, linkChanged } from './inflightSlice';

// A, B, C along the equator, one degree of longitude apart (60.04 nm at the engine's earth radius).
const WAYPOINTS = [makeWaypoint('AAA', 0, 0), makeWaypoint('BBB', 0, 1), makeWaypoint('CCC', 0, 2)];

function fix(over: Partial<LocationFix>): LocationFix {
  return { latitude: 0, longitude: 0.5, accuracy: null, altitude: 4500, heading: 90, speed: 120, timestamp: Date.now(), source: 'adsb', ...over };
}

function setup() {
  const store = makeStore();
  store.dispatch({ type: 'route/routeSynced', payload: { all_waypoints: WAYPOINTS, waypoints: WAYPOINTS, final_string: 'AAA BBB CCC' } as unknown as Route });
  render(
    <Provider store={store}>
      <InflightControls runtime={{ geolocation: null }} />
    </Provider>,
  );
  return store;
}

describe('in-flight controls', () => {
  it('shows the next waypoint by the cones with distance, desired track, ETE (h:m:s above an hour) and ETA; Direct-To from the nav log', () => {
    const store = setup();
    expect(screen.queryByTestId('nav-strip')).toBeNull();
    act(() => {
      store.dispatch(positionChanged({ fix: fix({}), source: 'adsb' }));
    });
    // Half a degree short of BBB, flying east: 0.5° × π/180 × 3440.065 nm = 30.020 nm, course 090°;
    // at 120 kt 900.6 s (15:01).
    expect(screen.getByTestId('nav-next').textContent).toBe('BBB');
    expect(screen.getByTestId('nav-distance').textContent).toBe('30.0 nm');
    expect(screen.getByTestId('nav-dtk').textContent).toBe('DTK 090°T');
    expect(screen.getByTestId('nav-ete').textContent).toBe('ETE 15:01');
    expect(screen.getByTestId('nav-eta').textContent).toMatch(/^ETA \d\d:\d\d$/);
    // At 20 kt: 5,403.6 s = 1 h 30 min 4 s.
    act(() => {
      store.dispatch(positionChanged({ fix: fix({ speed: 20 }), source: 'adsb' }));
    });
    expect(screen.getByTestId('nav-ete').textContent).toBe('ETE 1:30:04');
    // Past BBB: the cones pick CCC.
    act(() => {
      store.dispatch(positionChanged({ fix: fix({ longitude: 1.2 }), source: 'adsb' }));
    });
    expect(screen.getByTestId('nav-next').textContent).toBe('CCC');

    // Direct-To BBB from the nav log list: overrides the cones (BBB is behind).
    fireEvent.click(screen.getByRole('button', { name: /Next waypoint/ }));
    fireEvent.click(screen.getByTestId('direct-to-1'));
    expect(store.getState().inflight.directTo).toEqual({ index: 1, from: { lat: 0, lon: 1.2 } });
    expect(screen.getByTestId('nav-next').textContent).toBe('Direct BBB');
    expect(screen.getByTestId('nav-strip').getAttribute('data-type')).toBe('Direct');
    fireEvent.click(screen.getByRole('button', { name: /Next waypoint/ }));
    fireEvent.click(screen.getByTestId('direct-to-cancel'));
    expect(screen.getByTestId('nav-next').textContent).toBe('CCC');
  });

  it('offers "Resume Navigation" after a pan: a tap returns to follow, and so does the resume_nav time', async () => {
    const store = setup();
    act(() => {
      store.dispatch(positionChanged({ fix: fix({}), source: 'adsb' }));
      store.dispatch(panned(Date.now()));
    });
    expect(store.getState().inflight.follow).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Resume Navigation' }));
    expect(store.getState().inflight.follow).toBe(true);
    expect(screen.queryByTestId('resume-navigation')).toBeNull();

    // resume_nav 5 s, panned 4.95 s ago: back to follow by itself in about 50 ms.
    act(() => {
      store.dispatch({ type: 'settings/setResumeNav', payload: 5 });
      store.dispatch(panned(Date.now() - 4_950));
    });
    expect(screen.getByTestId('resume-navigation')).toBeTruthy();
    await waitFor(() => expect(store.getState().inflight.follow).toBe(true));
    // Never (3600): stays off.
    act(() => {
      store.dispatch({ type: 'settings/setResumeNav', payload: 3600 });
      store.dispatch(panned(Date.now() - 4_000_000));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.getState().inflight.follow).toBe(false);
  });

  it('shows the status chips once the devices socket is open: on, lost or off', () => {
    const store = setup();
    expect(screen.queryByTestId('inflight-chips')).toBeNull();
    act(() => {
      store.dispatch(linkChanged('open'));
      store.dispatch(receiverChanged({ heartbeat: 'on', traffic: 'lost', adsbGps: 'off', name: 'Stratux' }));
    });
    expect(screen.getByTestId('inflight-chip-heartbeat').textContent).toBe('Stratux on');
    expect(screen.getByTestId('inflight-chip-traffic').textContent).toBe('Traffic lost');
    expect(screen.getByTestId('inflight-chip-adsb-gps').getAttribute('data-state')).toBe('off');
    expect(screen.getByTestId('inflight-chip-device-gps').textContent).toBe('GPS off');
    // Spoken callouts: off by default, a 44 px toggle beside the chips.
    const callouts = screen.getByTestId('inflight-callouts');
    expect(callouts.textContent).toBe('Callouts off');
    expect(callouts.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(callouts);
    expect(store.getState().inflight.callouts).toBe(true);
    expect(screen.getByTestId('inflight-callouts').textContent).toBe('Callouts on');
    expect(screen.getByTestId('inflight-callouts').getAttribute('aria-pressed')).toBe('true');
  });
});
