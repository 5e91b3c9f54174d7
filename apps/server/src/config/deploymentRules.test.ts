// Start-up per environment (issue 14 point 7): which configurations start, and which refuse with the
// one line main.ts prints, naming the variable to set. Every environment the config knows is covered.
import { ENVIRONMENTS, ENVIRONMENT_ALIASES } from '@clearway/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/testApp.js';
import { ConfigError, loadConfig } from './loadConfig.js';

const STRIPE = { STRIPE_SECRET_KEY: 'sk_live_abc123', STRIPE_PRODUCT_ID: 'prod_abc123' };
const SMTP = { SMTP_URL: 'smtps://mailer:pw@smtp.example:465' };
/** prod needs an https PUBLIC_ORIGIN and, with the built-in sign-in, AUTH_SECRETS_KEY (issue 26 points 9 and 11). */
const PROD_SECURITY = { PUBLIC_ORIGIN: 'https://clearway.example', AUTH_SECRETS_KEY: 'k'.repeat(32) };
/** prod needs the help centre's signing key (issue 26 point 11) and PROD_SECURITY; given wherever another rule is tested. */
const HELP = { HELP_CENTRE_SECRET: 'h'.repeat(32), ...PROD_SECURITY };
const EXTERNAL_ISSUER = { OIDC_ISSUER_URL: 'https://id.example', OIDC_CLIENT_ID: 'clearway', OIDC_CLIENT_SECRET: 'secret' };

const PAYMENTS_REFUSED = (env: string) =>
  `STRIPE_SECRET_KEY must be set when CLEARWAY_ENV is ${env}: without it the built-in test provider confirms subscriptions with test cards and no money moves. Set STRIPE_SECRET_KEY and STRIPE_PRODUCT_ID, or PAYMENTS=test to take test payments on purpose`;
const MAIL_REFUSED = (env: string) =>
  `SMTP_URL must be set when CLEARWAY_ENV is ${env}: without it sign-in mail (confirmation and password reset links) is never sent. Set an smtp:// or smtps:// URL, or SMTP_URL=disabled to run without mail (users then cannot confirm their address or reset their password by mail)`;

/** The one line main.ts prints when loadConfig refuses `env`. */
function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
}

let running: TestApp | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/** Starts the real app on `env` and checks it answers /healthz as that environment. */
async function expectStarts(env: Record<string, string>, expectedEnv: string): Promise<TestApp> {
  running = await startTestApp({ env });
  const health = await running.app.inject({ method: 'GET', url: '/healthz' });
  expect(health.statusCode).toBe(200);
  expect((health.json() as { env: string }).env).toBe(expectedEnv);
  return running;
}

const LIVE = ['prod', 'beta'];
const names = [...ENVIRONMENTS, ...Object.keys(ENVIRONMENT_ALIASES)];
const resolved = (name: string) => ENVIRONMENT_ALIASES[name] ?? name;

describe('start-up with no payment or mail settings', () => {
  it('covers every environment the config knows', () => {
    expect(ENVIRONMENTS).toEqual(['prod', 'beta', 'dev', 'qa', 'localhost', 'lite', 'stratux']);
  });

  it.each(names.filter((name) => !LIVE.includes(resolved(name))))('CLEARWAY_ENV=%s starts with the test provider and mail kept in the outbox', async (name) => {
    const app = await expectStarts({ CLEARWAY_ENV: name }, resolved(name));
    expect(app.config.billing.stripe).toBeNull();
    expect(app.config.auth).toMatchObject({ smtpUrl: undefined, mailDisabled: false });
  });

  it.each(LIVE)('CLEARWAY_ENV=%s refuses, naming STRIPE_SECRET_KEY and SMTP_URL', (env) => {
    expect(refusal({ CLEARWAY_ENV: env, ...HELP })).toBe(`Invalid configuration: ${PAYMENTS_REFUSED(env)}; ${MAIL_REFUSED(env)}`);
  });
});

