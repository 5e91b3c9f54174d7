import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/loadConfig.js';
import type { Database } from '../db/schema.js';
import { identityProviderRoutes } from './identityProvider.js';
import { noPurchaseLicence, type LicenceCodeLookup } from './licence.js';
import { Outbox, smtpTransport, type MailTransport } from './mailer.js';
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
  /** Mail transport; default SMTP when SMTP_URL is set, else none (mail stays in the outbox and the log). */
  mailTransport?: MailTransport;
}

/**
 * Sign-in: the built-in identity provider under /oidc (unless an external issuer is configured)
 * and the relying party routes under /auth.
 */
export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions): Promise<void> {
  const { config, db } = options;
  if (config.auth.issuer.kind === 'builtin') {
    const transport = options.mailTransport ?? (config.auth.smtpUrl !== undefined ? smtpTransport(config.auth.smtpUrl) : undefined);
    const outbox = new Outbox(db, app.log, config.auth.mailFrom, transport);
    await identityProviderRoutes(app, { config, db, outbox, attempts: new AttemptCounter(db) });
  }
  await relyingPartyRoutes(app, {
    config,
    db,
    resolver: options.resolver,
    licenceCode: options.licenceCode ?? noPurchaseLicence,
  });
}
