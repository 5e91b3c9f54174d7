import type { Table } from 'dexie';
import {
  deviceLimitBodySchema,
  SYNC_CONTINUATION_HEADER,
  SYNC_INITIAL_TIMEOUT_MS,
  SYNC_SINGLETON_TABLES,
  SYNC_TABLES,
  SYNC_TIMEOUT_MS,
  syncContinuationSchema,
  syncProfileReplySchema,
  syncRecordKey,
  type SyncObject,
  type SyncReplyRecord,
  type SyncSingletonTable,
  type SyncTable,
} from '@clearway/protocol';
import { applySingletonReply, applySyncReply, canonicalJson, prepareSyncRequest } from '@clearway/sync';
import type { PrefsDb, PropertyRow } from '../../db/prefs';

/**
 * The web app's sync client (spec part 1 §4 "Sync record actions", §7 "Sync details", §9): one table
 * per call of `POST {profileRest}/sync_profile`, the reply applied to the Dexie `prefs` tables (or to
 * the `route` / `profile` properties) with @clearway/sync, `sync_ts` kept per table.
 *
 * One sync at a time: a table requested while a sync runs is remembered (once, however often it is
 * asked for) and synced right after the running sync; nothing is sent concurrently. A paged reply
 * (continuation header) is followed page by page before the table's sync_ts moves.
 */

/** The row tables; `route` and `profile` are prefs properties. */
export type SyncRowTable = Exclude<SyncTable, SyncSingletonTable>;
const SINGLETONS = new Set<SyncTable>(SYNC_SINGLETON_TABLES);

export interface SyncClientOptions {
  db: PrefsDb;
  /** `{profileRest}` of the endpoint map, e.g. `https://host/api`. */
  endpoint: string;
  custId: string;
  /** The device id (prefs `uuid`). */
  uuid: string;
  fetch: typeof fetch;
  now: () => number;
  /** navigator.onLine. */
  isOnline: () => boolean;
  setTimeout?: (run: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  /** Told when a sync replaced or removed the stored `route` or `profile` (to update the store). */
  onSingletonChanged?: (table: SyncSingletonTable, value: SyncObject | undefined) => void;
  /** Told when a table's rows changed through a sync (lists may reload). */
  onTableChanged?: (table: SyncTable) => void;
  onError?: (table: SyncTable, error: unknown) => void;
  /**
   * Told when the server refused this device as one too many (403 `code: 'device_limit'`). The client
   * then stops syncing until `resume()` (the device list changed) or a new client (app restart).
   */
  onDeviceLimit?: (refusal: DeviceLimitRefusal) => void;
}

/** Why one table's sync did not complete. */
export class SyncError extends Error {}

/** The server's refusal of a device over the limit: its message and the limit it names. */
export interface DeviceLimitRefusal {
  message: string;
  limit: number;
}

/** sync_profile answered 403 `{code: 'device_limit', limit, error}`. */
export class DeviceLimitError extends SyncError {
  constructor(readonly refusal: DeviceLimitRefusal) {
    super(refusal.message);
    this.name = 'DeviceLimitError';
  }
}

/** The refusal in a 403 body (@clearway/protocol deviceLimitBodySchema), or null when the body is not one. */
export function deviceLimitRefusal(body: unknown): DeviceLimitRefusal | null {
  const parsed = deviceLimitBodySchema.safeParse(body);
  return parsed.success ? { limit: parsed.data.limit, message: parsed.data.error } : null;
}

export class SyncClient {
  private readonly options: SyncClientOptions;
  private running: Promise<void> | null = null;
  private readonly queued = new Set<SyncTable>();
  private stopped = false;
  /** Calls in flight, abandoned by stop(). */
  private readonly inflight = new Set<AbortController>();
  private refusal: DeviceLimitRefusal | null = null;

  constructor(options: SyncClientOptions) {
    this.options = options;
  }

  /** True while a sync runs. */
  get busy(): boolean {
    return this.running !== null;
  }

  /**
   * Asks for a sync of one table. Starts it now when nothing runs; while a sync runs the table is
   * remembered and synced after it. Ignored when offline or stopped.
   * @returns the running sync (resolves when it and everything queued meanwhile is done).
   */
  request(table: SyncTable): Promise<void> {
    return this.requestMany([table], false);
  }

