import { describe, expect, it } from 'vitest';
import type { Route } from '@clearway/flightplan';
import { analysisStarted, initialRouteState, routeAnalyzed, routeSlice, routeSynced } from './routeSlice';

const reduce = routeSlice.reducer;

function route(finalString: string, ts: number, totalDistance: number): Route {
  return { final_string: finalString, ts, total_distance: totalDistance, waypoints: [] } as unknown as Route;
}

describe('routeSynced', () => {
  it("keeps the analysed route on screen when the sync brings the same record's stored copy", () => {
    let state = reduce(initialRouteState, routeSynced(route('KHWD OAK', 100, 0)));
    state = reduce(state, analysisStarted('KHWD OAK|key'));
    state = reduce(state, routeAnalyzed(route('KHWD OAK', 100, 12.4)));
    state = reduce(state, routeSynced(route('KHWD OAK', 100, 0)));
    expect(state.current?.total_distance).toBe(12.4);
    expect(state.lastAnalysisKey).toBe('KHWD OAK|key');
  });

  it("makes another device's route current and has it analysed again", () => {
    let state = reduce(initialRouteState, analysisStarted('KHWD OAK|key'));
    state = reduce(state, routeAnalyzed(route('KHWD OAK', 100, 12.4)));
    state = reduce(state, routeSynced(route('KHWD OAK', 200, 0)));
    expect(state.current?.ts).toBe(200);
    expect(state.lastAnalysisKey).toBeNull();
    state = reduce(state, routeSynced(route('KSFO KOAK', 300, 0)));
    expect(state.current?.final_string).toBe('KSFO KOAK');
  });
});
