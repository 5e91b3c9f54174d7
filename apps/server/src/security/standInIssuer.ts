// A stand-in external OpenID Connect issuer for the security suite (issue 26 point 5): discovery,
// an authorization endpoint that answers at once with a code, a token endpoint that signs an ID token
// with whatever claims the test chose, and its keys. It is the "issuer that put someone else's
// address in the token": the relying party must not trust it further than the claims allow.
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { freePort } from './signInKit.js';

/** The claims of the next ID token (besides iss, aud, nonce, iat and exp). */
export interface StandInIdentity {
  sub: string;
  email: string;
  /** Left out of the token when undefined. */
  email_verified?: boolean;
  name?: string;
}

export interface StandInIssuer {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Who the next authorization signs in. */
  next: StandInIdentity;
  close: () => Promise<void>;
}

export async function startStandInIssuer(): Promise<StandInIssuer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid: 'stand-in', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, { nonce: string; identity: StandInIdentity }>();
  const issuer: StandInIssuer = { url, clientId: 'clearway-test', clientSecret: 'stand-in-secret', next: { sub: 'nobody', email: 'nobody@example.com' }, close: async () => {} };

  const app: FastifyInstance = Fastify();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))));
  app.get('/.well-known/openid-configuration', async () => ({
    issuer: url,
    authorization_endpoint: `${url}/authorize`,
    token_endpoint: `${url}/token`,
    jwks_uri: `${url}/jwks`,
    response_types_supported: ['code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
  }));
  app.get('/jwks', async () => ({ keys: [publicJwk] }));
  app.get<{ Querystring: Record<string, string> }>('/authorize', async (request, reply) => {
    const code = randomBytes(16).toString('hex');
    codes.set(code, { nonce: request.query.nonce ?? '', identity: { ...issuer.next } });
    const back = new URL(request.query.redirect_uri ?? '');
    back.searchParams.set('code', code);
    back.searchParams.set('state', request.query.state ?? '');
    return reply.redirect(back.href, 302);
  });
  app.post<{ Body: Record<string, string> }>('/token', async (request, reply) => {
    const grant = codes.get(request.body.code ?? '');
    codes.delete(request.body.code ?? '');
    if (grant === undefined) return reply.code(400).send({ error: 'invalid_grant' });
    const now = Math.floor(Date.now() / 1000);
    const idToken = await new SignJWT({ ...grant.identity, nonce: grant.nonce })
      .setProtectedHeader({ alg: 'RS256', kid: 'stand-in' })
      .setIssuer(url)
      .setAudience(issuer.clientId)
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(privateKey);
    return { access_token: randomBytes(16).toString('hex'), token_type: 'Bearer', expires_in: 300, id_token: idToken };
  });
  await app.listen({ host: '127.0.0.1', port });
  issuer.close = () => app.close();
  return issuer;
}