  /** The initial sync: every table, each with the 10 s time-out. */
  syncAll(initial = true): Promise<void> {
    return this.requestMany(SYNC_TABLES, initial);
  }

  /** The device-limit refusal that stopped syncing, or null. */
  get deviceLimit(): DeviceLimitRefusal | null {
    return this.refusal;
  }

  /**
   * After a device-limit refusal: syncs again (every table) because the device list changed. A no-op
   * when nothing was refused.
   */
  resume(): Promise<void> {
    if (this.refusal === null) return this.running ?? Promise.resolve();
    this.refusal = null;
    // The refused loop may still be settling: start the new one after it.
    return (this.running ?? Promise.resolve()).then(() => this.syncAll(false));
  }

  /**
   * No further syncs (sign-out, unmount): nothing queued runs, no further call is sent, and a call in
   * flight is abandoned (a record it sent is kept by the server and comes back on the next sync).
   */
  stop(): void {
    this.stopped = true;
    this.queued.clear();
    for (const controller of this.inflight) controller.abort();
  }

  private requestMany(tables: readonly SyncTable[], initial: boolean): Promise<void> {
    if (this.stopped || this.refusal !== null || !this.options.isOnline()) return this.running ?? Promise.resolve();
    if (this.running) {
      for (const table of tables) this.queued.add(table);
      return this.running;
    }
    this.running = this.runLoop([...tables], initial).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async runLoop(tables: SyncTable[], initial: boolean): Promise<void> {
    let batch = tables;
    let timeout = initial ? SYNC_INITIAL_TIMEOUT_MS : SYNC_TIMEOUT_MS;
    while (batch.length > 0 && !this.stopped) {
      for (const table of batch) {
        if (this.stopped || this.refusal !== null || !this.options.isOnline()) return;
        this.queued.delete(table);
        try {
          await this.syncTable(table, timeout);
        } catch (error) {
          if (this.stopped) return;
          if (error instanceof DeviceLimitError) {
            // Every further call would be refused the same way: stop until the device list changes.
            this.refusal = error.refusal;
            this.queued.clear();
            if (this.options.onDeviceLimit) this.options.onDeviceLimit(error.refusal);
            else console.warn(`Sync of ${table} refused: ${error.message}`);
            return;
          }
          (this.options.onError ?? ((t, e) => console.warn(`Sync of ${t} failed`, e)))(table, error);
        }
      }
      batch = [...this.queued];
      this.queued.clear();
      timeout = SYNC_TIMEOUT_MS;
    }
  }

  /** One table's sync: calls of at most 30 records until none remain, then sync_ts = time of the first call. */
  private async syncTable(table: SyncTable, timeoutMs: number): Promise<void> {
    const { db } = this.options;
    const startedAt = this.options.now();
    const syncTs = (await db.getProperty('sync_ts')) ?? {};
    const exclude = new Set<string>();
    let changed = false;
    for (;;) {
      const rows = await this.readRows(table);
      if (this.stopped) return;
      const prepared = prepareSyncRequest(table, rows, syncTs[table], { exclude });
      const base = { cust_id: this.options.custId, uuid: this.options.uuid, since: prepared.since, key: table };
      let page = await this.post({ ...base, sync_objects: prepared.sync_objects }, timeoutMs);
      if (await this.apply(table, page.records)) changed = true;
      // A paged reply (@clearway/protocol SYNC_CONTINUATION_HEADER): ask for the next page of the
      // records stored since `since` until a reply comes without the marker.
      while (page.continuation !== null) {
        if (this.stopped) return;
        page = await this.post({ ...base, sync_objects: [], continuation: page.continuation }, timeoutMs);
        if (await this.apply(table, page.records)) changed = true;
      }
      for (const key of prepared.keys) exclude.add(key);
      if (!prepared.more) break;
    }
    const latest = (await db.getProperty('sync_ts')) ?? {};
    await db.setProperty('sync_ts', { ...latest, [table]: startedAt });
    if (changed) this.options.onTableChanged?.(table);
  }

  /** One sync_profile call: its records and, when more follow, the continuation marker. */
  private async post(body: Record<string, unknown>, timeoutMs: number): Promise<{ records: SyncReplyRecord[]; continuation: string | null }> {
    const controller = new AbortController();
    const set = this.options.setTimeout ?? ((run, ms) => globalThis.setTimeout(run, ms));
    const clear = this.options.clearTimeout ?? ((handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>));
    let timedOut = false;
    const timer = set(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    this.inflight.add(controller);
    try {
      const response = await this.options.fetch(`${this.options.endpoint}/sync_profile`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        credentials: 'include',
        body: JSON.stringify(body),
        signal: controller.signal,
      });
      if (!response.ok) {
        const text = await response.text().catch(() => '');
        if (response.status === 403) {
          const refusal = deviceLimitRefusal(parseJson(text));
          if (refusal) throw new DeviceLimitError(refusal);
        }
        throw new SyncError(`sync_profile answered ${response.status}: ${text.slice(0, 300)}`);
      }
      const parsed = syncProfileReplySchema.safeParse(await response.json());
      if (!parsed.success) throw new SyncError('sync_profile answered records that are not valid');
      const marker = response.headers.get(SYNC_CONTINUATION_HEADER);
      if (marker !== null && !syncContinuationSchema.safeParse(marker).success) throw new SyncError(`sync_profile answered a continuation marker that is not valid: ${marker.slice(0, 100)}`);
      return { records: parsed.data, continuation: marker };
    } catch (error) {
      if (timedOut) throw new SyncError(`sync_profile did not answer within ${timeoutMs} ms`);
      throw error;
    } finally {
      clear(timer);
      this.inflight.delete(controller);
    }
  }

  private rowTable(table: SyncRowTable): Table<SyncObject, unknown> {
    return this.options.db[table] as unknown as Table<SyncObject, unknown>;
  }

  private async readRows(table: SyncTable): Promise<SyncObject[]> {
    if (SINGLETONS.has(table)) {
      const current = await this.readSingleton(table as SyncSingletonTable);
      return current ? [current] : [];
    }
    return this.rowTable(table as SyncRowTable).toArray();
  }

  /** The stored route or profile as a sync record; its ts is the value's own, else when the property was stored. */
  private async readSingleton(table: SyncSingletonTable): Promise<SyncObject | undefined> {
    const row = (await this.options.db.properties.get(table)) as PropertyRow | undefined;
    if (!row || row.value === null || typeof row.value !== 'object') return undefined;
    const value = row.value as unknown as Record<string, unknown>;
    return { ...value, ts: typeof value.ts === 'number' ? value.ts : row.ts };
  }

  /** Applies a reply; rows are read again inside the transaction so edits made meanwhile are kept. */
  private async apply(table: SyncTable, reply: SyncReplyRecord[]): Promise<boolean> {
    const { db } = this.options;
    if (SINGLETONS.has(table)) {
      const singleton = table as SyncSingletonTable;
      let result: { changed: boolean; value: SyncObject | undefined } = { changed: false, value: undefined };
      await db.syncTransaction([db.properties], async () => {
        const current = await this.readSingleton(singleton);
        const next = applySingletonReply(singleton, current, reply);
        if (next === undefined) {
          if (current !== undefined) {
            await db.deleteProperty(singleton);
            result = { changed: true, value: undefined };
          }
        } else if (current === undefined || canonicalJson(next) !== canonicalJson(current)) {
          await db.setProperty(singleton, next as never);
          result = { changed: true, value: next };
        }
      });
      if (result.changed) this.options.onSingletonChanged?.(singleton, result.value);
      return result.changed;
    }
    const rowTable = this.rowTable(table as SyncRowTable);
    let changed = false;
    await db.syncTransaction([rowTable], async () => {
      const rows = await rowTable.toArray();
      const applied = applySyncReply(table, rows, reply);
      const primaryKeys = new Map<string, unknown>();
      const keyPath = rowTable.schema.primKey.keyPath as string;
      for (const row of rows) primaryKeys.set(syncRecordKey(table, row), row[keyPath]);
      if (applied.put.length > 0) await rowTable.bulkPut(applied.put.map((row) => ({ ...row, deleted: row.deleted ?? 'F' })));
      const remove = applied.remove.map((key) => primaryKeys.get(key)).filter((key) => key !== undefined);
      if (remove.length > 0) await rowTable.bulkDelete(remove);
      changed = applied.put.length > 0 || remove.length > 0;
    });
    return changed;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
