import { describe, expect, it } from 'vitest';
import {
  applyCancellation,
  applyPurchase,
  applyRenewal,
  buildLoginProfile,
  DEFAULT_TRIAL_DAYS,
  LICENCE_CODE,
  licenceCode,
  namesFromEmail,
  profileHasValidLicence,
  profileTrialAvailable,
  startTrial,
  type LicenceState,
} from './licence.js';
import { periodEnd, PLANS } from './pricing.js';

const NOW = Date.parse('2026-11-21T12:00:00.000Z');
const DAY = 86_400_000;

const fresh: LicenceState = { custId: 'cust_1', email: 'pilot@example.com', uuid: 'u-1', trialStartedAt: null, trialExpiresAt: null, purchase: null };
const purchase = (expiresAt: number, subscriptionId = 'sub_1') => ({ sku: 'standard_monthly' as const, expiresAt, renewing: true, api: 'stripe' as const, subscriptionId });
const options = { now: NOW, trialDays: 30, names: namesFromEmail('pilot@example.com'), testMode: false };

describe('licence rules (spec part 1 §4 "License state")', () => {
  it('codes: 0 before a trial, 1 during it, 5 after it, 2 with a purchase in the future', () => {
    expect(licenceCode(fresh, NOW)).toBe(LICENCE_CODE.TRIAL_NOT_STARTED);
    const trial = { ...fresh, trialStartedAt: NOW, trialExpiresAt: NOW + 30 * DAY };
    expect(licenceCode(trial, NOW + 29 * DAY)).toBe(LICENCE_CODE.TRIAL_RUNNING);
    expect(licenceCode(trial, NOW + 30 * DAY)).toBe(LICENCE_CODE.TRIAL_NOT_AVAILABLE);
    expect(licenceCode({ ...trial, purchase: purchase(NOW + 1) }, NOW)).toBe(LICENCE_CODE.LICENSED);
    // An expired purchase and no trial left: 5; a purchase also uses up the trial.
    expect(licenceCode({ ...fresh, purchase: purchase(NOW - 1) }, NOW)).toBe(LICENCE_CODE.TRIAL_NOT_AVAILABLE);
  });

  it('one trial per account, of the configured length (default 30 days)', () => {
    expect(DEFAULT_TRIAL_DAYS).toBe(30);
    const first = startTrial(fresh, NOW, 14);
    expect(first).toEqual({ ok: true, started: true, state: { ...fresh, trialStartedAt: NOW, trialExpiresAt: NOW + 14 * DAY } });
    if (!first.ok) throw new Error('unreachable');
    // Again while running: nothing changes.
    expect(startTrial(first.state, NOW + DAY, 14)).toEqual({ ok: true, started: false, state: first.state });
    // After it ended: refused.
    expect(startTrial(first.state, NOW + 15 * DAY, 14)).toEqual({ ok: false, reason: 'trial_used' });
    // With a valid licence: refused; after a purchase ran out: refused.
    expect(startTrial({ ...fresh, purchase: purchase(NOW + DAY) }, NOW, 14)).toEqual({ ok: false, reason: 'licensed' });
    expect(startTrial({ ...fresh, purchase: purchase(NOW - DAY) }, NOW, 14)).toEqual({ ok: false, reason: 'trial_used' });
  });

  it('builds the §3 login profile and the client checks agree with the codes', () => {
    const before = buildLoginProfile(fresh, options);
    expect(before).toEqual({
      code: 0,
      trial: {
        email_id: 'pilot@example.com',
        cust_id: 'cust_1',
        expires: new Date(NOW + 30 * DAY).toISOString(),
        profile: { full_name: 'pilot@example.com', name: 'pilot@example.com', nickname: 'pilot', pictureURL: '' },
        purchase: null,
      },
      geoip: null,
      uuid: 'u-1',
      test_mode: false,
    });
    // Eligible for a trial: "code not 5 and trial expiry in the future".
    expect(profileTrialAvailable(before, NOW)).toBe(true);
    expect(profileHasValidLicence(before, NOW)).toBe(false);

    const licensed = buildLoginProfile({ ...fresh, trialStartedAt: NOW - 40 * DAY, trialExpiresAt: NOW - 10 * DAY, purchase: purchase(NOW + 5 * DAY) }, options);
    expect(licensed.code).toBe(2);
    expect(licensed.trial.purchase).toEqual({ sku: 'standard_monthly', expires: new Date(NOW + 5 * DAY).toISOString(), renewing: true, api: 'stripe' });
    expect(profileHasValidLicence(licensed, NOW)).toBe(true);
    expect(profileTrialAvailable(licensed, NOW)).toBe(false);

    const expired = buildLoginProfile({ ...fresh, trialStartedAt: NOW - 40 * DAY, trialExpiresAt: NOW - 10 * DAY }, options);
    expect(expired.code).toBe(5);
    expect(expired.trial.expires).toBe(new Date(NOW - 10 * DAY).toISOString());
    expect(profileHasValidLicence(expired, NOW)).toBe(false);
    expect(profileTrialAvailable(expired, NOW)).toBe(false);
  });

  it('renewals move the expiry later only, cancellations stop renewal, a plan switch keeps the later expiry', () => {
    const bought = applyPurchase(fresh, purchase(NOW + 30 * DAY), NOW);
    expect(bought.purchase?.expiresAt).toBe(NOW + 30 * DAY);
    expect(applyRenewal(bought, 'sub_1', NOW + 60 * DAY).purchase?.expiresAt).toBe(NOW + 60 * DAY);
    expect(applyRenewal(bought, 'sub_1', NOW + 10 * DAY).purchase?.expiresAt).toBe(NOW + 30 * DAY);
    // Another subscription's invoice does not touch this purchase.
    expect(applyRenewal(bought, 'sub_other', NOW + 90 * DAY)).toBe(bought);
    expect(applyCancellation(bought, 'sub_1').purchase).toEqual({ ...bought.purchase, renewing: false });
    const switched = applyPurchase(bought, { ...purchase(NOW + 10 * DAY, 'sub_2'), sku: 'standard_annual' }, NOW);
    expect(switched.purchase).toMatchObject({ sku: 'standard_annual', subscriptionId: 'sub_2', expiresAt: NOW + 30 * DAY });
  });

  it('prices and periods are the spec\'s', () => {
    expect(PLANS.standard_monthly).toMatchObject({ amountCents: 1495, display: '$14.95', label: 'Standard Monthly', walletRequestCents: 995 });
    expect(PLANS.standard_annual).toMatchObject({ amountCents: 14495, display: '$144.95', label: 'Standard Annual', walletRequestCents: 9495 });
    expect(new Date(periodEnd('standard_monthly', Date.parse('2026-01-31T10:00:00Z'))).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(new Date(periodEnd('standard_monthly', Date.parse('2026-12-15T00:00:00Z'))).toISOString()).toBe('2027-01-15T00:00:00.000Z');
    expect(new Date(periodEnd('standard_annual', Date.parse('2028-02-29T00:00:00Z'))).toISOString()).toBe('2029-02-28T00:00:00.000Z');
  });
});
