import { WEATHER_PRODUCT_TYPES, weatherSnapshotPath, type WeatherProductType, type WeatherSnapshot, type WeatherSnapshotOf } from '@clearway/protocol';
import type { WxSnapshotRow } from '../../db/wx';
import type { ParsedSnapshot } from './parse';

/**
 * The app's weather snapshots (issue 16 "In the app"): one per product type, kept in the `wx`
 * database's `snapshots` table for offline use and in memory for the screens. A service outside
 * React (made once at start-up, startWeather.ts); screens read it through useWeatherSnapshot.
 *
 * - `want(type)`: the first time, the stored snapshot is read, then the server is asked
 *   (`{weatherRoot}/{type}.json` with If-None-Match); later calls ask again only after a failure.
 * - `refresh(type)`: asks now. 304 keeps the one held; 200 is checked with the protocol's schema
 *   (zod, loaded on first use) and stored; a body that does not parse is discarded with a log and
 *   the old snapshot kept (status 'error'). A network failure is reported to the connectivity
 *   service and the held snapshot stays with its age (status 'offline').
 * - `cycleAnnounced(type, cycle)`: the weather channel's word; a type this device holds or wants is
 *   asked again when the cycle differs from the one held.
 */
export type WeatherStatus = 'loading' | 'ready' | 'offline' | 'error';

export interface WeatherEntry<T extends WeatherProductType = WeatherProductType> {
  snapshot: WeatherSnapshotOf<T> | null;
  status: WeatherStatus;
  /** Why the last request did not bring a snapshot (offline, HTTP status, what did not parse). */
  reason: string | null;
  /** The server's ETag of the snapshot held. */
  etag: string | null;
  /** Monotonic time (performance.now) the snapshot held came into the page: stored read or download. */
  arrivedAt: number | null;
  /** Wall-clock time of the entry's last change, ms since epoch (null: never changed). */
  changedAt: number | null;
}

/** Where the snapshots are kept (the wx database's `snapshots` table; a Map in tests). */
export interface WeatherSnapshotDb {
  get(type: WeatherProductType): Promise<WxSnapshotRow | undefined>;
  put(row: WxSnapshotRow): Promise<unknown>;
}

/** The part of the connectivity service (platform/connectivity.ts) the store uses. */
export interface WeatherConnectivity {
  state(): 'online' | 'offline';
  reportFailure(): void;
  subscribe(listener: () => void): () => void;
}

export interface WeatherStoreDeps {
  fetch: typeof fetch;
  /** Absent: memory only (the snapshots are not kept across a reload). */
  db?: WeatherSnapshotDb | null;
  /** The weather root, e.g. `https://host/wx` (config endpoints.weatherRoot, resolved); null until known. */
  root: () => string | null;
  connectivity?: WeatherConnectivity;
  /** Wall clock, ms since epoch (row stamps). */
  now?: () => number;
  /** Monotonic clock, ms (arrivedAt). */
  clock?: () => number;
  log?: Pick<Console, 'info' | 'warn'>;
  /** The schema check; default: parse.ts, loaded on first use. */
  parse?: <T extends WeatherProductType>(type: T, body: unknown) => Promise<ParsedSnapshot<T>>;
  /** After a failed request, want() asks again only after this long (default 30 s). */
  retryAfterMs?: number;
}

export interface WeatherStore {
  /** What is held for a type; the same object until it changes (for useSyncExternalStore). */
  entry<T extends WeatherProductType>(type: T): WeatherEntry<T>;
  /** Called with the type whenever its entry changes; returns the removal. */
  subscribe(listener: (type: WeatherProductType) => void): () => void;
  /** The stored snapshot, then the server's (see above); resolves with the entry once settled. */
  want<T extends WeatherProductType>(type: T): Promise<WeatherEntry<T>>;
  /** Asks the server now; resolves with the entry once settled. */
  refresh<T extends WeatherProductType>(type: T): Promise<WeatherEntry<T>>;
  /** A cycle from the weather channel; asks again when it is not the one held. */
  cycleAnnounced(type: WeatherProductType, cycle: number | null): void;
  /** Stops listening to the connectivity service. */
  stop(): void;
}

