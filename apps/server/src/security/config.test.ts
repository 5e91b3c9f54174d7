// Issue 26 points 9 and 11, the start-up side: prod refuses an http (or unset) PUBLIC_ORIGIN and, with
// the built-in sign-in, a missing AUTH_SECRETS_KEY, naming what is missing in the one line main.ts prints.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config/index.js';
import { startTestApp } from '../testing/testApp.js';

/** Everything else prod needs, chosen on purpose. */
const PROD = { CLEARWAY_ENV: 'prod', PAYMENTS: 'test', SMTP_URL: 'disabled', HELP_CENTRE_SECRET: 'h'.repeat(32) };
const KEY = { AUTH_SECRETS_KEY: 'k'.repeat(32) };

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
}

describe('point 11: prod needs an https PUBLIC_ORIGIN', () => {
  it('CLEARWAY_ENV=prod with PUBLIC_ORIGIN=http://clearway.example refuses to start, naming it', () => {
    expect(refusal({ ...PROD, ...KEY, PUBLIC_ORIGIN: 'http://clearway.example' })).toBe(
      'Invalid configuration: PUBLIC_ORIGIN must be an https:// origin when CLEARWAY_ENV is prod (got "http://clearway.example"): over http session cookies are not Secure and no HSTS is sent',
    );
  });

  it('CLEARWAY_ENV=prod without PUBLIC_ORIGIN refuses to start, naming it', () => {
    expect(refusal({ ...PROD, ...KEY })).toMatch(/^Invalid configuration: PUBLIC_ORIGIN must be set when CLEARWAY_ENV is prod, to the https:\/\/ origin pilots use/);
  });

  it('an http PUBLIC_ORIGIN still starts outside prod (a hangar LAN on beta, qa, localhost)', () => {
    for (const env of ['beta', 'qa', 'localhost']) {
      expect(loadConfig({ ...PROD, CLEARWAY_ENV: env, PUBLIC_ORIGIN: 'http://192.168.1.20:8080' }).publicOrigin).toBe('http://192.168.1.20:8080');
    }
  });
});

describe('point 9: prod keeps the identity provider\'s key outside the database', () => {
  it('CLEARWAY_ENV=prod with the built-in sign-in and no AUTH_SECRETS_KEY refuses to start, naming it', () => {
    expect(refusal({ ...PROD, PUBLIC_ORIGIN: 'https://clearway.example' })).toBe(
      "Invalid configuration: AUTH_SECRETS_KEY must be set when CLEARWAY_ENV is prod with the built-in sign-in (at least 32 characters, the same for every server process, kept outside the database): the identity provider's signing key, cookie key and client secret in auth_secrets are encrypted with it. Or set OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET to sign in with an external issuer",
    );
  });

  it('a short AUTH_SECRETS_KEY is refused without echoing it', () => {
    const message = refusal({ ...PROD, PUBLIC_ORIGIN: 'https://clearway.example', AUTH_SECRETS_KEY: 'short-secret' });
    expect(message).toMatch(/AUTH_SECRETS_KEY must be at least 32 characters/);
    expect(message).not.toContain('short-secret');
  });

  it('prod starts with an https PUBLIC_ORIGIN and AUTH_SECRETS_KEY, which reaches config.auth.secretsKey; an external issuer needs no key', async () => {
    const running = await startTestApp({ env: { ...PROD, ...KEY, PUBLIC_ORIGIN: 'https://clearway.example' } });
    try {
      expect((await running.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect(running.config.auth.secretsKey).toBe(KEY.AUTH_SECRETS_KEY);
      // HSTS is sent, the public origin being https.
      expect((await running.app.inject({ method: 'GET', url: '/healthz' })).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await running.close();
    }
    const external = loadConfig({ ...PROD, PUBLIC_ORIGIN: 'https://clearway.example', OIDC_ISSUER_URL: 'https://id.example', OIDC_CLIENT_ID: 'clearway', OIDC_CLIENT_SECRET: 'secret' });
    expect(external.auth.secretsKey).toBeUndefined();
  });
});
