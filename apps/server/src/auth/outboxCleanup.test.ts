import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../testing/fakeClock.js';
import { startTestApp, type TestApp } from '../testing/testApp.js';
import { OUTBOX_RETENTION_MS } from './outboxCleanup.js';

const DAY_MS = 86_400_000;
/** 2026-03-10T00:00:00Z. */
const NOW = Date.UTC(2026, 2, 10);

describe('auth outbox clean-up (the first periodic job)', () => {
  let running: TestApp | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  it('keeps a mail 7 days: the app\'s job runner deletes older ones, sent or not, once a day', async () => {
    expect(OUTBOX_RETENTION_MS).toBe(7 * DAY_MS);
    const clock = new FakeClock(NOW);
    running = await startTestApp({ jobs: { clock, startDelayMs: 60_000 } });
    // The first look is a minute after start; ages below are at that moment.
    const firstLook = NOW + 60_000;
    const mail = (id: string, createdAt: number, sent: boolean) => ({
      id, to_address: 'pilot@example.com', subject: 'Confirm', body_text: 'link', kind: 'verify', created_at: createdAt, sent_at: sent ? createdAt : null,
    });
    await running.db.kysely.insertInto('auth_outbox').values([
      mail('eight-days-unsent', firstLook - 8 * DAY_MS, false),
      mail('eight-days-sent', firstLook - 8 * DAY_MS, true),
      mail('7-days-and-1-ms', firstLook - 7 * DAY_MS - 1, true),
      mail('exactly-7-days', firstLook - 7 * DAY_MS, false),
      mail('one-hour', firstLook - 3_600_000, false),
    ]).execute();
    const ids = async () => (await running!.db.kysely.selectFrom('auth_outbox').select('id').orderBy('id').execute()).map((row) => row.id);

    await clock.advance(59_999);
    expect(await ids()).toHaveLength(5);
    await clock.advance(1);
    expect(await ids()).toEqual(['exactly-7-days', 'one-hour']);

    // The next look is at the next UTC midnight, the job's next period (NOW + 1 day): exactly-7-days
    // is then 7 days 23 h 59 min old; a mail 6 days old at the first look is 6 days 23 h 59 min old.
    await running.db.kysely.insertInto('auth_outbox').values(mail('six-days', firstLook - 6 * DAY_MS, false)).execute();
    await clock.advance(DAY_MS - 60_000 - 1);
    expect(await ids()).toEqual(['exactly-7-days', 'one-hour', 'six-days']);
    await clock.advance(1);
    expect(await ids()).toEqual(['one-hour', 'six-days']);
  });
});
