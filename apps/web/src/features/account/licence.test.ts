import { describe, expect, it } from 'vitest';
import { formatDate, hasValidLicence, licenceStateChanged, skuLabel, toStoredProfile, trialAvailable, welcomeName } from './licence';
import { serverProfile, TEST_USER } from '../../test/account/fakeAccountServer';

const NOW = Date.UTC(2026, 10, 21, 12);
const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString();

describe('licence state (spec part 1 §4)', () => {
  it('a valid licence is code 2 with a purchase expiring in the future', () => {
    expect(hasValidLicence({ code: 2, trial: { purchase: { sku: 'standard_monthly', expires: iso(NOW + DAY) } } }, NOW)).toBe(true);
    expect(hasValidLicence({ code: 2, trial: { purchase: { sku: 'standard_monthly', expires: iso(NOW - 1) } } }, NOW)).toBe(false);
    expect(hasValidLicence({ code: 1, trial: { purchase: { sku: 'standard_monthly', expires: iso(NOW + DAY) } } }, NOW)).toBe(false);
    expect(hasValidLicence({ code: 2, trial: {} }, NOW)).toBe(false);
    expect(hasValidLicence(null, NOW)).toBe(false);
  });

  it('a trial is available when the code is not 5 and the trial expiry is in the future', () => {
    expect(trialAvailable({ code: 0, trial: { expires: iso(NOW + DAY) } }, NOW)).toBe(true);
    expect(trialAvailable({ code: 1, trial: { expires: NOW + DAY } }, NOW)).toBe(true);
    expect(trialAvailable({ code: 5, trial: { expires: iso(NOW + DAY) } }, NOW)).toBe(false);
    expect(trialAvailable({ code: 1, trial: { expires: iso(NOW - DAY) } }, NOW)).toBe(false);
    expect(trialAvailable(undefined, NOW)).toBe(false);
  });

  it('notices a change of validity or trial availability only', () => {
    const trial = toStoredProfile(serverProfile(TEST_USER, 1, NOW));
    const licensed = toStoredProfile(serverProfile(TEST_USER, 2, NOW));
    expect(licenceStateChanged(trial, licensed, NOW)).toBe(true);
    expect(licenceStateChanged(null, trial, NOW)).toBe(true);
    expect(licenceStateChanged(trial, { ...trial, uuid: 'other' }, NOW)).toBe(false);
  });

  it('stores a server profile without a null purchase', () => {
    const stored = toStoredProfile(serverProfile(TEST_USER, 0, NOW));
    expect(stored.trial && 'purchase' in stored.trial).toBe(false);
    expect(stored.trial?.cust_id).toBe(TEST_USER.cust_id);
    expect(toStoredProfile(serverProfile(TEST_USER, 2, NOW, 'standard_annual')).trial?.purchase?.sku).toBe('standard_annual');
  });

  it('stores a server profile without a null trial expiry (a purchase made without a trial)', () => {
    const bought = serverProfile(TEST_USER, 2, NOW);
    const stored = toStoredProfile({ ...bought, trial: { ...bought.trial, expires: null } });
    expect(stored.trial && 'expires' in stored.trial).toBe(false);
    expect(hasValidLicence(stored, NOW)).toBe(true);
    expect(trialAvailable(stored, NOW)).toBe(false);
  });

  it("shows 'Aviator' when the name holds '@', and the spec's plan labels", () => {
    expect(welcomeName('Pat Pilot')).toBe('Pat Pilot');
    expect(welcomeName('pat@example.com')).toBe('Aviator');
    expect(welcomeName('')).toBe('Aviator');
    expect(welcomeName(undefined)).toBe('Aviator');
    expect(skuLabel('standard_monthly')).toBe('Standard Monthly');
    expect(skuLabel('standard_annual')).toBe('Standard Annual');
    expect(formatDate('2026-12-21T00:00:00.000Z')).toBe('Dec 21, 2026');
    expect(formatDate(undefined)).toBe('');
  });
});
