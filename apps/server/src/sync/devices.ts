import { deviceLimitMessage as protocolDeviceLimitMessage } from '@clearway/protocol';
import { customerSessions, endCustomerSessions } from '../auth/index.js';
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

/** A device with the session its id is bound to. */
export interface SyncDeviceSession extends SyncDevice {
  /** The session the device id is bound to (auth_sessions.id_hash), null when none yet. */
  sessionId: string | null;
  /** Whether that session is still signed in. */
  signedIn: boolean;
}

/** The devices that have synced for a customer, most recent first. */
export async function listSyncDevices(database: Database, custId: string): Promise<SyncDevice[]> {
  return (await listDeviceSessions(database, custId)).map(({ uuid, firstSeen, lastSeen }) => ({ uuid, firstSeen, lastSeen }));
}

/**
 * The devices that have synced for a customer, most recent first, each with whether the session it
 * is bound to is still signed in at `now` (the sessions of sign-in, auth_sessions; read only here).
 */
export async function listDeviceSessions(database: Database, custId: string, now: number = Date.now()): Promise<SyncDeviceSession[]> {
  const rows = await database.kysely
    .selectFrom('sync_devices')
    .leftJoin('auth_sessions', (join) => join.onRef('auth_sessions.id_hash', '=', 'sync_devices.session_id').on('auth_sessions.expires_at', '>', now))
    .select(['sync_devices.uuid', 'sync_devices.first_seen', 'sync_devices.last_seen', 'sync_devices.session_id', 'auth_sessions.id_hash'])
    .where('sync_devices.cust_id', '=', custId)
    .orderBy('sync_devices.last_seen', 'desc')
    .execute();
  return rows.map((row) => ({
    uuid: row.uuid,
    firstSeen: rowNumber(row.first_seen),
    lastSeen: rowNumber(row.last_seen),
    sessionId: row.session_id,
    signedIn: row.id_hash !== null,
  }));
}

/** The signed-in sessions of a customer other than `keep` (auth_sessions ids), at `now`. */
export async function otherSessions(database: Database, custId: string, keep: string, now: number = Date.now()): Promise<string[]> {
  return customerSessions(database.kysely, custId, { except: keep, signedInAt: now });
}

/** Ends the signed-in sessions of a customer other than `keep` ("sign out all other devices"); answers the ended ids. */
export async function endOtherSessions(database: Database, custId: string, keep: string, now: number = Date.now()): Promise<string[]> {
  return endCustomerSessions(database.kysely, custId, { except: keep, signedInAt: now });
}

/** What removing a device did. */
export interface DeviceRemoval {
  removed: boolean;
  /** The session the device was bound to, ended with it (null: none, or the caller's own, which stays). */
  endedSession: string | null;
}

/** Removes one of the customer's devices; true when it was there. Its records stay (its session: removeDeviceEndingSession). */
export async function removeSyncDevice(database: Database, custId: string, uuid: string): Promise<boolean> {
  return (await removeDeviceEndingSession(database, custId, uuid, null)).removed;
}

/**
 * Removes one of the customer's devices (account page) and ends the session it is bound to, unless
 * that is `keepSession` (the caller's own: removing the device in hand does not sign its pilot out
 * of the page they are using). Its records stay.
 */
export async function removeDeviceEndingSession(database: Database, custId: string, uuid: string, keepSession: string | null): Promise<DeviceRemoval> {
  return database.kysely.transaction().execute(async (trx) => {
    const device = await trx
      .deleteFrom('sync_devices')
      .where('cust_id', '=', custId)
      .where('uuid', '=', uuid)
      .returning('session_id')
      .executeTakeFirst();
    if (device === undefined) return { removed: false, endedSession: null };
    const session = device.session_id;
    if (session === null || session === keepSession) return { removed: true, endedSession: null };
    // The session may be bound to other device ids of this account too (one browser, ids reset): it ends for all.
    const ended = await endCustomerSessions(trx, custId, { only: session });
    return { removed: true, endedSession: ended.length > 0 ? session : null };
  });
}
