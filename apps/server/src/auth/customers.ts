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

/**
 * The customer of a verified ID token, bound to its issuer and subject (issue 26 point 5). A token
 * whose (iss, sub) is bound gets that customer. Otherwise the customer of the e-mail (made when
 * missing) is bound to it, unless that customer is already bound to another subject of the same
 * issuer: then undefined, and the sign-in must be refused (someone else's token naming this
 * address). Safe when two first sign-ins race: one subject per customer and issuer is a unique
 * constraint, so only one binding is stored and the other sign-in is refused.
 */
export async function findOrCreateBoundCustomer(
  db: Database,
  identity: { iss: string; sub: string; email: string; fullName?: string | undefined },
): Promise<Customer | undefined> {
  const bound = await boundCustomerId(db, identity.iss, identity.sub);
  if (bound !== undefined) {
    const customer = await findCustomer(db, bound);
    if (customer !== undefined) return customer;
    // The customer was deleted: its binding goes too, and the token starts afresh.
    await db.kysely.deleteFrom('auth_identities').where('cust_id', '=', bound).execute();
  }
  const customer = await findOrCreateCustomer(db, identity);
  await db.kysely
    .insertInto('auth_identities')
    .values({ iss: identity.iss, sub: identity.sub, cust_id: customer.custId, created_at: Date.now() })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  return (await boundCustomerId(db, identity.iss, identity.sub)) === customer.custId ? customer : undefined;
}

async function boundCustomerId(db: Database, iss: string, sub: string): Promise<string | undefined> {
  const row = await db.kysely.selectFrom('auth_identities').select('cust_id').where('iss', '=', iss).where('sub', '=', sub).executeTakeFirst();
  return row?.cust_id;
}
