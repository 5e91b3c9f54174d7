import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { accountRoutes, type AccountRoutesOptions } from '../account/index.js';
import type { SessionResolver, SessionUser } from '../auth/sessionContract.js';
import { billingRoutes, type BillingRoutesOptions } from '../billing/index.js';
import { loadBillingConfig, type BillingConfig } from '../billing/config.js';
import { openDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Database } from '../db/schema.js';
import { installErrorHandler } from '../http/errors.js';
import type { FreshDatabase } from './databaseContract.js';
import { createScratchSchema } from './postgres.js';

/** Name of the test session cookie. */
export const TEST_SESSION_COOKIE = 'cw_test_session';

/**
 * THE AUTH EDGE, for tests only: a SessionResolver over an in-memory map from a cookie value to a
 * signed-in customer. The real resolver (sessions in the database, apps/server/src/auth) replaces
 * it when the lead wires the routes; the billing and account routes only see the SessionResolver
 * contract, so they behave the same with either.
 */
export class TestSessions implements SessionResolver {
  private readonly byCookie = new Map<string, SessionUser>();

  /** Signs a customer in; returns the Cookie header value to send. */
  signIn(custId: string, email: string): string {
    const sessionId = `test-session-${this.byCookie.size + 1}-${custId}`;
    this.byCookie.set(sessionId, { custId, email, sessionId });
    return `${TEST_SESSION_COOKIE}=${sessionId}`;
  }

  signOut(cookie: string): void {
    this.byCookie.delete(cookie.slice(TEST_SESSION_COOKIE.length + 1));
  }

  async resolve(request: FastifyRequest): Promise<SessionUser | null> {
    const header = request.headers.cookie ?? '';
    for (const part of header.split(';')) {
      const [name, ...value] = part.trim().split('=');
      if (name === TEST_SESSION_COOKIE) return this.byCookie.get(value.join('=')) ?? null;
    }
    return null;
  }
}

/** A fresh migrated SQLite database in a temp folder. */
export async function freshSqlite(): Promise<FreshDatabase> {
  // Not testApp's helpers: importing it would load the whole app (and the auth provider) too.
  const dir = await mkdtemp(join(tmpdir(), 'clearway-billing-'));
  const removeTempDir = (path: string) => rm(path, { recursive: true, force: true });
  const db = openDatabase({ dialect: 'sqlite', path: join(dir, 'billing.sqlite') });
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.close();
    await removeTempDir(dir);
    throw error;
  }
  return { db, dispose: async () => { await db.close(); await removeTempDir(dir); } };
}

/** A fresh migrated scratch schema on the PostgreSQL server at `url`. */
export async function freshPostgres(url: string): Promise<FreshDatabase> {
  const scratch = await createScratchSchema(url);
  const db = openDatabase({ dialect: 'postgres', url: scratch.url });
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.close();
    await scratch.drop();
    throw error;
  }
  return { db, dispose: async () => { await db.close(); await scratch.drop(); } };
}

export interface BillingTestApp {
  app: FastifyInstance;
  db: Database;
  sessions: TestSessions;
  config: BillingConfig;
  clock: { now: number };
}

/**
 * Fastify with billingRoutes and accountRoutes (as the lead will register them) on `db`, the
 * test sessions and a settable clock.
 */
export async function buildBillingTestApp(
  db: Database,
  options: { env?: Record<string, string>; billing?: Partial<BillingRoutesOptions>; account?: Partial<AccountRoutesOptions>; now?: number } = {},
): Promise<BillingTestApp> {
  const sessions = new TestSessions();
  const config = loadBillingConfig(options.env ?? {});
  const clock = { now: options.now ?? Date.parse('2026-11-21T12:00:00.000Z') };
  const app = Fastify({ logger: false, bodyLimit: 256 * 1024 });
  installErrorHandler(app);
  await app.register(billingRoutes, { db, sessions, config, now: () => clock.now, ...options.billing });
  await app.register(accountRoutes, { db, sessions, config, now: () => clock.now, ...options.account });
  await app.ready();
  return { app, db, sessions, config, clock };
}

/** One Stripe API request as the fake fetch saw it: form or query parameters flattened. */
export interface RecordedStripeRequest {
  method: string;
  path: string;
  params: Record<string, string>;
}

export type StripeReply = (request: RecordedStripeRequest) => { status?: number; body: object };

/**
 * A real Stripe client whose HTTP goes to a fake fetch (Stripe.createFetchHttpClient): each call is
 * answered by the next scripted reply and recorded, so tests check the request shapes. No network.
 */
export function fakeStripe(replies: StripeReply[]): { stripe: Stripe; requests: RecordedStripeRequest[] } {
  const requests: RecordedStripeRequest[] = [];
  const fetchFn = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    const form = typeof init?.body === 'string' ? init.body : '';
    const params = Object.fromEntries(new URLSearchParams(url.search ? url.search.slice(1) : form));
    const recorded = { method: init?.method ?? 'GET', path: url.pathname, params };
    requests.push(recorded);
    const reply = replies.shift();
    if (reply === undefined) throw new Error(`unexpected Stripe call ${recorded.method} ${recorded.path}`);
    const { status = 200, body } = reply(recorded);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'request-id': `req_${requests.length}` } });
  };
  const stripe = new Stripe('sk_test_123', { httpClient: Stripe.createFetchHttpClient(fetchFn as typeof fetch), maxNetworkRetries: 0 });
  return { stripe, requests };
}
