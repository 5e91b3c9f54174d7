import type { FastifyInstance } from 'fastify';
import { csrfValid } from '../pages.js';
import { consumeEmailToken, markEmailVerified, peekEmailToken } from '../users.js';
import { csrfOf, formOf, send, type FlowContext } from './flowContext.js';
import { verifiedPage, verifyPage, verifyProblemPage } from './pageTemplates.js';
import { BUILTIN_ISSUER_PATH } from './paths.js';
import { IDP_TEXT, linkProblemText } from './text.js';

/**
 * E-mail confirmation: the mailed link (`GET /oidc/verify?token=`) shows a button, so mail scanners
 * that open links confirm nothing; the POST confirms the address. Links last 48 h and work once.
 */
export async function verifyFlow(scope: FastifyInstance, context: FlowContext): Promise<void> {
  const { db } = context;

  scope.get<{ Querystring: { token?: string } }>(`${BUILTIN_ISSUER_PATH}/verify`, async (request, reply) => {
    const token = request.query.token ?? '';
    const found = await peekEmailToken(db, token, 'verify');
    if (!('userId' in found)) return send(reply, 400, verifyProblemPage(linkProblemText(found.problem), true));
    return send(reply, 200, verifyPage(csrfOf(context, request, reply), token));
  });

  scope.post(`${BUILTIN_ISSUER_PATH}/verify`, async (request, reply) => {
    const fields = formOf(request);
    if (!csrfValid(request, fields)) return send(reply, 403, verifyProblemPage(IDP_TEXT.expiredForm, false));
    const used = await consumeEmailToken(db, fields.token ?? '', 'verify');
    if (!('userId' in used)) return send(reply, 400, verifyProblemPage(linkProblemText(used.problem), true));
    await markEmailVerified(db, used.userId);
    return send(reply, 200, verifiedPage());
  });
}
