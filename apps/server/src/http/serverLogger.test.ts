// Request URLs in the server's log lines keep their shape but lose sign-in secrets.
import { describe, expect, it } from 'vitest';
import { isTokenBearingPath, redactUrl } from './serverLogger.js';

describe('redactUrl', () => {
  it.each([
    // The sign-in pages, the callback and the help centre: the whole query string is left out.
    ['/oidc/verify?token=abc_DEF-123', '/oidc/verify?...'],
    ['/oidc/reset?token=abc&x=1', '/oidc/reset?...'],
    ['/auth/callback?code=sEcReT&state=s1&iss=http%3A%2F%2Flocalhost%2Foidc', '/auth/callback?...'],
    ['/help?jwt=eyJ.a.b', '/help?...'],
    ['/help?%6Awt=eyJ.a.b', '/help?...'],
    ['/OIDC/reset?t0ken=abc', '/OIDC/reset?...'],
    ['/oidc/session/end?id_token_hint=eyJ.a.b', '/oidc/session/end?...'],
    ['/oidc/reset', '/oidc/reset'],
    // Elsewhere only secret parameters are masked, whatever their case.
    ['/x?token=abc&page=2', '/x?token=***&page=2'],
    ['/x?Access_Token=abc', '/x?Access_Token=***'],
    ['/x?%63ode=abc', '/x?%63ode=***'],
    ['/api/config', '/api/config'],
    ['/helpful?jwt=a', '/helpful?jwt=***'],
    ['/ws/profile?cust_id=cust_1&uuid=u1', '/ws/profile?cust_id=cust_1&uuid=u1'],
    ['/x?token', '/x?token'],
  ])('%s -> %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  it('knows the token-bearing paths', () => {
    expect(['/oidc', '/oidc/verify', '/auth/callback', '/help', '/help/x'].every(isTokenBearingPath)).toBe(true);
    expect(['/helpful', '/api/auth', '/oidcx', '/'].some(isTokenBearingPath)).toBe(false);
  });
});
