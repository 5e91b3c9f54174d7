// Issue 27 point 8: the theme follows the device's prefers-color-scheme until the pilot uses the
// Day/Night switch; the pilot's choice is stored (prefs `dark_mode`) and wins from then on.
import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../store';
import { loadPersistedPreferences } from '../../store/persistence';
import { testPrefs } from '../../test/renderApp';
import { DARK_SCHEME_QUERY, followDeviceColorScheme, type MatchMedia } from './deviceColorScheme';
import { setDarkMode } from './settingsSlice';

/** A matchMedia whose dark-mode answer the test sets, firing 'change' like a browser. */
function fakeMatchMedia(dark: boolean) {
  const listeners = new Set<(event: { matches: boolean }) => void>();
  const queries: string[] = [];
  const list = {
    matches: dark,
    addEventListener: (_type: string, listener: (event: { matches: boolean }) => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: { matches: boolean }) => void) => listeners.delete(listener),
  };
  const matchMedia = ((query: string) => {
    queries.push(query);
    return list;
  }) as unknown as MatchMedia;
  return {
    matchMedia,
    queries,
    listeners,
    setDark(next: boolean) {
      list.matches = next;
      for (const listener of [...listeners]) listener({ matches: next });
    },
  };
}

/** Lets the persistence listener's writes (if any) land. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('theme from the device colour scheme', () => {
  it('is night at once on a device in dark mode, and follows it live', () => {
    const store = makeStore();
    const device = fakeMatchMedia(true);
    followDeviceColorScheme(store.dispatch, device.matchMedia);
    expect(device.queries).toEqual([DARK_SCHEME_QUERY]);
    expect(store.getState().settings.dark_mode).toBe(true);
    device.setDark(false);
    expect(store.getState().settings.dark_mode).toBe(false);
    device.setDark(true);
    expect(store.getState().settings.dark_mode).toBe(true);
  });

  it('is day on a device in light mode', () => {
    const store = makeStore();
    followDeviceColorScheme(store.dispatch, fakeMatchMedia(false).matchMedia);
    expect(store.getState().settings.dark_mode).toBe(false);
  });

  it('stays day without matchMedia', () => {
    const store = makeStore();
    followDeviceColorScheme(store.dispatch, undefined);
    expect(store.getState().settings.dark_mode).toBe(false);
  });

  it('does not store what it follows: a later launch on a light device is day again', async () => {
    const prefs = testPrefs();
    const store = makeStore({ prefs });
    const write = vi.spyOn(prefs, 'setProperty');
    const device = fakeMatchMedia(true);
    followDeviceColorScheme(store.dispatch, device.matchMedia);
    device.setDark(false);
    device.setDark(true);
    await settle();
    expect(write).not.toHaveBeenCalledWith('dark_mode', expect.anything());
    expect(await prefs.getProperty('dark_mode')).toBeUndefined();

    const next = makeStore({ prefs });
    await loadPersistedPreferences(prefs, next.dispatch);
    followDeviceColorScheme(next.dispatch, fakeMatchMedia(false).matchMedia);
    expect(next.getState().settings.dark_mode).toBe(false);
  });

  it("the pilot's switch wins over the device, now and at the next launch", async () => {
    const prefs = testPrefs();
    const store = makeStore({ prefs });
    const device = fakeMatchMedia(true);
    followDeviceColorScheme(store.dispatch, device.matchMedia);
    store.dispatch(setDarkMode(false));
    expect(store.getState().settings.dark_mode).toBe(false);
    device.setDark(false);
    device.setDark(true);
    expect(store.getState().settings.dark_mode).toBe(false);
    await vi.waitFor(async () => expect(await prefs.getProperty('dark_mode')).toBe(false));

    // Next launch on the dark device, whichever comes first: the stored choice or the device's answer.
    for (const deviceFirst of [true, false]) {
      const next = makeStore({ prefs });
      if (deviceFirst) followDeviceColorScheme(next.dispatch, fakeMatchMedia(true).matchMedia);
      await loadPersistedPreferences(prefs, next.dispatch);
      if (!deviceFirst) followDeviceColorScheme(next.dispatch, fakeMatchMedia(true).matchMedia);
      expect(next.getState().settings).toMatchObject({ dark_mode: false, dark_mode_chosen: true });
    }
  });

  it('stops listening when stopped', () => {
    const store = makeStore();
    const device = fakeMatchMedia(false);
    const stop = followDeviceColorScheme(store.dispatch, device.matchMedia);
    expect(device.listeners.size).toBe(1);
    stop();
    expect(device.listeners.size).toBe(0);
    device.setDark(true);
    expect(store.getState().settings.dark_mode).toBe(false);
  });
});
