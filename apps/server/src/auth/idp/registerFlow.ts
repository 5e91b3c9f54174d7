import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { csrfValid } from '../pages.js';
import { MAIL_LIMIT } from '../rateLimit.js';
import { createUser, isEmailAddress, issueEmailToken, normaliseEmail } from '../users.js';
import { csrfOf, formOf, send, type FlowContext } from './flowContext.js';
import { verificationMail } from './mails.js';
import { registeredPage, registerPage } from './pageTemplates.js';
import { BUILTIN_ISSUER_PATH } from './paths.js';
import { IDP_TEXT, passwordProblem } from './text.js';

/** Registration: `GET`/`POST /oidc/register` (name, e-mail, password twice), then a confirmation mail. */
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
    if (!isEmailAddress(values.email)) return form(request, reply, 400, values, IDP_TEXT.emailInvalid);
    const problem = passwordProblem(fields.password ?? '', fields.password_confirm ?? '');
    if (problem !== undefined) return form(request, reply, 400, values, problem);
    const limitKey = `mail:${request.ip}`;
    if (await attempts.isLimited(limitKey, MAIL_LIMIT)) return form(request, reply, 429, values, IDP_TEXT.tooManyMails);
    const user = await createUser(db, { email: values.email, password: fields.password ?? '', fullName: values.name });
    if (user === undefined) return form(request, reply, 409, values, IDP_TEXT.emailTaken);
    await attempts.record(limitKey);
    await outbox.send(verificationMail(user, context.originOf(request), await issueEmailToken(db, user.id, 'verify')));
    return send(reply, 201, registeredPage(user.email));
  });
}
