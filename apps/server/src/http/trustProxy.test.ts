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
