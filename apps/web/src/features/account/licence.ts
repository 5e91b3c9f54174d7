import {
  hasValidLicence as sharedHasValidLicence,
  LICENCE_CODE,
  trialAvailable as sharedTrialAvailable,
  type AuthUserReply,
  type LoginProfileReply,
  type SubscriptionSku,
} from '@clearway/protocol';
import type { LoginProfile } from '../../db/prefs';

/** The signed-in user as `GET /auth/me` answers it (the protocol's authUserSchema). */
export type AuthUser = AuthUserReply;

export type Sku = SubscriptionSku;

/**
 * The login profile as the server sends it (`POST /api/account`, spec part 1 §3; the protocol's
 * loginProfileSchema): trial expiry and purchase may be null.
 */
export type ServerLoginProfile = LoginProfileReply;

/** Licence code of a valid purchase; of "trial not available" (spec part 1 §3); of a running trial (this server's). */
export const CODE_LICENSED = LICENCE_CODE.LICENSED;
export const CODE_TRIAL_NOT_AVAILABLE = LICENCE_CODE.TRIAL_NOT_AVAILABLE;
export const CODE_TRIAL_RUNNING = LICENCE_CODE.TRIAL_RUNNING;

/** The prefs form of a server login profile (a null purchase or trial expiry is left out). */
export function toStoredProfile(profile: ServerLoginProfile): LoginProfile {
  const { purchase, expires, ...rest } = profile.trial;
  const trial: NonNullable<LoginProfile['trial']> = expires === null ? rest : { ...rest, expires };
  const stored: LoginProfile = { code: profile.code, trial: purchase ? { ...trial, purchase } : trial };
  if (profile.geoip !== undefined && profile.geoip !== null) stored.geoip = profile.geoip;
  if (profile.uuid !== undefined) stored.uuid = profile.uuid;
  return stored;
}

/** Valid licence: code 2 and a purchase whose expiry is in the future (spec part 1 §4; the check the server shares). */
export const hasValidLicence: (profile: LoginProfile | null | undefined, now: number) => boolean = sharedHasValidLicence;

/** Trial available: code not 5 and trial expiry in the future (spec part 1 §4; the check the server shares). */
export const trialAvailable: (profile: LoginProfile | null | undefined, now: number) => boolean = sharedTrialAvailable;

/** Whether validity or trial availability differ between two profiles (then the stored user is updated). */
export function licenceStateChanged(before: LoginProfile | null | undefined, after: LoginProfile, now: number): boolean {
  return hasValidLicence(before, now) !== hasValidLicence(after, now) || trialAvailable(before, now) !== trialAvailable(after, now);
}

/** The welcome name: the full name unless it holds '@' (or is empty), else 'Aviator' (spec part 1 §2 "Account page"). */
export function welcomeName(fullName: string | null | undefined): string {
  const name = fullName?.trim() ?? '';
  return name === '' || name.includes('@') ? 'Aviator' : name;
}

/** The purchase label (spec part 1 §2 "Account page"). */
export function skuLabel(sku: string | undefined): string {
  if (sku === 'standard_monthly') return 'Standard Monthly';
  if (sku === 'standard_annual') return 'Standard Annual';
  return 'Standard';
}

/** A date for display, e.g. 'Dec 21, 2026'; '' when unknown. */
export function formatDate(value: string | number | undefined): string {
  const time = value === undefined ? Number.NaN : typeof value === 'number' ? value : Date.parse(value);
  if (Number.isNaN(time)) return '';
  return new Date(time).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}
