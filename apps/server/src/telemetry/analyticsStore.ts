import { randomUUID } from 'node:crypto';
import { rowNumber, type Database } from '../db/index.js';
import type { AnalyticsEvent } from '@clearway/protocol';

/** One analytics event as the route validated it. */
export type { AnalyticsEvent };

/** Who sent a batch: the device, the session's customer, the app's version and environment. */
export interface AnalyticsSender {
  uuid: string;
  custId: string;
  version: string;
  env: string;
}

/**
 * Stores a batch of events in one statement.
 * @param receivedAt when the batch arrived, ms since the epoch.
 * @returns how many rows were written.
 */
export async function insertAnalyticsEvents(db: Database, sender: AnalyticsSender, events: readonly AnalyticsEvent[], receivedAt: number): Promise<number> {
  if (events.length === 0) return 0;
  await db.kysely
    .insertInto('analytics_events')
    .values(
      events.map((event) => ({
        id: randomUUID(),
        received_at: receivedAt,
        event_at: event.ts,
        day: new Date(event.ts).toISOString().slice(0, 10),
        name: event.name,
        uuid: sender.uuid,
        cust_id: sender.custId,
        version: sender.version,
        env: sender.env,
        props: event.props === undefined || event.props === null ? null : JSON.stringify(event.props),
      })),
    )
    .execute();
  return events.length;
}

/** Deletes the events that arrived before `before` (ms since the epoch); answers how many. */
export async function deleteAnalyticsBefore(db: Database, before: number): Promise<number> {
  const result = await db.kysely.deleteFrom('analytics_events').where('received_at', '<', before).executeTakeFirst();
  return rowNumber(result.numDeletedRows);
}
