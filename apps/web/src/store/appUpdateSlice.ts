import { createSlice } from '@reduxjs/toolkit';

/** A newer service worker is installed and waiting (spec part 1 §4 "Service worker"). */
export interface AppUpdateState {
  waiting: boolean;
  /** The user chose Restart; the page reloads once the new worker controls it. */
  restarting: boolean;
}

const initialState: AppUpdateState = { waiting: false, restarting: false };

export const appUpdateSlice = createSlice({
  name: 'appUpdate',
  initialState,
  reducers: {
    updateWaiting(state) {
      state.waiting = true;
    },
    restartRequested(state) {
      state.restarting = true;
    },
  },
});

export const { updateWaiting, restartRequested } = appUpdateSlice.actions;
