#!/usr/bin/env node
import { ConfigError, loadConfig } from '../config/index.js';
import { openDatabase, migrateToLatest } from '../db/index.js';
import { formatTelemetryReport, telemetryReport } from './report.js';

const USAGE = `Usage: npm run report -- analytics [--days N] [--json]

Prints the client telemetry of the server's database (DATABASE_URL or SQLITE_PATH, as the server reads them):
analytics events per day and event, client errors per app version, and devices per customer.
  --days N   the last N UTC days, today included (1 to 3650, default 30)
  --json     one JSON object instead of text tables`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (command !== 'analytics') fail(`Unknown report "${command}".\n${USAGE}`);
  let days = 30;
  let json = false;
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i];
    if (arg === '--json') json = true;
    else if (arg === '--days') {
      const value = rest[i + 1] ?? '';
      if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 3650) fail(`--days must be an integer between 1 and 3650 (got "${value}")`);
      days = Number(value);
      i += 1;
    } else fail(`Unknown option "${arg}".\n${USAGE}`);
  }
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const db = openDatabase(config.database);
  try {
    // A report on a database the server has not opened yet still finds its tables.
    await migrateToLatest(db);
    const since = new Date(Date.now() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
    const report = await telemetryReport(db, since);
    process.stdout.write(`${json ? JSON.stringify(report, null, 2) : formatTelemetryReport(report)}\n`);
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`report failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
