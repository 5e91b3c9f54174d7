import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../config/index.js';
import type { Database } from '../db/index.js';
import { escapeHtml } from '../http/index.js';
import { originOrRefuse, secureFor } from './allowedOrigin.js';
import type { Outbox } from './mailer.js';
import { databaseAdapterFactory, deleteProviderSessionsOf } from './oidcAdapter.js';
import { deleteSessionsOfEmail } from './sessions.js';
import { csrfField, csrfToken, csrfValid, errorBox, noticeBox, parseForm, sendPage } from './pages.js';
import { PerOrigin } from './perOrigin.js';
import { MAIL_LIMIT, SIGN_IN_LIMIT, type AttemptCounter } from './rateLimit.js';
import { providerSecrets } from './secrets.js';
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  checkPassword,
  consumeEmailToken,
  createUser,
  findUserByEmail,
  findUserById,
  isEmailAddress,
  issueEmailToken,
  markEmailVerified,
  normaliseEmail,
  peekEmailToken,
  setPassword,
  type IdpUser,
} from './users.js';

/** Where the built-in provider lives on this server. */
export const BUILTIN_ISSUER_PATH = '/oidc';
/** The built-in provider's one client: this server's relying party. */
export const BUILTIN_CLIENT_ID = 'clearway-web';

/** Texts of the hosted pages that tests and the web client may look for. */
export const IDP_TEXT = {
  missingCredentials: 'Enter your e-mail address and password.',
  wrongPassword: 'Incorrect e-mail address or password.',
  tooManyAttempts: 'Too many sign-in attempts. Wait 15 minutes and try again, or reset your password.',
  tooManyMails: 'Too many requests from your network. Wait an hour and try again.',
  expiredForm: 'This form has expired. Go back to the app and sign in again.',
  expiredInteraction: 'This sign-in page has expired.',
  nameMissing: 'Enter your name.',
  emailInvalid: 'Enter a valid e-mail address, such as pilot@example.com.',
  passwordShort: `Use at least ${MIN_PASSWORD_LENGTH} characters for the password.`,
  passwordLong: `Use at most ${MAX_PASSWORD_LENGTH} characters for the password.`,
  passwordMismatch: 'The two passwords do not match.',
  emailTaken: 'An account with this e-mail address already exists. Sign in, or reset your password.',
  verifyFirst: (email: string) => `Confirm your e-mail address first: we have sent a new link to ${email}.`,
  linkUnknown: 'This link is not valid. Request a new one.',
  linkExpired: 'This link has expired. Request a new one.',
  linkUsed: 'This link has already been used.',
  verified: 'Your e-mail address is confirmed. You can now sign in.',
  passwordChanged: 'Your password has been changed. You can now sign in.',
} as const;

export interface IdentityProviderOptions {
  config: Config;
  db: Database;
  outbox: Outbox;
  attempts: AttemptCounter;
}

/** The issuer URL of the built-in provider at an origin (`http://192.168.1.20:8080` -> `http://192.168.1.20:8080/oidc`). */
export function builtinIssuer(origin: string): string {
  return `${origin}${BUILTIN_ISSUER_PATH}`;
}

/**
 * Builds the oidc-provider instance of one origin with its storage, keys, the one client and our
 * account model. oidc-provider fixes its issuer when it is made, so each origin the server is
 * reached at has its own instance (same database, keys and client secret): its issuer and the
 * client's redirect URI are on that origin, and nothing follows an address that was not allowed.
 */
