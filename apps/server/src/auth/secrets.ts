import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { generateKeyPair, exportJWK, type JWK } from 'jose';
import { randomToken } from './cookies.js';
import type { Database } from '../db/index.js';

/** How an encrypted value is stored: `enc:v1:<iv base64>:<ciphertext and GCM tag base64>`. */
const ENCRYPTED_PREFIX = 'enc:v1:';

/** The AES-256-GCM key of one secret, derived from AUTH_SECRETS_KEY with HKDF-SHA256. */
function keyFor(secretsKey: string, name: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secretsKey, 'clearway auth_secrets', name, 32));
}

/** Encrypts a secret's value with its name as additional authenticated data (a value cannot be moved to another name). */
export function encryptSecret(secretsKey: string, name: string, value: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secretsKey, name), iv);
  cipher.setAAD(Buffer.from(name));
  const sealed = Buffer.concat([cipher.update(value, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${ENCRYPTED_PREFIX}${iv.toString('base64')}:${sealed.toString('base64')}`;
}

/** Thrown when a stored secret cannot be read with the configured key (or is encrypted and no key is set). */
export class SecretKeyError extends Error {
  constructor(name: string, why: string) {
    super(`The stored secret ${name} ${why}: AUTH_SECRETS_KEY must be the key it was encrypted with.`);
    this.name = 'SecretKeyError';
  }
}

export function decryptSecret(secretsKey: string | undefined, name: string, stored: string): string {
  if (!stored.startsWith(ENCRYPTED_PREFIX)) return stored;
  if (secretsKey === undefined) throw new SecretKeyError(name, 'is encrypted and AUTH_SECRETS_KEY is not set');
  const [ivText, sealedText] = stored.slice(ENCRYPTED_PREFIX.length).split(':');
  const iv = Buffer.from(ivText ?? '', 'base64');
  const sealed = Buffer.from(sealedText ?? '', 'base64');
  if (iv.length !== 12 || sealed.length < 16) throw new SecretKeyError(name, 'is not in the enc:v1 form');
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(secretsKey, name), iv);
    decipher.setAAD(Buffer.from(name));
    decipher.setAuthTag(sealed.subarray(sealed.length - 16));
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretKeyError(name, 'does not open with the configured key');
  }
}

/**
 * A secret generated once and shared by every server process through the database: the first
 * process to need it inserts it, any racing process keeps the stored one. With `secretsKey`
 * (AUTH_SECRETS_KEY) the value is stored encrypted (AES-256-GCM, key from HKDF-SHA256), so a copy of
 * the database alone does not give the provider's keys away; a plain value stored before the key
 * was set is encrypted in place when it is next read.
 */
export async function storedSecret(db: Database, name: string, make: () => Promise<string> | string, secretsKey?: string): Promise<string> {
  const read = async () => (await db.kysely.selectFrom('auth_secrets').select('value').where('name', '=', name).executeTakeFirst())?.value;
  let stored = await read();
  if (stored === undefined) {
    const value = await make();
    await db.kysely
      .insertInto('auth_secrets')
      .values({ name, value: secretsKey === undefined ? value : encryptSecret(secretsKey, name, value), created_at: Date.now() })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
    stored = await read();
    if (stored === undefined) throw new Error(`The secret ${name} could not be stored.`);
  }
  const value = decryptSecret(secretsKey, name, stored);
  if (secretsKey !== undefined && !stored.startsWith(ENCRYPTED_PREFIX)) {
    // Only the row still holding that plain value: a racing process may have encrypted it already.
    await db.kysely
      .updateTable('auth_secrets')
      .set({ value: encryptSecret(secretsKey, name, value) })
      .where('name', '=', name)
      .where('value', '=', stored)
      .execute();
  }
  return value;
}

/** The built-in provider's secrets: ID token signing key, cookie signing keys and its web client's secret. */
export interface ProviderSecrets {
  signingKey: JWK;
  cookieKeys: string[];
  clientSecret: string;
}

/** Reads (or makes) the provider's secrets; `secretsKey` is config.auth.secretsKey (AUTH_SECRETS_KEY). */
export async function providerSecrets(db: Database, secretsKey?: string): Promise<ProviderSecrets> {
  const signingKey = await storedSecret(
    db,
    'oidc_signing_key',
    async () => {
      const { privateKey } = await generateKeyPair('RS256', { extractable: true });
      const jwk = await exportJWK(privateKey);
      return JSON.stringify({ ...jwk, alg: 'RS256', use: 'sig', kid: randomToken().slice(0, 16) });
    },
    secretsKey,
  );
  const cookieKey = await storedSecret(db, 'oidc_cookie_key', randomToken, secretsKey);
  const clientSecret = await storedSecret(db, 'oidc_client_secret', randomToken, secretsKey);
  return { signingKey: JSON.parse(signingKey) as JWK, cookieKeys: [cookieKey], clientSecret };
}
