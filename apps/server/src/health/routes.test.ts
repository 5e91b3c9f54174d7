import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { DatabaseSchema } from '../db/index.js';
import { startTestApp, type TestApp } from '../testing/testApp.js';

describe('GET /healthz', () => {
  let running: TestApp | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  it('reports ok with version, environment, uptime and the database round trip', async () => {
    running = await startTestApp({ env: { CLEARWAY_ENV: 'test', CLEARWAY_VERSION: '1.2.3' } });
    const reply = await running.app.inject({ method: 'GET', url: '/healthz' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.json()).toEqual({
      status: 'ok',
      version: '1.2.3',
      env: 'qa',
      uptime_s: expect.any(Number),
      db: { status: 'ok', dialect: 'sqlite', latency_ms: expect.any(Number) },
    });
  });

  it('answers 503 with the reason when the database cannot be reached', async () => {
    running = await startTestApp();
    // A real SQLite connection that fails: the file must exist and its folder does not.
    const missing = join(running.dir, 'gone', 'clearway.db');
    const kysely = new Kysely<DatabaseSchema>({
      dialect: new SqliteDialect({ database: async () => new SqliteDatabase(missing, { fileMustExist: true }) }),
    });
    const broken = { kysely, dialect: 'sqlite' as const, target: `sqlite:${missing}`, close: () => kysely.destroy() };
    const app = await buildApp(running.config, { db: broken });
    try {
      const reply = await app.inject({ method: 'GET', url: '/healthz' });
      expect(reply.statusCode).toBe(503);
      const body = reply.json<{ status: string; db: { status: string; dialect: string; error: string } }>();
      expect(body.status).toBe('error');
      expect(body.db).toMatchObject({ status: 'error', dialect: 'sqlite' });
      expect(body.db.error).toMatch(/directory does not exist/);
    } finally {
      await app.close();
      await broken.close();
    }
  });
});
