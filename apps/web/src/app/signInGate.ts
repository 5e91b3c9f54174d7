// Boot waits for a signed-in user (spec part 1 §4 "Start-up", §6 "Signed-in users access the app;
// signed-out users are sent to login"). Used by boot.ts right after the prefs database is open.
import type { PrefsDb } from '../db/prefs';
import type { AppDispatch } from '../store';
import { fetchAccount, fetchMe, LOGIN_PATH } from '../features/account/authClient';
import { loginProfileLoaded, signedIn } from '../features/account/accountSlice';
import { toStoredProfile, type AuthUser } from '../features/account/licence';
import { applyServerProfile } from '../features/account/session';
import type { LoadedConfig } from './clientConfig';

/** The texts of the screen shown when sign-in cannot be checked (no stored login and no server). */
export const SIGN_IN_CONNECTION_TEXT = {
  heading: 'Sign-in needs a connection',
  body: 'Clearway could not reach its server to check that you are signed in. Connect to the internet, then try again.',
  retry: 'Retry',
} as const;

/** What boot is given to check the sign-in; in the browser: window.fetch, location.assign and the screen. */
export interface SignInGateDeps {
  /** Same-origin fetch (the session is the httpOnly session cookie). */
  fetch: typeof fetch;
  /** A full page navigation (location.assign): the hosted login is a server page, not a router route. */
  navigate: (path: string) => void;
  /**
   * Shows the "sign-in needs a connection" screen with a Retry button; resolves when Retry is
   * pressed. `reason` is why the last check failed (for the log and the screen's detail line).
   */
  connectionNeeded: (reason: string) => Promise<void>;
}

/**
 * How boot got past the sign-in wait: a stored login with a customer; `/auth/me` said signed in;
 * the server's configuration does not require sign-in (an open kiosk).
 */
export type SignInOutcome = 'stored' | 'signedIn' | 'notRequired';

export interface WaitForSignInOptions {
  dispatch: AppDispatch;
  prefs: PrefsDb;
  /** Whether the prefs database opened (else there is no stored login and nothing is stored). */
  prefsOpen: boolean;
  /** The configuration request boot started (only awaited when there is no stored login). */
  config: Promise<LoadedConfig>;
  gate: SignInGateDeps;
  now?: () => number;
  log?: Pick<Console, 'info' | 'warn'>;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A promise that never settles: the page is navigating away. */
function forever(): Promise<never> {
  return new Promise<never>(() => undefined);
}

/**
 * Waits until the user is known to be signed in:
 * - a stored `login_profile` with a customer (trial.cust_id) goes on at once, offline included (the
 *   shell's background refresh checks it against the server later);
 * - else, when the server's configuration has `requireSignIn: false`, goes on signed out (kiosk);
 * - else asks `GET /auth/me`: signed in stores the login profile as session.ts applyServerProfile
 *   does and goes on; 401 sends the browser to the hosted login (`/auth/login`, which comes back to
 *   /app/map1 or /app/aircraft_profile_welcome) and never resolves; a network failure or server error
 *   shows the "sign-in needs a connection" screen and asks again when Retry is pressed.
 */
export async function waitForSignIn(options: WaitForSignInOptions): Promise<SignInOutcome> {
  const { dispatch, prefs, prefsOpen, gate, now = Date.now, log = console } = options;
  const stored = prefsOpen ? await prefs.getProperty('login_profile').catch(() => undefined) : undefined;
  if (stored?.trial?.cust_id) {
    log.info('[boot] signed in (stored login)');
    return 'stored';
  }
  const loaded = await options.config;
  if (loaded.config.requireSignIn === false) {
    log.info('[boot] sign-in not required by the server configuration');
    return 'notRequired';
  }
  for (;;) {
    let user: AuthUser | null;
    try {
      user = await fetchMe(gate.fetch);
    } catch (error) {
      const reason = message(error);
      log.warn(`[boot] sign-in could not be checked: ${reason}`);
      await gate.connectionNeeded(reason);
      continue;
    }
    if (user === null) {
      log.info('[boot] signed out: going to the login');
      gate.navigate(LOGIN_PATH);
      return forever();
    }
    try {
      const profile = await fetchAccount(user.cust_id, gate.fetch);
      dispatch(signedIn(user));
      // Without a prefs database (blocked IndexedDB) the login lives in the store for this page only.
      if (prefsOpen) await applyServerProfile(dispatch, prefs, profile, stored ?? null, now());
      else dispatch(loginProfileLoaded(toStoredProfile(profile)));
    } catch (error) {
      // Signed in all the same: the shell's background refresh asks again.
      log.warn(`[boot] the login profile could not be read or stored: ${message(error)}`);
    }
    log.info('[boot] signed in');
    return 'signedIn';
  }
}
