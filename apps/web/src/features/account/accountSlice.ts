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
}

const initialState: AccountState = { status: 'unknown', user: null, profile: null };

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
    },
    loginProfileLoaded(state, action: PayloadAction<LoginProfile | null>) {
      state.profile = action.payload;
    },
  },
});

export const { signedIn, signedOut, loginProfileLoaded } = accountSlice.actions;
