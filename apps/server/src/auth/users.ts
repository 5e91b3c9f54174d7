import { randomUUID } from 'node:crypto';
import { rowNumber, type Database } from '../db/index.js';
import { hashToken, randomToken } from './cookies.js';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from './passwords.js';

/** A user of the built-in identity provider. */
export interface IdpUser {
  id: string;
  email: string;
  emailVerified: boolean;
  fullName: string;
}

/** Purposes of one-time e-mail links and how long each lasts, ms. */
export const EMAIL_TOKEN_TTL = { verify: 48 * 3600_000, reset: 3600_000 } as const;
export type EmailTokenPurpose = keyof typeof EMAIL_TOKEN_TTL;

/** Issue 26 point 4 (OWASP ASVS 2.1.1): at least 12 characters (it was 10). */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 200;

/**
 * A name that may go into a mail and a page as typed: no line breaks or other control characters
 * (a forged mail body or header), and nothing that reads as a web address (a link in a mail from
 * Clearway): no `://`, `www.`, `@`, nor a dot between a letter and two more letters (`evil.com`;
 * `J.R.R. Tolkien` and `St. John` pass).
 */
export function isPlainName(name: string): boolean {
  return !/[\p{Cc}\p{Zl}\p{Zp}]/u.test(name) && !/:\/\/|www\.|@|\p{L}\.\p{L}{2}/iu.test(name);
}

/** E-mail addresses are compared lower-cased and trimmed. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A plausible e-mail address (one @, a dot in the domain, no spaces), at most 254 characters. */
export function isEmailAddress(email: string): boolean {
  // Quadratic on a run of dots at worst, and the length is checked first: at most 254 characters.
  // eslint-disable-next-line regexp/no-super-linear-backtracking
  return email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
}

function toUser(row: { id: string; email: string; email_verified: number; full_name: string }): IdpUser {
  return { id: row.id, email: row.email, emailVerified: row.email_verified === 1, fullName: row.full_name };
}

export async function findUserById(db: Database, id: string): Promise<IdpUser | undefined> {
  const row = await db.kysely.selectFrom('auth_users').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toUser(row);
}

export async function findUserByEmail(db: Database, email: string): Promise<IdpUser | undefined> {
  const row = await db.kysely.selectFrom('auth_users').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
  return row && toUser(row);
}

/** Creates an unverified user; undefined when the e-mail is taken. */
export async function createUser(db: Database, input: { email: string; password: string; fullName: string }): Promise<IdpUser | undefined> {
  const email = normaliseEmail(input.email);
  const id = randomUUID();
  const password_hash = await hashPassword(input.password);
  const result = await db.kysely
    .insertInto('auth_users')
    .values({ id, email, password_hash, email_verified: 0, full_name: input.fullName.trim(), created_at: Date.now() })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .executeTakeFirst();
  if (rowNumber(result.numInsertedOrUpdatedRows ?? 0) === 0) return undefined;
  return { id, email, emailVerified: false, fullName: input.fullName.trim() };
}

/**
 * The user when the e-mail and password match, else undefined. An unknown e-mail still costs one
 * scrypt hash, so the answer time does not tell which addresses have accounts.
 */
export async function checkPassword(db: Database, email: string, password: string): Promise<IdpUser | undefined> {
  const row = await db.kysely.selectFrom('auth_users').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
  const ok = await verifyPassword(password, row?.password_hash ?? DUMMY_PASSWORD_HASH);
  return ok && row !== undefined ? toUser(row) : undefined;
}

export async function setPassword(db: Database, userId: string, password: string): Promise<void> {
  await db.kysely.updateTable('auth_users').set({ password_hash: await hashPassword(password) }).where('id', '=', userId).execute();
}

export async function markEmailVerified(db: Database, userId: string): Promise<void> {
  await db.kysely.updateTable('auth_users').set({ email_verified: 1 }).where('id', '=', userId).execute();
}

/** Makes a one-time link token for a user; the database keeps only its hash. */
export async function issueEmailToken(db: Database, userId: string, purpose: EmailTokenPurpose): Promise<string> {
  const token = randomToken();
  await db.kysely
    .insertInto('auth_email_tokens')
    .values({ token_hash: hashToken(token), user_id: userId, purpose, expires_at: Date.now() + EMAIL_TOKEN_TTL[purpose], used_at: null })
    .execute();
  return token;
}

/** Why a link token cannot be used. */
export type EmailTokenProblem = 'unknown' | 'expired' | 'used';

/** Finds a link token without using it up. */
export async function peekEmailToken(
  db: Database,
  token: string,
  purpose: EmailTokenPurpose,
): Promise<{ userId: string } | { problem: EmailTokenProblem }> {
  const row = await db.kysely
    .selectFrom('auth_email_tokens')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  if (row === undefined) return { problem: 'unknown' };
  if (row.used_at !== null) return { problem: 'used' };
  if (rowNumber(row.expires_at) <= Date.now()) return { problem: 'expired' };
  return { userId: row.user_id };
}

/**
 * Voids every pending link of a user (reset and confirmation), e.g. once a password reset is done:
 * an older mail's link must not change the password again. Returns how many were voided.
 */
export async function voidEmailTokensOf(db: Database, userId: string, now = Date.now()): Promise<number> {
  const result = await db.kysely.updateTable('auth_email_tokens').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).executeTakeFirst();
  return rowNumber(result.numUpdatedRows);
}

/** Uses a link token up; only one caller wins a race. */
export async function consumeEmailToken(db: Database, token: string, purpose: EmailTokenPurpose): Promise<{ userId: string } | { problem: EmailTokenProblem }> {
  const found = await peekEmailToken(db, token, purpose);
  if (!('userId' in found)) return found;
  const result = await db.kysely
    .updateTable('auth_email_tokens')
    .set({ used_at: Date.now() })
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return rowNumber(result.numUpdatedRows) === 1 ? found : { problem: 'used' };
}
