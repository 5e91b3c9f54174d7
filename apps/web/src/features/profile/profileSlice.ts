import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AircraftProfile } from '@clearway/flightplan';

/**
 * The current aircraft profile (spec part 2 §3). `current` is null until the stored profile has been
 * read at start: the route screen shows 'Getting Aircraft Profiles from Clearway server' until then.
 */
export interface ProfileState {
  current: AircraftProfile | null;
  /**
   * Bumped whenever the saved aircraft list (`models` records) should be read again: a profile was
   * saved, or the route page's Modify asked for it (spec part 2 §4 "Modify goes to edit and reloads
   * the model list"). The profile form's Tail list reloads when it changes.
   */
  modelsVersion: number;
}

export const initialProfileState: ProfileState = { current: null, modelsVersion: 0 };

export const profileSlice = createSlice({
  name: 'profile',
  initialState: initialProfileState,
  reducers: {
    /** The stored profile (or the defaults) read at start. */
    profileLoaded(state, action: PayloadAction<AircraftProfile>) {
      state.current = action.payload;
    },
    /**
     * A profile was saved (form, optimizer row, ETD choice). The route slice listens too and
     * re-checks its analysis (departure time, cruise altitude).
     */
    profileSaved(state, action: PayloadAction<AircraftProfile>) {
      state.current = action.payload;
      state.modelsVersion += 1;
    },
    /** The saved aircraft list should be read again (route page Modify). */
    modelsReloadRequested(state) {
      state.modelsVersion += 1;
    },
  },
});

export const { profileLoaded, profileSaved, modelsReloadRequested } = profileSlice.actions;

/** The loading screen while no profile is loaded (spec part 2 §2, product name filled in). */
export const PROFILE_LOADING_TEXT = 'Getting Aircraft Profiles from Clearway server';
