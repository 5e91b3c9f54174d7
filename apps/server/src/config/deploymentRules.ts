import type { ClearwayEnv } from '@clearway/protocol';

/**
 * The embedded default: the environment of a server started with no CLEARWAY_ENV, the one
 * `npm start` runs on a laptop. Only here may a sign-in link reach the console (auth/mailer.ts),
 * since the person reading it is the one registering.
 */
export const EMBEDDED_DEFAULT_ENV: ClearwayEnv = 'localhost';

export function isEmbeddedDefault(env: ClearwayEnv): boolean {
  return env === EMBEDDED_DEFAULT_ENV;
}

/**
 * Environments that serve real customers (spec part 1 §7: beta uses live payment keys). They refuse
 * the laptop fall-backs, the built-in test payment provider and mail that goes nowhere, unless
 * chosen on purpose.
 */
export const LIVE_ENVIRONMENTS: readonly ClearwayEnv[] = ['prod', 'beta'];

/** SMTP_URL's value that runs the server without mail on purpose. */
export const MAIL_DISABLED = 'disabled';

/** PAYMENTS: `test` (the built-in test provider on purpose) or `stripe` (STRIPE_SECRET_KEY required). */
export const PAYMENT_CHOICES = ['test', 'stripe'] as const;
export type PaymentChoice = (typeof PAYMENT_CHOICES)[number];

/** What the rules read, already parsed. */
export interface DeploymentFacts {
  env: ClearwayEnv;
  payments: PaymentChoice | undefined;
  /** STRIPE_SECRET_KEY is set. */
  stripe: boolean;
  /** SMTP_URL: a URL, `disabled`, or unset. */
  mail: 'smtp' | 'disabled' | 'unset';
  /** The built-in identity provider is in use (no external OIDC issuer), so the server sends mail. */
  builtinIssuer: boolean;
  /** HELP_CENTRE_SECRET is set, or ZENDESK_SHARED_SECRET (then the built-in help centre signs nothing). */
  helpCentreSecret?: boolean;
  /** PUBLIC_ORIGIN as set, or null when unset (links then follow each request's http address). */
  publicOrigin?: string | null;
  /** AUTH_SECRETS_KEY is set: the built-in provider's stored secrets have a key outside the database. */
  authSecretsKey?: boolean;
}

/**
 * Start-up refusals that depend on the environment, each naming the variable to set. Outside prod
 * and beta only contradictions are refused; in prod and beta the test provider and mail that would
 * only be logged need PAYMENTS=test or SMTP_URL=disabled. prod also needs HELP_CENTRE_SECRET (or
 * Zendesk), an https PUBLIC_ORIGIN and, with the built-in sign-in, AUTH_SECRETS_KEY.
 */
export function deploymentProblems(facts: DeploymentFacts): Array<{ variable: string; message: string }> {
  const problems: Array<{ variable: string; message: string }> = [];
  const live = LIVE_ENVIRONMENTS.includes(facts.env);
  if (facts.payments === 'test' && facts.stripe) {
    problems.push({ variable: 'PAYMENTS', message: 'is test but STRIPE_SECRET_KEY is set: unset PAYMENTS to take payments through Stripe, or unset STRIPE_SECRET_KEY to use the test provider' });
  } else if (facts.payments === 'stripe' && !facts.stripe) {
    problems.push({ variable: 'STRIPE_SECRET_KEY', message: 'must be set when PAYMENTS is stripe' });
  } else if (live && facts.payments === undefined && !facts.stripe) {
    problems.push({
      variable: 'STRIPE_SECRET_KEY',
      message: `must be set when CLEARWAY_ENV is ${facts.env}: without it the built-in test provider confirms subscriptions with test cards and no money moves. Set STRIPE_SECRET_KEY and STRIPE_PRODUCT_ID, or PAYMENTS=test to take test payments on purpose`,
    });
  }
  if (live && facts.builtinIssuer && facts.mail === 'unset') {
    problems.push({
      variable: 'SMTP_URL',
      message: `must be set when CLEARWAY_ENV is ${facts.env}: without it sign-in mail (confirmation and password reset links) is never sent. Set an smtp:// or smtps:// URL, or SMTP_URL=${MAIL_DISABLED} to run without mail (users then cannot confirm their address or reset their password by mail)`,
    });
  }
  if (facts.env === 'prod' && facts.helpCentreSecret === false) {
    problems.push({
      variable: 'HELP_CENTRE_SECRET',
      message: 'must be set when CLEARWAY_ENV is prod (at least 32 characters, the same for every server process): without it each process signs help-centre tokens with its own random key and tokens fail on the others. Or set ZENDESK_SHARED_SECRET to use Zendesk',
    });
  }
  if (facts.env === 'prod' && facts.publicOrigin === null) {
    problems.push({
      variable: 'PUBLIC_ORIGIN',
      message: 'must be set when CLEARWAY_ENV is prod, to the https:// origin pilots use (such as https://clearway.example): without it links follow each request\'s address, session cookies are not Secure and no HSTS is sent',
    });
  } else if (facts.env === 'prod' && typeof facts.publicOrigin === 'string' && !facts.publicOrigin.startsWith('https:')) {
    problems.push({
      variable: 'PUBLIC_ORIGIN',
      message: `must be an https:// origin when CLEARWAY_ENV is prod (got ${JSON.stringify(facts.publicOrigin)}): over http session cookies are not Secure and no HSTS is sent`,
    });
  }
  if (facts.env === 'prod' && facts.builtinIssuer && facts.authSecretsKey === false) {
    problems.push({
      variable: 'AUTH_SECRETS_KEY',
      message: 'must be set when CLEARWAY_ENV is prod with the built-in sign-in (at least 32 characters, the same for every server process, kept outside the database): the identity provider\'s signing key, cookie key and client secret in auth_secrets are encrypted with it. Or set OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET to sign in with an external issuer',
    });
  }
  return problems;
}
