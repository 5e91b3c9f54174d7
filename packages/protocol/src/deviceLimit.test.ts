import { describe, expect, it } from 'vitest';
import { deviceLimitBody, deviceLimitBodySchema } from './index.js';

describe('device-limit refusal (403 of sync_profile)', () => {
  it('is the message naming the limit, the code and the limit', () => {
    expect(deviceLimitBody(4)).toEqual({
      error: 'This subscription is already used on 4 devices (the limit). Remove a device on the account page to add this one.',
      code: 'device_limit',
      limit: 4,
    });
    expect(deviceLimitBodySchema.parse(deviceLimitBody(4))).toEqual(deviceLimitBody(4));
  });

  it('rejects a body without a message, with another code or without a whole positive limit', () => {
    const body = deviceLimitBody(4);
    for (const bad of [{ ...body, error: '' }, { code: 'device_limit', limit: 4 }, { ...body, code: 'forbidden' }, { ...body, limit: 0 }, { ...body, limit: 4.5 }, { ...body, limit: '4' }]) {
      expect(deviceLimitBodySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
