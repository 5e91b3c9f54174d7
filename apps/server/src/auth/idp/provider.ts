import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Database } from '../../db/index.js';
import { escapeHtml } from '../../http/index.js';
import { secureFor } from '../allowedOrigin.js';
import { databaseAdapterFactory } from '../oidcAdapter.js';
import { providerSecrets } from '../secrets.js';
import { findUserById } from '../users.js';
import { BUILTIN_CLIENT_ID, BUILTIN_ISSUER_PATH, builtinIssuer } from './paths.js';

/**
 * Builds the oidc-provider instance of one origin with its storage, keys, the one client and our
 * account model. oidc-provider fixes its issuer when it is made, so each origin the server is
 * reached at has its own instance (same database, keys and client secret): its issuer and the
 * client's redirect URI are on that origin, and nothing follows an address that was not allowed.
 * `secretsKey` (AUTH_SECRETS_KEY) encrypts the stored keys (auth/secrets.ts).
 */
export async function createProvider(db: Database, origin: string, secretsKey?: string): Promise<Provider> {
  const secrets = await providerSecrets(db, secretsKey);
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
