import { afterEach, describe, expect, it } from 'vitest';
import { dexieQueue, memoryQueue, TelemetryDb, withMemoryFallback, type QueueStore } from './queueStore';

const open: TelemetryDb[] = [];
function freshDb(): TelemetryDb {
  const db = new TelemetryDb(`telemetry-test-${Math.random().toString(36).slice(2)}`);
  open.push(db);
  return db;
}
afterEach(async () => {
  for (const db of open.splice(0)) await db.delete();
});

describe.each([
  ['IndexedDB (Dexie)', () => dexieQueue<number>(freshDb(), 'logs')],
  ['memory', () => memoryQueue<number>()],
])('QueueStore in %s', (_name, make: () => QueueStore<number>) => {
  it('keeps at most `max`, dropping the oldest, and answers how many it dropped', async () => {
    const queue = make();
    expect(await queue.push([1, 2, 3], 5)).toBe(0);
    expect(await queue.push([4, 5, 6, 7], 5)).toBe(2);
    expect(await queue.count()).toBe(5);
    expect((await queue.head(10)).map((item) => item.value)).toEqual([3, 4, 5, 6, 7]);
  });

  it('hands out the oldest first and removes by key', async () => {
    const queue = make();
    await queue.push([10, 20, 30], 100);
    const [first, second] = await queue.head(2);
    expect([first?.value, second?.value]).toEqual([10, 20]);
    await queue.remove([first?.key ?? -1]);
    expect((await queue.head(5)).map((item) => item.value)).toEqual([20, 30]);
    await queue.clear();
    expect(await queue.count()).toBe(0);
  });
});

it('the telemetry database keeps the queue across a reopen (a reload)', async () => {
  const db = freshDb();
  await dexieQueue<string>(db, 'events').push(['kept'], 10);
  db.close();
  const again = new TelemetryDb(db.name);
  open.push(again);
  expect((await dexieQueue<string>(again, 'events').head(1)).map((item) => item.value)).toEqual(['kept']);
});

it('withMemoryFallback goes on in memory once IndexedDB fails', async () => {
  const broken: QueueStore<number> = {
    push: () => Promise.reject(new Error('QuotaExceededError')),
    head: () => Promise.reject(new Error('closed')),
    remove: () => Promise.reject(new Error('closed')),
    count: () => Promise.reject(new Error('closed')),
    clear: () => Promise.reject(new Error('closed')),
  };
  const queue = withMemoryFallback(broken);
  expect(await queue.push([1, 2], 10)).toBe(0);
  expect((await queue.head(5)).map((item) => item.value)).toEqual([1, 2]);
});
