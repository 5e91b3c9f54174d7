import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, contentSecurityPolicy, securityHeaders } from './securityHeaders.js';

/** The policy as a map from directive name to its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split('; ').map((part) => {
    const [name = '', ...sources] = part.split(' ');
    return [name, sources];
  }));
}

const EXTERNAL = /https:|wss:\/\//;

describe('contentSecurityPolicy', () => {
  it('allows only this origin (and data:/blob:) when no third party is configured, no socket to any host', () => {
    const policy = directives(CONTENT_SECURITY_POLICY);
    expect(contentSecurityPolicy({ stripe: false, zendesk: null })).toBe(CONTENT_SECURITY_POLICY);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.has('frame-src')).toBe(false);
    expect(policy.has('media-src')).toBe(false);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(EXTERNAL);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('with Stripe: Stripe.js in script-src and frame-src, hooks in frame-src, the API in connect-src, nothing of Zendesk', () => {
    const text = contentSecurityPolicy({ stripe: true, zendesk: null });
    const policy = directives(text);
    expect(policy.get('script-src')).toEqual(["'self'", 'https://js.stripe.com']);
    expect(policy.get('frame-src')).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(text).not.toContain('zendesk');
    expect(text).not.toContain('zdassets');
  });

  it('with Zendesk and a subdomain: the widget origins for that subdomain, nothing of Stripe', () => {
    const text = contentSecurityPolicy({ stripe: false, zendesk: { subdomain: 'clearway' } });
    const policy = directives(text);
    for (const name of ['script-src', 'frame-src', 'font-src', 'media-src', 'connect-src']) {
      expect(policy.get(name), name).toEqual(expect.arrayContaining(['https://clearway.zendesk.com', 'https://static.zdassets.com', 'https://ekr.zdassets.com', 'https://*.zopim.com']));
    }
    expect(policy.get('connect-src')).toEqual(expect.arrayContaining(['wss://clearway.zendesk.com', 'wss://*.zopim.com', 'https://api.smooch.io', 'wss://api.smooch.io']));
    expect(policy.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:', 'https://static.zdassets.com', 'https://clearway.zendesk.com', 'https://v2assets.zopim.io']));
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(text).not.toContain('*.zendesk.com');
    expect(text).not.toContain('stripe');
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('with Zendesk but no subdomain: any *.zendesk.com', () => {
    const policy = directives(contentSecurityPolicy({ stripe: false, zendesk: { subdomain: null } }));
    expect(policy.get('script-src')).toContain('https://*.zendesk.com');
    expect(policy.get('connect-src')).toContain('wss://*.zendesk.com');
  });

  it('with both: the Stripe and Zendesk sources together, each listed once', () => {
    const policy = directives(contentSecurityPolicy({ stripe: true, zendesk: { subdomain: 'clearway' } }));
    expect(policy.get('script-src')).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://clearway.zendesk.com']));
    expect(policy.get('frame-src')).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com', 'https://static.zdassets.com']));
    for (const [name, sources] of policy) expect(new Set(sources).size, name).toBe(sources.length);
  });

  it('securityHeaders carries the configured policy and HSTS only on https', () => {
    const plain = securityHeaders({ https: false, stripe: false, zendesk: { subdomain: 'clearway' } });
    expect(plain['content-security-policy']).toContain('https://clearway.zendesk.com');
    expect(plain['strict-transport-security']).toBeUndefined();
    expect(securityHeaders({ https: true, stripe: false, zendesk: null })['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
