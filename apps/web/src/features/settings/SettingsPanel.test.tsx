import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderApp, testPrefs } from '../../test/renderApp';
import { makeStore } from '../../store';
import { followDeviceColorScheme, type MatchMedia } from './deviceColorScheme';

/** A device whose prefers-color-scheme answer is dark, able to change like a browser's. */
function darkDevice() {
  const listeners = new Set<(event: { matches: boolean }) => void>();
  const list = {
    matches: true,
    addEventListener: (_type: string, listener: (event: { matches: boolean }) => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: { matches: boolean }) => void) => listeners.delete(listener),
  };
  return {
    matchMedia: (() => list) as unknown as MatchMedia,
    setDark(dark: boolean) {
      list.matches = dark;
      for (const listener of [...listeners]) listener({ matches: dark });
    },
  };
}

async function openSettings() {
  fireEvent.click(await screen.findByRole('button', { name: 'settings' }));
  return screen.findByTestId('settings-panel');
}

describe('settings drawer', () => {
  it('has a labelled control for every setting', async () => {
    renderApp('/app/map1');
    await openSettings();
    expect(screen.getByLabelText('Day/Night')).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Temperature Unit' })).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Distance Unit' })).toBeTruthy();
    expect(screen.getByLabelText('Performance Mode')).toBeTruthy();
    expect(screen.getByLabelText('Resume Navigation after map panning')).toBeTruthy();
    expect(screen.getByLabelText('Takeoff Speed')).toBeTruthy();
    // The embedded profile editor is in the drawer (spec part 2 §2); no note says it is still to come.
    expect(screen.queryByTestId('profile-editor-note')).toBeNull();
    const profile = await screen.findByTestId('settings-profile');
    expect(screen.getByTestId('settings-panel').compareDocumentPosition(profile) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const options = Array.from((screen.getByLabelText('Resume Navigation after map panning') as HTMLSelectElement).options, (o) => [o.value, o.text]);
    expect(options).toEqual([['5', '5 s'], ['10', '10 s'], ['30', '30 s'], ['60', '60 s'], ['3600', 'Never']]);
    const slider = screen.getByLabelText('Takeoff Speed') as HTMLInputElement;
    expect([slider.min, slider.max, slider.step, slider.value]).toEqual(['10', '100', '1', '55']);
  });

  it('shows unit changes at once and stores them', async () => {
    const { prefs, store } = renderApp('/app/map1');
    await openSettings();
    const sample = () => screen.getByTestId('units-sample').textContent;
    expect(sample()).toBe('Sample: 100 nm · 120 kt · 6500 ft · 59.0 °F');
    expect(screen.getByTestId('implied-units').textContent).toBe('Speed in kt, altitude in ft');

    fireEvent.click(screen.getByLabelText('km'));
    expect(sample()).toBe('Sample: 185 km · 222 kmh · 1981 m · 59.0 °F');
    expect(screen.getByTestId('implied-units').textContent).toBe('Speed in kmh, altitude in m');

    fireEvent.click(screen.getByLabelText('°C'));
    expect(sample()).toBe('Sample: 185 km · 222 kmh · 1981 m · 15.0 °C');

    fireEvent.change(screen.getByLabelText('Resume Navigation after map panning'), { target: { value: '3600' } });
    fireEvent.change(screen.getByLabelText('Takeoff Speed'), { target: { value: '72' } });
    expect(screen.getByTestId('takeoff-speed-value').textContent).toBe('72 kt');
    fireEvent.click(screen.getByLabelText('Performance Mode'));

    expect(store.getState().settings).toMatchObject({ dark_mode: false, dark_mode_chosen: false, performance_mode: true, resume_nav: 3600 });
    await vi.waitFor(async () => {
      expect(await prefs.getProperties(['distance_unit', 'temp_unit', 'resume_nav', 'takeoff_threshold', 'performance_mode'])).toEqual({
        distance_unit: 'km',
        temp_unit: 'c',
        resume_nav: 3600,
        takeoff_threshold: 72,
        performance_mode: true,
      });
    });
  });

  it('switches between day and night at once', async () => {
    const { prefs } = renderApp('/app/map1');
    await openSettings();
    const bar = screen.getByTestId('top-bar');
    const dayColour = getComputedStyle(bar).backgroundColor;
    expect(screen.getByTestId('theme-mode').textContent).toBe('Day');
    fireEvent.click(screen.getByLabelText('Day/Night'));
    expect(screen.getByTestId('theme-mode').textContent).toBe('Night');
    expect(getComputedStyle(bar).backgroundColor).not.toBe(dayColour);
    await vi.waitFor(async () => expect(await prefs.getProperty('dark_mode')).toBe(true));
  });

  it("starts at night on a device in dark mode, follows it until the pilot switches, then keeps the pilot's choice", async () => {
    const prefs = testPrefs();
    const store = makeStore({ prefs });
    const device = darkDevice();
    followDeviceColorScheme(store.dispatch, device.matchMedia);
    renderApp('/app/map1', { prefs, store });
    await openSettings();
    const bar = screen.getByTestId('top-bar');
    const mode = () => screen.getByTestId('theme-mode').textContent;
    expect(mode()).toBe('Night');
    expect((screen.getByLabelText('Day/Night') as HTMLInputElement).checked).toBe(true);
    const nightColour = getComputedStyle(bar).backgroundColor;
    expect(getComputedStyle(document.documentElement).colorScheme).toBe('dark');

    act(() => device.setDark(false));
    expect(mode()).toBe('Day');
    expect(getComputedStyle(bar).backgroundColor).not.toBe(nightColour);
    act(() => device.setDark(true));
    expect(mode()).toBe('Night');

    fireEvent.click(screen.getByLabelText('Day/Night'));
    expect(mode()).toBe('Day');
    act(() => device.setDark(false));
    act(() => device.setDark(true));
    expect(mode()).toBe('Day');
    await vi.waitFor(async () => expect(await prefs.getProperty('dark_mode')).toBe(false));
  });
});
