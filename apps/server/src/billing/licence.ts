import { hasValidLicence, LICENCE_CODE, trialAvailable, type LicenceCode } from '@clearway/protocol';
import { DEFAULT_TRIAL_DAYS } from '../config/index.js';
import type { Sku } from './pricing.js';

/**
 * The licence rules of spec part 1 §3 (login profile) and §4 ("License state"), as pure functions
 * over a customer's stored state and the current time (ms since the epoch).
 */

/** Trial length when TRIAL_DAYS is unset, days (config/billingVariables.ts). */
export { DEFAULT_TRIAL_DAYS };

const DAY_MS = 86_400_000;

export { LICENCE_CODE, type LicenceCode } from '@clearway/protocol';

/** Payment provider of a purchase: Stripe, or the built-in test provider (test mode). */
export type PaymentApi = 'stripe' | 'test';

export interface PurchaseState {
  sku: Sku;
  expiresAt: number;
  renewing: boolean;
  api: PaymentApi;
  subscriptionId: string;
}

/** What the server stores per customer. */
export interface LicenceState {
  custId: string;
  email: string;
  /** The account uuid of the login profile. */
  uuid: string;
  trialStartedAt: number | null;
  trialExpiresAt: number | null;
  purchase: PurchaseState | null;
}

/** Profile names of the login profile (§3 `profile {full_name, name, nickname, pictureURL}`). */
export interface ProfileNames {
  full_name: string;
  name: string;
  nickname: string;
  pictureURL: string;
}

/** The login profile / licence response of spec part 1 §3. Dates are ISO 8601 strings. */
export interface LoginProfile {
  code: LicenceCode;
  trial: {
    email_id: string;
    cust_id: string;
    /** When the trial ends (or would end if started now, while code is 0); null if none applies. */
    expires: string | null;
    profile: ProfileNames;
    purchase: { sku: Sku; expires: string; renewing: boolean; api: PaymentApi } | null;
  };
  geoip: unknown;
  uuid: string;
  /** True when payments go through the built-in test provider (no real money moves). */
  test_mode: boolean;
}

/** A purchase that has not expired at `now`. */
export function hasValidPurchase(state: LicenceState, now: number): boolean {
  return state.purchase !== null && state.purchase.expiresAt > now;
}

/** One trial per account: only an account that never had a trial nor a purchase may start one. */
export function isTrialEligible(state: LicenceState): boolean {
  return state.trialStartedAt === null && state.purchase === null;
}

export function isTrialRunning(state: LicenceState, now: number): boolean {
  return state.trialExpiresAt !== null && state.trialExpiresAt > now;
}

/** The profile code: 2 with a valid purchase, then 1 during a trial, 0 before a trial, else 5. */
export function licenceCode(state: LicenceState, now: number): LicenceCode {
  if (hasValidPurchase(state, now)) return LICENCE_CODE.LICENSED;
  if (isTrialRunning(state, now)) return LICENCE_CODE.TRIAL_RUNNING;
  if (isTrialEligible(state)) return LICENCE_CODE.TRIAL_NOT_STARTED;
  return LICENCE_CODE.TRIAL_NOT_AVAILABLE;
}

/** When a trial started at `now` ends. */
export function trialEnd(now: number, trialDays: number): number {
  return now + trialDays * DAY_MS;
}

/** The default profile names when sign-in supplies none: the e-mail (so the welcome says 'Aviator'). */
export function namesFromEmail(email: string): ProfileNames {
  return { full_name: email, name: email, nickname: email.split('@')[0] ?? email, pictureURL: '' };
}

export interface LoginProfileOptions {
  now: number;
  trialDays: number;
  names: ProfileNames;
  geoip?: unknown;
  testMode: boolean;
}

/** Builds the §3 licence response for a customer. */
export function buildLoginProfile(state: LicenceState, options: LoginProfileOptions): LoginProfile {
  const code = licenceCode(state, options.now);
  const trialExpires = code === LICENCE_CODE.TRIAL_NOT_STARTED ? trialEnd(options.now, options.trialDays) : state.trialExpiresAt;
  const purchase = state.purchase;
  return {
    code,
    trial: {
      email_id: state.email,
      cust_id: state.custId,
      expires: trialExpires === null ? null : new Date(trialExpires).toISOString(),
      profile: options.names,
      purchase: purchase === null
        ? null
        : { sku: purchase.sku, expires: new Date(purchase.expiresAt).toISOString(), renewing: purchase.renewing, api: purchase.api },
    },
    geoip: options.geoip ?? null,
    uuid: state.uuid,
    test_mode: options.testMode,
  };
}

/** §4: valid license = code 2 and a purchase whose expiry is in the future (the client's check, shared). */
export const profileHasValidLicence: (profile: LoginProfile, now: number) => boolean = hasValidLicence;

/** §4: trial available = code not 5 and trial expiry in the future (the client's check, shared). */
export const profileTrialAvailable: (profile: LoginProfile, now: number) => boolean = trialAvailable;

export type StartTrialResult = { ok: true; state: LicenceState; started: boolean } | { ok: false; reason: 'licensed' | 'trial_used' };

/**
 * Starts the free trial. Starting a running trial again changes nothing (started false); an account
 * with a valid licence, or whose trial or purchase is over, cannot start one.
 */
export function startTrial(state: LicenceState, now: number, trialDays: number): StartTrialResult {
  if (hasValidPurchase(state, now)) return { ok: false, reason: 'licensed' };
  if (isTrialRunning(state, now)) return { ok: true, state, started: false };
  if (!isTrialEligible(state)) return { ok: false, reason: 'trial_used' };
  return { ok: true, started: true, state: { ...state, trialStartedAt: now, trialExpiresAt: trialEnd(now, trialDays) } };
}

/**
 * Records a completed purchase. A purchase made while an earlier one is still valid (a plan switch)
 * keeps the later expiry.
 */
export function applyPurchase(state: LicenceState, purchase: PurchaseState, now: number): LicenceState {
  const previous = state.purchase;
  const keep = previous !== null && previous.expiresAt > now && previous.expiresAt > purchase.expiresAt;
  return { ...state, purchase: { ...purchase, expiresAt: keep ? previous.expiresAt : purchase.expiresAt } };
}

/** A renewal of the current subscription paid through `periodEndAt`: the expiry only moves later. */
export function applyRenewal(state: LicenceState, subscriptionId: string, periodEndAt: number): LicenceState {
  const purchase = state.purchase;
  if (purchase === null || purchase.subscriptionId !== subscriptionId) return state;
  return { ...state, purchase: { ...purchase, expiresAt: Math.max(purchase.expiresAt, periodEndAt), renewing: true } };
}

/** The subscription was cancelled: the licence runs to its expiry and does not renew. */
export function applyCancellation(state: LicenceState, subscriptionId: string): LicenceState {
  const purchase = state.purchase;
  if (purchase === null || purchase.subscriptionId !== subscriptionId) return state;
  return { ...state, purchase: { ...purchase, renewing: false } };
}