describe.each(LIVE)('start-up in %s', (env) => {
  it('starts with Stripe and SMTP', async () => {
    const app = await expectStarts({ CLEARWAY_ENV: env, ...HELP, ...STRIPE, ...SMTP }, env);
    expect(app.config.billing.stripe?.secretKey).toBe(STRIPE.STRIPE_SECRET_KEY);
    expect(app.config.auth.smtpUrl).toBe(SMTP.SMTP_URL);
  });

  it('starts with the test provider and no mail when both are chosen on purpose (PAYMENTS=test, SMTP_URL=disabled)', async () => {
    const app = await expectStarts({ CLEARWAY_ENV: env, ...HELP, PAYMENTS: 'test', SMTP_URL: 'disabled' }, env);
    expect(app.config.billing.stripe).toBeNull();
    expect(app.config.auth).toMatchObject({ smtpUrl: undefined, mailDisabled: true });
  });

  it('needs no SMTP with an external OpenID Connect issuer (the server sends no mail)', async () => {
    await expectStarts({ CLEARWAY_ENV: env, ...HELP, ...STRIPE, ...EXTERNAL_ISSUER }, env);
  });

  it('refuses the test provider unless PAYMENTS=test, and unsent mail unless SMTP_URL=disabled', () => {
    expect(refusal({ CLEARWAY_ENV: env, ...HELP, ...SMTP })).toBe(`Invalid configuration: ${PAYMENTS_REFUSED(env)}`);
    expect(refusal({ CLEARWAY_ENV: env, ...HELP, ...STRIPE })).toBe(`Invalid configuration: ${MAIL_REFUSED(env)}`);
    expect(refusal({ CLEARWAY_ENV: env, ...HELP, PAYMENTS: 'test' })).toBe(`Invalid configuration: ${MAIL_REFUSED(env)}`);
  });
});

describe('PAYMENTS in any environment', () => {
  it.each(['localhost', 'qa', 'prod'])('refuses contradictions and unknown values in %s', (env) => {
    const mail = { SMTP_URL: 'disabled' };
    expect(refusal({ CLEARWAY_ENV: env, ...HELP, ...mail, ...STRIPE, PAYMENTS: 'test' })).toBe(
      'Invalid configuration: PAYMENTS is test but STRIPE_SECRET_KEY is set: unset PAYMENTS to take payments through Stripe, or unset STRIPE_SECRET_KEY to use the test provider',
    );
    expect(refusal({ CLEARWAY_ENV: env, ...HELP, ...mail, PAYMENTS: 'stripe' })).toBe('Invalid configuration: STRIPE_SECRET_KEY must be set when PAYMENTS is stripe');
    expect(refusal({ CLEARWAY_ENV: env, ...HELP, ...mail, PAYMENTS: 'free' })).toBe(
      'Invalid configuration: PAYMENTS must be test or stripe (test: the built-in test provider, no money moves; stripe: STRIPE_SECRET_KEY required) (got "free")',
    );
  });

  it('accepts PAYMENTS=stripe with a key and PAYMENTS=test without one', () => {
    expect(loadConfig({ PAYMENTS: 'stripe', ...STRIPE }).billing.stripe?.productId).toBe(STRIPE.STRIPE_PRODUCT_ID);
    expect(loadConfig({ PAYMENTS: ' test ' }).billing.stripe).toBeNull();
  });
});

describe('HELP_CENTRE_SECRET in prod (issue 26 point 11)', () => {
  const CHOSEN = { PAYMENTS: 'test', SMTP_URL: 'disabled', ...PROD_SECURITY };

  it('CLEARWAY_ENV=prod without HELP_CENTRE_SECRET refuses to start, naming it', () => {
    expect(refusal({ CLEARWAY_ENV: 'prod', ...CHOSEN })).toBe(
      'Invalid configuration: HELP_CENTRE_SECRET must be set when CLEARWAY_ENV is prod (at least 32 characters, the same for every server process): without it each process signs help-centre tokens with its own random key and tokens fail on the others. Or set ZENDESK_SHARED_SECRET to use Zendesk',
    );
  });

  it('starts in prod with HELP_CENTRE_SECRET, or with Zendesk instead of the built-in help centre', async () => {
    await expectStarts({ CLEARWAY_ENV: 'prod', ...CHOSEN, ...HELP }, 'prod');
    await running?.close();
    running = undefined;
    await expectStarts({ CLEARWAY_ENV: 'prod', ...CHOSEN, ZENDESK_SHARED_SECRET: 'zendesk-shared' }, 'prod');
  });

  it('is not needed outside prod', async () => {
    await expectStarts({ CLEARWAY_ENV: 'beta', ...CHOSEN }, 'beta');
  });
});
