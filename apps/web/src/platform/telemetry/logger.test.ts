import { afterEach, describe, expect, it } from 'vitest';
import { logEntrySchema, type LogEntry } from '@clearway/protocol';
import { LOG_QUEUE_MAX, LOG_REPLAY_BATCH, type SendResult } from './limits';
import { createLogger, type LogContext } from './logger';
import { dexieQueue, TelemetryDb } from './queueStore';

const T0 = Date.UTC(2026, 11, 1, 12);
const open: TelemetryDb[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.delete();
});

const CONTEXT: LogContext = { version: '1.2.3', os: 'Linux x86_64', uuid: 'dev-1', env: 'qa', cust_id: 'cust_1', location: { lat: 37.66, lon: -122.12 } };

/**
 * A logger on a fresh IndexedDB queue (fake-indexeddb), a clock that moves only when told, and a
 * network edge that records what it was given and answers from `answers` (then 'ok').
 */
function setup(options: { forwarding?: boolean | null; answers?: SendResult[]; context?: Partial<LogContext> } = {}) {
  const db = new TelemetryDb(`telemetry-logger-${Math.random().toString(36).slice(2)}`);
  open.push(db);
  const clock = { now: T0 };
  const sent: LogEntry[] = [];
  const attempts: LogEntry[] = [];
  const answers = [...(options.answers ?? [])];
  const mode = { forwarding: options.forwarding === undefined ? true : options.forwarding };
  const context = { ...CONTEXT, ...options.context };
  const store = dexieQueue<LogEntry>(db, 'logs');
  const logger = createLogger({
    now: () => clock.now,
    store,
    context: () => context,
    forwarding: () => mode.forwarding,
    send: async (entry) => {
      attempts.push(entry);
      const answer = answers.shift() ?? 'ok';
      if (answer === 'ok') sent.push(entry);
      return answer;
    },
  });
  return { logger, store, clock, sent, attempts, mode, context, answers };
}

describe('createLogger', () => {
  it('makes the spec\'s log entry (timestamp, @timestamp, version, os, level, message, uuid, env, cust_id, stack, location), valid for the server', async () => {
    const { logger, sent } = setup();
    await logger.replay();
    await logger.log('error', 'Route analysis failed', 'Error: Route analysis failed\n    at run (worker.js:1:1)');
    expect(sent).toHaveLength(1);
    const entry = sent[0];
    expect(entry).toEqual({
      timestamp: T0,
      '@timestamp': '2026-12-01T12:00:00.000Z',
      version: '1.2.3',
      os: 'Linux x86_64',
      level: 'error',
      message: 'Route analysis failed',
      uuid: 'dev-1',
      env: 'qa',
      cust_id: 'cust_1',
      stack: 'Error: Route analysis failed\n    at run (worker.js:1:1)',
      location: { lat: 37.66, lon: -122.12 },
    });
    expect(logEntrySchema.safeParse(entry).success).toBe(true);
  });

  it('cuts a message and stack longer than the protocol allows instead of losing the entry', async () => {
    const { logger, sent } = setup();
    await logger.replay();
    await logger.log('warn', 'm'.repeat(10_000), 's'.repeat(20_000));
    expect(logEntrySchema.safeParse(sent[0]).success).toBe(true);
    expect(sent[0]?.message).toHaveLength(8192);
  });

  it('forwards nothing where the environment does not (forwarding false), and empties the queue', async () => {
    const { logger, store, attempts, mode } = setup({ forwarding: null });
    await logger.log('error', 'before the configuration');
    expect(await store.count()).toBe(1);
    mode.forwarding = false;
    await logger.log('error', 'in prod');
    expect(await logger.replay()).toBe(0);
    expect(attempts).toEqual([]);
    expect(await store.count()).toBe(0);
  });

  it('keeps entries made before the configuration is known, and sends them (with the device id found since) once it says forward', async () => {
    const { logger, sent, mode, context } = setup({ forwarding: null, context: { uuid: '', env: '' } });
    await logger.log('error', 'early one');
    await logger.log('info', 'early two');
    expect(sent).toEqual([]);
    mode.forwarding = true;
    context.uuid = 'dev-found';
    context.env = 'beta';
    expect(await logger.replay()).toBe(2);
    expect(sent.map((entry) => [entry.message, entry.uuid, entry.env])).toEqual([['early one', 'dev-found', 'beta'], ['early two', 'dev-found', 'beta']]);
  });

  it('queues an entry whose send failed; replay stops at the first failure and keeps the rest in order', async () => {
    const { logger, store, sent, answers, attempts } = setup();
    await logger.replay();
    answers.push('failed');
    await logger.log('error', 'e1');
    // With e1 waiting, later entries queue behind it rather than overtaking it.
    for (const message of ['e2', 'e3', 'e4', 'e5']) await logger.log('error', message);
    expect(attempts.map((entry) => entry.message)).toEqual(['e1']);
    expect(await store.count()).toBe(5);
    answers.push('ok', 'ok', 'failed');
    expect(await logger.replay()).toBe(2);
    expect(sent.map((entry) => entry.message)).toEqual(['e1', 'e2']);
    // e3 failed: it and everything after it are still there, e3 first; e4 was not tried.
    expect(attempts.map((entry) => entry.message)).toEqual(['e1', 'e1', 'e2', 'e3']);
    expect((await store.head(10)).map((item) => item.value.message)).toEqual(['e3', 'e4', 'e5']);
    expect(await logger.replay()).toBe(3);
    expect(await store.count()).toBe(0);
  });

  it(`replays at most ${LOG_REPLAY_BATCH} entries a time`, async () => {
    const { logger, store, mode } = setup({ forwarding: null });
    for (let i = 0; i < 250; i += 1) await logger.log('info', `entry ${i}`);
    mode.forwarding = true;
    expect(await logger.replay()).toBe(LOG_REPLAY_BATCH);
    expect(await store.count()).toBe(150);
    expect((await store.head(1))[0]?.value.message).toBe('entry 100');
  });

  it(`keeps at most ${LOG_QUEUE_MAX} entries, dropping the oldest`, async () => {
    const { logger, store } = setup({ forwarding: null });
    for (let i = 0; i < LOG_QUEUE_MAX + 20; i += 1) await logger.log('info', `entry ${i}`);
    expect(await store.count()).toBe(LOG_QUEUE_MAX);
    expect(logger.dropped.queueFull).toBe(20);
    expect((await store.head(1))[0]?.value.message).toBe('entry 20');
  });

  it('an entry the server refuses for good (400) is dropped and replay goes on', async () => {
    const { logger, store, sent, answers, mode } = setup({ forwarding: null });
    for (const message of ['ok1', 'bad', 'ok2']) await logger.log('info', message);
    mode.forwarding = true;
    answers.push('ok', 'refused', 'ok');
    expect(await logger.replay()).toBe(2);
    expect(sent.map((entry) => entry.message)).toEqual(['ok1', 'ok2']);
    expect(await store.count()).toBe(0);
  });

  it('forwards an identical entry at most 3 times in 60 s', async () => {
    const { logger, sent, clock } = setup();
    await logger.replay();
    for (let i = 0; i < 5; i += 1) {
      clock.now += 1000;
      await logger.log('error', 'same', 'same stack');
    }
    expect(sent).toHaveLength(3);
    expect(logger.dropped.duplicates).toBe(2);
    clock.now += 60_000;
    await logger.log('error', 'same', 'same stack');
    expect(sent).toHaveLength(4);
  });
});
