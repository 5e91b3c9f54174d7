import { afterEach, describe, expect, it } from 'vitest';
import { createAnalytics, type AnalyticsEvent } from './analytics';
import { ANALYTICS_BATCH_MAX } from '@clearway/protocol';
import { ANALYTICS_QUEUE_MAX, type SendResult } from './limits';
import { dexieQueue, TelemetryDb } from './queueStore';

const open: TelemetryDb[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.delete();
});

/** Analytics on a fresh IndexedDB queue, a fake clock and a network edge answering from `answers` (then 'ok'). */
function setup() {
  const db = new TelemetryDb(`telemetry-analytics-${Math.random().toString(36).slice(2)}`);
  open.push(db);
  const clock = { now: Date.UTC(2026, 11, 1) };
  const batches: AnalyticsEvent[][] = [];
  const answers: SendResult[] = [];
  const store = dexieQueue<AnalyticsEvent>(db, 'events');
  const analytics = createAnalytics({
    now: () => clock.now,
    store,
    send: async (events) => {
      batches.push(events);
      return answers.shift() ?? 'ok';
    },
  });
  return { analytics, store, clock, batches, answers };
}

describe('createAnalytics', () => {
  it('queues each event with its time and properties until a flush sends it', async () => {
    const { analytics, store, clock, batches } = setup();
    await analytics.track('app_open');
    clock.now += 5000;
    await analytics.track('page_view', { path: '/app/map1' });
    expect(batches).toEqual([]);
    expect(await store.count()).toBe(2);
    expect(await analytics.flush()).toBe(2);
    expect(batches).toEqual([[{ name: 'app_open', ts: Date.UTC(2026, 11, 1) }, { name: 'page_view', ts: Date.UTC(2026, 11, 1) + 5000, props: { path: '/app/map1' } }]]);
    expect(await store.count()).toBe(0);
  });

  it(`keeps at most ${ANALYTICS_QUEUE_MAX} events offline, dropping the oldest`, async () => {
    const { analytics, store } = setup();
    for (let i = 0; i < ANALYTICS_QUEUE_MAX + 5; i += 1) await analytics.track('tick', { i });
    expect(await store.count()).toBe(ANALYTICS_QUEUE_MAX);
    expect(analytics.dropped.queueFull).toBe(5);
    expect((await store.head(1))[0]?.value.props).toEqual({ i: 5 });
  });

  it(`sends in batches of ${ANALYTICS_BATCH_MAX}, oldest first, until the queue is empty`, async () => {
    const { analytics, batches } = setup();
    for (let i = 0; i < 250; i += 1) await analytics.track('tick', { i });
    expect(await analytics.flush()).toBe(250);
    expect(batches.map((batch) => batch.length)).toEqual([100, 100, 50]);
    expect(batches.flat().map((event) => event.props?.i)).toEqual(Array.from({ length: 250 }, (_, i) => i));
  });

  it('stops at the first failed batch and keeps it and the rest for the next flush', async () => {
    const { analytics, store, batches, answers } = setup();
    for (let i = 0; i < 250; i += 1) await analytics.track('tick', { i });
    answers.push('ok', 'failed');
    expect(await analytics.flush()).toBe(100);
    expect(batches).toHaveLength(2);
    expect(await store.count()).toBe(150);
    expect((await store.head(1))[0]?.value.props).toEqual({ i: 100 });
    expect(await analytics.flush()).toBe(150);
  });

  it('drops a batch the server refuses for good (400) so it cannot block the queue', async () => {
    const { analytics, store, answers } = setup();
    for (let i = 0; i < 120; i += 1) await analytics.track('tick');
    answers.push('refused');
    expect(await analytics.flush()).toBe(20);
    expect(analytics.dropped.refused).toBe(100);
    expect(await store.count()).toBe(0);
  });

  it('one flush at a time: a second call while one runs shares it', async () => {
    const { analytics, batches } = setup();
    await analytics.track('tick');
    const [a, b] = await Promise.all([analytics.flush(), analytics.flush()]);
    expect([a, b]).toEqual([1, 1]);
    expect(batches).toHaveLength(1);
  });
});
