import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { prefsLoaded } from '../../store/prefsActions';

export interface WelcomeState {
  /** Set once the welcome (aircraft profile) step is done; stored as welcomeComplete. */
  welcomeComplete: boolean;
  /** navigator.onLine, kept current by the shell. */
  online: boolean;
}

export function initialWelcomeState(online: boolean): WelcomeState {
  return { welcomeComplete: false, online };
}

export const welcomeSlice = createSlice({
  name: 'welcome',
  initialState: initialWelcomeState(true),
  reducers: {
    setWelcomeComplete(state, action: PayloadAction<boolean>) {
      state.welcomeComplete = action.payload;
    },
    setOnline(state, action: PayloadAction<boolean>) {
      state.online = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(prefsLoaded, (state, { payload }) => {
      if (typeof payload.welcomeComplete === 'boolean') state.welcomeComplete = payload.welcomeComplete;
    });
  },
});

export const { setWelcomeComplete, setOnline } = welcomeSlice.actions;
