// Child process of scripts/bench/sync.mjs: the real server app (buildApp, as main.ts builds it, with
// the sync and realtime routes) on 127.0.0.1 and a free port, on the database that the environment
// names (SQLITE_PATH or DATABASE_URL). Prints one JSON line {origin} when listening.
//
// Sessions come from a stand-in resolver passed to buildApp (AppDependencies.sessions): the cookie
// `bench_session=<cust_id>` is the signed-in customer. The real resolver reads the session from the
// database, which adds one lookup per request that these figures do not include.
import { join } from 'node:path';
import { repoRoot } from '../lib/ensure.mjs';

const dist = join(repoRoot, 'apps/server/dist');
const { buildApp } = await import(join(dist, 'app.js'));
const { loadConfig } = await import(join(dist, 'config/loadConfig.js'));
const { openDatabase } = await import(join(dist, 'db/connect.js'));
const { migrateToLatest } = await import(join(dist, 'db/migrate.js'));
const { createRealtimeHub } = await import(join(dist, 'realtime/hub.js'));

const sessions = {
  resolve(request) {
    const match = /(?:^|;\s*)bench_session=([^;]+)/.exec(request.headers.cookie ?? '');
    return Promise.resolve(match ? { custId: match[1], email: `${match[1]}@bench.test`, sessionId: match[1] } : null);
  },
};

const config = loadConfig({ ...process.env, HOST: '127.0.0.1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
const db = openDatabase(config.database);
await migrateToLatest(db);
const hub = createRealtimeHub(config.redisUrl, { error: console.error, warn: console.warn });
const app = await buildApp(config, { db, hub, sessions });
const origin = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${JSON.stringify({ origin, dialect: db.dialect })}\n`);

const stop = async () => {
  await app.close();
  await hub.close();
  await db.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
