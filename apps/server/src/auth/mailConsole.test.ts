// Mail the server cannot send (no SMTP_URL): the embedded default prints its link as one plain console
// line; no log line, in any environment, holds a confirmation or reset token (issue 14 points 6, 7).
import { join } from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/index.js';
import { openDatabase, migrateToLatest, type Database } from '../db/index.js';
import { createServerLogger } from '../http/index.js';
import { makeTempDir, removeTempDir } from '../testing/testApp.js';
import { outboxFor } from './mailer.js';
import { authRoutes } from './routes.js';
import { createSessionResolver } from './sessions.js';

interface AuthServer {
  app: FastifyInstance;
  db: Database;
  /** What the Outbox printed on the console. */
  consoleLines: string[];
  /** Every JSON log line, as written. */
  logLines: string[];
  close: () => Promise<void>;
}

const running: AuthServer[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await server.close();
});

/** The sign-in routes on a fresh SQLite database, logging through the server's own logger into a capture. */
async function startAuth(env: Record<string, string>): Promise<AuthServer> {
  const dir = await makeTempDir();
  const config = loadConfig({ HOST: '127.0.0.1', LOG_LEVEL: 'info', SQLITE_PATH: join(dir, 'var', 'test.db'), WEB_DIST: join(dir, 'web'), ...env });
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const consoleLines: string[] = [];
  const logLines: string[] = [];
  const logger: FastifyBaseLogger = createServerLogger(config, { write: (line: string) => void logLines.push(line) });
  const app = Fastify({ loggerInstance: logger });
  await app.register(authRoutes, { config, db, resolver: createSessionResolver(db), mailConsole: (line) => consoleLines.push(line) });
  await app.ready();
  const server = {
    app,
    db,
    consoleLines,
    logLines,
    close: async () => {
      await app.close();
      await db.close();
      await removeTempDir(dir);
    },
  };
  running.push(server);
  return server;
}

/** Fills and posts the hosted form at `path` as a browser would (CSRF cookie and field); returns the status. */
async function submit(app: FastifyInstance, path: string, fields: Record<string, string>): Promise<number> {
  const form = await app.inject({ method: 'GET', url: path });
  expect(form.statusCode).toBe(200);
  const csrf = /name="_csrf" value="([^"]+)"/.exec(form.body)?.[1] ?? '';
  const posted = await app.inject({
    method: 'POST',
    url: path,
    headers: { cookie: `cw_csrf=${csrf}`, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ _csrf: csrf, ...fields }).toString(),
  });
  return posted.statusCode;
}

const EMAIL = 'pilot@example.com';
const PASSWORD = 'correct horse battery';

/** Registers EMAIL and returns the confirmation link of the mail it left in the outbox. */
async function register(server: AuthServer): Promise<string> {
  expect(await submit(server.app, '/oidc/register', { full_name: 'Amelia Earhart', email: EMAIL, password: PASSWORD, password_confirm: PASSWORD })).toBe(201);
  const mails = await outboxFor(server.db, EMAIL);
  const link = /(https?:\/\/\S+\/oidc\/verify\?token=[\w-]+)/.exec(mails[0]?.text ?? '')?.[1];
  if (link === undefined) throw new Error(`no confirmation link in ${JSON.stringify(mails)}`);
  return link;
}

/** The token of a mailed link; asserts every log line is free of it. */
function expectNoTokenInLog(server: AuthServer, link: string): void {
  const token = new URL(link).searchParams.get('token') ?? '';
  expect(token).toMatch(/^[\w-]{20,}$/);
  expect(server.logLines.length).toBeGreaterThan(0);
  expect(server.logLines.filter((line) => line.includes(token))).toEqual([]);
}

describe('the embedded default (CLEARWAY_ENV unset, no SMTP_URL)', () => {
  it('prints one plain line with the confirmation link, and the reset link, on the console', async () => {
    const server = await startAuth({});
    const link = await register(server);
    expect(link).toMatch(/^http:\/\/localhost(:\d+)?\/oidc\/verify\?token=[\w-]+$/);
    expect(server.consoleLines).toEqual([`Confirm ${EMAIL}: ${link}`]);

    expect(await submit(server.app, '/oidc/forgot', { email: EMAIL })).toBe(200);
    const reset = (await outboxFor(server.db, EMAIL)).find((mail) => mail.kind === 'reset');
    const resetLink = /(http:\/\/\S+\/oidc\/reset\?token=[\w-]+)/.exec(reset?.text ?? '')?.[1];
    expect(server.consoleLines).toEqual([`Confirm ${EMAIL}: ${link}`, `Reset the password of ${EMAIL}: ${resetLink}`]);
  });

  it('keeps the token out of the JSON log, the opened link included', async () => {
    const server = await startAuth({});
    const link = await register(server);
    const opened = await server.app.inject({ method: 'GET', url: new URL(link).pathname + new URL(link).search });
    expect(opened.statusCode).toBe(200);
    expectNoTokenInLog(server, link);
    const logged = server.logLines.map((line) => JSON.parse(line) as { msg: string; req?: { url: string } });
    // Sign-in paths are logged without their query string (issue 26 point 8).
    expect(logged.map((entry) => entry.req?.url)).toContain('/oidc/verify?...');
    expect(logged.map((entry) => entry.msg)).toContain('mail kept in the outbox, not sent (SMTP_URL not set)');
  });

  it('prints the line at LOG_LEVEL warn, not at error, nor when mail is disabled', async () => {
    const warn = await startAuth({ LOG_LEVEL: 'warn' });
    expect(warn.consoleLines).toEqual([`Confirm ${EMAIL}: ${await register(warn)}`]);
    const quiet = await startAuth({ LOG_LEVEL: 'error' });
    await register(quiet);
    expect(quiet.consoleLines).toEqual([]);
    const disabled = await startAuth({ SMTP_URL: 'disabled' });
    await register(disabled);
    expect(disabled.consoleLines).toEqual([]);
  });
});

describe('other environments without SMTP', () => {
  it.each([
    [{ CLEARWAY_ENV: 'qa' }, 'SMTP_URL not set'],
    [{ CLEARWAY_ENV: 'dev' }, 'SMTP_URL not set'],
    [{ CLEARWAY_ENV: 'prod', PAYMENTS: 'test', SMTP_URL: 'disabled', HELP_CENTRE_SECRET: 'h'.repeat(32), PUBLIC_ORIGIN: 'https://clearway.example', AUTH_SECRETS_KEY: 'k'.repeat(32) }, 'SMTP_URL=disabled'],
    [{ CLEARWAY_ENV: 'beta', PAYMENTS: 'test', SMTP_URL: 'disabled' }, 'SMTP_URL=disabled'],
  ])('%j keeps the mail in the outbox, prints nothing and logs no token', async (env, reason) => {
    const server = await startAuth(env);
    const link = await register(server);
    expect(server.consoleLines).toEqual([]);
    expectNoTokenInLog(server, link);
    expect(server.logLines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toContain(`mail kept in the outbox, not sent (${reason})`);
  });
});
