import { describe, expect, it } from 'vitest';
import { prefsLoaded } from '../../store/prefsActions';
import { appVersionKnown, initialSettingsState, setNavCollapsed, settingsSlice, windowWidthChanged } from './settingsSlice';

const reduce = settingsSlice.reducer;

describe('settings entity (spec part 2 §3 "Settings")', () => {
  it("has every field of the spec, with the spec's defaults", () => {
    expect(Object.keys(initialSettingsState).sort()).toEqual(
      [
        'navCollapsed', 'drawerType', 'dark_mode', 'dark_mode_chosen', 'themeColor', 'width', 'isDirectionRTL', 'navigationStyle',
        'horizontalNavPosition', 'performance_mode', 'resume_nav', 'locale', 'appVersion',
      ].sort(),
    );
    expect(initialSettingsState).toMatchObject({ themeColor: 'dark-indigo', resume_nav: 30, locale: 'en', isDirectionRTL: false, navCollapsed: false });
  });

  it('keeps the menu state, the window width and the app version; refuses a bad width', () => {
    let state = reduce(initialSettingsState, setNavCollapsed(true));
    expect(state.navCollapsed).toBe(true);
    state = reduce(state, windowWidthChanged(1280.4));
    expect(state.width).toBe(1280);
    expect(reduce(state, windowWidthChanged(-1)).width).toBe(1280);
    expect(reduce(state, windowWidthChanged(Number.NaN)).width).toBe(1280);
    expect(reduce(state, appVersionKnown('1.2.3')).appVersion).toBe('1.2.3');
  });

  it('reads only the stored preference keys from prefs', () => {
    const state = reduce(initialSettingsState, prefsLoaded({ dark_mode: true, resume_nav: 60, performance_mode: true } as never));
    expect(state).toEqual({ ...initialSettingsState, dark_mode: true, dark_mode_chosen: true, resume_nav: 60, performance_mode: true });
  });
});
