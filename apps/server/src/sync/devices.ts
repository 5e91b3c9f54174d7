import { deviceLimitMessage as protocolDeviceLimitMessage } from '@clearway/protocol';
import { rowNumber, type Database } from '../db/index.js';

/** Spec part 1 §9: up to 4 devices per subscription. */
export const MAX_DEVICES_PER_CUSTOMER = 4;

/** The refusal a fifth device gets (403), naming the limit and the way out: the protocol's text. */
export function deviceLimitMessage(limit = MAX_DEVICES_PER_CUSTOMER): string {
  return protocolDeviceLimitMessage(limit);
}

/** Thrown when a device the customer has not used before would exceed the device limit; the route answers 403. */
export class SyncDeviceLimitError extends Error {
  override readonly name = 'SyncDeviceLimitError';

  constructor(readonly limit: number) {
    super(deviceLimitMessage(limit));
  }
}

/** A device that has synced for a customer. */
export interface SyncDevice {
  uuid: string;
  /** First and last sync, ms since the epoch. */
  firstSeen: number;
  lastSeen: number;
}

/** The devices that have synced for a customer, most recent first. */
export async function listSyncDevices(database: Database, custId: string): Promise<SyncDevice[]> {
  const rows = await database.kysely
    .selectFrom('sync_devices')
    .select(['uuid', 'first_seen', 'last_seen'])
    .where('cust_id', '=', custId)
    .orderBy('last_seen', 'desc')
    .execute();
  return rows.map((row) => ({ uuid: row.uuid, firstSeen: rowNumber(row.first_seen), lastSeen: rowNumber(row.last_seen) }));
}

/** Removes one of the customer's devices (account page); true when it was there. Its records stay. */
export async function removeSyncDevice(database: Database, custId: string, uuid: string): Promise<boolean> {
  const result = await database.kysely.deleteFrom('sync_devices').where('cust_id', '=', custId).where('uuid', '=', uuid).executeTakeFirst();
  return rowNumber(result.numDeletedRows) > 0;
}
