import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/index.js';
import { openDatabase, migrateToLatest } from '../db/index.js';

/** The real app with TRUST_PROXY as given and a route that answers request.ip. */
async function ipOf(trustProxy: string | undefined, headers: Record<string, string>, remoteAddress: string): Promise<string> {
  const config = loadConfig({ HOST: '127.0.0.1', LOG_LEVEL: 'silent', SQLITE_PATH: ':memory:', ...(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }) });
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const app = await buildApp(config, { db });
  app.get('/api/test-ip', async (request) => ({ ip: request.ip }));
  try {
    const reply = await app.inject({ method: 'GET', url: '/api/test-ip', headers, remoteAddress });
    return reply.json<{ ip: string }>().ip;
  } finally {
    await app.close();
    await db.close();
  }
}

describe('TRUST_PROXY', () => {
  const forwarded = { 'x-forwarded-for': '203.0.113.7, 10.0.0.2' };

  it('ignores X-Forwarded-For by default: the peer is the client', async () => {
    expect(await ipOf(undefined, forwarded, '10.0.0.1')).toBe('10.0.0.1');
  });

  it('with true, takes the first address of X-Forwarded-For', async () => {
    expect(await ipOf('true', forwarded, '10.0.0.1')).toBe('203.0.113.7');
  });

  it('with a CIDR list, trusts only those proxies', async () => {
    expect(await ipOf('10.0.0.0/8', forwarded, '10.0.0.1')).toBe('203.0.113.7');
    expect(await ipOf('10.0.0.0/8', forwarded, '198.51.100.9')).toBe('198.51.100.9');
  });
});

/** The built-in provider's discovery document through the real app, with TRUST_PROXY and PUBLIC_ORIGIN as given. */
async function discovery(env: Record<string, string>, headers: Record<string, string>, remoteAddress: string): Promise<{ issuer: string; authorization_endpoint: string; token_endpoint: string }> {
  const config = loadConfig({ HOST: '127.0.0.1', LOG_LEVEL: 'silent', SQLITE_PATH: ':memory:', ...env });
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const app = await buildApp(config, { db });
  try {
    const reply = await app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration', headers, remoteAddress });
    expect(reply.statusCode).toBe(200);
    return reply.json();
  } finally {
    await app.close();
    await db.close();
  }
}

// Issue 26 point 19: with an https origin the provider read X-Forwarded-Host from any client.
describe('forwarded headers reach the identity provider only from a TRUST_PROXY peer', () => {
  const spoofed = { host: 'clearway.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };

  it('GET /oidc/.well-known/openid-configuration with X-Forwarded-Host: evil.example, TRUST_PROXY unset -> 200 naming only PUBLIC_ORIGIN', async () => {
    const document = await discovery({ PUBLIC_ORIGIN: 'https://clearway.example' }, spoofed, '198.51.100.9');
    expect(document.issuer).toBe('https://clearway.example/oidc');
    expect(document.authorization_endpoint).toBe('https://clearway.example/oidc/auth');
    expect(JSON.stringify(document)).not.toContain('evil.example');
  });

  it('the same from a peer outside TRUST_PROXY=10.0.0.0/8 -> 200 naming only PUBLIC_ORIGIN', async () => {
    const document = await discovery({ PUBLIC_ORIGIN: 'https://clearway.example', TRUST_PROXY: '10.0.0.0/8' }, spoofed, '198.51.100.9');
    expect(JSON.stringify(document)).not.toContain('evil.example');
    expect(document.token_endpoint).toBe('https://clearway.example/oidc/token');
  });

  it('without PUBLIC_ORIGIN, TRUST_PROXY=10.0.0.0/8: the proxy\'s X-Forwarded-Host and -Proto are used, a client\'s are not', async () => {
    const env = { TRUST_PROXY: '10.0.0.0/8', ALLOWED_HOSTS: 'clearway.example' };
    const viaProxy = await discovery(env, { host: '10.0.0.5:8080', 'x-forwarded-host': 'clearway.example', 'x-forwarded-proto': 'https' }, '10.0.0.2');
    expect(viaProxy.authorization_endpoint).toBe('https://clearway.example/oidc/auth');
    const direct = await discovery(env, { host: '192.168.1.20:8080', 'x-forwarded-host': 'clearway.example', 'x-forwarded-proto': 'https' }, '198.51.100.9');
    expect(direct.authorization_endpoint).toBe('http://192.168.1.20:8080/oidc/auth');
  });
});
