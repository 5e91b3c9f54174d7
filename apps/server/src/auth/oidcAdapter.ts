import type { Adapter, AdapterPayload } from 'oidc-provider';
import { rowNumber, rowNumberOrNull, type Database } from '../db/index.js';

/**
 * oidc-provider's storage in the `oidc_payloads` table, so any number of server processes share the
 * provider's sessions, interactions, codes and grants. Expired rows are ignored when read and
 * removed now and then when written.
 */
export function databaseAdapterFactory(db: Database): (model: string) => Adapter {
  return (model: string) => new DatabaseAdapter(db, model);
}

function expiryOf(row: { expires_at: number | string | null }): number | null {
  return rowNumberOrNull(row.expires_at);
}

class DatabaseAdapter implements Adapter {
  constructor(private readonly db: Database, private readonly model: string) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const now = Date.now();
    const row = {
      payload: JSON.stringify(payload),
      grant_id: payload.grantId ?? null,
      user_code: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expires_at: expiresIn ? now + expiresIn * 1000 : null,
    };
    await this.db.kysely
      .insertInto('oidc_payloads')
      .values({ model: this.model, id, consumed_at: null, ...row })
      .onConflict((conflict) => conflict.columns(['model', 'id']).doUpdateSet(row))
      .execute();
  }

  private async findWhere(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
    const row = await this.db.kysely
      .selectFrom('oidc_payloads')
      .select(['payload', 'expires_at', 'consumed_at'])
      .where('model', '=', this.model)
      .where(column, '=', value)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    const expiresAt = expiryOf(row);
    if (expiresAt !== null && expiresAt <= Date.now()) return undefined;
    const payload = JSON.parse(row.payload) as AdapterPayload;
    return row.consumed_at === null ? payload : { ...payload, consumed: Math.floor(rowNumber(row.consumed_at) / 1000) };
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('id', id);
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('uid', uid);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('user_code', userCode);
  }

  async consume(id: string): Promise<void> {
    await this.db.kysely
      .updateTable('oidc_payloads')
      .set({ consumed_at: Date.now() })
      .where('model', '=', this.model)
      .where('id', '=', id)
      .execute();
  }

  async destroy(id: string): Promise<void> {
    await this.db.kysely.deleteFrom('oidc_payloads').where('model', '=', this.model).where('id', '=', id).execute();
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.kysely.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
  }
}

/**
 * Ends the built-in provider's own sign-in sessions (model `Session`) of one account, so a browser
 * that was signed in to the provider must enter the (new) password again. The payload is JSON; a
 * LIKE on the account id narrows the rows and the parsed payload decides.
 */
export async function deleteProviderSessionsOf(db: Database, accountId: string): Promise<number> {
  const rows = await db.kysely
    .selectFrom('oidc_payloads')
    .select(['id', 'payload'])
    .where('model', '=', 'Session')
    .where('payload', 'like', `%${accountId.replace(/[%_\\]/g, '')}%`)
    .execute();
  const ids = rows.filter((row) => (JSON.parse(row.payload) as { accountId?: unknown }).accountId === accountId).map((row) => row.id);
  if (ids.length === 0) return 0;
  await db.kysely.deleteFrom('oidc_payloads').where('model', '=', 'Session').where('id', 'in', ids).execute();
  return ids.length;
}
