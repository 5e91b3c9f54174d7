// Issue 26 point 9: with AUTH_SECRETS_KEY the identity provider's private key, cookie key and client
// secret are stored encrypted, so a copy of the database alone gives none of them away.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type Database } from '../db/index.js';
import { providerSecrets, storedSecret } from '../auth/index.js';
import { makeTempDir, removeTempDir, startTestApp } from '../testing/testApp.js';
import { Browser, registerConfirmed, signIn, startTarget } from './signInKit.js';

const KEY = 'k'.repeat(16) + 'a-long-operator-secret-0123456789';
let dir: string;
let db: Database;

beforeEach(async () => {
  dir = await makeTempDir();
  db = openDatabase({ dialect: 'sqlite', path: join(dir, 'secrets.db') });
  await migrateToLatest(db);
});

afterEach(async () => {
  await db.close();
  await removeTempDir(dir);
});

const rows = async () => db.kysely.selectFrom('auth_secrets').select(['name', 'value']).orderBy('name').execute();

describe('point 9: the provider secrets in the database', () => {
  it('with AUTH_SECRETS_KEY every stored value is enc:v1 ciphertext that holds no part of the secret, and reads back the same', async () => {
    const secrets = await providerSecrets(db, KEY);
    const stored = await rows();
    expect(stored.map((r) => r.name)).toEqual(['oidc_client_secret', 'oidc_cookie_key', 'oidc_signing_key']);
    for (const row of stored) expect(row.value).toMatch(/^enc:v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    const all = stored.map((r) => r.value).join('\n');
    expect(all).not.toContain(secrets.clientSecret);
    expect(all).not.toContain(secrets.cookieKeys[0]);
    expect(all).not.toContain(String(secrets.signingKey.d));
    expect(await providerSecrets(db, KEY)).toEqual(secrets);
  });

  it('without the key (or with another) the server refuses to use them, naming AUTH_SECRETS_KEY', async () => {
    await providerSecrets(db, KEY);
    await expect(providerSecrets(db)).rejects.toThrow(/oidc_signing_key is encrypted and AUTH_SECRETS_KEY is not set/);
    await expect(providerSecrets(db, `${KEY}x`)).rejects.toThrow(/oidc_signing_key does not open with the configured key: AUTH_SECRETS_KEY/);
  });

  it('a value moved to another name does not open (the name is authenticated with it)', async () => {
    await storedSecret(db, 'first', () => 'one', KEY);
    const first = (await rows())[0]!.value;
    await db.kysely.insertInto('auth_secrets').values({ name: 'second', value: first, created_at: Date.now() }).execute();
    await expect(storedSecret(db, 'second', () => 'two', KEY)).rejects.toThrow(/second does not open/);
  });

  it('plain values stored before the key was set are encrypted in place when read with it', async () => {
    const plain = await providerSecrets(db);
    expect((await rows()).every((r) => !r.value.startsWith('enc:'))).toBe(true);
    expect(await providerSecrets(db, KEY)).toEqual(plain);
    expect((await rows()).every((r) => r.value.startsWith('enc:v1:'))).toBe(true);
    expect(await providerSecrets(db, KEY)).toEqual(plain);
  });

  it('GET /oidc/.well-known/openid-configuration and /oidc/jwks on a server with AUTH_SECRETS_KEY: 200, the public key of the decrypted signing key', async () => {
    const running = await startTestApp({ env: { AUTH_SECRETS_KEY: KEY } });
    try {
      expect((await running.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' })).statusCode).toBe(200);
      const stored = await running.db.kysely.selectFrom('auth_secrets').select(['name', 'value']).execute();
      expect(stored.length).toBe(3);
      for (const row of stored) expect(row.value.startsWith('enc:v1:')).toBe(true);
      const jwks = await running.app.inject({ method: 'GET', url: '/oidc/jwks' });
      expect(jwks.statusCode).toBe(200);
      const { signingKey } = await providerSecrets(running.db, KEY);
      expect((jwks.json() as { keys: { n: string }[] }).keys[0]?.n).toBe(signingKey.n);
    } finally {
      await running.close();
    }
  });

  it('a whole sign-in (register, confirm, hosted login form, code flow) on a server with AUTH_SECRETS_KEY lands in the app', async () => {
    const target = await startTarget({ AUTH_SECRETS_KEY: KEY });
    try {
      // The rows are encrypted before anything reads them, so both the provider and the relying
      // party (which reads the client secret) must open them with the key.
      await providerSecrets(target.db, KEY);
      await registerConfirmed(target, 'keyed@example.com');
      expect(await signIn(new Browser(target.origin, '203.0.113.77'), 'keyed@example.com')).toMatch(/\/app\//);
      const stored = await target.db.kysely.selectFrom('auth_secrets').select('value').execute();
      expect(stored.length).toBe(3);
      for (const row of stored) expect(row.value.startsWith('enc:v1:')).toBe(true);
    } finally {
      await target.close();
    }
  }, 60_000);
});
