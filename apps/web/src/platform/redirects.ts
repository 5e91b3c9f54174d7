import { pagePath } from './pages';

/** Addresses that lead into the app (spec part 1 §2 "Redirects"). */
export const START_PATHS: readonly string[] = ['/', '/index.html', '/index_pt.html'];

export const MAP_ONE_PATH = pagePath('map1');
export const PROFILE_WELCOME_PATH = pagePath('aircraft_profile_welcome');

export interface StartRedirectInput {
  /** location.pathname */
  path: string;
  welcomeComplete: boolean;
  /** navigator.onLine */
  online: boolean;
}

/**
 * Where a start address goes: map view one once the welcome is complete, otherwise the aircraft
 * profile welcome, except when offline (the welcome cannot be finished offline), then map view one.
 * Returns null for any other path.
 */
export function startRedirect({ path, welcomeComplete, online }: StartRedirectInput): string | null {
  if (!START_PATHS.includes(path)) return null;
  if (welcomeComplete || !online) return MAP_ONE_PATH;
  return PROFILE_WELCOME_PATH;
}

/**
 * Location state the start redirect leaves on the profile welcome: the address the user first opened
 * (path, query and hash), so that the first profile save can return there (spec part 2 §4 "Saving").
 */
export interface WelcomeLocationState {
  initialUrl: string;
}

export function welcomeLocationState(initialUrl: string): WelcomeLocationState {
  return { initialUrl };
}

/**
 * Where the profile welcome returns after its save: the initial address from the location state, a start
 * address resolved to where it leads once the welcome is complete (map view one, query and hash kept);
 * map view one when there is none or it is not an address inside this site.
 */
export function welcomeReturnUrl(state: unknown): string {
  const initialUrl = (state as Partial<WelcomeLocationState> | null | undefined)?.initialUrl;
  if (typeof initialUrl !== 'string' || !initialUrl.startsWith('/') || initialUrl.startsWith('//')) return MAP_ONE_PATH;
  const url = new URL(initialUrl, 'http://local');
  if (url.pathname === PROFILE_WELCOME_PATH) return MAP_ONE_PATH;
  const path = startRedirect({ path: url.pathname, welcomeComplete: true, online: true }) ?? url.pathname;
  return `${path}${url.search}${url.hash}`;
}