async function createProvider({ db }: IdentityProviderOptions, origin: string): Promise<Provider> {
  const secrets = await providerSecrets(db);
  const configuration: Configuration = {
    adapter: databaseAdapterFactory(db),
    clients: [
      {
        client_id: BUILTIN_CLIENT_ID,
        client_secret: secrets.clientSecret,
        redirect_uris: [`${origin}/auth/callback`],
        post_logout_redirect_uris: [`${origin}/`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [secrets.signingKey as Record<string, unknown>] } as Configuration['jwks'],
    cookies: { keys: secrets.cookieKeys },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The relying party reads e-mail and name from the verified ID token itself, not from userinfo.
    conformIdTokenClaims: false,
    scopes: ['openid', 'email', 'profile'],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${BUILTIN_ISSUER_PATH}/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const user = await findUserById(db, sub);
      if (user === undefined) return undefined;
      return {
        accountId: user.id,
        claims: () => ({ sub: user.id, email: user.email, email_verified: user.emailVerified, name: user.fullName }),
      };
    },
    renderError(ctx: KoaContextWithOIDC, out) {
      ctx.type = 'html';
      const detail = typeof out.error_description === 'string' ? out.error_description : String(out.error);
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error · Clearway</title></head><body><h1>Sign-in error</h1><p>${escapeHtml(detail)}</p><p><a href="/auth/login">Start again</a></p></body></html>`;
    },
    ttl: {
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 365 * 24 * 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      AccessToken: 3600,
    },
  };
  const provider = new Provider(builtinIssuer(origin), configuration);
  // Behind a TLS-terminating proxy the provider must trust X-Forwarded-Proto to set Secure cookies.
  provider.proxy = secureFor(origin);
  return provider;
}

/**
 * The built-in OpenID Connect identity provider (oidc-provider) under /oidc, with its hosted pages:
 * sign-in (the provider's login interaction), registration, e-mail confirmation and password reset.
 * Consent is granted without a page: the only client is this server's own web app. Every page and
 * endpoint answers at the origin of the request when it is allowed (auth/allowedOrigin.ts) and
 * refuses other hosts, so links and redirects never point at a host a client made up.
 */
export async function identityProviderRoutes(app: FastifyInstance, options: IdentityProviderOptions): Promise<void> {
  const { config, db, outbox, attempts } = options;
  // Made on first use, not at start-up: the app starts (and /healthz reports) while the database is
  // down, and the keys are read from the database once it answers. One per origin (createProvider).
  const providers = new PerOrigin((origin) => createProvider(options, origin).then((provider) => ({ provider, handle: provider.callback() })));
  const origins = new WeakMap<FastifyRequest, string>();
  /** Refuses a host that is not allowed before anything else runs; keeps the origin of one that is. */
  const allowedOrigin = async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = originOrRefuse(request, reply, config);
    if (origin === undefined) return reply;
    origins.set(request, origin);
  };
  const originOf = (request: FastifyRequest): string => origins.get(request) ?? config.publicOrigin;
  const ready = (request: FastifyRequest) => providers.get(originOf(request));
  const secureOf = (request: FastifyRequest) => secureFor(originOf(request));

  // The provider's own endpoints (discovery, auth, token, jwks, userinfo, end session): handed to Koa
  // untouched, the body unread so that oidc-provider parses it itself.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.addHook('onRequest', allowedOrigin);
    const forward = async (request: FastifyRequest, reply: FastifyReply) => {
      const { handle } = await ready(request);
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').slice(BUILTIN_ISSUER_PATH.length) || '/';
      await handle(raw, reply.raw);
    };
    scope.all(`${BUILTIN_ISSUER_PATH}/*`, forward);
  });

  // The hosted pages read url-encoded forms.
  await app.register(async (scope) => {
    scope.addHook('onRequest', allowedOrigin);
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
      done(null, parseForm(String(body)));
    });
    const form = (request: FastifyRequest): Record<string, string> =>
      request.body !== null && typeof request.body === 'object' ? (request.body as Record<string, string>) : {};

    const loginForm = (request: FastifyRequest, reply: FastifyReply, uid: string, status: number, email: string, message?: string, notice?: string) =>
      sendPage(reply, status, 'Sign in', `${errorBox(message)}${noticeBox(notice)}
<form method="post" action="${BUILTIN_ISSUER_PATH}/interaction/${escapeHtml(uid)}/login" autocomplete="on">
${csrfField(csrfToken(request, reply, secureOf(request)))}
<label for="email">E-mail</label><input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
<nav><a href="${BUILTIN_ISSUER_PATH}/register">Create an account</a><a href="${BUILTIN_ISSUER_PATH}/forgot">Forgot your password?</a></nav>`);

    const expired = (reply: FastifyReply) =>
      sendPage(reply, 400, 'Sign in', `${errorBox(IDP_TEXT.expiredInteraction)}<p><a href="/auth/login">Start again</a></p>`);

    /** The interaction of this browser, or undefined when its cookie is gone or it expired. */
    const interactionOf = async (request: FastifyRequest, reply: FastifyReply, uid: string) => {
      const { provider } = await ready(request);
      try {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        return details.uid === uid ? details : undefined;
      } catch {
        return undefined;
      }
    };

    /** Mails a confirmation link on the origin the request came to (allowedOrigin). */
    const sendVerification = async (user: IdpUser, origin: string) => {
      const token = await issueEmailToken(db, user.id, 'verify');
      await outbox.send({
        to: user.email,
        kind: 'verify',
        link: `${origin}${BUILTIN_ISSUER_PATH}/verify?token=${token}`,
        subject: 'Confirm your e-mail address for Clearway',
        text: `Hello ${user.fullName},\n\nconfirm your e-mail address for Clearway by opening this link within 48 hours:\n\n${origin}${BUILTIN_ISSUER_PATH}/verify?token=${token}\n\nIf you did not create an account, ignore this mail.\n`,
      });
    };

    scope.get<{ Params: { uid: string } }>(`${BUILTIN_ISSUER_PATH}/interaction/:uid`, async (request, reply) => {
      const details = await interactionOf(request, reply, request.params.uid);
      if (details === undefined) return expired(reply);
      if (details.prompt.name === 'login') {
        const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
        return loginForm(request, reply, details.uid, 200, hint);
      }
      if (details.prompt.name === 'consent') {
        // First-party client: grant what it asked for.
        const { provider } = await ready(request);
        const accountId = details.session?.accountId;
        const clientId = String(details.params.client_id);
        if (accountId === undefined) return expired(reply);
        const grant = details.grantId !== undefined
          ? await provider.Grant.find(details.grantId)
          : new provider.Grant({ accountId, clientId });
        if (grant === undefined) return expired(reply);
        const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
        if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
        if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
        const grantId = await grant.save();
        const to = await provider.interactionResult(request.raw, reply.raw, { consent: { grantId } }, { mergeWithLastSubmission: true });
        return reply.redirect(to, 303);
      }
      return expired(reply);
    });

    scope.post<{ Params: { uid: string } }>(`${BUILTIN_ISSUER_PATH}/interaction/:uid/login`, async (request, reply) => {
      const uid = request.params.uid;
      const fields = form(request);
      const email = normaliseEmail(fields.email ?? '');
      const password = fields.password ?? '';
      if (!csrfValid(request, fields)) return sendPage(reply, 403, 'Sign in', `${errorBox(IDP_TEXT.expiredForm)}<p><a href="/auth/login">Start again</a></p>`);
      const details = await interactionOf(request, reply, uid);
      if (details === undefined || details.prompt.name !== 'login') return expired(reply);
      if (email === '' || password === '') return loginForm(request, reply, uid, 400, email, IDP_TEXT.missingCredentials);
      const key = `login:${request.ip}:${email}`;
      if (await attempts.isLimited(key, SIGN_IN_LIMIT)) return loginForm(request, reply, uid, 429, email, IDP_TEXT.tooManyAttempts);
      const user = await checkPassword(db, email, password);
      if (user === undefined) {
        await attempts.record(key);
        return loginForm(request, reply, uid, 401, email, IDP_TEXT.wrongPassword);
      }
      if (!user.emailVerified) {
        await sendVerification(user, originOf(request));
        return loginForm(request, reply, uid, 403, email, IDP_TEXT.verifyFirst(user.email));
      }
      await attempts.clear(key);
      const { provider } = await ready(request);
      const to = await provider.interactionResult(request.raw, reply.raw, { login: { accountId: user.id } }, { mergeWithLastSubmission: false });
      return reply.redirect(to, 303);
    });

    // Registration.
    const registerForm = (request: FastifyRequest, reply: FastifyReply, status: number, values: { name: string; email: string }, message?: string) =>
      sendPage(reply, status, 'Create an account', `${errorBox(message)}
<form method="post" action="${BUILTIN_ISSUER_PATH}/register">
${csrfField(csrfToken(request, reply, secureOf(request)))}
<label for="full_name">Full name</label><input id="full_name" name="full_name" autocomplete="name" required value="${escapeHtml(values.name)}">
<label for="email">E-mail</label><input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(values.email)}">
<label for="password">Password (at least ${MIN_PASSWORD_LENGTH} characters)</label><input id="password" name="password" type="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}">
<label for="password_confirm">Repeat the password</label><input id="password_confirm" name="password_confirm" type="password" autocomplete="new-password" required>
<button type="submit">Create account</button>
</form>
<nav><a href="/auth/login">I already have an account</a></nav>`);

    const passwordProblem = (password: string, confirm: string): string | undefined => {
      if (password.length < MIN_PASSWORD_LENGTH) return IDP_TEXT.passwordShort;
      if (password.length > MAX_PASSWORD_LENGTH) return IDP_TEXT.passwordLong;
      if (password !== confirm) return IDP_TEXT.passwordMismatch;
      return undefined;
    };

    scope.get(`${BUILTIN_ISSUER_PATH}/register`, async (request, reply) => registerForm(request, reply, 200, { name: '', email: '' }));

    scope.post(`${BUILTIN_ISSUER_PATH}/register`, async (request, reply) => {
      const fields = form(request);
      const values = { name: (fields.full_name ?? '').trim(), email: normaliseEmail(fields.email ?? '') };
      if (!csrfValid(request, fields)) return registerForm(request, reply, 403, values, IDP_TEXT.expiredForm);
      if (values.name === '' || values.name.length > 200) return registerForm(request, reply, 400, values, IDP_TEXT.nameMissing);
      if (!isEmailAddress(values.email)) return registerForm(request, reply, 400, values, IDP_TEXT.emailInvalid);
      const problem = passwordProblem(fields.password ?? '', fields.password_confirm ?? '');
      if (problem !== undefined) return registerForm(request, reply, 400, values, problem);
      const limitKey = `mail:${request.ip}`;
      if (await attempts.isLimited(limitKey, MAIL_LIMIT)) return registerForm(request, reply, 429, values, IDP_TEXT.tooManyMails);
      const user = await createUser(db, { email: values.email, password: fields.password ?? '', fullName: values.name });
      if (user === undefined) return registerForm(request, reply, 409, values, IDP_TEXT.emailTaken);
      await attempts.record(limitKey);
      await sendVerification(user, originOf(request));
      return sendPage(reply, 201, 'Check your e-mail',
        `<p>We have sent a link to <strong>${escapeHtml(user.email)}</strong>. Open it to confirm your address, then sign in.</p><nav><a href="/auth/login">Sign in</a></nav>`);
    });

    // E-mail confirmation: the link shows a button, so mail scanners that open links confirm nothing.
    const linkProblemText = (problem: 'unknown' | 'expired' | 'used') =>
      problem === 'expired' ? IDP_TEXT.linkExpired : problem === 'used' ? IDP_TEXT.linkUsed : IDP_TEXT.linkUnknown;

    scope.get<{ Querystring: { token?: string } }>(`${BUILTIN_ISSUER_PATH}/verify`, async (request, reply) => {
      const token = request.query.token ?? '';
      const found = await peekEmailToken(db, token, 'verify');
      if (!('userId' in found)) {
        return sendPage(reply, 400, 'Confirm your e-mail address', `${errorBox(linkProblemText(found.problem))}<nav><a href="/auth/login">Sign in</a></nav>`);
      }
      return sendPage(reply, 200, 'Confirm your e-mail address', `<form method="post" action="${BUILTIN_ISSUER_PATH}/verify">
${csrfField(csrfToken(request, reply, secureOf(request)))}<input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit">Confirm e-mail address</button></form>`);
    });

    scope.post(`${BUILTIN_ISSUER_PATH}/verify`, async (request, reply) => {
      const fields = form(request);
      if (!csrfValid(request, fields)) return sendPage(reply, 403, 'Confirm your e-mail address', errorBox(IDP_TEXT.expiredForm));
      const used = await consumeEmailToken(db, fields.token ?? '', 'verify');
      if (!('userId' in used)) {
        return sendPage(reply, 400, 'Confirm your e-mail address', `${errorBox(linkProblemText(used.problem))}<nav><a href="/auth/login">Sign in</a></nav>`);
      }
      await markEmailVerified(db, used.userId);
      return sendPage(reply, 200, 'E-mail address confirmed', `${noticeBox(IDP_TEXT.verified)}<nav><a href="/auth/login">Sign in</a></nav>`);
    });

    // Password reset.
    const forgotForm = (request: FastifyRequest, reply: FastifyReply, status: number, email: string, message?: string) =>
      sendPage(reply, status, 'Reset your password', `${errorBox(message)}
<form method="post" action="${BUILTIN_ISSUER_PATH}/forgot">
${csrfField(csrfToken(request, reply, secureOf(request)))}
<label for="email">E-mail</label><input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(email)}">
<button type="submit">Send reset link</button>
</form>
<nav><a href="/auth/login">Sign in</a></nav>`);

    scope.get(`${BUILTIN_ISSUER_PATH}/forgot`, async (request, reply) => forgotForm(request, reply, 200, ''));

    scope.post(`${BUILTIN_ISSUER_PATH}/forgot`, async (request, reply) => {
      const fields = form(request);
      const email = normaliseEmail(fields.email ?? '');
      if (!csrfValid(request, fields)) return forgotForm(request, reply, 403, email, IDP_TEXT.expiredForm);
      if (!isEmailAddress(email)) return forgotForm(request, reply, 400, email, IDP_TEXT.emailInvalid);
      const limitKey = `mail:${request.ip}`;
      if (await attempts.isLimited(limitKey, MAIL_LIMIT)) return forgotForm(request, reply, 429, email, IDP_TEXT.tooManyMails);
      await attempts.record(limitKey);
      const user = await findUserByEmail(db, email);
      if (user !== undefined) {
        const origin = originOf(request);
        const token = await issueEmailToken(db, user.id, 'reset');
        await outbox.send({
          to: user.email,
          kind: 'reset',
          link: `${origin}${BUILTIN_ISSUER_PATH}/reset?token=${token}`,
          subject: 'Reset your Clearway password',
          text: `Hello ${user.fullName},\n\nset a new Clearway password by opening this link within an hour:\n\n${origin}${BUILTIN_ISSUER_PATH}/reset?token=${token}\n\nIf you did not ask for this, ignore this mail; your password stays as it is.\n`,
        });
      }
      // The same answer either way, so the page does not tell which addresses have accounts.
      return sendPage(reply, 200, 'Check your e-mail',
        `<p>If an account exists for <strong>${escapeHtml(email)}</strong>, we have sent it a link to reset the password.</p><nav><a href="/auth/login">Sign in</a></nav>`);
    });

    const resetForm = (request: FastifyRequest, reply: FastifyReply, status: number, token: string, message?: string) =>
      sendPage(reply, status, 'Choose a new password', `${errorBox(message)}
<form method="post" action="${BUILTIN_ISSUER_PATH}/reset">
${csrfField(csrfToken(request, reply, secureOf(request)))}<input type="hidden" name="token" value="${escapeHtml(token)}">
<label for="password">New password (at least ${MIN_PASSWORD_LENGTH} characters)</label><input id="password" name="password" type="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}">
<label for="password_confirm">Repeat the password</label><input id="password_confirm" name="password_confirm" type="password" autocomplete="new-password" required>
<button type="submit">Change password</button>
</form>`);

    scope.get<{ Querystring: { token?: string } }>(`${BUILTIN_ISSUER_PATH}/reset`, async (request, reply) => {
      const token = request.query.token ?? '';
      const found = await peekEmailToken(db, token, 'reset');
      if (!('userId' in found)) {
        return sendPage(reply, 400, 'Choose a new password', `${errorBox(linkProblemText(found.problem))}<nav><a href="${BUILTIN_ISSUER_PATH}/forgot">Request a new link</a></nav>`);
      }
      return resetForm(request, reply, 200, token);
    });

    scope.post(`${BUILTIN_ISSUER_PATH}/reset`, async (request, reply) => {
      const fields = form(request);
      const token = fields.token ?? '';
      if (!csrfValid(request, fields)) return resetForm(request, reply, 403, token, IDP_TEXT.expiredForm);
      const problem = passwordProblem(fields.password ?? '', fields.password_confirm ?? '');
      if (problem !== undefined) return resetForm(request, reply, 400, token, problem);
      const used = await consumeEmailToken(db, token, 'reset');
      if (!('userId' in used)) {
        return sendPage(reply, 400, 'Choose a new password', `${errorBox(linkProblemText(used.problem))}<nav><a href="${BUILTIN_ISSUER_PATH}/forgot">Request a new link</a></nav>`);
      }
      await setPassword(db, used.userId, fields.password ?? '');
      // Opening the link proved the mailbox is theirs.
      await markEmailVerified(db, used.userId);
      // Whoever knew the old password is signed out: the app's sessions of this customer and the
      // provider's own sign-in sessions of this account.
      const user = await findUserById(db, used.userId);
      if (user !== undefined) await deleteSessionsOfEmail(db, user.email);
      await deleteProviderSessionsOf(db, used.userId);
      return sendPage(reply, 200, 'Password changed', `${noticeBox(IDP_TEXT.passwordChanged)}<nav><a href="/auth/login">Sign in</a></nav>`);
    });
  });
}
