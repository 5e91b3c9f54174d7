import { z } from 'zod';

/**
 * Wire types of `POST {api}/sync_profile` (spec part 1 §3 "Local browser database 'prefs'" and
 * "Sync record (reply)", §4 "Sync record actions from the server", §7 "Sync details", §9 "Sync").
 *
 * One request carries the records of one table (`key`), at most 30 of them. The reply is a list of
 * records, each the stored record plus `action` and `table`.
 */

export { SYNC_TABLES, SYNC_SINGLETON_TABLES, type SyncSingletonTable, type SyncTable } from './syncTables.js';
import { SYNC_TABLES, type SyncTable } from './syncTables.js';
import { syncContinuationSchema } from './syncLimits.js';
import { wbRecordSchema } from './weightBalanceSchema.js';

/** Spec part 1 §9: at most 30 records per table per call. */
export const SYNC_MAX_RECORDS_PER_TABLE = 30;
/** Spec part 1 §7/§9: `since` is the last sync time minus this overlap, milliseconds. */
export const SYNC_OVERLAP_MS = 1000;
/** Spec part 1 §9: sync time-out, milliseconds (the initial sync gets SYNC_INITIAL_TIMEOUT_MS). */
export const SYNC_TIMEOUT_MS = 5000;
export const SYNC_INITIAL_TIMEOUT_MS = 10000;

/** The reply actions of spec part 1 §4. */
export const SYNC_ACTIONS = ['updated_elsewhere', 'updated', 'add_gid', 'delete_confirmed'] as const;
export type SyncAction = (typeof SYNC_ACTIONS)[number];

/** Soft-delete flag of the prefs rows: 'T' deleted, 'F' present. */
export const syncDeletedSchema = z.enum(['F', 'T']);
export type SyncDeleted = z.infer<typeof syncDeletedSchema>;

const MAX_KEY_LENGTH = 512;
const MAX_ROUTE_STRING_LENGTH = 4096;

/** Fields every synchronised record carries; the table's own fields pass through untouched. */
const baseRecord = {
  /** When the record was last changed on a device, ms since the epoch (the device's clock). */
  ts: z.number().int().nonnegative(),
  /** Soft delete (spec §4 favourites and recents); absent means 'F'. */
  deleted: syncDeletedSchema.optional(),
  /** The server-assigned global id; absent until the server has sent `add_gid` or `updated`. */
  gid: z.string().min(1).max(64).optional(),
};

/** Strokes a synced sketch may hold (the request's 1 MiB body limit holds a few thousand short strokes). */
export const SKETCH_MAX_STROKES = 2_000;

const codeKey = z.string().trim().min(1).max(MAX_KEY_LENGTH);

/** The record schema of each table (spec part 1 §3 "Local browser database 'prefs'"). */
export const syncRecordSchemas = {
  fav_airports: z.looseObject({ ...baseRecord, code: codeKey }),
  recent_airports: z.looseObject({ ...baseRecord, code: codeKey }),
  /** code is uppercased by the app. */
  searches: z.looseObject({ ...baseRecord, code: codeKey }),
  /** An aircraft model: the performance profile fields plus its tail number; `wb` (issue 24) is checked when present. */
  models: z.looseObject({ ...baseRecord, tail: codeKey, wb: wbRecordSchema.optional() }),
  /** A saved route, keyed by `code` when it has one, else by `final_string`. */
  routes: z
    .looseObject({
      ...baseRecord,
      code: codeKey.optional(),
      final_string: z.string().trim().min(1).max(MAX_ROUTE_STRING_LENGTH).optional(),
    })
    .refine((record) => record.code !== undefined || record.final_string !== undefined, {
      message: 'a route record needs final_string or code',
      path: ['final_string'],
    }),
  /** code is the plate PDF name; info the plate info object. */
  fav_plates: z.looseObject({ ...baseRecord, code: codeKey, info: z.unknown().optional() }),
  recent_plates: z.looseObject({ ...baseRecord, code: codeKey, info: z.unknown().optional() }),
  flight_plans: z.looseObject({ ...baseRecord, flight_id: z.union([codeKey, z.number().int()]) }),
  /** The current route object (spec §3 "Route object"), stamped with ts. */
  route: z.looseObject({ ...baseRecord }),
  /** The current aircraft profile, stamped with ts. */
  profile: z.looseObject({ ...baseRecord, wb: wbRecordSchema.optional() }),
  /** The sketch pad's drawing (apps/web features/sketch sketchModel.ts, version 1), stamped with ts. */
  sketch: z.looseObject({ ...baseRecord, version: z.number().int().positive(), strokes: z.array(z.unknown()).max(SKETCH_MAX_STROKES) }),
} satisfies Record<SyncTable, z.ZodType>;

