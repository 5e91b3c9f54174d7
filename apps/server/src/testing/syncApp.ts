import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/index.js';
import { openDatabase, migrateToLatest, type Database } from '../db/index.js';
import type { RealtimeHub } from '../realtime/index.js';
import type { TestSessions } from './testSessions.js';

/** The real app with the sync and realtime routes, listening on 127.0.0.1. */
export interface SyncTestServer {
  app: FastifyInstance;
  db: Database;
  /** http://127.0.0.1:<port> */
  origin: string;
  close: () => Promise<void>;
}

/**
 * Builds the app as main.ts does, with the given hub and stand-in sessions, and listens on a free
 * 127.0.0.1 port. The SQLite file is `<dir>/<dbName>`, so two servers given the same dir share one
 * database, like two processes behind a load balancer.
 */
export async function startSyncServer(options: {
  dir: string;
  hub: RealtimeHub;
  sessions: TestSessions;
  dbName?: string;
  maxDevices?: number;
  pingIntervalMs?: number;
}): Promise<SyncTestServer> {
  const config = loadConfig({ HOST: '127.0.0.1', LOG_LEVEL: 'silent', SQLITE_PATH: join(options.dir, options.dbName ?? 'sync.db'), WEB_DIST: join(options.dir, 'web'), DEVICES: 'off' });
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const app = await buildApp(config, {
    db,
    hub: options.hub,
    sessions: options.sessions,
    sync: options.maxDevices === undefined ? {} : { maxDevices: options.maxDevices },
    realtime: options.pingIntervalMs === undefined ? {} : { pingIntervalMs: options.pingIntervalMs },
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    db,
    origin: address,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

/** A device's profile socket with every message it received, in order. */
export interface TestSocket {
  socket: WebSocket;
  messages: unknown[];
  /** Resolves with the next message not yet taken; rejects after timeoutMs. */
  next: (timeoutMs: number) => Promise<unknown>;
  close: () => Promise<void>;
}

/** Opens `/ws/profile?cust_id=..&uuid=..`; resolves when open, or rejects with the HTTP status of a refused upgrade. */
export function openProfileSocket(origin: string, query: Record<string, string>, cookie: string | undefined, options: { autoPong?: boolean } = {}): Promise<TestSocket> {
  const url = `${origin.replace(/^http/, 'ws')}/ws/profile?${new URLSearchParams(query).toString()}`;
  const socket = new WebSocket(url, { ...(cookie === undefined ? {} : { headers: { cookie } }), ...options });
  const messages: unknown[] = [];
  let taken = 0;
  const waiters: Array<() => void> = [];
  socket.on('message', (data) => {
    messages.push(JSON.parse(String(data)));
    for (const wake of waiters.splice(0)) wake();
  });
  const next = (timeoutMs: number) =>
    new Promise<unknown>((resolve, reject) => {
      const take = () => {
        if (taken < messages.length) {
          clearTimeout(timer);
          resolve(messages[taken++]);
          return true;
        }
        return false;
      };
      const timer = setTimeout(() => reject(new Error(`no socket message within ${timeoutMs} ms`)), timeoutMs);
      if (!take()) waiters.push(function retry() {
        if (!take()) waiters.push(retry);
      });
    });
  const close = () =>
    new Promise<void>((resolve) => {
      if (socket.readyState === WebSocket.CLOSED) return resolve();
      socket.once('close', () => resolve());
      socket.close();
    });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, messages, next, close }));
    socket.once('unexpected-response', (request, response) => {
      reject(new Error(`upgrade refused: ${response.statusCode}`));
      response.resume();
      request.destroy();
    });
    socket.on('error', reject);
  });
}

/** POSTs a sync_profile body as a device would. */
export async function postSync(origin: string, cookie: string | undefined, body: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${origin}/api/sync_profile`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie === undefined ? {} : { cookie }) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}
