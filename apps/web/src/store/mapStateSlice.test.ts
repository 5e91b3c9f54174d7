import { describe, expect, it } from 'vitest';
import type { Waypoint } from '@clearway/flightplan';
import {
  finalFixesCleared,
  finalFixesSet,
  initialMapState,
  mapLoaded,
  mapLocationDone,
  mapLocationSet,
  mapStateSlice,
  viewportChanged,
} from './mapStateSlice';

const reduce = mapStateSlice.reducer;

describe('map state', () => {
  it('keeps the viewport and which views have loaded', () => {
    let state = reduce(initialMapState, viewportChanged({ center: [-122.1, 37.7], zoom: 9, bearing: 0, pitch: 0 }));
    expect(state.viewport).toEqual({ center: [-122.1, 37.7], zoom: 9, bearing: 0, pitch: 0 });
    state = reduce(state, mapLoaded({ viewId: 2, loaded: true }));
    expect(state.map_loaded).toEqual([false, true]);
    state = reduce(state, mapLoaded({ viewId: 1, loaded: true }));
    state = reduce(state, mapLoaded({ viewId: 2, loaded: false }));
    expect(state.map_loaded).toEqual([true, false]);
  });

  it('asks the map to go to a place and marks it done', () => {
    let state = reduce(initialMapState, mapLocationSet({ lat: 37.66, lon: -122.12, type: 'airport' }));
    expect(state.map_location).toEqual({ state: 'set', lat: 37.66, lon: -122.12, type: 'airport' });
    state = reduce(state, mapLocationDone());
    expect(state.map_location).toEqual({ state: 'done', lat: 37.66, lon: -122.12, type: 'airport' });
  });

  it('sets and clears the final-fix preview', () => {
    const fixes = [{ code: 'SUNOL', location: { lat: 37.6, lon: -121.9 } }] as Waypoint[];
    let state = reduce(initialMapState, finalFixesSet({ fixes, ts: 5 }));
    expect(state.final_fixes).toEqual({ fixes, ts: 5 });
    state = reduce(state, finalFixesCleared());
    expect(state.final_fixes).toEqual({ fixes: [], ts: 0 });
  });
});
