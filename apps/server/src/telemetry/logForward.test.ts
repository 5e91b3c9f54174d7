// LOG_FORWARD_URL: stored client log entries go to an OpenSearch-compatible `_bulk` endpoint, here a
// small HTTP server on 127.0.0.1 that parses the NDJSON it is sent.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { logIndexPath } from '@clearway/protocol';
import { createSession, findOrCreateCustomer, SESSION_COOKIE } from '../auth/index.js';
import { FakeClock } from '../testing/fakeClock.js';
import { startTestApp, validLogEntry, type TestApp } from '../testing/testApp.js';
import { bulkTarget, forwardClientLogs, LOG_FORWARD_PERIOD_MS } from './index.js';

interface BulkRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** The NDJSON lines, each parsed. */
  lines: unknown[];
}

type Answer = (request: BulkRequest) => { status: number; body?: unknown };

/** Answers like OpenSearch: every item indexed (201). */
const allIndexed: Answer = (request) => ({
  status: 200,
  body: { errors: false, items: actionsOf(request).map((action) => ({ index: { _id: action._id, status: 201 } })) },
});

function actionsOf(request: BulkRequest): { _index: string; _id: string }[] {
  return request.lines.filter((_, i) => i % 2 === 0).map((line) => (line as { index: { _index: string; _id: string } }).index);
}

/** A loopback `_bulk` endpoint: records each request with its parsed NDJSON lines. */
async function startCluster(): Promise<{ server: Server; url: string; requests: BulkRequest[]; answer: { next: Answer } }> {
  const requests: BulkRequest[] = [];
  const answer = { next: allIndexed };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      // The bulk API wants one JSON document per line and a final newline.
      const ndjsonOk = text.endsWith('\n');
      const lines = text.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as unknown);
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, lines };
      requests.push(request);
      const { status, body } = ndjsonOk ? answer.next(request) : { status: 400, body: { error: 'no final newline' } };
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://ops:p%40ss@127.0.0.1:${port}/`, requests, answer };
}

