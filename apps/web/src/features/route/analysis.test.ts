import { describe, expect, it } from 'vitest';
import type { Route } from '@clearway/flightplan';
import { analysisKey, needsAnalysis, shouldAnalyze } from './analysis';
import { analysisStarted, initialRouteState, routeAnalyzed, routeCleared, routeSet, routeSlice } from './routeSlice';

const profile = { etd: 0, etd_iso: '2026-11-21T20:00:00Z', altitude: 6000 };
const route = (final_string: string, n: number) => ({ final_string, waypoints: Array.from({ length: n }, () => ({})), all_waypoints: [] }) as unknown as Route;

describe('route analysis', () => {
  it('runs only with a final string and at least two waypoints', () => {
    expect(shouldAnalyze(null, profile, null)).toBe(false);
    expect(shouldAnalyze(route('', 2), profile, null)).toBe(false);
    expect(shouldAnalyze(route('KHWD', 1), profile, null)).toBe(false);
    expect(shouldAnalyze(route('KHWD KSFO', 2), profile, null)).toBe(true);
  });

  it('runs only when route string, departure time or cruise altitude changed', () => {
    const r = route('KHWD KSFO', 2);
    const key = analysisKey(r, profile);
    expect(shouldAnalyze(r, profile, key)).toBe(false);
    expect(shouldAnalyze(route('KHWD OAK KSFO', 3), profile, key)).toBe(true);
    expect(shouldAnalyze(r, { ...profile, altitude: 8000 }, key)).toBe(true);
    expect(shouldAnalyze(r, { ...profile, etd_iso: '2026-11-21T21:00:00Z' }, key)).toBe(true);
  });

  it('needsAnalysis: the route object the last analysis made for these inputs needs none; any other does', () => {
    const parsed = route('KHWD KSFO', 2);
    expect(needsAnalysis(null, profile, null)).toBe(false);
    expect(needsAnalysis(route('KHWD', 1), profile, null)).toBe(false);
    expect(needsAnalysis(route('', 2), profile, null)).toBe(false);
    expect(needsAnalysis(parsed, profile, null)).toBe(true);
    const analysed = { ...parsed, total_distance: 20 } as Route;
    const last = { route: analysed, key: analysisKey(parsed, profile) };
    expect(needsAnalysis(analysed, profile, last)).toBe(false);
    // The same string, time and altitude, but not the analysed object (a restored or re-submitted copy).
    expect(needsAnalysis(parsed, profile, last)).toBe(true);
    expect(needsAnalysis({ ...analysed }, profile, last)).toBe(true);
    // The analysed object with new inputs.
    expect(needsAnalysis(analysed, { ...profile, altitude: 8000 }, last)).toBe(true);
    expect(needsAnalysis(analysed, { ...profile, etd_iso: '2026-11-21T21:00:00Z' }, last)).toBe(true);
  });

  it('keeps the current route in the slice', () => {
    const r = route('KHWD KSFO', 2);
    let state = routeSlice.reducer(initialRouteState, routeSet(r));
    state = routeSlice.reducer(state, analysisStarted('k'));
    expect(state.analyzing).toBe(true);
    const analysed = { ...r, total_distance: 20 } as Route;
    state = routeSlice.reducer(state, routeAnalyzed(analysed));
    expect(state.current?.total_distance).toBe(20);
    // An analysis of an older route string does not replace a newer route.
    state = routeSlice.reducer(state, routeSet(route('KOAK KSFO', 2)));
    state = routeSlice.reducer(state, routeAnalyzed(analysed));
    expect(state.current?.final_string).toBe('KOAK KSFO');
    state = routeSlice.reducer(state, routeCleared());
    expect(state.current).toBeNull();
    expect(state.lastAnalysisKey).toBeNull();
  });
});
