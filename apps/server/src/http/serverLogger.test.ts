// Request URLs in the server's log lines keep their shape but lose sign-in secrets.
import { describe, expect, it } from 'vitest';
import { redactUrl } from './serverLogger.js';

describe('redactUrl', () => {
  it.each([
    ['/oidc/verify?token=abc_DEF-123', '/oidc/verify?token=***'],
    ['/oidc/reset?token=abc&x=1', '/oidc/reset?token=***&x=1'],
    ['/auth/callback?code=sEcReT&state=s1&iss=http%3A%2F%2Flocalhost%2Foidc', '/auth/callback?code=***&state=s1&iss=http%3A%2F%2Flocalhost%2Foidc'],
    ['/help?jwt=eyJ.a.b', '/help?jwt=***'],
    ['/help?%6Awt=eyJ.a.b', '/help?%6Awt=***'],
    ['/api/config', '/api/config'],
    ['/ws/profile?cust_id=cust_1&uuid=u1', '/ws/profile?cust_id=cust_1&uuid=u1'],
    ['/x?token', '/x?token'],
  ])('%s -> %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
