import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { csrfValid } from '../pages.js';
import { ACCOUNT_MAIL_LIMIT, ACCOUNT_SIGN_IN_LIMIT, SIGN_IN_LIMIT } from '../rateLimit.js';
import { checkPassword, issueEmailToken, normaliseEmail } from '../users.js';
import { csrfOf, formOf, send, type FlowContext } from './flowContext.js';
import { verificationMail } from './mails.js';
import { expiredInteractionPage, expiredLoginFormPage, loginPage } from './pageTemplates.js';
import { BUILTIN_ISSUER_PATH } from './paths.js';
import { IDP_TEXT } from './text.js';

/**
 * The provider's login interaction: `GET /oidc/interaction/{uid}` shows the login form (or grants
 * consent without a page: the only client is this server) and `POST .../login` checks the password,
 * with the sign-in rate limits and a fresh confirmation link for an unconfirmed address (at most
 * one per 10 minutes per account).
 *
 * The limits (issue 26 point 1): each attempt is recorded first and then counted (AttemptCounter
 * .attempt), per IP address and e-mail (SIGN_IN_LIMIT) and per e-mail from every address together
 * (ACCOUNT_SIGN_IN_LIMIT), before the password is looked at; so a burst of concurrent guesses runs
 * at most the limit, and the 429 (with Retry-After) is the same page whether the password was right
 * or not. A right password withdraws its own attempts (it is not a failure) and clears the
 * address's count.
 */
export async function loginFlow(scope: FastifyInstance, context: FlowContext): Promise<void> {
  const { db, outbox, attempts } = context;
  const form = (request: FastifyRequest, reply: FastifyReply, uid: string, status: number, email: string, message?: string, notice?: string) =>
    send(reply, status, loginPage(csrfOf(context, request, reply), uid, email, message, notice));
  const expired = (reply: FastifyReply) => send(reply, 400, expiredInteractionPage());
  /** The 429 of the sign-in limits: the same page whatever the password was. */
  const tooMany = (request: FastifyRequest, reply: FastifyReply, uid: string, email: string, retryAfter: number) => {
    reply.header('retry-after', String(retryAfter));
    return form(request, reply, uid, 429, email, IDP_TEXT.tooManyAttempts);
  };

  /** The interaction of this browser, or undefined when its cookie is gone or it expired. */
  const interactionOf = async (request: FastifyRequest, reply: FastifyReply, uid: string) => {
    const provider = await context.providerOf(request);
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      return details.uid === uid ? details : undefined;
    } catch {
      return undefined;
    }
  };

  scope.get<{ Params: { uid: string } }>(`${BUILTIN_ISSUER_PATH}/interaction/:uid`, async (request, reply) => {
    const details = await interactionOf(request, reply, request.params.uid);
    if (details === undefined) return expired(reply);
    if (details.prompt.name === 'login') {
      const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
      return form(request, reply, details.uid, 200, hint);
    }
    if (details.prompt.name === 'consent') {
      // First-party client: grant what it asked for.
      const provider = await context.providerOf(request);
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
    const fields = formOf(request);
    const email = normaliseEmail(fields.email ?? '');
    const password = fields.password ?? '';
    if (!csrfValid(request, fields)) return send(reply, 403, expiredLoginFormPage());
    const details = await interactionOf(request, reply, uid);
    if (details === undefined || details.prompt.name !== 'login') return expired(reply);
    if (email === '' || password === '') return form(request, reply, uid, 400, email, IDP_TEXT.missingCredentials);
    const addressKey = `login:${request.ip}:${email}`;
    const byAddress = await attempts.attempt(addressKey, SIGN_IN_LIMIT);
    if (byAddress.retryAfter > 0) return tooMany(request, reply, uid, email, byAddress.retryAfter);
    const byAccount = await attempts.attempt(`login-account:${email}`, ACCOUNT_SIGN_IN_LIMIT);
    if (byAccount.retryAfter > 0) {
      await attempts.release(byAddress.id);
      return tooMany(request, reply, uid, email, byAccount.retryAfter);
    }
    const user = await checkPassword(db, email, password);
    if (user === undefined) return form(request, reply, uid, 401, email, IDP_TEXT.wrongPassword);
    await attempts.release(byAddress.id);
    await attempts.release(byAccount.id);
    if (!user.emailVerified) {
      // A fresh link at most once per 10 minutes per account, however often someone signs in.
      const resend = await attempts.take(`verify-resend:${user.id}`, ACCOUNT_MAIL_LIMIT);
      if (resend > 0) return form(request, reply, uid, 403, email, IDP_TEXT.verifyFirstRecentlySent(user.email));
      await outbox.send(verificationMail(user, context.originOf(request), await issueEmailToken(db, user.id, 'verify')));
      return form(request, reply, uid, 403, email, IDP_TEXT.verifyFirst(user.email));
    }
    await attempts.clear(addressKey);
    const provider = await context.providerOf(request);
    const to = await provider.interactionResult(request.raw, reply.raw, { login: { accountId: user.id } }, { mergeWithLastSubmission: false });
    return reply.redirect(to, 303);
  });
}
