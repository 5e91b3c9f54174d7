import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Waypoint } from '@clearway/flightplan';

/**
 * Map state of spec part 2 §3 beyond the pane layout (layoutSlice): the camera, which views have
 * loaded, the map location request and the procedure final-fix preview.
 */
export interface Viewport {
  /** [longitude, latitude] in degrees. */
  center: [number, number];
  zoom: number;
  bearing: number;
  pitch: number;
}

export type MapLocationState = 'not_set' | 'set' | 'done';

export interface MapLocation {
  state: MapLocationState;
  lat: number | null;
  lon: number | null;
  /** What asked for the move, e.g. 'airport', 'waypoint', 'route', 'gps'. */
  type: string | null;
}

export interface FinalFixes {
  fixes: Waypoint[];
  /** ms since epoch of the preview; 0 when none. */
  ts: number;
}

export interface MapState {
  viewport: Viewport | null;
  /** Spec's map_loaded: one flag per map view (index 0 = view 1, 1 = view 2). */
  map_loaded: [boolean, boolean];
  map_location: MapLocation;
  final_fixes: FinalFixes;
  /** Map altitude, feet (spec default 9000). */
  altitude: number;
}

export const initialMapState: MapState = {
  viewport: null,
  map_loaded: [false, false],
  map_location: { state: 'not_set', lat: null, lon: null, type: null },
  final_fixes: { fixes: [], ts: 0 },
  altitude: 9000,
};

export const mapStateSlice = createSlice({
  name: 'map',
  initialState: initialMapState,
  reducers: {
    viewportChanged(state, action: PayloadAction<Viewport>) {
      state.viewport = action.payload;
    },
    mapLoaded(state, action: PayloadAction<{ viewId: number; loaded: boolean }>) {
      const index = action.payload.viewId === 2 ? 1 : 0;
      state.map_loaded[index] = action.payload.loaded;
    },
    /** Ask the map to move to a place (state 'set'); the map flies there and marks it 'done'. */
    mapLocationSet(state, action: PayloadAction<{ lat: number; lon: number; type: string }>) {
      state.map_location = { state: 'set', ...action.payload };
    },
    mapLocationDone(state) {
      state.map_location.state = 'done';
    },
    /** A procedure picker previews its final fixes on the map. */
    finalFixesSet(state, action: PayloadAction<FinalFixes>) {
      state.final_fixes = action.payload;
    },
    /** Setting a route, or Cancel in the edit sub-modes, clears the preview. */
    finalFixesCleared(state) {
      state.final_fixes = { fixes: [], ts: 0 };
    },
  },
});

export const { viewportChanged, mapLoaded, mapLocationSet, mapLocationDone, finalFixesSet, finalFixesCleared } = mapStateSlice.actions;
