/** Addresses that lead into the app (spec part 1 §2 "Redirects"). */
export const START_PATHS: readonly string[] = ['/', '/index.html', '/index_pt.html'];

export const MAP_ONE_PATH = '/app/map1';
export const PROFILE_WELCOME_PATH = '/app/aircraft_profile_welcome';

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
