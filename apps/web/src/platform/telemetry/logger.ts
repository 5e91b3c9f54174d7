import type { LogEntry } from '@clearway/protocol';
import { Dedup } from './rateLimits';
import { LOG_QUEUE_MAX, LOG_REPLAY_BATCH, type SendResult } from './limits';
import type { QueueStore } from './queueStore';

export type LogLevel = LogEntry['level'];

/** What a log entry says about where it came from, read when the entry is made. */
export interface LogContext {
  version: string;
  os: string;
  /** The device id (prefs property `uuid`); '' until boot has made it. */
  uuid: string;
  /** The running environment (configuration `env`); '' until the configuration is known. */
  env: string;
  cust_id: string | null;
  location: { lat: number; lon: number } | null;
}

export interface LoggerDeps {
  /** Wall clock, ms since the epoch. */
  now: () => number;
  store: QueueStore<LogEntry>;
  /** Sends one entry (spec part 1 §7: `POST {log host}/elk/pwa_logs_{day}/_doc/`, keepalive). */
  send: (entry: LogEntry) => Promise<SendResult>;
  context: () => LogContext;
  /**
   * Whether entries are forwarded here: true in the environments the spec names (test and beta),
   * false elsewhere (the queue is emptied), null while the configuration is not known (entries wait in the queue).
   */
  forwarding: () => boolean | null;
}

export interface Logger {
  log(level: LogLevel, message: string, stack?: string | null): Promise<void>;
  /** Sends up to LOG_REPLAY_BATCH queued entries, oldest first, stopping at the first failure; answers how many went. */
  replay(): Promise<number>;
  /** Entries not forwarded: duplicates over the limit, and the oldest dropped from a full queue. */
  readonly dropped: { duplicates: number; queueFull: number };
}

// The protocol's field limits (logEntrySchema): longer texts are cut, not refused.
const MESSAGE_MAX = 8192;
const STACK_MAX = 16384;

/**
 * The app's logger (spec part 1 §3 "Log entry", §6, §7, §8 "Log failure: entry queued locally; replay
 * stops at the first failure", §9). An entry is sent at once where forwarding is on; when that fails,
 * or while older entries wait, it joins the local queue (at most LOG_QUEUE_MAX, the oldest dropped),
 * which replay() drains in order.
 */
export function createLogger(deps: LoggerDeps): Logger {
  const dedup = new Dedup(deps.now);
  const dropped = { duplicates: 0, queueFull: 0 };
  // Whether the queue may hold entries: unknown at start (a previous page's), so the first replay looks.
  let backlog = true;
  let replaying: Promise<number> | null = null;

  // Queue writes in call order; a replay first waits for the ones already asked for.
  let writes: Promise<unknown> = Promise.resolve();
  const queue = (entry: LogEntry) => {
    backlog = true;
    const write = writes.then(async () => {
      dropped.queueFull += await deps.store.push([entry], LOG_QUEUE_MAX);
    });
    writes = write.catch(() => undefined);
    return write;
  };
  // Entries made before the device id or the environment was known take them when sent.
  const send = (entry: LogEntry) => {
    const context = deps.context();
    return deps.send({ ...entry, uuid: entry.uuid || context.uuid, env: entry.env || context.env });
  };

  async function drain(): Promise<number> {
    await writes;
    const mode = deps.forwarding();
    if (mode === null) return 0;
    if (!mode) {
      await deps.store.clear();
      backlog = false;
      return 0;
    }
    const items = await deps.store.head(LOG_REPLAY_BATCH);
    let sent = 0;
    for (const item of items) {
      const result = await send(item.value);
      if (result === 'failed') return sent;
      await deps.store.remove([item.key]);
      if (result === 'ok') sent += 1;
    }
    if (items.length < LOG_REPLAY_BATCH) backlog = false;
    return sent;
  }

  return {
    dropped,
    async log(level, message, stack) {
      if (!dedup.allow(message, stack)) {
        dropped.duplicates += 1;
        return;
      }
      const mode = deps.forwarding();
      if (mode === false) return;
      const now = deps.now();
      const entry: LogEntry = {
        timestamp: now,
        '@timestamp': new Date(now).toISOString(),
        ...deps.context(),
        level,
        message: message.slice(0, MESSAGE_MAX),
        stack: stack?.slice(0, STACK_MAX) ?? null,
      };
      if (mode === null || backlog || replaying !== null || (await send(entry)) === 'failed') await queue(entry);
    },
    replay() {
      replaying ??= drain().finally(() => {
        replaying = null;
      });
      return replaying;
    },
  };
}
