import { randomBytes } from 'node:crypto';
import type { Database } from '../db/index.js';
import { normaliseEmail } from './users.js';

/** A customer of the product, made on first sign-in (spec part 1 §7 find_or_create). */
export interface Customer {
  custId: string;
  email: string;
  fullName: string;
}

/** A new customer id: `cust_` and 24 hex digits. */
export function newCustomerId(): string {
  return `cust_${randomBytes(12).toString('hex')}`;
}

export async function findCustomer(db: Database, custId: string): Promise<Customer | undefined> {
  const row = await db.kysely.selectFrom('customers').selectAll().where('cust_id', '=', custId).executeTakeFirst();
  return row && { custId: row.cust_id, email: row.email, fullName: row.full_name };
}

/**
 * The customer with this e-mail, made when missing. The e-mail must come from a verified ID token
 * (never from a request body). Safe when two sign-ins race: the unique e-mail keeps one row. A
 * non-empty name from the ID token fills in an empty stored name.
 */
export async function findOrCreateCustomer(db: Database, identity: { email: string; fullName?: string | undefined }): Promise<Customer> {
  const email = normaliseEmail(identity.email);
  const fullName = identity.fullName?.trim() ?? '';
  await db.kysely
    .insertInto('customers')
    .values({ cust_id: newCustomerId(), email, full_name: fullName, created_at: Date.now() })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .execute();
  const row = await db.kysely.selectFrom('customers').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  if (row.full_name === '' && fullName !== '') {
    await db.kysely.updateTable('customers').set({ full_name: fullName }).where('cust_id', '=', row.cust_id).execute();
    row.full_name = fullName;
  }
  return { custId: row.cust_id, email: row.email, fullName: row.full_name };
}
