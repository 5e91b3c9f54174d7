import { rowNumber, type Database } from '../db/index.js';

/** Texts of the account data calls. */
export const ACCOUNT_TEXT = {
  wrongPassword: 'The password is not right: the account was not deleted.',
  signInAgain: 'Sign in again (at most 5 minutes before) to delete the account: it was not deleted.',
  tooManyTries: 'Too many tries to delete the account: try again in',
  tooManyExports: 'Too many exports of this account: try again in',
  cancelFailed: 'The subscription could not be cancelled with the payment provider, so nothing was deleted. Please try again later.',
} as const;

/** One synced record as exported: its key, the device time of its last change and its fields. */
export interface ExportedRecord {
  key: string;
  gid: string;
  /** Last change on a device, ISO 8601. */
  changed_at: string;
  fields: Record<string, unknown>;
}

/** The whole export: who, when, the devices and every synced record per table. */
export interface AccountExport {
  format: 'clearway-account-export';
  version: 1;
  exported_at: string;
  account: { cust_id: string; email: string; full_name: string; created_at: string | null };
  devices: { uuid: string; first_seen: string; last_seen: string }[];
  /** Sync table name -> its records (removed records, kept as tombstones for sync, are left out). */
  records: Record<string, ExportedRecord[]>;
}

/** The auth_attempts key prefix of account exports (per customer). */
export const ACCOUNT_EXPORT_ATTEMPT = 'account-export:';

const iso = (ms: number | string): string => new Date(rowNumber(ms)).toISOString();

/** The export's file name for a day: clearway-export-YYYY-MM-DD.json. */
export function exportFileName(now: number): string {
  return `clearway-export-${new Date(now).toISOString().slice(0, 10)}.json`;
}

/** Every synced record of a customer (not the removed ones), with the account and its devices. */
export async function exportOf(db: Database, custId: string, now: number): Promise<AccountExport> {
  const customer = await db.kysely.selectFrom('customers').selectAll().where('cust_id', '=', custId).executeTakeFirst();
  const devices = await db.kysely.selectFrom('sync_devices').selectAll().where('cust_id', '=', custId).orderBy('first_seen', 'asc').execute();
  const rows = await db.kysely
    .selectFrom('sync_records')
    .select(['table_name', 'record_key', 'gid', 'ts', 'payload'])
    .where('cust_id', '=', custId)
    .where('deleted', '=', 0)
    .orderBy('table_name', 'asc')
    .orderBy('record_key', 'asc')
    .execute();
  const records: Record<string, ExportedRecord[]> = {};
  for (const row of rows) {
    (records[row.table_name] ??= []).push({
      key: row.record_key,
      gid: row.gid,
      changed_at: iso(row.ts),
      fields: JSON.parse(row.payload) as Record<string, unknown>,
    });
  }
  return {
    format: 'clearway-account-export',
    version: 1,
    exported_at: new Date(now).toISOString(),
    account: {
      cust_id: custId,
      email: customer?.email ?? '',
      full_name: customer?.full_name ?? '',
      created_at: customer === undefined ? null : iso(customer.created_at),
    },
    devices: devices.map((device) => ({ uuid: device.uuid, first_seen: iso(device.first_seen), last_seen: iso(device.last_seen) })),
    records,
  };
}
