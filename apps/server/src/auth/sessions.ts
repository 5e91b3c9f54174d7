import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { rowNumber, type Database, type DatabaseSchema } from '../db/index.js';
import { hashToken, randomToken, readCookies } from './cookies.js';
import type { SessionResolver, SessionUser } from './sessionContract.js';
import { normaliseEmail } from './users.js';

/** The session cookie: a random 32-byte token; the database keeps its SHA-256 only. */
export const SESSION_COOKIE = 'cw_session';

/** A new session for a customer; returns the cookie value. */
export async function createSession(db: Database, custId: string, ttlMs: number, now = Date.now()): Promise<string> {
  const token = randomToken();
  await db.kysely
    .insertInto('auth_sessions')
    .values({ id_hash: hashToken(token), cust_id: custId, created_at: now, expires_at: now + ttlMs })
    .execute();
  return token;
}

/** Ends the session of a cookie value (no-op when unknown). */
export async function deleteSession(db: Database, token: string): Promise<void> {
  await db.kysely.deleteFrom('auth_sessions').where('id_hash', '=', hashToken(token)).execute();
}

/**
 * Ends every session of the customer with this e-mail address (a password reset: whoever knew the
 * old password must not stay signed in). Returns how many sessions ended.
 */
export async function deleteSessionsOfEmail(db: Database, email: string): Promise<number> {
  const customers = db.kysely.selectFrom('customers').select('cust_id').where('email', '=', normaliseEmail(email));
  const result = await db.kysely.deleteFrom('auth_sessions').where('cust_id', 'in', customers).executeTakeFirst();
  return rowNumber(result.numDeletedRows);
}

/** Which of a customer's sessions: every one, one by id, or all but one (the caller's own). */
export interface SessionSelection {
  only?: string;
  except?: string;
  /** Only those still signed in at this time (not expired). */
  signedInAt?: number;
}

/**
 * The ids (auth_sessions.id_hash) of a customer's sessions in a selection. `executor` is the
 * database or an open transaction of the caller's.
 */
export async function customerSessions(executor: Kysely<DatabaseSchema>, custId: string, which: SessionSelection = {}): Promise<string[]> {
  let query = executor.selectFrom('auth_sessions').select('id_hash').where('cust_id', '=', custId);
  if (which.only !== undefined) query = query.where('id_hash', '=', which.only);
  if (which.except !== undefined) query = query.where('id_hash', '<>', which.except);
  if (which.signedInAt !== undefined) query = query.where('expires_at', '>', which.signedInAt);
  return (await query.execute()).map((row) => row.id_hash);
}

/**
 * Ends a customer's sessions in a selection with one delete that answers the ended ids, so no
 * session signed in between a read and the delete is missed or counted twice. The only place
 * outside sign-in and sign-out that ends sessions: devices ("sign out all other devices", a removed
 * device) and account deletion call it, inside their own transaction where they have one.
 */
export async function endCustomerSessions(executor: Kysely<DatabaseSchema>, custId: string, which: SessionSelection = {}): Promise<string[]> {
  let query = executor.deleteFrom('auth_sessions').where('cust_id', '=', custId);
  if (which.only !== undefined) query = query.where('id_hash', '=', which.only);
  if (which.except !== undefined) query = query.where('id_hash', '<>', which.except);
  if (which.signedInAt !== undefined) query = query.where('expires_at', '>', which.signedInAt);
  return (await query.returning('id_hash').execute()).map((row) => row.id_hash);
}

/** A session row joined with its customer, as the lookup reads it. */
interface SessionRow {
  cust_id: string;
  email: string;
  expires_at: number | string;
}

/** better-sqlite3's handle (db/connect.ts exposes it on SQLite databases). */
type SqliteHandle = NonNullable<Database['sqlite']>;
const SESSION_LOOKUP_SQL =
  'select auth_sessions.cust_id, customers.email, auth_sessions.expires_at from auth_sessions ' +
  'inner join customers on customers.cust_id = auth_sessions.cust_id where auth_sessions.id_hash = ?';
/** The lookup prepared once per SQLite handle: every authorised request runs it. */
const sqliteLookups = new WeakMap<SqliteHandle, { get: (idHash: string) => unknown }>();

