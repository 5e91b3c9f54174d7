import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import type { Config } from '../config/index.js';
import { rowNumber, type Database } from '../db/index.js';
import { originOfRequest } from '../http/index.js';
import { originOrRefuse, secureFor } from './allowedOrigin.js';
import { hashToken, randomToken, readCookies, setCookie } from './cookies.js';
import { findCustomer, findOrCreateBoundCustomer } from './customers.js';
import { BUILTIN_CLIENT_ID, builtinIssuer } from './idp/paths.js';
import { AFTER_LOGOUT_PATH, afterLoginPath, type LicenceCodeLookup } from './licence.js';
import { inProcessFetch } from './inProcessFetch.js';
import { errorBox, noticeBox, parseForm, sendPage } from './pages.js';
import { PerOrigin } from './perOrigin.js';
import { AttemptCounter, type RateLimit } from './rateLimit.js';
import { providerSecrets } from './secrets.js';
import { SESSION_COOKIE, createSession, deleteSession, requireSession, sessionTokenOf, sessionUserOf } from './sessions.js';
import type { SessionResolver } from './sessionContract.js';

/** The issuer name under which identities of the built-in provider are bound (its URL differs per origin). */
export const BUILTIN_IDENTITY_ISSUER = 'builtin';

/** The cookie that ties a callback to the login this browser started (path /auth, 10 minutes). */
export const LOGIN_COOKIE = 'cw_login';
const LOGIN_TTL_MS = 10 * 60_000;

/** Sign-ins started (GET /auth/login, one auth_pending_logins row each) per client address a minute. */
export const LOGIN_START_LIMIT: RateLimit = { max: 30, windowMs: 60_000 };
/** The purge of expired pending logins runs every 10 minutes (one of N processes: jobs/). */
export const PENDING_LOGIN_PURGE_PERIOD_MS = 10 * 60_000;

/** Deletes the pending logins that expired before `now`; answers how many. */
export async function deleteExpiredPendingLogins(db: Database, now: number): Promise<number> {
  const result = await db.kysely.deleteFrom('auth_pending_logins').where('expires_at', '<', now).executeTakeFirst();
  return rowNumber(result.numDeletedRows);
}

/** The periodic job of that purge (a jobs/ Job, described structurally so auth needs no jobs import). */
export function pendingLoginPurgeJob(db: Database): { name: string; periodMs: number; run(context: { now: number }): Promise<void> } {
  return {
    name: 'auth_pending_logins_purge',
    periodMs: PENDING_LOGIN_PURGE_PERIOD_MS,
    async run({ now }) {
      await deleteExpiredPendingLogins(db, now);
    },
  };
}

/** Texts of the relying party's error pages. */
export const RP_TEXT = {
  loginExpired: 'This sign-in has expired or was started in another browser. Please sign in again.',
  providerRefused: 'The sign-in was not completed',
  tokenRejected: 'The sign-in could not be verified. Please sign in again.',
  noEmail: 'The identity provider did not give a confirmed e-mail address, which Clearway needs for your account.',
  issuerUnreachable: 'The sign-in service cannot be reached right now. Please try again in a minute.',
  otherIdentity: 'This e-mail address belongs to a Clearway account that signs in with another identity at this provider. Sign in with that one.',
  signOutTitle: 'Sign out',
  signOutByPost: 'Signing out is done with the button below (a link cannot sign you out).',
  tooManyLogins: 'Too many sign-ins were started from this address. Please try again in',
} as const;

export interface RelyingPartyOptions {
  config: Config;
  db: Database;
  resolver: SessionResolver;
  licenceCode: LicenceCodeLookup;
}

/** How the server reaches its issuer at one origin: client id and secret. */
async function clientSettings(config: Config, db: Database, origin: string): Promise<{ issuer: string; clientId: string; clientSecret: string }> {
  if (config.auth.issuer.kind === 'external') {
    const { url, clientId, clientSecret } = config.auth.issuer;
    return { issuer: url, clientId, clientSecret };
  }
  return { issuer: builtinIssuer(origin), clientId: BUILTIN_CLIENT_ID, clientSecret: (await providerSecrets(db, config.auth.secretsKey)).clientSecret };
}

