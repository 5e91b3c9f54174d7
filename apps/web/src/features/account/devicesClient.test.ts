// The device list client reads the server's replies with the protocol's schemas: a body that is not
// one is an error naming the endpoint and the field, not a list filled with guesses.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchDevices, signOutOtherDevices } from './devicesClient';
import { fakeAccountServer, TEST_USER } from '../../test/account/fakeAccountServer';

afterEach(() => {
  vi.unstubAllGlobals();
});

function answering(body: unknown) {
  vi.stubGlobal('fetch', vi.fn(async () => Response.json(body)));
}

describe('devices client', () => {
  it('reads the list the fake server sends, with signed_in and this_session', async () => {
    const server = fakeAccountServer(TEST_USER, 2);
    server.state.devices = [{ uuid: 'phone', first_seen: 1, last_seen: 2, this_session: true, signed_in: true }, { uuid: 'tablet', first_seen: 3, last_seen: 4 }];
    server.state.otherSessions = 1;
    vi.stubGlobal('fetch', server.fetch);
    expect(await fetchDevices()).toEqual({
      limit: 4,
      devices: [
        { uuid: 'phone', first_seen: 1, last_seen: 2, signed_in: true, this_session: true },
        { uuid: 'tablet', first_seen: 3, last_seen: 4, signed_in: true, this_session: false },
      ],
      other_sessions: 1,
    });
    expect(await signOutOtherDevices()).toBe(1);
  });

  it('a device without its uuid: the error names /api/devices and devices.0.uuid', async () => {
    answering({ limit: 4, devices: [{ first_seen: 1, last_seen: 2, signed_in: true, this_session: false }], other_sessions: 0 });
    await expect(fetchDevices()).rejects.toThrow('/api/devices answered a body that is not valid: devices.0.uuid: Invalid input: expected string, received undefined');
  });

  it('a sign-out reply without its count: the error names the endpoint and signed_out', async () => {
    answering({ ended: 2 });
    await expect(signOutOtherDevices()).rejects.toThrow(/^\/api\/devices\/sign_out_others answered a body that is not valid: signed_out: /);
  });
});
