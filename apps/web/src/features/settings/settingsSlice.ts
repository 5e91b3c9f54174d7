import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { prefsLoaded } from '../../store/prefsActions';

/** Resume Navigation after map panning choices in seconds; 3600 is shown as Never (spec part 2 §5). */
export const RESUME_NAV_OPTIONS = [
  { seconds: 5, label: '5 s' },
  { seconds: 10, label: '10 s' },
  { seconds: 30, label: '30 s' },
  { seconds: 60, label: '60 s' },
  { seconds: 3600, label: 'Never' },
] as const;
export type ResumeNavSeconds = (typeof RESUME_NAV_OPTIONS)[number]['seconds'];

export function isResumeNavSeconds(value: unknown): value is ResumeNavSeconds {
  return RESUME_NAV_OPTIONS.some((option) => option.seconds === value);
}

export interface SettingsState {
  /** Night theme when true: the pilot's Day/Night choice, or the device's colour scheme until there is one. */
  dark_mode: boolean;
  /**
   * True once the pilot has used the Day/Night switch (now or before: a stored `dark_mode` was read).
   * Until then dark_mode follows the device's `prefers-color-scheme` and is not stored.
   */
  dark_mode_chosen: boolean;
  performance_mode: boolean;
  /** Seconds after map panning before the map follows the aircraft again (spec default 30). */
  resume_nav: ResumeNavSeconds;
  // The rest of the spec's settings entity (part 2 §3 "Settings"); none is stored in prefs (the stored
  // preference keys are dark_mode, temp_unit, distance_unit, resume_nav and takeoff_threshold).
  /** Whether the menu drawer is open (the shell's menu and close buttons, Escape). */
  navCollapsed: boolean;
  /** How the drawers sit: beside the page, no backdrop, the map usable (platform/SideDrawer). */
  drawerType: 'persistent_drawer';
  /** Colour scheme name (spec default dark-indigo: the brand blues of app/theme.ts). */
  themeColor: 'dark-indigo';
  /** Window width, CSS px, as the shell last measured it (0 before the first measure). */
  width: number;
  /** Text direction right to left: never (the app is in English only). */
  isDirectionRTL: false;
  /** The menu is a vertical list in the left drawer; the top bar holds no horizontal menu. */
  navigationStyle: 'vertical_navigation';
  horizontalNavPosition: 'inside_the_header';
  /** Language (spec default en). */
  locale: 'en';
  /** The running app's version (the build's, as the menu shows it); '' until the shell sets it. */
  appVersion: string;
}

export const initialSettingsState: SettingsState = {
  dark_mode: false,
  dark_mode_chosen: false,
  performance_mode: false,
  resume_nav: 30,
  navCollapsed: false,
  drawerType: 'persistent_drawer',
  themeColor: 'dark-indigo',
  width: 0,
  isDirectionRTL: false,
  navigationStyle: 'vertical_navigation',
  horizontalNavPosition: 'inside_the_header',
  locale: 'en',
  appVersion: '',
};

export const settingsSlice = createSlice({
  name: 'settings',
  initialState: initialSettingsState,
  reducers: {
    /** The pilot's Day/Night switch: wins over the device's colour scheme from now on. */
    setDarkMode(state, action: PayloadAction<boolean>) {
      state.dark_mode = action.payload;
      state.dark_mode_chosen = true;
    },
    /** The device's `prefers-color-scheme` (dark when true), at start and on each change; ignored once the pilot chose. */
    deviceColorSchemeChanged(state, action: PayloadAction<boolean>) {
      if (!state.dark_mode_chosen) state.dark_mode = action.payload;
    },
    setPerformanceMode(state, action: PayloadAction<boolean>) {
      state.performance_mode = action.payload;
    },
    setResumeNav(state, action: PayloadAction<number>) {
      if (isResumeNavSeconds(action.payload)) state.resume_nav = action.payload;
    },
    /** The menu drawer opened (true) or closed. */
    setNavCollapsed(state, action: PayloadAction<boolean>) {
      state.navCollapsed = action.payload;
    },
    /** The window's width in CSS px; a negative or non-finite width is ignored. */
    windowWidthChanged(state, action: PayloadAction<number>) {
      if (Number.isFinite(action.payload) && action.payload >= 0) state.width = Math.round(action.payload);
    },
    appVersionKnown(state, action: PayloadAction<string>) {
      state.appVersion = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(prefsLoaded, (state, { payload }) => {
      if (typeof payload.dark_mode === 'boolean') {
        state.dark_mode = payload.dark_mode;
        state.dark_mode_chosen = true;
      }
      if (typeof payload.performance_mode === 'boolean') state.performance_mode = payload.performance_mode;
      if (isResumeNavSeconds(payload.resume_nav)) state.resume_nav = payload.resume_nav;
    });
  },
});

export const { setDarkMode, deviceColorSchemeChanged, setPerformanceMode, setResumeNav, setNavCollapsed, windowWidthChanged, appVersionKnown } = settingsSlice.actions;