describe('LOG_FORWARD_URL: OpenSearch _bulk forwarding of stored client logs', () => {
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  let running: TestApp;
  let cookie: string;
  const clock = new FakeClock(Date.UTC(2026, 11, 1));
  beforeAll(async () => {
    cluster = await startCluster();
    running = await startTestApp({ env: { CLEARWAY_ENV: 'qa', LOG_FORWARD_URL: cluster.url, LOG_FORWARD_BATCH: '2' }, jobs: { clock, startDelayMs: 0 } });
    const customer = await findOrCreateCustomer(running.db, { email: 'forward@example.com', fullName: '' });
    cookie = `${SESSION_COOKIE}=${await createSession(running.db, customer.custId, 3600_000)}`;
  });
  afterEach(async () => {
    cluster.requests.length = 0;
    cluster.answer.next = allIndexed;
    // Each test starts with nothing left to forward.
    await running.db.kysely.updateTable('client_logs').set({ forwarded_at: 1 }).where('forwarded_at', 'is', null).execute();
  });
  afterAll(async () => {
    await running.close();
    await new Promise((resolve) => cluster.server.close(resolve));
  });

  const postLog = async (day: string, message: string) => {
    const reply = await running.app.inject({ method: 'POST', url: logIndexPath(day), headers: { cookie }, payload: validLogEntry({ message }) });
    expect(reply.statusCode).toBe(201);
    return reply.json<{ id: string }>().id;
  };
  const options = () => ({ db: running.db, url: running.config.telemetry.logForwardUrl ?? '', batch: running.config.telemetry.logForwardBatch });
  const unforwarded = async () => (await running.db.kysely.selectFrom('client_logs').select('id').where('forwarded_at', 'is', null).execute()).map((row) => row.id);

  it('reads the address without its credentials and makes a Basic header of them', () => {
    expect(running.config.telemetry.logForwardUrl).toBe(cluster.url.replace(/\/$/, ''));
    const target = bulkTarget(running.config.telemetry.logForwardUrl ?? '');
    expect(target.address).toBe(`${cluster.url.replace('ops:p%40ss@', '').replace(/\/$/, '')}/_bulk`);
    expect(target.authorization).toBe(`Basic ${Buffer.from('ops:p@ss').toString('base64')}`);
  });

  it('sends the entries oldest first in batches of LOG_FORWARD_BATCH as NDJSON (index pwa_logs_<day>, the row id as _id) and marks them', async () => {
    const ids = [await postLog('2026-11-20', 'one'), await postLog('2026-11-21', 'two'), await postLog('2026-11-21', 'three')];
    const result = await forwardClientLogs(options(), clock.now());
    expect(result).toEqual({ sent: 3, rejected: 0, retry: 0 });
    expect(cluster.requests.map((request) => [request.method, request.url, request.headers['content-type'], request.headers.authorization])).toEqual([
      ['POST', '/_bulk', 'application/x-ndjson', `Basic ${Buffer.from('ops:p@ss').toString('base64')}`],
      ['POST', '/_bulk', 'application/x-ndjson', `Basic ${Buffer.from('ops:p@ss').toString('base64')}`],
    ]);
    const lines = cluster.requests.flatMap((request) => request.lines);
    expect(lines).toHaveLength(6);
    expect(cluster.requests.flatMap(actionsOf)).toEqual([
      { _index: 'pwa_logs_2026-11-20', _id: ids[0] },
      { _index: 'pwa_logs_2026-11-21', _id: ids[1] },
      { _index: 'pwa_logs_2026-11-21', _id: ids[2] },
    ]);
    // The documents are the stored entries, cust_id the session's.
    const documents = lines.filter((_, i) => i % 2 === 1) as { message: string; '@timestamp': string; cust_id: string }[];
    expect(documents.map((doc) => doc.message)).toEqual(['one', 'two', 'three']);
    expect(documents.every((doc) => doc['@timestamp'] === validLogEntry()['@timestamp'] && doc.cust_id.startsWith('cust_'))).toBe(true);
    expect(await unforwarded()).toEqual([]);
    // Nothing is sent twice.
    expect(await forwardClientLogs(options(), clock.now())).toEqual({ sent: 0, rejected: 0, retry: 0 });
    expect(cluster.requests).toHaveLength(2);
  });

  it('a cluster that fails leaves the entries for the next run, and the next run sends them', async () => {
    const ids = [await postLog('2026-11-22', 'a'), await postLog('2026-11-22', 'b'), await postLog('2026-11-22', 'c')];
    cluster.answer.next = () => ({ status: 503, body: { error: 'unavailable' } });
    expect(await forwardClientLogs(options(), clock.now())).toEqual({ sent: 0, rejected: 0, retry: 2 });
    // Stopped at the first failure: one request, not one per batch.
    expect(cluster.requests).toHaveLength(1);
    expect((await unforwarded()).sort()).toEqual([...ids].sort());
    cluster.answer.next = allIndexed;
    expect(await forwardClientLogs(options(), clock.now())).toEqual({ sent: 3, rejected: 0, retry: 0 });
    expect(await unforwarded()).toEqual([]);
  });

  it('per item: 429 stays for the next run, a 400 (the cluster will never take it) is marked and counted as rejected', async () => {
    const [throttled, broken] = [await postLog('2026-11-23', 'throttled'), await postLog('2026-11-23', 'broken')];
    cluster.answer.next = (request) => ({
      status: 200,
      body: { errors: true, items: actionsOf(request).map((action) => ({ index: { _id: action._id, status: action._id === throttled ? 429 : 400 } })) },
    });
    expect(await forwardClientLogs(options(), clock.now())).toEqual({ sent: 0, rejected: 1, retry: 1 });
    expect(await unforwarded()).toEqual([throttled]);
    expect(await unforwarded()).not.toContain(broken);
  });

  it('an unreachable cluster is a retry, not a crash', async () => {
    const id = await postLog('2026-11-24', 'nowhere');
    const closed = { ...options(), url: 'http://127.0.0.1:9/' };
    expect(await forwardClientLogs(closed, clock.now())).toEqual({ sent: 0, rejected: 0, retry: 1 });
    expect(await unforwarded()).toEqual([id]);
  });

  it('the server\'s job runner forwards them every LOG_FORWARD_PERIOD_MS', async () => {
    const id = await postLog('2026-11-25', 'by the job');
    await clock.advance(LOG_FORWARD_PERIOD_MS);
    expect(cluster.requests.flatMap(actionsOf)).toEqual([{ _index: 'pwa_logs_2026-11-25', _id: id }]);
    expect(await unforwarded()).toEqual([]);
  });
});
