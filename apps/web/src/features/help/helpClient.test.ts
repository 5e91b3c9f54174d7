// The help token call reads the server's reply with the protocol's schema.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAccountServer, TEST_USER } from '../../test/account';
import { helpCentreUrl, requestHelpToken } from './helpClient';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('help client', () => {
  it('reads the built-in and the Zendesk tokens of the fake server', async () => {
    const server = fakeAccountServer(TEST_USER, 1);
    vi.stubGlobal('fetch', server.fetch);
    const builtIn = await requestHelpToken(TEST_USER.cust_id, 'sso');
    expect(helpCentreUrl(builtIn)).toBe(`/help?jwt=${builtIn.jwt}`);
    server.state.help = 'zendesk';
    expect(await requestHelpToken(TEST_USER.cust_id, 'widget')).toEqual({ jwt: 'widget-token-2', url: null, provider: 'zendesk' });
  });

  it('a reply with another provider: the error names /api/get_zendesk_jwt and provider', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ jwt: 't', url: null, provider: 'freshdesk' })));
    await expect(requestHelpToken('c', 'sso')).rejects.toThrow(/^\/api\/get_zendesk_jwt answered a body that is not valid: provider: /);
  });
});
