import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDependencies } from '../app.js';
import { loadConfig, type Config } from '../config/index.js';
import { openDatabase, migrateToLatest, type Database } from '../db/index.js';

/** A throw-away folder under the OS temp dir; remove it with removeTempDir. */
export function makeTempDir(prefix = 'clearway-server-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

export function removeTempDir(dir: string): Promise<void> {
  return rm(dir, { recursive: true, force: true });
}

/** Writes files (path below dir -> content), creating folders as needed. */
export async function writeFiles(dir: string, files: Record<string, string>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), content);
  }
}

/** The files of a small built web app, shaped like Vite + vite-plugin-pwa output. */
export const WEB_DIST_FILES: Readonly<Record<string, string>> = {
  'index.html': '<!doctype html><html><head><title>Clearway</title></head><body><div id="root"></div></body></html>',
  'assets/x-abc123.js': 'console.log("x");',
  'sw.js': 'self.addEventListener("install", () => {});',
  'registerSW.js': 'navigator.serviceWorker.register("/sw.js");',
  'manifest.webmanifest': '{"name":"Clearway"}',
  'workbox-4a8b2c1d.js': '/* workbox */',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
};

/** A running app on a fresh SQLite file in a temp folder. */
export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: Config;
  /** The temp folder holding the database (and the web dist when requested). */
  dir: string;
  close: () => Promise<void>;
}

/**
 * Builds the real app on a fresh, migrated SQLite database in a temp folder.
 * @param env extra environment variables for loadConfig.
 * @param webDist true to write WEB_DIST_FILES into `<dir>/web`, false for a missing web build.
 * @param jobs the periodic jobs' clock and first delay (testing/fakeClock.ts).
 */
export async function startTestApp(options: { env?: Record<string, string>; webDist?: boolean; jobs?: AppDependencies['jobs'] } = {}): Promise<TestApp> {
  const dir = await makeTempDir();
  const webDist = join(dir, 'web');
  if (options.webDist === true) await writeFiles(webDist, WEB_DIST_FILES);
  const config = loadConfig({
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    SQLITE_PATH: join(dir, 'var', 'test.db'),
    WEB_DIST: webDist,
    // The devices bridge (UDP 4000) only where a test asks for it.
    DEVICES: 'off',
    // Not the developer's var/packs: a pack built there by `npm run bench:*` or `npm start` made the
    // 'pack file' limit test read a real file 1,200 times (44 ms each) and time out.
    PACKS_DIR: join(dir, 'packs'),
    ...options.env,
  });
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const app = await buildApp(config, { db, ...(options.jobs === undefined ? {} : { jobs: options.jobs }) });
  await app.ready();
  return {
    app,
    db,
    config,
    dir,
    close: async () => {
      await app.close();
      await db.close();
      await removeTempDir(dir);
    },
  };
}

/** A log entry that passes logEntrySchema. */
export function validLogEntry(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    timestamp: 1795276800000,
    '@timestamp': '2026-11-21T12:00:00.000Z',
    version: '0.1.0',
    os: 'Linux x86_64',
    level: 'error',
    message: 'Route analysis failed',
    uuid: '3f0c6a4e-8d1b-4c39-9f7e-2b5d1a0e6c44',
    env: 'qa',
    cust_id: 'cust_123',
    stack: 'Error: Route analysis failed\n    at run (worker.js:1:1)',
    location: { lat: 37.6589, lon: -122.1218 },
    ...overrides,
  };
}
