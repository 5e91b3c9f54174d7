import { sql } from 'kysely';
import { rowNumber, type Database } from '../db/index.js';

/** The operator's telemetry report (issue 23): what devices did and what went wrong, since a day. */
export interface TelemetryReport {
  /** First UTC day covered, YYYY-MM-DD. */
  since: string;
  /** Analytics events per UTC day (of the device's time) and name, newest day first. */
  eventsPerDay: { day: string; name: string; count: number }[];
  /** Client log entries of level `error` per app version (by arrival day), most first. */
  errorsPerVersion: { version: string; count: number }[];
  /** Distinct devices (uuid) per customer seen in analytics events or client logs, most first. */
  devicesPerCustomer: { custId: string; devices: number }[];
}

/**
 * Reads the report from the database.
 * @param since first UTC day to count, YYYY-MM-DD.
 */
export async function telemetryReport(db: Database, since: string): Promise<TelemetryReport> {
  const k = db.kysely;
  const events = await k
    .selectFrom('analytics_events')
    .select(['day', 'name', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('day', '>=', since)
    .groupBy(['day', 'name'])
    .orderBy('day', 'desc')
    .orderBy('name', 'asc')
    .execute();
  const errors = await k
    .selectFrom('client_logs')
    .select(['version', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('level', '=', 'error')
    .where('day', '>=', since)
    .groupBy('version')
    .orderBy('count', 'desc')
    .orderBy('version', 'asc')
    .execute();
  // Each (customer, device) pair once, from either table.
  const devices = await k
    .selectFrom(
      k
        .selectFrom('analytics_events')
        .select(['cust_id', 'uuid'])
        .where('day', '>=', since)
        .union(k.selectFrom('client_logs').select([sql<string>`cust_id`.as('cust_id'), 'uuid']).where('cust_id', 'is not', null).where('day', '>=', since))
        .as('seen'),
    )
    .select(['seen.cust_id', (eb) => eb.fn.countAll<number | string>().as('devices')])
    .groupBy('seen.cust_id')
    .orderBy('devices', 'desc')
    .orderBy('seen.cust_id', 'asc')
    .execute();
  return {
    since,
    eventsPerDay: events.map((row) => ({ day: row.day, name: row.name, count: rowNumber(row.count) })),
    errorsPerVersion: errors.map((row) => ({ version: row.version, count: rowNumber(row.count) })),
    devicesPerCustomer: devices.map((row) => ({ custId: row.cust_id, devices: rowNumber(row.devices) })),
  };
}

function table(title: string, header: string[], rows: string[][]): string {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd();
  const body = rows.length === 0 ? ['(none)'] : rows.map(line);
  return [title, line(header), ...body].join('\n');
}

/** The report as plain-text tables for a terminal. */
export function formatTelemetryReport(report: TelemetryReport): string {
  return [
    `Clearway telemetry since ${report.since} (UTC)`,
    table('Analytics events per day', ['day', 'event', 'count'], report.eventsPerDay.map((row) => [row.day, row.name, String(row.count)])),
    table('Errors per version', ['version', 'errors'], report.errorsPerVersion.map((row) => [row.version, String(row.count)])),
    table('Devices per customer', ['cust_id', 'devices'], report.devicesPerCustomer.map((row) => [row.custId, String(row.devices)])),
  ].join('\n\n');
}
