import type { Database } from '../db/index.js';

/** The spec's licence code of a customer (part 1 §3: 2 = licensed or purchased, 5 = trial not available). */
export type LicenceCodeLookup = (db: Database, custId: string) => Promise<number>;

/** The licence code for a customer with no purchase. Billing replaces the lookup with the real one. */
export const NO_PURCHASE_CODE = 0;

/** Default lookup until billing provides one: nobody has a purchase. */
export const noPurchaseLicence: LicenceCodeLookup = async () => NO_PURCHASE_CODE;

/** Where the browser goes after login (spec part 1 §2): the map for a licensed customer, else the profile welcome. */
export function afterLoginPath(licenceCode: number): string {
  return licenceCode === 2 ? '/app/map1' : '/app/aircraft_profile_welcome';
}

/** Where the browser goes after logout (spec part 1 §2). */
export const AFTER_LOGOUT_PATH = '/';
