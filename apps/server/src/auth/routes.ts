import type { FastifyInstance } from 'fastify';
import { type Config, isEmbeddedDefault } from '../config/index.js';
import type { Database } from '../db/index.js';
import { identityProviderRoutes } from './identityProvider.js';
import { noPurchaseLicence, type LicenceCodeLookup } from './licence.js';
import { Outbox, smtpTransport, stdoutLine, type ConsoleLine, type MailTransport } from './mailer.js';
import { AttemptCounter } from './rateLimit.js';
import { relyingPartyRoutes } from './relyingParty.js';
import type { SessionResolver } from './sessionContract.js';

export interface AuthRoutesOptions {
  config: Config;
  db: Database;
  /** The session resolver every authorised route uses (createSessionResolver(db)). */
  resolver: SessionResolver;
  /** The licence code that picks the page after login; billing supplies the real one. */
  licenceCode?: LicenceCodeLookup;
  /** Mail transport; default SMTP when SMTP_URL is set, else none (mail stays in the outbox). */
  mailTransport?: MailTransport;
  /** Where the embedded default prints the link of a mail it could not send; default stdout (tests capture it). */
  mailConsole?: ConsoleLine;
}

/**
 * Sign-in: the built-in identity provider under /oidc (unless an external issuer is configured)
 * and the relying party routes under /auth.
 */
export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions): Promise<void> {
  const { config, db } = options;
  if (config.auth.issuer.kind === 'builtin') {
    const transport = options.mailTransport ?? (config.auth.smtpUrl !== undefined ? smtpTransport(config.auth.smtpUrl) : undefined);
    const outbox = new Outbox(db, app.log, {
      from: config.auth.mailFrom,
      transport,
      // Only on the laptop default, and not when mail is disabled on purpose: elsewhere a link in a log is a leaked token.
      consoleLine: isEmbeddedDefault(config.env) && !config.auth.mailDisabled ? (options.mailConsole ?? stdoutLine) : undefined,
      unsentReason: config.auth.mailDisabled ? 'SMTP_URL=disabled' : 'SMTP_URL not set',
    });
    await identityProviderRoutes(app, { config, db, outbox, attempts: new AttemptCounter(db) });
  }
  await relyingPartyRoutes(app, {
    config,
    db,
    resolver: options.resolver,
    licenceCode: options.licenceCode ?? noPurchaseLicence,
  });
}
