import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Route } from '@clearway/flightplan';
import type { WindsInfo } from '../../worker/winds';

/**
 * The current route and its analysis (spec part 1 §4 "Search"). `current` is what the map draws
 * (`state.route.current.all_waypoints`): the parsed route at once, replaced by the analysed route
 * (runFlightPlan) when the analysis finishes.
 */
export interface RouteState {
  current: Route | null;
  /** The inputs of the last analysis (route string, departure time, cruise altitude), or null. */
  lastAnalysisKey: string | null;
  analyzing: boolean;
  /** The airport last selected from the search box (also stored as prefs `airport_id`). */
  selectedAirportId: string | null;
  /** The FB winds the routing worker flies the route in (windsFeed.ts); null before any arrive. */
  winds: WindsInfo | null;
}

export const initialRouteState: RouteState = { current: null, lastAnalysisKey: null, analyzing: false, selectedAirportId: null, winds: null };

export const routeSlice = createSlice({
  name: 'route',
  initialState: initialRouteState,
  reducers: {
    /** A parsed (not yet analysed) route becomes the current route. */
    routeSet(state, action: PayloadAction<Route>) {
      state.current = action.payload;
    },
    /**
     * The stored route as a sync left it (another device's, or the server's copy of this one). The
     * same record (ts and route string) keeps what is on screen, which may be analysed already;
     * another record becomes current and is analysed again (stored routes may be unanalysed).
     */
    routeSynced(state, action: PayloadAction<Route>) {
      const incoming = action.payload;
      if (state.current && state.current.ts === incoming.ts && state.current.final_string === incoming.final_string) return;
      state.current = incoming;
      state.lastAnalysisKey = null;
      state.analyzing = false;
    },
    /** The clear button: no route. */
    routeCleared(state) {
      state.current = null;
      state.lastAnalysisKey = null;
      state.analyzing = false;
    },
    analysisStarted(state, action: PayloadAction<string>) {
      state.analyzing = true;
      state.lastAnalysisKey = action.payload;
    },
    /** The analysed route, if it is still for the current route string. */
    routeAnalyzed(state, action: PayloadAction<Route>) {
      state.analyzing = false;
      if (!state.current || state.current.final_string === action.payload.final_string) state.current = action.payload;
    },
    analysisFailed(state) {
      state.analyzing = false;
      state.lastAnalysisKey = null;
    },
    airportSelected(state, action: PayloadAction<string>) {
      state.selectedAirportId = action.payload;
    },
    /** The routing worker took new FB winds: the current route is planned again in them (routeEffects.ts). */
    windsLoaded(state, action: PayloadAction<WindsInfo>) {
      state.winds = action.payload;
    },
  },
});

export const { routeSet, routeSynced, routeCleared, analysisStarted, routeAnalyzed, analysisFailed, airportSelected, windsLoaded } =
  routeSlice.actions;
