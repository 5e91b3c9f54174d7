import type { Kysely, Migration } from 'kysely';
import type { DatabaseDialect } from '../schema.js';

/**
 * Creates the sign-in store (spec part 1 §4 "Sign-in", §7 find_or_create): the built-in identity
 * provider's users, one-time e-mail tokens, outbox and stored OIDC payloads, the customers that
 * find_or_create makes, the relying party's pending logins and sessions, sign-in attempts for the
 * rate limit, and generated secrets shared by every server process. Times are ms since the epoch
 * in bigint columns on both dialects.
 */
export function authMigration(_dialect: DatabaseDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('auth_users')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('email', 'text', (col) => col.notNull().unique())
        .addColumn('password_hash', 'text', (col) => col.notNull())
        .addColumn('email_verified', 'integer', (col) => col.notNull())
        .addColumn('full_name', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('auth_email_tokens')
        .addColumn('token_hash', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull())
        .addColumn('purpose', 'text', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema
        .createTable('auth_outbox')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('to_address', 'text', (col) => col.notNull())
        .addColumn('subject', 'text', (col) => col.notNull())
        .addColumn('body_text', 'text', (col) => col.notNull())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('sent_at', 'bigint')
        .execute();
      await db.schema.createIndex('auth_outbox_to_idx').on('auth_outbox').columns(['to_address', 'created_at']).execute();
      await db.schema
        .createTable('oidc_payloads')
        .addColumn('model', 'text', (col) => col.notNull())
        .addColumn('id', 'text', (col) => col.notNull())
        .addColumn('payload', 'text', (col) => col.notNull())
        .addColumn('grant_id', 'text')
        .addColumn('user_code', 'text')
        .addColumn('uid', 'text')
        .addColumn('expires_at', 'bigint')
        .addColumn('consumed_at', 'bigint')
        .addPrimaryKeyConstraint('oidc_payloads_pk', ['model', 'id'])
        .execute();
      await db.schema.createIndex('oidc_payloads_grant_idx').on('oidc_payloads').column('grant_id').execute();
      await db.schema.createIndex('oidc_payloads_uid_idx').on('oidc_payloads').column('uid').execute();
      await db.schema.createIndex('oidc_payloads_user_code_idx').on('oidc_payloads').column('user_code').execute();
      await db.schema
        .createTable('customers')
        .addColumn('cust_id', 'text', (col) => col.primaryKey())
        .addColumn('email', 'text', (col) => col.notNull().unique())
        .addColumn('full_name', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('auth_sessions')
        .addColumn('id_hash', 'text', (col) => col.primaryKey())
        .addColumn('cust_id', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('auth_sessions_cust_idx').on('auth_sessions').column('cust_id').execute();
      await db.schema
        .createTable('auth_pending_logins')
        .addColumn('id_hash', 'text', (col) => col.primaryKey())
        .addColumn('state', 'text', (col) => col.notNull())
        .addColumn('nonce', 'text', (col) => col.notNull())
        .addColumn('code_verifier', 'text', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('auth_attempts')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('attempt_key', 'text', (col) => col.notNull())
        .addColumn('at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('auth_attempts_key_idx').on('auth_attempts').columns(['attempt_key', 'at']).execute();
      await db.schema
        .createTable('auth_secrets')
        .addColumn('name', 'text', (col) => col.primaryKey())
        .addColumn('value', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of [
        'auth_secrets', 'auth_attempts', 'auth_pending_logins', 'auth_sessions', 'customers', 'oidc_payloads',
        'auth_outbox', 'auth_email_tokens', 'auth_users',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
