import { generateKeyPair, exportJWK, type JWK } from 'jose';
import { randomToken } from './cookies.js';
import type { Database } from '../db/index.js';

/**
 * A secret generated once and shared by every server process through the database: the first
 * process to need it inserts it, any racing process keeps the stored one.
 */
export async function storedSecret(db: Database, name: string, make: () => Promise<string> | string): Promise<string> {
  const existing = await db.kysely.selectFrom('auth_secrets').select('value').where('name', '=', name).executeTakeFirst();
  if (existing !== undefined) return existing.value;
  const value = await make();
  await db.kysely
    .insertInto('auth_secrets')
    .values({ name, value, created_at: Date.now() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const stored = await db.kysely.selectFrom('auth_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return stored.value;
}

/** The built-in provider's secrets: ID token signing key, cookie signing keys and its web client's secret. */
export interface ProviderSecrets {
  signingKey: JWK;
  cookieKeys: string[];
  clientSecret: string;
}

export async function providerSecrets(db: Database): Promise<ProviderSecrets> {
  const signingKey = await storedSecret(db, 'oidc_signing_key', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = await exportJWK(privateKey);
    return JSON.stringify({ ...jwk, alg: 'RS256', use: 'sig', kid: randomToken().slice(0, 16) });
  });
  const cookieKey = await storedSecret(db, 'oidc_cookie_key', randomToken);
  const clientSecret = await storedSecret(db, 'oidc_client_secret', randomToken);
  return { signingKey: JSON.parse(signingKey) as JWK, cookieKeys: [cookieKey], clientSecret };
}
