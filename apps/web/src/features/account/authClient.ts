// The browser side of sign-in and the account calls (apps/server/README.md "Sign-in (issue 7)",
// "Billing"). Same-origin fetches; the session is the httpOnly `cw_session` cookie.
import type { AuthUser, ServerLoginProfile } from './licence';

/** Where the server starts the hosted sign-in (a full page load, not a router navigation). */
export const LOGIN_PATH = '/auth/login';

/** An error reply from the server, with its `error` text. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** An error reply as ApiError: the server's `error` text when its body gives one, else '{path} answered {status}'. */
export function apiErrorOf(path: string, status: number, body: unknown): ApiError {
  const text = (body as { error?: unknown } | null)?.error;
  return new ApiError(status, typeof text === 'string' ? text : `${path} answered ${status}`, body);
}

/** ApiError for a non-2xx reply whose body has not been read yet. */
export async function apiErrorFrom(reply: Response, path: string): Promise<ApiError> {
  return apiErrorOf(path, reply.status, await reply.json().catch(() => null));
}

/**
 * POSTs JSON and returns the parsed reply; non-2xx throws ApiError with the server's `error`.
 * `fetchFn` is the global fetch unless a caller (boot's sign-in wait) injects its own.
 */
export async function postJson<T>(path: string, body: unknown, fetchFn: typeof fetch = globalThis.fetch): Promise<T> {
  const reply = await fetchFn(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const parsed: unknown = await reply.json().catch(() => null);
  if (!reply.ok) throw apiErrorOf(path, reply.status, parsed);
  return parsed as T;
}

/** The signed-in user, or null when the server says 401. Network failures throw. Never from a cache. */
export async function fetchMe(fetchFn: typeof fetch = globalThis.fetch): Promise<AuthUser | null> {
  const reply = await fetchFn('/auth/me', { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' } });
  if (reply.status === 401) return null;
  if (!reply.ok) throw new ApiError(reply.status, `/auth/me answered ${reply.status}`, null);
  return (await reply.json()) as AuthUser;
}

/** The login profile (spec part 1 §3). */
export function fetchAccount(custId: string, fetchFn: typeof fetch = globalThis.fetch): Promise<ServerLoginProfile> {
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
  await fetch('/auth/logout', { method: 'POST', credentials: 'same-origin', redirect: 'manual' });
}

/** Sends the window to the hosted sign-in; the server's callback comes back to /app/map1 or /app/aircraft_profile_welcome. */
export function signIn(location: Pick<Location, 'assign'> = window.location): void {
  location.assign(LOGIN_PATH);
}

/** App-store native build: the page runs inside a wrapper that registered WebKit message handlers. */
export function isNativeBuild(host: { webkit?: { messageHandlers?: unknown } } = globalThis as { webkit?: { messageHandlers?: unknown } }): boolean {
  return host.webkit?.messageHandlers !== undefined && host.webkit.messageHandlers !== null;
}
