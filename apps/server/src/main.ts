import { pino } from 'pino';
import { buildApp } from './app.js';
import { ConfigError, loadProcessConfig, type Config } from './config/loadConfig.js';
import { openDatabase } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { MIGRATION_NAMES } from './db/migrations/index.js';
import { installShutdown } from './lifecycle/shutdown.js';

/** Start-up: configuration, database and migrations, then listen; exits 1 with a reason on failure. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadProcessConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // Before a logger exists: one plain line naming every bad variable.
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }

  const logger = pino({ level: config.logLevel, base: { service: 'clearway-server', env: config.env, version: config.version } });
  const db = openDatabase(config.database, {
    onPoolError: (error) => logger.error({ err: error }, 'idle database connection failed'),
  });
  let applied: string[];
  try {
    applied = await migrateToLatest(db);
  } catch (error) {
    logger.fatal({ err: error }, 'database migrations failed');
    await db.close().catch(() => undefined);
    process.exit(1);
  }

  const app = await buildApp(config, { db, logger });
  installShutdown({
    signals: process,
    close: async () => {
      await app.close();
      await db.close();
    },
    logger,
    exit: (code) => process.exit(code),
  });

  const address = await app.listen({ port: config.port, host: config.host });
  logger.info(
    {
      url: address,
      publicOrigin: config.publicOrigin,
      dialect: db.dialect,
      database: db.target,
      migrationsApplied: applied,
      migrationsKnown: MIGRATION_NAMES,
      webDist: config.webDist,
      realtime: config.redisUrl === undefined ? 'in-process' : 'redis',
      payments: config.billing.stripe === null ? 'test provider (test mode)' : 'stripe',
    },
    `Clearway server listening on ${address} (public ${config.publicOrigin})`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`Clearway server failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