/** One record as a device sends it or the server stores it: the table's fields plus ts, deleted, gid. */
export type SyncObject = { ts: number; deleted?: SyncDeleted; gid?: string } & Record<string, unknown>;

/** The field that identifies a record within its table; null for the one-value tables. */
export const SYNC_KEY_FIELDS: Readonly<Record<SyncTable, readonly string[] | null>> = {
  fav_airports: ['code'],
  recent_airports: ['code'],
  searches: ['code'],
  models: ['tail'],
  routes: ['code', 'final_string'],
  fav_plates: ['code'],
  recent_plates: ['code'],
  flight_plans: ['flight_id'],
  route: null,
  profile: null,
  sketch: null,
};

/**
 * The key of a record within its table: the first key field present (`code`, `tail`,
 * `flight_id`, or for routes `code` then `final_string`), or the table name for `route` and `profile`.
 * @throws Error when the record has none of its table's key fields (a validated record always has one).
 */
export function syncRecordKey(table: SyncTable, record: Readonly<Record<string, unknown>>): string {
  const fields = SYNC_KEY_FIELDS[table];
  if (fields === null) return table;
  for (const field of fields) {
    const value = record[field];
    if (typeof value === 'string' && value.length > 0) return value.trim();
    if (typeof value === 'number') return String(value);
  }
  throw new Error(`a ${table} record has no ${fields.join(' or ')}`);
}

const requestBase = {
  cust_id: z.string().min(1).max(128),
  /** The device id (prefs property `uuid`). */
  uuid: z.string().min(1).max(64),
  /** The last sync time of this table minus SYNC_OVERLAP_MS, ms since the epoch; 0 on the first sync. */
  since: z.number().int().nonnegative(),
  /** The previous reply's continuation header (syncLimits.ts): the next page of records stored since `since`. */
  continuation: syncContinuationSchema.optional(),
};

function requestFor<T extends SyncTable>(table: T) {
  return z.object({
    ...requestBase,
    key: z.literal(table),
    sync_objects: z.array(syncRecordSchemas[table]).max(SYNC_MAX_RECORDS_PER_TABLE),
  });
}

/**
 * The body of `POST {api}/sync_profile`: `{cust_id, uuid, since, key, sync_objects[]}` for one
 * table. A bad field is reported at its path, e.g. `sync_objects.3.code`.
 */
export const syncProfileRequestSchema = z.discriminatedUnion('key', [
  requestFor('fav_airports'),
  requestFor('recent_airports'),
  requestFor('searches'),
  requestFor('models'),
  requestFor('routes'),
  requestFor('fav_plates'),
  requestFor('recent_plates'),
  requestFor('flight_plans'),
  requestFor('route'),
  requestFor('profile'),
  requestFor('sketch'),
]);
export type SyncProfileRequest = z.infer<typeof syncProfileRequestSchema>;

/**
 * One reply record (spec §3 "Sync record (reply): action, ts, deleted, table"): the stored record
 * (its table fields, ts, deleted, gid) plus what the device is to do with it (spec §4):
 * - `updated_elsewhere`: apply the record, or delete the row if deleted is 'T';
 * - `updated`: set gid and ts (route and profile: replace the stored value);
 * - `add_gid`: set gid;
 * - `delete_confirmed`: remove the row.
 */
export const syncReplyRecordSchema = z.looseObject({
  action: z.enum(SYNC_ACTIONS),
  table: z.enum(SYNC_TABLES),
  ts: z.number().int().nonnegative(),
  deleted: syncDeletedSchema,
  gid: z.string().min(1).max(64),
});
export type SyncReplyRecord = z.infer<typeof syncReplyRecordSchema>;

/** The reply of `POST {api}/sync_profile`: a list of records. */
export const syncProfileReplySchema = z.array(syncReplyRecordSchema);
export type SyncProfileReply = z.infer<typeof syncProfileReplySchema>;
