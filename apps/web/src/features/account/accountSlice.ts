import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LoginProfile } from '../../db/prefs';
import type { AuthUser } from './licence';

/** unknown: not asked yet or the server did not answer; signedOut: /auth/me said 401. */
export type AuthStatus = 'unknown' | 'signedOut' | 'signedIn';

export interface AccountState {
  status: AuthStatus;
  user: AuthUser | null;
  /** The login profile (spec part 1 §3), also stored in prefs `login_profile`. */
  profile: LoginProfile | null;
  /**
   * The server refused this device for sync as one too many (403 `device_limit`): its message and
   * the limit. Shown by the shell until the device list changes, sign-out or a restart.
   */
  deviceLimit: { message: string; limit: number } | null;
  /**
   * The last account check (/auth/me): when the server last answered (ms since epoch, kept across
   * restarts: session.ts) and whether the latest try failed to reach it (offline, server down).
   */
  check: { lastAnsweredAt: number | null; unreachable: boolean };
}

const initialState: AccountState = { status: 'unknown', user: null, profile: null, deviceLimit: null, check: { lastAnsweredAt: null, unreachable: false } };

export const accountSlice = createSlice({
  name: 'account',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<AuthUser>) {
      state.status = 'signedIn';
      state.user = action.payload;
    },
    signedOut(state) {
      state.status = 'signedOut';
      state.user = null;
      state.profile = null;
      state.deviceLimit = null;
    },
    /** The server answered the account check at this time (ms since epoch), or an earlier answer's time read at start. */
    accountCheckAnswered(state, action: PayloadAction<{ at: number; now: boolean }>) {
      if (action.payload.now || state.check.lastAnsweredAt === null) state.check.lastAnsweredAt = action.payload.at;
      if (action.payload.now) state.check.unreachable = false;
    },
    /** The account check could not reach the server. */
    accountCheckUnreachable(state) {
      state.check.unreachable = true;
    },
    loginProfileLoaded(state, action: PayloadAction<LoginProfile | null>) {
      state.profile = action.payload;
    },
    deviceLimitReached(state, action: PayloadAction<{ message: string; limit: number }>) {
      state.deviceLimit = action.payload;
    },
    /** The device list changed (a device was removed): the sync tries again. */
    deviceLimitCleared(state) {
      state.deviceLimit = null;
    },
  },
});

export const { signedIn, signedOut, accountCheckAnswered, accountCheckUnreachable, loginProfileLoaded, deviceLimitReached, deviceLimitCleared } = accountSlice.actions;
