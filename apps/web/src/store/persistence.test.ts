import { describe, expect, it, vi } from 'vitest';
import { makeStore } from './index';
import { loadPersistedPreferences } from './persistence';
import { initialSettingsState, setDarkMode, setPerformanceMode, setResumeNav } from '../features/settings/settingsSlice';
import { setDistanceUnit, setTakeoffThreshold, setTempUnit } from '../features/settings/unitsSlice';
import { swapViews } from '../features/map/layoutSlice';
import { setWelcomeComplete } from '../features/welcome/welcomeSlice';
import type { PropertyValues } from '../db/prefs';
import { testPrefs } from '../test/renderApp';

describe('settings persistence through the prefs database', () => {
  it('has the spec defaults before anything is stored', () => {
    const state = makeStore().getState();
    expect(state.settings).toEqual({ ...initialSettingsState, dark_mode: false, dark_mode_chosen: false, performance_mode: false, resume_nav: 30 });
    expect(state.units).toMatchObject({
      distance_unit: 'nm',
      speed_unit: 'kt',
      alt_unit: 'ft',
      temp_unit: 'f',
      fuel_unit: 'g',
      takeoff_threshold: 55,
    });
  });

  it('writes each change at once and loads it back into a new store', async () => {
    const prefs = testPrefs(() => 42);
    const store = makeStore({ prefs });
    store.dispatch(setDarkMode(true));
    store.dispatch(setPerformanceMode(true));
    store.dispatch(setResumeNav(3600));
    store.dispatch(setDistanceUnit('km'));
    store.dispatch(setTempUnit('c'));
    store.dispatch(setTakeoffThreshold(70));
    store.dispatch(swapViews());
    store.dispatch(setWelcomeComplete(true));

    await vi.waitFor(async () => {
      expect(await prefs.getProperties(['dark_mode', 'performance_mode', 'resume_nav', 'distance_unit', 'temp_unit', 'takeoff_threshold', 'viewOneId', 'viewTwoId', 'welcomeComplete'])).toEqual({
        dark_mode: true,
        performance_mode: true,
        resume_nav: 3600,
        distance_unit: 'km',
        temp_unit: 'c',
        takeoff_threshold: 70,
        viewOneId: 2,
        viewTwoId: 1,
        welcomeComplete: true,
      });
    });
    expect((await prefs.properties.get('distance_unit'))?.ts).toBe(42);

    const next = makeStore({ prefs });
    const write = vi.spyOn(prefs, 'setProperty');
    await loadPersistedPreferences(prefs, next.dispatch);
    const state = next.getState();
    expect(state.settings).toEqual({ ...initialSettingsState, dark_mode: true, dark_mode_chosen: true, performance_mode: true, resume_nav: 3600 });
    expect(state.units).toMatchObject({
      distance_unit: 'km',
      distance_factor: 1.852,
      speed_unit: 'kmh',
      speed_factor: 1.852,
      alt_unit: 'm',
      alt_factor: 0.3048,
      temp_unit: 'c',
      takeoff_threshold: 70,
    });
    expect(state.layout).toMatchObject({ viewOneId: 2, viewTwoId: 1 });
    expect(state.welcome.welcomeComplete).toBe(true);
    // Loading never writes back.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(write).not.toHaveBeenCalled();
  });

  it('does not write when nothing persisted changed', async () => {
    const prefs = testPrefs();
    const store = makeStore({ prefs });
    const write = vi.spyOn(prefs, 'setProperty');
    store.dispatch(setDistanceUnit('nm'));
    store.dispatch(setResumeNav(7)); // not an option: ignored
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(write).not.toHaveBeenCalled();
  });

  it('ignores stored values of the wrong type or out of range', async () => {
    const prefs = testPrefs();
    const bad = { distance_unit: 'furlong', temp_unit: 'k', resume_nav: 7, dark_mode: 'yes', takeoff_threshold: 500 } as unknown as Partial<PropertyValues>;
    for (const [key, value] of Object.entries(bad)) await prefs.properties.put({ key, ts: 1, value } as never);
    const store = makeStore({ prefs });
    await loadPersistedPreferences(prefs, store.dispatch);
    const state = store.getState();
    expect(state.units.distance_unit).toBe('nm');
    expect(state.units.temp_unit).toBe('f');
    expect(state.settings.resume_nav).toBe(30);
    expect(state.settings.dark_mode).toBe(false);
    expect(state.units.takeoff_threshold).toBe(100);
  });

  it('changing the distance unit changes the speed and altitude units with it', () => {
    const store = makeStore();
    store.dispatch(setDistanceUnit('mi'));
    expect(store.getState().units).toMatchObject({ distance_unit: 'mi', speed_unit: 'mph', alt_unit: 'ft', alt_factor: 1 });
    store.dispatch(setDistanceUnit('km'));
    expect(store.getState().units).toMatchObject({ distance_unit: 'km', speed_unit: 'kmh', alt_unit: 'm' });
  });

  it('keeps the takeoff threshold within 10 to 100 kt in whole knots', () => {
    const store = makeStore();
    store.dispatch(setTakeoffThreshold(3));
    expect(store.getState().units.takeoff_threshold).toBe(10);
    store.dispatch(setTakeoffThreshold(62.6));
    expect(store.getState().units.takeoff_threshold).toBe(63);
  });
});
