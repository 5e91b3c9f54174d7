import type { SessionUser } from '../auth/index.js';
import { namesFromEmail, type ProfileNames } from '../billing/index.js';
import type { Database } from '../db/index.js';

/**
 * The login profile's names from the `customers` row sign-in made (find_or_create): the full name
 * from the ID token, else the e-mail (so the account page says 'Aviator'). For accountRoutes'
 * profileNames option.
 */
export function profileNamesFromCustomers(db: Database): (user: SessionUser) => Promise<ProfileNames | null> {
  return async (user) => {
    const row = await db.kysely.selectFrom('customers').select(['full_name', 'email']).where('cust_id', '=', user.custId).executeTakeFirst();
    if (row === undefined) return null;
    const fullName = row.full_name.trim();
    if (fullName === '') return namesFromEmail(row.email);
    return { full_name: fullName, name: fullName, nickname: fullName.split(/\s+/)[0] ?? fullName, pictureURL: '' };
  };
}
