import { describe, expect, it } from 'vitest';
import {
  checkoutResultSchema,
  checkReply,
  deviceListSchema,
  helpTokenSchema,
  loginProfileSchema,
  parseReply,
  ReplyShapeError,
  unknownFields,
} from './account.js';

const profile = {
  code: 0,
  trial: {
    email_id: 'pilot@example.com',
    cust_id: 'cust_1',
    expires: '2026-12-01T00:00:00.000Z',
    profile: { full_name: 'Pat Pilot', name: 'Pat Pilot', nickname: 'Pat', pictureURL: '' },
    purchase: null,
  },
  geoip: null,
  uuid: 'acct-1',
  test_mode: true,
};

describe('account replies', () => {
  it('reads a login profile, with or without a trial expiry and a purchase', () => {
    expect(checkReply('/api/account', loginProfileSchema, profile)).toEqual(profile);
    const licensed = { ...profile, code: 2, trial: { ...profile.trial, expires: null, purchase: { sku: 'standard_annual', expires: '2027-01-01T00:00:00.000Z', renewing: true, api: 'stripe' } } };
    expect(checkReply('/api/account', loginProfileSchema, licensed)).toEqual(licensed);
  });

  it('names the endpoint and the path of each bad field', () => {
    const body = { limit: 4, devices: [{ first_seen: 1, last_seen: 2, signed_in: true, this_session: false }], other_sessions: 0 };
    expect(() => parseReply('/api/devices', deviceListSchema, body)).toThrow(
      '/api/devices answered a body that is not valid: devices.0.uuid: Invalid input: expected string, received undefined',
    );
    expect(() => parseReply('/api/account', loginProfileSchema, { ...profile, trial: { ...profile.trial, expires: 1764547200000 } })).toThrow(/^\/api\/account answered a body that is not valid: trial\.expires: /);
  });

  it('parseReply drops a field the definition does not know; checkReply refuses it by its path', () => {
    const body = { jwt: 't', url: null, provider: 'built-in', expires_in: 300 };
    expect(parseReply('/api/get_zendesk_jwt', helpTokenSchema, body)).toEqual({ jwt: 't', url: null, provider: 'built-in' });
    let error: unknown;
    try {
      checkReply('/api/get_zendesk_jwt', helpTokenSchema, body);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ReplyShapeError);
    expect((error as ReplyShapeError).problems).toEqual(['expires_in: not in the definition']);
  });

  it('finds unknown fields inside arrays and nested objects, not inside free values', () => {
    const sent = { a: [{ b: 1, c: 2 }], d: { e: { f: 1 } }, free: { anything: true } };
    const kept = { a: [{ b: 1 }], d: { e: {} }, free: { anything: true } };
    expect(unknownFields(sent, kept)).toEqual(['a.0.c', 'd.e.f']);
  });

  it('tells a successful checkout from a failed one by result', () => {
    const success = { result: 'success', test_mode: true, purchase: { sku: 'standard_monthly', expires: '2027-01-01T00:00:00.000Z', renewing: true, api: 'test' } };
    const failed = { result: 'failed', error: { message: 'Your card was declined.' }, test_mode: true };
    expect(checkReply('/api/checkout_subscription', checkoutResultSchema, success)).toEqual(success);
    expect(checkReply('/api/checkout_subscription', checkoutResultSchema, failed)).toEqual(failed);
    expect(() => checkReply('/api/checkout_subscription', checkoutResultSchema, { ...success, purchase: null })).toThrow(/purchase/);
  });
});
