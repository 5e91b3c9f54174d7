import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { findOrCreateCustomer, createSession, SESSION_COOKIE } from '../auth/index.js';
import type { PaymentProvider } from '../billing/index.js';
import { loadConfig, type Config } from '../config/index.js';
import { openDatabase, migrateToLatest, type Database } from '../db/index.js';
import type { FreshDatabase } from './databaseContract.js';
import { createScratchSchema } from './postgres.js';

/** A fresh migrated SQLite database in a temp folder. */
export async function freshSqlite(): Promise<FreshDatabase> {
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

/** A customer signed in the way sign-in leaves them: their cust_id and the Cookie header value. */
export interface SignedInCustomer {
  custId: string;
  cookie: string;
}

export interface BillingTestApp {
  app: FastifyInstance;
  db: Database;
  config: Config;
  /** The billing and account routes' clock, ms since the epoch; tests move it. */
  clock: { now: number };
  /**
   * Signs a customer in as the relying party does after the code exchange: find_or_create by
   * e-mail (with the name from the ID token), then a database session an hour long (real time).
   */
  signIn: (email: string, fullName?: string) => Promise<SignedInCustomer>;
}

/** Where the billing and account tests start the clock (the spec's sample dates). */
export const BILLING_TEST_NOW = Date.parse('2026-11-21T12:00:00.000Z');

/**
 * The real app (buildApp, as main.ts serves it) on `db`, with the database sessions of sign-in, the
 * configuration read from `env` by loadConfig and a settable clock for the billing and account
 * routes. Only the payment processor is replaced, when `provider` is given (a Stripe client whose
 * HTTP goes to fakeStripe). Close `app` when done; the database stays the caller's.
 */
export async function buildBillingTestApp(
  db: Database,
  options: { env?: Record<string, string>; provider?: PaymentProvider; now?: number } = {},
): Promise<BillingTestApp> {
  const clock = { now: options.now ?? BILLING_TEST_NOW };
  const config = loadConfig({ HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...options.env });
  const now = () => clock.now;
  const app = await buildApp(config, {
    db,
    billing: { now, ...(options.provider === undefined ? {} : { provider: options.provider }) },
    account: { now },
  });
  await app.ready();
  const signIn = async (email: string, fullName = ''): Promise<SignedInCustomer> => {
    const customer = await findOrCreateCustomer(db, { email, fullName });
    const token = await createSession(db, customer.custId, 3600_000);
    return { custId: customer.custId, cookie: `${SESSION_COOKIE}=${token}` };
  };
  return { app, db, config, clock, signIn };
}
