import type { Kysely, Migration } from 'kysely';
import type { DatabaseDialect } from '../schema.js';

/**
 * Sign-in hardening (issue 26 points 5 and 10): `auth_identities` binds a customer to the
 * (issuer, subject) of the ID token that first signed it in, so a later token with the same e-mail
 * but another subject cannot take the account (one subject per customer and issuer); and
 * `help_token_uses` records each built-in help-centre token's `jti` when it is used, so a token
 * opens the help centre once. Times are ms since the epoch.
 */
export function authIdentitiesMigration(_dialect: DatabaseDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('auth_identities')
        .addColumn('iss', 'text', (col) => col.notNull())
        .addColumn('sub', 'text', (col) => col.notNull())
        .addColumn('cust_id', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('auth_identities_pk', ['iss', 'sub'])
        .addUniqueConstraint('auth_identities_customer_issuer', ['cust_id', 'iss'])
        .execute();
      await db.schema
        .createTable('help_token_uses')
        .addColumn('jti', 'text', (col) => col.primaryKey())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('help_token_uses').execute();
      await db.schema.dropTable('auth_identities').execute();
    },
  };
}