function readSessionRow(db: Database, idHash: string): Promise<SessionRow | undefined> {
  const handle = db.sqlite;
  if (handle !== undefined) {
    let lookup = sqliteLookups.get(handle);
    if (lookup === undefined) {
      lookup = handle.prepare(SESSION_LOOKUP_SQL);
      sqliteLookups.set(handle, lookup);
    }
    const prepared = lookup;
    // Holding Kysely's connection, as the handle's contract asks: never inside another caller's open transaction.
    return db.kysely.connection().execute(async () => prepared.get(idHash) as SessionRow | undefined);
  }
  return db.kysely
    .selectFrom('auth_sessions')
    .innerJoin('customers', 'customers.cust_id', 'auth_sessions.cust_id')
    .select(['auth_sessions.cust_id', 'customers.email', 'auth_sessions.expires_at'])
    .where('auth_sessions.id_hash', '=', idHash)
    .executeTakeFirst();
}

/**
 * The signed-in customer for a session cookie value, or null when unknown or expired. Read from the
 * database on every call (no cache), so a logout or a password reset in any server process ends
 * the session at once; on SQLite through one statement prepared per handle.
 */
export async function lookupSession(db: Database, token: string, now = Date.now()): Promise<SessionUser | null> {
  if (!/^[\w-]{43}$/.test(token)) return null;
  const idHash = hashToken(token);
  const row = await readSessionRow(db, idHash);
  if (row === undefined || rowNumber(row.expires_at) <= now) return null;
  return { custId: row.cust_id, email: row.email, sessionId: idHash };
}

/** The session cookie value of a request, if any. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  return readCookies(request).get(SESSION_COOKIE);
}

/** Resolves requests to customers from the session cookie and the `auth_sessions` table (never process memory). */
export function createSessionResolver(db: Database): SessionResolver {
  return {
    async resolve(request) {
      const token = sessionTokenOf(request);
      return token === undefined ? null : lookupSession(db, token);
    },
  };
}

const signedIn = new WeakMap<FastifyRequest, SessionUser>();

/** The JSON error of a request without a valid session. */
export const SIGNED_OUT_ERROR = 'Sign in required: no valid session';

/** A route hook: answers and returns the reply to end the request there, or undefined to go on. */
export type SessionHook = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;

/**
 * The one session check of every authorised route (sync, billing, account, realtime, /auth/me): a
 * hook that answers 401 `{error: signedOutError}` (`Cache-Control: no-store`) without a valid
 * session and otherwise remembers the customer for sessionUserOf. Use it as `onRequest` to refuse
 * before the body is read (sync), `preHandler` after it is parsed (billing, account: a malformed body
 * still gets its 400 first) or `preValidation` on a websocket upgrade (realtime). Each module keeps
 * its own 401 text.
 */
export function requireSession(resolver: SessionResolver, signedOutError: string = SIGNED_OUT_ERROR): SessionHook {
  return async function requireSessionHook(request: FastifyRequest, reply: FastifyReply) {
    const user = await resolver.resolve(request);
    if (user === null) {
      await reply.code(401).header('cache-control', 'no-store').send({ error: signedOutError });
      return reply;
    }
    signedIn.set(request, user);
    return undefined;
  };
}

/** The customer that requireSession found for this request. */
export function sessionUserOf(request: FastifyRequest): SessionUser {
  const user = signedIn.get(request);
  if (user === undefined) throw new Error('sessionUserOf: the route has no requireSession preHandler');
  return user;
}

/** Thrown by assertCustomer; the error handler answers 403 `{error}`. */
export class CustomerMismatchError extends Error {
  override readonly name = 'CustomerMismatchError';
  readonly statusCode = 403;
  readonly code = 'CUSTOMER_MISMATCH';

  constructor() {
    super('cust_id does not match the signed-in customer');
  }
}

/** Throws a 403 error unless `custId` (from a request body or query) is the session's customer. */
export function assertCustomer(user: SessionUser, custId: unknown): void {
  if (custId !== user.custId) throw new CustomerMismatchError();
}
