import { Dexie, type Table } from 'dexie';

/** A persisted first-in-first-out queue (oldest first by key). */
export interface QueueStore<T> {
  /** Adds `items` at the end and drops the oldest beyond `max`; answers how many were dropped. */
  push(items: T[], max: number): Promise<number>;
  /** The oldest `n` items and their keys. */
  head(n: number): Promise<{ key: number; value: T }[]>;
  remove(keys: number[]): Promise<void>;
  count(): Promise<number>;
  clear(): Promise<void>;
}

interface Row {
  id?: number;
  value: unknown;
}

/**
 * The local browser database 'telemetry', schema version 1: `logs` (unsent log entries) and `events`
 * (unsent analytics events), each keyed by an auto-incremented id, so key order is arrival order.
 */
export class TelemetryDb extends Dexie {
  logs!: Table<Row, number>;
  events!: Table<Row, number>;

  constructor(name = 'telemetry') {
    super(name);
    this.version(1).stores({ logs: '++id', events: '++id' });
  }
}

/** A QueueStore on one table of the telemetry database. */
export function dexieQueue<T>(db: TelemetryDb, table: 'logs' | 'events'): QueueStore<T> {
  const rows = db[table];
  return {
    push: (items, max) =>
      db.transaction('rw', rows, async () => {
        await rows.bulkAdd(items.map((value) => ({ value })));
        const over = (await rows.count()) - max;
        if (over > 0) await rows.bulkDelete(await rows.orderBy(':id').limit(over).primaryKeys());
        return Math.max(0, over);
      }),
    head: async (n) => (await rows.orderBy(':id').limit(n).toArray()).map((row) => ({ key: row.id ?? 0, value: row.value as T })),
    remove: (keys) => rows.bulkDelete(keys),
    count: () => rows.count(),
    clear: () => rows.clear(),
  };
}

/** A QueueStore in memory: where IndexedDB cannot be opened (some private windows). */
export function memoryQueue<T>(): QueueStore<T> {
  let items: { key: number; value: T }[] = [];
  let next = 1;
  return {
    async push(values, max) {
      for (const value of values) items.push({ key: next++, value });
      const over = Math.max(0, items.length - max);
      items = items.slice(over);
      return over;
    },
    head: async (n) => items.slice(0, n),
    async remove(keys) {
      items = items.filter((item) => !keys.includes(item.key));
    },
    count: async () => items.length,
    async clear() {
      items = [];
    },
  };
}

/** `primary`, until one of its calls fails (IndexedDB refused or broken): from then on a queue in memory. */
export function withMemoryFallback<T>(primary: QueueStore<T>): QueueStore<T> {
  const memory = memoryQueue<T>();
  let use = primary;
  const call = <R>(op: (store: QueueStore<T>) => Promise<R>): Promise<R> =>
    op(use).catch(() => {
      use = memory;
      return op(memory);
    });
  return {
    push: (items, max) => call((store) => store.push(items, max)),
    head: (n) => call((store) => store.head(n)),
    remove: (keys) => call((store) => store.remove(keys)),
    count: () => call((store) => store.count()),
    clear: () => call((store) => store.clear()),
  };
}
