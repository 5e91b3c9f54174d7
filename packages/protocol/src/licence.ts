/**
 * The licence response's codes and the client-side licence checks of spec part 1 §4 "License state",
 * shared by the server (account routes) and the web app (pricing and account pages). No zod: the web
 * app's pages use it without the wire schemas.
 */

/**
 * The `code` of the login profile. The spec fixes 2 (licensed or purchased) and 5 (trial not
 * available); 0 and 1 are this server's choice for "trial not started yet" and "trial running".
 */
export const LICENCE_CODE = {
  TRIAL_NOT_STARTED: 0,
  TRIAL_RUNNING: 1,
  LICENSED: 2,
  TRIAL_NOT_AVAILABLE: 5,
} as const;
export type LicenceCode = (typeof LICENCE_CODE)[keyof typeof LICENCE_CODE];

/** What the checks read of a login profile, as the server sends it or as the app stores it. */
export interface LicenceView {
  code: number;
  trial?: {
    expires?: string | number | null;
    purchase?: { expires?: string | number | null } | null;
  };
}

function timeOf(value: string | number | null | undefined): number {
  if (value === undefined || value === null) return Number.NaN;
  return typeof value === 'number' ? value : Date.parse(value);
}

/** Valid licence: code 2 and a purchase whose expiry is in the future. */
export function hasValidLicence(profile: LicenceView | null | undefined, now: number): boolean {
  if (!profile || profile.code !== LICENCE_CODE.LICENSED) return false;
  return timeOf(profile.trial?.purchase?.expires) > now;
}

/** Trial available: code not 5 and trial expiry in the future. */
export function trialAvailable(profile: LicenceView | null | undefined, now: number): boolean {
  if (!profile || profile.code === LICENCE_CODE.TRIAL_NOT_AVAILABLE) return false;
  return timeOf(profile.trial?.expires) > now;
}
