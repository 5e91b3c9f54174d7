import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { deleteProviderSessionsOf } from '../oidcAdapter.js';
import { csrfValid } from '../pages.js';
import { MAIL_LIMIT } from '../rateLimit.js';
import { deleteSessionsOfEmail } from '../sessions.js';
import { consumeEmailToken, findUserByEmail, findUserById, isEmailAddress, issueEmailToken, markEmailVerified, normaliseEmail, peekEmailToken, setPassword, voidEmailTokensOf } from '../users.js';
import { csrfOf, formOf, send, type FlowContext } from './flowContext.js';
import { resetMail } from './mails.js';
import { forgotPage, passwordChangedPage, resetLinkProblemPage, resetPage, resetSentPage } from './pageTemplates.js';
import { BUILTIN_ISSUER_PATH } from './paths.js';
import { IDP_TEXT, linkProblemText, passwordProblem } from './text.js';

/**
 * Password reset: `GET`/`POST /oidc/forgot` mails a link (1 h, once; the same answer whether or not
 * the address has an account), `GET`/`POST /oidc/reset?token=` sets the new password, confirms the
 * address, voids every other pending link of the account and signs it out everywhere.
 */
export async function resetFlow(scope: FastifyInstance, context: FlowContext): Promise<void> {
  const { db, outbox, attempts } = context;
  const forgotForm = (request: FastifyRequest, reply: FastifyReply, status: number, email: string, message?: string) =>
    send(reply, status, forgotPage(csrfOf(context, request, reply), email, message));
  const resetForm = (request: FastifyRequest, reply: FastifyReply, status: number, token: string, message?: string) =>
    send(reply, status, resetPage(csrfOf(context, request, reply), token, message));

  scope.get(`${BUILTIN_ISSUER_PATH}/forgot`, async (request, reply) => forgotForm(request, reply, 200, ''));

  scope.post(`${BUILTIN_ISSUER_PATH}/forgot`, async (request, reply) => {
    const fields = formOf(request);
    const email = normaliseEmail(fields.email ?? '');
    if (!csrfValid(request, fields)) return forgotForm(request, reply, 403, email, IDP_TEXT.expiredForm);
    if (!isEmailAddress(email)) return forgotForm(request, reply, 400, email, IDP_TEXT.emailInvalid);
    const retryAfter = await attempts.take(`mail:${request.ip}`, MAIL_LIMIT);
    if (retryAfter > 0) {
      reply.header('retry-after', String(retryAfter));
      return forgotForm(request, reply, 429, email, IDP_TEXT.tooManyMails);
    }
    const user = await findUserByEmail(db, email);
    if (user !== undefined) await outbox.send(resetMail(user, context.originOf(request), await issueEmailToken(db, user.id, 'reset')));
    // The same answer either way, so the page does not tell which addresses have accounts.
    return send(reply, 200, resetSentPage(email));
  });

  scope.get<{ Querystring: { token?: string } }>(`${BUILTIN_ISSUER_PATH}/reset`, async (request, reply) => {
    const token = request.query.token ?? '';
    const found = await peekEmailToken(db, token, 'reset');
    if (!('userId' in found)) return send(reply, 400, resetLinkProblemPage(linkProblemText(found.problem)));
    return resetForm(request, reply, 200, token);
  });

  scope.post(`${BUILTIN_ISSUER_PATH}/reset`, async (request, reply) => {
    const fields = formOf(request);
    const token = fields.token ?? '';
    if (!csrfValid(request, fields)) return resetForm(request, reply, 403, token, IDP_TEXT.expiredForm);
    const problem = passwordProblem(fields.password ?? '', fields.password_confirm ?? '');
    if (problem !== undefined) return resetForm(request, reply, 400, token, problem);
    const used = await consumeEmailToken(db, token, 'reset');
    if (!('userId' in used)) return send(reply, 400, resetLinkProblemPage(linkProblemText(used.problem)));
    await setPassword(db, used.userId, fields.password ?? '');
    // Every other pending link of the account (older reset mails, confirmation links) dies with this one.
    await voidEmailTokensOf(db, used.userId);
    // Opening the link proved the mailbox is theirs.
    await markEmailVerified(db, used.userId);
    // Whoever knew the old password is signed out: the app's sessions of this customer and the
    // provider's own sign-in sessions of this account.
    const user = await findUserById(db, used.userId);
    if (user !== undefined) await deleteSessionsOfEmail(db, user.email);
    await deleteProviderSessionsOf(db, used.userId);
    return send(reply, 200, passwordChangedPage());
  });
}