const defaultParse = async <T extends WeatherProductType>(type: T, body: unknown): Promise<ParsedSnapshot<T>> => {
  const { parseWeatherSnapshot } = await import('./parse');
  return parseWeatherSnapshot(type, body);
};

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const KNOWN = new Set<string>(WEATHER_PRODUCT_TYPES);

/** Whether a channel type is one the app downloads (the channel names others it ignores). */
export function isWeatherProductType(type: string): type is WeatherProductType {
  return KNOWN.has(type);
}

export function createWeatherStore(deps: WeatherStoreDeps): WeatherStore {
  const { db = null, connectivity, log = console } = deps;
  const now = deps.now ?? Date.now;
  const clock = deps.clock ?? (() => performance.now());
  const parse = deps.parse ?? defaultParse;
  const retryAfterMs = deps.retryAfterMs ?? 30_000;
  const entries = new Map<WeatherProductType, WeatherEntry>();
  const listeners = new Set<(type: WeatherProductType) => void>();
  /** The settling of the first want() per type: stored read, then the request. */
  const wanted = new Map<WeatherProductType, Promise<WeatherEntry>>();
  const inFlight = new Map<WeatherProductType, Promise<WeatherEntry>>();
  const failedAt = new Map<WeatherProductType, number>();
  /** A request asked for while one was running: run once more after it (a newer cycle was announced). */
  const again = new Set<WeatherProductType>();

  const entry = (type: WeatherProductType): WeatherEntry => {
    let held = entries.get(type);
    if (!held) {
      held = { snapshot: null, status: 'loading', reason: null, etag: null, arrivedAt: null, changedAt: null };
      entries.set(type, held);
    }
    return held;
  };
  const set = (type: WeatherProductType, change: Partial<WeatherEntry>) => {
    const before = entry(type);
    const next = { ...before, ...change };
    if ((Object.keys(change) as (keyof WeatherEntry)[]).every((key) => Object.is(before[key], next[key]))) return;
    next.changedAt = now();
    entries.set(type, next);
    for (const listener of [...listeners]) listener(type);
  };

  const readStored = async (type: WeatherProductType) => {
    if (!db) return;
    try {
      const row = await db.get(type);
      // A download that came in meanwhile is newer than anything stored.
      if (row && row.snapshot.type === type && entry(type).snapshot === null) {
        set(type, { snapshot: row.snapshot, etag: row.etag, arrivedAt: clock() });
      }
    } catch (error) {
      log.warn(`[weather] the stored ${type} snapshot could not be read: ${message(error)}`);
    }
  };

  const request = async (type: WeatherProductType): Promise<WeatherEntry> => {
    const root = deps.root();
    if (!root) {
      set(type, { status: 'error', reason: 'the weather root is not known yet (no configuration)' });
      return entry(type);
    }
    const url = `${root.endsWith('/') ? root.slice(0, -1) : root}${weatherSnapshotPath(type)}`;
    const held = entry(type);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (held.snapshot && held.etag) headers['if-none-match'] = held.etag;
    let response: Response;
    try {
      response = await deps.fetch(url, { cache: 'no-cache', credentials: 'same-origin', headers });
    } catch (error) {
      connectivity?.reportFailure();
      failedAt.set(type, now());
      set(type, { status: 'offline', reason: `${url} could not be reached: ${message(error)}` });
      return entry(type);
    }
    if (response.status === 304 && held.snapshot) {
      failedAt.delete(type);
      set(type, { status: 'ready', reason: null });
      return entry(type);
    }
    if (!response.ok) {
      failedAt.set(type, now());
      set(type, { status: 'error', reason: `${url} answered ${response.status}` });
      return entry(type);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      body = undefined;
      log.warn(`[weather] the ${type} snapshot from ${url} was discarded: not JSON (${message(error)}); the one held is kept`);
      failedAt.set(type, now());
      set(type, { status: 'error', reason: `the ${type} snapshot from ${url} is not JSON` });
      return entry(type);
    }
    const parsed = await parse(type, body);
    if (!parsed.ok) {
      log.warn(`[weather] the ${type} snapshot from ${url} was discarded: ${parsed.reason}; the one held is kept`);
      failedAt.set(type, now());
      set(type, { status: 'error', reason: `the ${type} snapshot from ${url} did not parse: ${parsed.reason}` });
      return entry(type);
    }
    const etag = response.headers.get('etag');
    failedAt.delete(type);
    set(type, { snapshot: parsed.snapshot, etag, status: 'ready', reason: null, arrivedAt: clock() });
    if (db) {
      const row: WxSnapshotRow = { type, cycle: parsed.snapshot.cycle, etag, storedAt: now(), snapshot: parsed.snapshot as WeatherSnapshot };
      await db.put(row).catch((error: unknown) => log.warn(`[weather] the ${type} snapshot could not be stored: ${message(error)}`));
    }
    return entry(type);
  };

  const refresh = (type: WeatherProductType): Promise<WeatherEntry> => {
    const running = inFlight.get(type);
    if (running) {
      again.add(type);
      return running;
    }
    const run: Promise<WeatherEntry> = (async () => {
      try {
        let result = await request(type);
        while (again.delete(type)) result = await request(type);
        return result;
      } finally {
        inFlight.delete(type);
      }
    })();
    inFlight.set(type, run);
    return run;
  };

  const want = (type: WeatherProductType): Promise<WeatherEntry> => {
    const first = wanted.get(type);
    if (!first) {
      const settling = (async () => {
        await readStored(type);
        if (connectivity?.state() === 'offline') {
          failedAt.set(type, now());
          set(type, { status: 'offline', reason: 'offline' });
          return entry(type);
        }
        return refresh(type);
      })();
      wanted.set(type, settling);
      return settling;
    }
    const failed = failedAt.get(type);
    if (failed !== undefined && now() - failed >= retryAfterMs && connectivity?.state() !== 'offline') {
      return first.then(() => refresh(type));
    }
    // What is held once the request running (or the first) has settled: a later download's, not the first's.
    return (inFlight.get(type) ?? first).then(() => entry(type));
  };

  // Back online: the types that could not be asked are asked again.
  const unsubscribe = connectivity?.subscribe(() => {
    if (connectivity.state() === 'offline') {
      for (const [type, held] of entries) if (held.status === 'ready') set(type, { status: 'offline', reason: 'offline' });
      return;
    }
    for (const type of wanted.keys()) if (entry(type).status !== 'ready') void refresh(type);
  });

  // One entry type inside; each type's own on the way out.
  const typed = <T extends WeatherProductType>(_type: T, held: WeatherEntry): WeatherEntry<T> => held as unknown as WeatherEntry<T>;
  return {
    entry: (type) => typed(type, entry(type)),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    want: (type) => want(type).then((held) => typed(type, held)),
    refresh: (type) => refresh(type).then((held) => typed(type, held)),
    cycleAnnounced(type, cycle) {
      const held = entry(type);
      if (cycle === null || held.snapshot?.cycle === cycle) return;
      if (held.snapshot === null && !wanted.has(type)) return;
      void (wanted.has(type) ? wanted.get(type)!.then(() => (entry(type).snapshot?.cycle === cycle ? entry(type) : refresh(type))) : refresh(type));
    },
    stop() {
      unsubscribe?.();
      listeners.clear();
    },
  };
}

/** The store's rows in the wx database (db/wx.ts version 2). */
export function wxSnapshotDb(wx: { snapshots: { get(type: WeatherProductType): Promise<WxSnapshotRow | undefined>; put(row: WxSnapshotRow): Promise<unknown> } }): WeatherSnapshotDb {
  return { get: (type) => wx.snapshots.get(type), put: (row) => wx.snapshots.put(row) };
}
