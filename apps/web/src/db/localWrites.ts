import type { DBCore, DBCoreMutateRequest, Middleware } from 'dexie';
import { SYNC_SINGLETON_TABLES, SYNC_TABLES, type SyncTable } from '@clearway/protocol';

/** The prefs tables that hold synchronised rows (the table name is the sync table's). */
const ROW_TABLES: ReadonlySet<string> = new Set(SYNC_TABLES.filter((table) => !(SYNC_SINGLETON_TABLES as readonly string[]).includes(table)));
/** The `properties` keys that are synchronised values (`route`, `profile`). */
const SINGLETON_KEYS: ReadonlySet<string> = new Set(SYNC_SINGLETON_TABLES);

/** The synchronised tables a write touches: the row table, or the route / profile property stored. */
function syncTablesOf(tableName: string, request: DBCoreMutateRequest): SyncTable[] {
  if (ROW_TABLES.has(tableName)) return [tableName as SyncTable];
  // Storing the route or the profile is a save; removing the route (Clear) is not sent up, as before:
  // a sync of an absent route would bring the server's back.
  if (tableName !== 'properties' || (request.type !== 'put' && request.type !== 'add')) return [];
  const keys = new Set<SyncTable>();
  for (const row of request.values as { key?: unknown }[]) {
    if (typeof row?.key === 'string' && SINGLETON_KEYS.has(row.key)) keys.add(row.key as SyncTable);
  }
  return [...keys];
}

type Listener = (table: SyncTable) => void;

/**
 * The saves made on this device to synchronised tables, as events (spec part 1 §9 "Sync": a sync is
 * triggered by every save). A Dexie DBCore middleware sees every write of the database it is used
 * by; once a write's transaction has committed, each listener hears the tables it changed. Writes
 * the sync itself makes (inside a transaction passed to `fromSync`) are not saves and are not told.
 * One per database, so two databases in one page (two devices in a test) each tell their own sync.
 */
export class LocalWrites {
  private readonly listeners = new Set<Listener>();
  private readonly syncTransactions = new WeakSet<object>();
  private readonly pending = new WeakMap<object, Set<SyncTable>>();

  readonly middleware: Middleware<DBCore> = {
    stack: 'dbcore',
    name: 'clearway-local-writes',
    create: (down) => ({
      ...down,
      table: (tableName) => {
        const table = down.table(tableName);
        return {
          ...table,
          mutate: (request) => {
            this.note(tableName, request);
            return table.mutate(request);
          },
        };
      },
    }),
  };

  /** Calls `listener` after every committed save to a synchronised table; returns the unsubscribe. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Marks a transaction (Dexie's `idbtrans`) as the sync's own: its writes are not saves. */
  fromSync(transaction: object): void {
    this.syncTransactions.add(transaction);
  }

  private note(tableName: string, request: DBCoreMutateRequest): void {
    const trans = request.trans as unknown as EventTarget & object;
    if (this.syncTransactions.has(trans)) return;
    const tables = syncTablesOf(tableName, request);
    if (tables.length === 0) return;
    let pending = this.pending.get(trans);
    if (pending === undefined) {
      const noted = new Set<SyncTable>();
      pending = noted;
      this.pending.set(trans, noted);
      trans.addEventListener('complete', () => this.tell(noted));
    }
    for (const table of tables) pending.add(table);
  }

  private tell(tables: ReadonlySet<SyncTable>): void {
    for (const table of tables) {
      for (const listener of [...this.listeners]) {
        try {
          listener(table);
        } catch (error) {
          console.warn(`Could not start a sync of ${table}`, error);
        }
      }
    }
  }
}
