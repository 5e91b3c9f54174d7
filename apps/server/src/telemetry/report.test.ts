// The telemetry report and the analytics store on both dialects (SQLite here, PostgreSQL when
// TEST_DATABASE_URL is set, as db/postgres.test.ts).
import { describe, expect, it } from 'vitest';
import { logEntrySchema } from '@clearway/protocol';
import { migrateToLatest, openDatabase, type Database } from '../db/index.js';
import { insertClientLog } from '../logs/index.js';
import { POSTGRES_SKIP_REASON, TEST_DATABASE_URL, createScratchSchema } from '../testing/postgres.js';
import { requireService } from '../testing/skips.js';
import { makeTempDir, removeTempDir, validLogEntry } from '../testing/testApp.js';
import { TelemetryConfigError, telemetryConfigOf } from '../config/index.js';
import { deleteAnalyticsBefore, formatTelemetryReport, insertAnalyticsEvents, telemetryReport } from './index.js';

type Fresh = () => Promise<{ db: Database; dispose: () => Promise<void> }>;

const day = (iso: string) => Date.parse(`${iso}T12:00:00.000Z`);

function reportContract(fresh: Fresh): void {
  async function withDatabase(test: (db: Database) => Promise<void>): Promise<void> {
    const { db, dispose } = await fresh();
    try {
      await migrateToLatest(db);
      await test(db);
    } finally {
      await dispose();
    }
  }

  it('counts events per day and name, errors per version, and devices per customer', () =>
    withDatabase(async (db) => {
      const received = day('2026-11-30');
      // Two customers: amelia on a phone and a tablet, bessie on one device.
      const phone = { uuid: 'phone', custId: 'cust_amelia', version: '1.2.0', env: 'qa' };
      const tablet = { ...phone, uuid: 'tablet' };
      const bessie = { uuid: 'bessie-1', custId: 'cust_bessie', version: '1.1.0', env: 'qa' };
      await insertAnalyticsEvents(db, phone, [{ name: 'page_view', ts: day('2026-11-28') }, { name: 'page_view', ts: day('2026-11-28') }, { name: 'search', ts: day('2026-11-29') }], received);
      await insertAnalyticsEvents(db, tablet, [{ name: 'page_view', ts: day('2026-11-29'), props: { path: '/app/route' } }], received);
      await insertAnalyticsEvents(db, bessie, [{ name: 'page_view', ts: day('2026-11-29') }, { name: 'page_view', ts: day('2026-10-01') /* before the report */ }], received);
      const log = (overrides: Record<string, unknown>) => logEntrySchema.parse(validLogEntry(overrides));
      await insertClientLog(db, '2026-11-29', log({ level: 'error', version: '1.2.0', uuid: 'phone', cust_id: 'cust_amelia' }));
      await insertClientLog(db, '2026-11-29', log({ level: 'error', version: '1.2.0', uuid: 'phone', cust_id: 'cust_amelia' }));
      await insertClientLog(db, '2026-11-29', log({ level: 'error', version: '1.1.0', uuid: 'bessie-1', cust_id: 'cust_bessie' }));
      await insertClientLog(db, '2026-11-29', log({ level: 'warn', version: '1.1.0', uuid: 'bessie-1', cust_id: 'cust_bessie' }));
      // A device that only logged still counts as one of the customer's devices.
      await insertClientLog(db, '2026-11-29', log({ level: 'info', version: '1.1.0', uuid: 'bessie-2', cust_id: 'cust_bessie' }));

      const report = await telemetryReport(db, '2026-11-01');
      expect(report.eventsPerDay).toEqual([
        { day: '2026-11-29', name: 'page_view', count: 2 },
        { day: '2026-11-29', name: 'search', count: 1 },
        { day: '2026-11-28', name: 'page_view', count: 2 },
      ]);
      expect(report.errorsPerVersion).toEqual([{ version: '1.2.0', count: 2 }, { version: '1.1.0', count: 1 }]);
      expect(report.devicesPerCustomer).toEqual([{ custId: 'cust_amelia', devices: 2 }, { custId: 'cust_bessie', devices: 2 }]);
      const text = formatTelemetryReport(report);
      expect(text).toContain('Clearway telemetry since 2026-11-01 (UTC)');
      expect(text).toMatch(/^2026-11-29 +page_view +2$/m);
      expect(text).toMatch(/^cust_amelia +2$/m);

      // Retention by arrival time.
      expect(await deleteAnalyticsBefore(db, received + 1)).toBe(6);
      expect((await telemetryReport(db, '2026-01-01')).eventsPerDay).toEqual([]);
    }));
}

describe('telemetry report on SQLite', () => {
  reportContract(async () => {
    const dir = await makeTempDir();
    const db = openDatabase({ dialect: 'sqlite', path: `${dir}/t.db` });
    return { db, dispose: async () => { await db.close(); await removeTempDir(dir); } };
  });
});

describe('telemetry report on PostgreSQL', { tags: ['postgres'] }, () => {
  it('has a server to test against', (context) => requireService(context, 'postgres', TEST_DATABASE_URL !== undefined, POSTGRES_SKIP_REASON));
  describe.skipIf(TEST_DATABASE_URL === undefined)('on TEST_DATABASE_URL', () => {
    reportContract(async () => {
      const scratch = await createScratchSchema(TEST_DATABASE_URL ?? '');
      const db = openDatabase({ dialect: 'postgres', url: scratch.url });
      return { db, dispose: async () => { await db.close(); await scratch.drop(); } };
    });
  });
});

describe('telemetry variables', () => {
  it('defaults: no forwarding, batches of 100, analytics kept 90 days, client logs 30', () => {
    expect(telemetryConfigOf({})).toEqual({ logForwardUrl: null, logForwardBatch: 100, analyticsRetentionDays: 90, logRetentionDays: 30 });
    expect(telemetryConfigOf({ LOG_FORWARD_URL: 'off' }).logForwardUrl).toBeNull();
  });

  it.each([
    [{ LOG_FORWARD_URL: 'ftp://logs.example' }, /^LOG_FORWARD_URL must be an http\(s\) address/],
    [{ LOG_FORWARD_URL: 'https://u:secret@logs.example?x=1' }, /^LOG_FORWARD_URL must be/],
    [{ LOG_FORWARD_BATCH: '0' }, /^LOG_FORWARD_BATCH must be an integer between 1 and 1000 \(got "0"\)$/],
    [{ ANALYTICS_RETENTION_DAYS: 'ninety' }, /^ANALYTICS_RETENTION_DAYS must be an integer between 1 and 3650 \(got "ninety"\)$/],
    [{ CLIENT_LOG_RETENTION_DAYS: '0' }, /^CLIENT_LOG_RETENTION_DAYS must be an integer between 1 and 3650 \(got "0"\)$/],
  ])('%o is refused naming the variable', (env, message) => {
    expect(() => telemetryConfigOf(env)).toThrow(TelemetryConfigError);
    expect(() => telemetryConfigOf(env)).toThrow(message);
  });

  it('never echoes a password of LOG_FORWARD_URL', () => {
    expect(() => telemetryConfigOf({ LOG_FORWARD_URL: 'https://u:secret@logs.example?x=1' })).not.toThrow(/secret/);
  });
});
