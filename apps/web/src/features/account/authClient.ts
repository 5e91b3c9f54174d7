// The browser side of sign-in and the account calls (apps/server/README.md "Sign-in (issue 7)",
// "Billing"). Same-origin fetches; the session is the httpOnly `cw_session` cookie.
import { ApiError, postJson } from '../../platform/api';
import type { AuthUser, ServerLoginProfile } from './licence';
import { serverFetch } from '../../platform/serverFetch';

/** Where the server starts the hosted sign-in (a full page load, not a router navigation). */
export const LOGIN_PATH = '/auth/login';

/** The signed-in user, or null when the server says 401. Network failures throw. Never from a cache. */
export async function fetchMe(fetchFn: typeof fetch = serverFetch): Promise<AuthUser | null> {
  const reply = await fetchFn('/auth/me', { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' } });
  if (reply.status === 401) return null;
  if (!reply.ok) throw new ApiError(reply.status, `/auth/me answered ${reply.status}`, null);
  return (await reply.json()) as AuthUser;
}

/** The login profile (spec part 1 §3). */
export function fetchAccount(custId: string, fetchFn: typeof fetch = serverFetch): Promise<ServerLoginProfile> {
  return postJson<ServerLoginProfile>('/api/account', { cust_id: custId }, fetchFn);
}

/** Starts the free trial; a 409 (no trial available) carries the current profile. */
export async function startTrial(custId: string): Promise<ServerLoginProfile> {
  try {
    return await postJson<ServerLoginProfile>('/api/start_trial', { cust_id: custId });
  } catch (error) {
    const profile = error instanceof ApiError && error.status === 409 ? (error.body as { login_profile?: ServerLoginProfile } | null)?.login_profile : undefined;
    if (profile) return profile;
    throw error;
  }
}

/** Ends the server session (POST /auth/logout deletes it and clears the cookie). */
export async function logoutOnServer(): Promise<void> {
  await serverFetch('/auth/logout', { method: 'POST', credentials: 'same-origin', redirect: 'manual' });
}

/** Sends the window to the hosted sign-in; the server's callback comes back to /app/map1 or /app/aircraft_profile_welcome. */
export function signIn(location: Pick<Location, 'assign'> = window.location): void {
  location.assign(LOGIN_PATH);
}

/** App-store native build: the page runs inside a wrapper that registered WebKit message handlers. */
export function isNativeBuild(host: { webkit?: { messageHandlers?: unknown } } = globalThis as { webkit?: { messageHandlers?: unknown } }): boolean {
  return host.webkit?.messageHandlers !== undefined && host.webkit.messageHandlers !== null;
}
