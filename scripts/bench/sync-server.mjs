// Child process of scripts/bench/sync.mjs: the real server app (buildApp, as main.ts builds it, with
// the sync and realtime routes and the real database session resolver) on 127.0.0.1 and a free port,
// on the database that the environment names (SQLITE_PATH or DATABASE_URL). Before listening it
// makes BENCH_CUSTOMERS customers and one session for each (findOrCreateCustomer + createSession,
// as sign-in does), so every request pays the real session lookup. Prints one JSON line
// {origin, dialect, sessions:[{custId, cookie}]} on file descriptor 3 when listening; the server's
// own log (pino, LOG_LEVEL, default info as in production) goes to stdout.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../lib/ensure.mjs';

const dist = join(repoRoot, 'apps/server/dist');
const { buildApp } = await import(join(dist, 'app.js'));
const { loadConfig } = await import(join(dist, 'config/loadConfig.js'));
const { openDatabase } = await import(join(dist, 'db/connect.js'));
const { migrateToLatest } = await import(join(dist, 'db/migrate.js'));
const { createRealtimeHub } = await import(join(dist, 'realtime/hub.js'));
const { createSession, findOrCreateCustomer, SESSION_COOKIE } = await import(join(dist, 'auth/index.js'));

const config = loadConfig({ ...process.env, HOST: '127.0.0.1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' });
const db = openDatabase(config.database);
await migrateToLatest(db);
const hub = createRealtimeHub(config.redisUrl, { error: console.error, warn: console.warn });
const run = randomBytes(3).toString('hex');
const sessions = [];
for (let index = 0; index < Number(process.env.BENCH_CUSTOMERS ?? 25); index += 1) {
  const customer = await findOrCreateCustomer(db, { email: `bench${index}.${run}@bench.test`, fullName: `Bench ${index}` });
  const token = await createSession(db, customer.custId, 3600_000);
  sessions.push({ custId: customer.custId, cookie: `${SESSION_COOKIE}=${token}` });
}
const app = await buildApp(config, { db, hub });
const origin = await app.listen({ host: '127.0.0.1', port: 0 });
const ready = createWriteStream(null, { fd: 3 });
ready.end(`${JSON.stringify({ origin, dialect: db.dialect, sessions })}\n`);

const stop = async () => {
  await app.close();
  await hub.close();
  await db.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
