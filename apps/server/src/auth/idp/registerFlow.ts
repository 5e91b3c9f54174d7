import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { csrfValid } from '../pages.js';
import { ACCOUNT_MAIL_LIMIT, MAIL_LIMIT } from '../rateLimit.js';
import { createUser, findUserByEmail, isEmailAddress, isPlainName, issueEmailToken, normaliseEmail } from '../users.js';
import { csrfOf, formOf, send, type FlowContext } from './flowContext.js';
import { alreadyRegisteredMail, verificationMail } from './mails.js';
import { registeredPage, registerPage } from './pageTemplates.js';
import { BUILTIN_ISSUER_PATH } from './paths.js';
import { IDP_TEXT, passwordProblem } from './text.js';

/**
 * Registration: `GET`/`POST /oidc/register` (name, e-mail, password twice), then a confirmation mail.
 * An address that already has an account gets the same 201 page (no account enumeration), and its
 * owner a mail saying so (at most one per 10 minutes). The mail limit per IP address is taken
 * (recorded, then counted) before the account is made, so concurrent registrations cannot pass it.
 */
export async function registerFlow(scope: FastifyInstance, context: FlowContext): Promise<void> {
  const { db, outbox, attempts } = context;
  const form = (request: FastifyRequest, reply: FastifyReply, status: number, values: { name: string; email: string }, message?: string) =>
    send(reply, status, registerPage(csrfOf(context, request, reply), values, message));

  scope.get(`${BUILTIN_ISSUER_PATH}/register`, async (request, reply) => form(request, reply, 200, { name: '', email: '' }));

  scope.post(`${BUILTIN_ISSUER_PATH}/register`, async (request, reply) => {
    const fields = formOf(request);
    const values = { name: (fields.full_name ?? '').trim(), email: normaliseEmail(fields.email ?? '') };
    if (!csrfValid(request, fields)) return form(request, reply, 403, values, IDP_TEXT.expiredForm);
    if (values.name === '' || values.name.length > 200) return form(request, reply, 400, values, IDP_TEXT.nameMissing);
    if (!isPlainName(values.name)) return form(request, reply, 400, values, IDP_TEXT.nameNotPlain);
    if (!isEmailAddress(values.email)) return form(request, reply, 400, values, IDP_TEXT.emailInvalid);
    const problem = passwordProblem(fields.password ?? '', fields.password_confirm ?? '');
    if (problem !== undefined) return form(request, reply, 400, values, problem);
    const retryAfter = await attempts.take(`mail:${request.ip}`, MAIL_LIMIT);
    if (retryAfter > 0) {
      reply.header('retry-after', String(retryAfter));
      return form(request, reply, 429, values, IDP_TEXT.tooManyMails);
    }
    const user = await createUser(db, { email: values.email, password: fields.password ?? '', fullName: values.name });
    if (user !== undefined) {
      await outbox.send(verificationMail(user, context.originOf(request), await issueEmailToken(db, user.id, 'verify')));
    } else {
      // Taken: answer as for a new address, and tell the owner instead (at most once per 10 minutes).
      const owner = await findUserByEmail(db, values.email);
      if (owner !== undefined && (await attempts.take(`account-notice:${owner.id}`, ACCOUNT_MAIL_LIMIT)) === 0) {
        await outbox.send(alreadyRegisteredMail(owner, context.originOf(request)));
      }
    }
    return send(reply, 201, registeredPage(values.email));
  });
}