/**
 * The sign-in routes of this server as an OpenID Connect relying party (spec part 1 §4 "Sign-in"):
 * GET /auth/login, GET /auth/callback, POST /auth/logout (GET answers 405 with a sign-out button),
 * GET /auth/me, POST /auth/find_or_create.
 * Authorization code flow with PKCE, state and nonce; the code exchange and ID token check happen
 * here, and the session lives in the database. The redirect URI is on the origin the browser used
 * when it is allowed (PUBLIC_ORIGIN when set; auth/allowedOrigin.ts), so sign-in works from a
 * tablet that reaches the server by its LAN address.
 */
export async function relyingPartyRoutes(app: FastifyInstance, options: RelyingPartyOptions): Promise<void> {
  const { config, db, resolver, licenceCode } = options;
  const sessionTtlMs = config.auth.sessionTtlDays * 24 * 3600_000;
  const builtin = config.auth.issuer.kind === 'builtin';
  // The built-in provider is this server: its discovery, token and key requests are answered in
  // process (inProcessFetch), so sign-in does not depend on the server reaching itself over the
  // network at the address the browser used (bind address, DNS, a TLS proxy's hairpin).
  const ownFetch = builtin ? inProcessFetch(app) : undefined;

  // Discovery is read once per issuer (the built-in one: per origin), on the first sign-in; a
  // failure is retried on the next one.
  const configurations = new PerOrigin(async (origin) => {
    const settings = await clientSettings(config, db, origin);
    const url = new URL(settings.issuer);
    const configuration = await oidc.discovery(url, settings.clientId, settings.clientSecret, undefined, {
      execute: url.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
      timeout: 10,
      ...(ownFetch === undefined ? {} : { [oidc.customFetch]: ownFetch }),
    });
    if (ownFetch !== undefined) configuration[oidc.customFetch] = ownFetch;
    return configuration;
  });
  // An external issuer is the same whatever address the browser used.
  const issuerConfiguration = (origin: string): Promise<oidc.Configuration> => configurations.get(builtin ? origin : config.auth.issuer.kind);

  const attempts = new AttemptCounter(db);
  const failure = (reply: FastifyReply, status: number, message: string) =>
    sendPage(reply, status, 'Sign-in failed', `${errorBox(message)}<p><a href="/auth/login">Sign in again</a></p>`);

  app.get('/auth/login', async (request, reply) => {
    const origin = originOrRefuse(request, reply, config);
    if (origin === undefined) return reply;
    // Each start stores a pending login: counted per client address before anything is stored.
    const retryAfter = await attempts.take(`login-start:${request.ip}`, LOGIN_START_LIMIT);
    if (retryAfter > 0) {
      reply.header('retry-after', String(retryAfter));
      return failure(reply, 429, `${RP_TEXT.tooManyLogins} ${retryAfter} s.`);
    }
    let configuration: oidc.Configuration;
    try {
      configuration = await issuerConfiguration(origin);
    } catch (error) {
      request.log.error({ err: error }, 'OpenID Connect discovery failed');
      return failure(reply, 503, RP_TEXT.issuerUnreachable);
    }
    const loginId = randomToken();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    await db.kysely
      .insertInto('auth_pending_logins')
      .values({ id_hash: hashToken(loginId), state, nonce, code_verifier: codeVerifier, expires_at: Date.now() + LOGIN_TTL_MS })
      .execute();
    const parameters: Record<string, string> = {
      redirect_uri: `${origin}/auth/callback`,
      scope: 'openid email profile',
      response_type: 'code',
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    };
    // The built-in provider asks for the password at every sign-in, so logout really signs out.
    if (config.auth.issuer.kind === 'builtin') parameters.prompt = 'login';
    setCookie(reply, LOGIN_COOKIE, loginId, { maxAge: LOGIN_TTL_MS / 1000, secure: secureFor(origin), path: '/auth' });
    return reply.header('cache-control', 'no-store').redirect(oidc.buildAuthorizationUrl(configuration, parameters).href, 302);
  });

  app.get('/auth/callback', async (request, reply) => {
    const origin = originOrRefuse(request, reply, config);
    if (origin === undefined) return reply;
    const secure = secureFor(origin);
    const loginId = readCookies(request).get(LOGIN_COOKIE);
    setCookie(reply, LOGIN_COOKIE, '', { maxAge: 0, secure, path: '/auth' });
    if (loginId === undefined) return failure(reply, 400, RP_TEXT.loginExpired);
    // One use only: the pending login is deleted whatever happens next.
    const pending = await db.kysely
      .deleteFrom('auth_pending_logins')
      .where('id_hash', '=', hashToken(loginId))
      .returning(['state', 'nonce', 'code_verifier', 'expires_at'])
      .executeTakeFirst();
    if (pending === undefined || rowNumber(pending.expires_at) <= Date.now()) return failure(reply, 400, RP_TEXT.loginExpired);

    let claims: oidc.IDToken | undefined;
    try {
      const configuration = await issuerConfiguration(origin);
      // The callback's own address, on the origin the redirect URI named (the code is bound to it).
      const tokens = await oidc.authorizationCodeGrant(configuration, new URL(request.url, origin), {
        pkceCodeVerifier: pending.code_verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (error) {
      if (error instanceof oidc.AuthorizationResponseError) {
        const why = error.error_description ?? error.error;
        return failure(reply, 400, `${RP_TEXT.providerRefused}: ${why}.`);
      }
      request.log.warn({ err: error }, 'sign-in callback rejected');
      return failure(reply, 400, RP_TEXT.tokenRejected);
    }
    const email = claims?.email;
    // Only an address the issuer says it confirmed (issue 26 point 5): absent or false is refused.
    if (claims === undefined || typeof email !== 'string' || email === '' || claims.email_verified !== true) {
      return failure(reply, 400, RP_TEXT.noEmail);
    }
    const name = typeof claims.name === 'string' ? claims.name : undefined;
    // The customer is bound to the token's (iss, sub) at its first sign-in; the built-in provider's
    // issuer differs per origin, so its identities are bound under one name.
    const issuer = builtin ? BUILTIN_IDENTITY_ISSUER : claims.iss;
    const customer = await findOrCreateBoundCustomer(db, { iss: issuer, sub: claims.sub, email, fullName: name });
    if (customer === undefined) {
      request.log.warn({ iss: issuer }, 'sign-in refused: the e-mail belongs to a customer bound to another subject of this issuer');
      return failure(reply, 403, RP_TEXT.otherIdentity);
    }
    const token = await createSession(db, customer.custId, sessionTtlMs);
    setCookie(reply, SESSION_COOKIE, token, { maxAge: Math.floor(sessionTtlMs / 1000), secure });
    const code = await licenceCode(db, customer.custId);
    return reply.header('cache-control', 'no-store').redirect(afterLoginPath(code), 302);
  });

  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = sessionTokenOf(request);
    if (token !== undefined) await deleteSession(db, token);
    // Only cookie attributes come from the origin here (nothing is linked), so any host may log out.
    setCookie(reply, SESSION_COOKIE, '', { maxAge: 0, secure: secureFor(originOfRequest(request, config) ?? config.publicOrigin) });
    return reply.header('cache-control', 'no-store').redirect(AFTER_LOGOUT_PATH, 302);
  };
  // Logout changes state, so it is a POST only (issue 26 point 17): a link or an image on another
  // page cannot sign anyone out. A GET (an old bookmark) gets 405 and a page with the button.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
      done(null, parseForm(String(body)));
    });
    scope.post('/auth/logout', logout);
    scope.get('/auth/logout', async (_request, reply) => {
      reply.header('allow', 'POST');
      return sendPage(
        reply,
        405,
        RP_TEXT.signOutTitle,
        `${noticeBox(RP_TEXT.signOutByPost)}<form method="post" action="/auth/logout"><button type="submit">Sign out</button></form>`,
      );
    });
  });

  const signedIn = requireSession(resolver);
  const accountOf = async (request: FastifyRequest) => {
    const user = sessionUserOf(request);
    const customer = await findCustomer(db, user.custId);
    return { cust_id: user.custId, email: user.email, full_name: customer?.fullName ?? '' };
  };

  app.get('/auth/me', { preHandler: signedIn }, async (request, reply) => reply.header('cache-control', 'no-store').send(await accountOf(request)));

  // Spec part 1 §7 find_or_create: the account of the verified ID token's e-mail, which the callback
  // already found or created. Any e-mail in the body is ignored on purpose.
  app.post('/auth/find_or_create', { preHandler: signedIn }, async (request, reply) =>
    reply.header('cache-control', 'no-store').send(await accountOf(request)));
}

