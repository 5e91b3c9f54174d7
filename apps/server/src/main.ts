import { buildApp } from './app.js';
import { isEmbeddedDefault, ConfigError, loadProcessConfig, type Config } from './config/index.js';
import { openDatabase, migrateToLatest, MIGRATION_NAMES } from './db/index.js';
import { createServerLogger } from './http/index.js';
import { installShutdown } from './lifecycle/index.js';
import { backgroundPackBuild } from './packs/index.js';

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

  const logger = createServerLogger(config);
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
  // No region packs yet: build what CHARTS_DIR / TERRAIN_DIR (or the shared data) allow, in a worker, once listening.
  const packBuild = backgroundPackBuild({ packsDir: config.packs.dir, chartsDir: config.chartsDir, terrainDir: config.packs.terrainDir, chartsCycle: config.packs.chartsCycle, repoRoot: config.repoRoot, logger });
  installShutdown({
    signals: process,
    close: async () => {
      await packBuild.stop();
      await app.close();
      await db.close();
    },
    logger,
    exit: (code) => process.exit(code),
  });

  const address = await app.listen({ port: config.port, host: config.host });
  packBuild.start();
  // Without PUBLIC_ORIGIN, sign-in and mailed links follow each request's allowed address (http/requestOrigin.ts).
  const links = config.publicOriginFixed ? config.publicOrigin : 'the address each request came to (PUBLIC_ORIGIN unset)';
  logger.info(
    {
      url: address,
      publicOrigin: config.publicOriginFixed ? config.publicOrigin : null,
      dialect: db.dialect,
      database: db.target,
      migrationsApplied: applied,
      migrationsKnown: MIGRATION_NAMES,
      webDist: config.webDist,
      realtime: config.redisUrl === undefined ? 'in-process' : 'redis',
      payments: config.billing.stripe === null ? 'test provider (test mode)' : 'stripe',
      mail: mailMode(config),
    },
    `Clearway server listening on ${address} (links on ${links})`,
  );
}

/** How sign-in mail leaves the server, for the start-up line. */
function mailMode(config: Config): string {
  if (config.auth.issuer.kind === 'external') return 'none (external OpenID Connect issuer)';
  if (config.auth.smtpUrl !== undefined) return 'smtp';
  if (config.auth.mailDisabled) return 'disabled (SMTP_URL=disabled): kept in the auth_outbox table, never sent';
  return isEmbeddedDefault(config.env)
    ? 'not sent (SMTP_URL not set): links are printed on this console'
    : 'not sent (SMTP_URL not set): kept in the auth_outbox table';
}

main().catch((error: unknown) => {
  process.stderr.write(`Clearway server failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
