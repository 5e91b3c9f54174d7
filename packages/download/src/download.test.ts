import { createHash, webcrypto } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { download, type DownloadProgress } from './download.js';
import { DownloadError } from './downloadError.js';
import type { DownloadEnv, Sleep } from './env.js';
import { memorySegments, segmentedPartStore } from './segmentedPartStore.js';
import { digestSha256, incrementalSha256 } from './sha256.js';
import type { DownloadState } from './state.js';

/** Pseudo-random bytes, so a misplaced piece cannot go unnoticed. */
function noise(length: number, seed = 7): Buffer {
  const bytes = Buffer.alloc(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    bytes[i] = x >>> 24;
  }
  return bytes;
}

/** SHA-256 hex by node:crypto, the oracle the download's hasher is checked against. */
function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

interface SeenRequest {
  range: string | undefined;
  ifRange: string | undefined;
}

/**
 * One file on 127.0.0.1 with a strong ETag and single `bytes=N-` ranges (honouring If-Range), that
 * can drop the connection mid-body, answer failing statuses, change the file (and its ETag), ignore
 * If-Range, and send a gzip-coded body to requests without a Range (as the server's precompressed copies).
 */
class RangeFileServer {
  body: Buffer = Buffer.alloc(0);
  etag = '"v1"';
  readonly requests: SeenRequest[] = [];
  /** Bytes to send before cutting the connection, for the next `times` requests. */
  cut: { afterBytes: number; times: number } | null = null;
  /** Statuses to answer before serving normally. */
  failures: number[] = [];
  honourIfRange = true;
  gzipWhole = false;
  /** Called once the cut request's bytes are sent (say, to replace the file). */
  afterCut: (() => void) | null = null;
  private readonly server: Server = createServer((request, response) => this.handle(request, response));

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/file.bin`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  reset(body: Buffer): void {
    Object.assign(this, { body, etag: '"v1"', cut: null, failures: [], honourIfRange: true, gzipWhole: false, afterCut: null });
    this.requests.length = 0;
  }

  /** Replaces the file: a new version with a new ETag. */
  replace(body: Buffer, etag: string): void {
    this.body = body;
    this.etag = etag;
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const ifRange = request.headers['if-range'] as string | undefined;
    this.requests.push({ range: request.headers.range, ifRange });
    const failing = this.failures.shift();
    if (failing !== undefined) {
      response.writeHead(failing).end('try later');
      return;
    }
    const body = this.body;
    const range = /^bytes=(\d+)-$/.exec(request.headers.range ?? '');
    const headers: Record<string, string> = { 'accept-ranges': 'bytes', etag: this.etag, 'content-type': 'application/octet-stream' };
    let slice: Buffer = body;
    let status = 200;
    if (range && (!this.honourIfRange || ifRange === undefined || ifRange === this.etag)) {
      const start = Number(range[1]);
      if (start >= body.length) {
        response.writeHead(416, { 'content-range': `bytes */${body.length}` }).end();
        return;
      }
      slice = body.subarray(start);
      status = 206;
      headers['content-range'] = `bytes ${start}-${body.length - 1}/${body.length}`;
    } else if (this.gzipWhole) {
      // The coded copy has its own ETag, as the server's precompressed copies do.
      slice = gzipSync(body);
      headers['content-encoding'] = 'gzip';
      headers.etag = this.etag.replace(/"$/, '-gz"');
    }
    headers['content-length'] = String(slice.length);
    response.writeHead(status, headers);
    if (this.cut && this.cut.times > 0) {
      this.cut.times--;
      const afterCut = this.afterCut;
      // Send part of the body, then drop the connection as a flaky network would.
      response.write(slice.subarray(0, this.cut.afterBytes), () =>
        setTimeout(() => {
          response.socket?.destroy();
          afterCut?.();
        }, 20),
      );
      return;
    }
    response.end(slice);
  }
}

/** A sleep that records each delay and returns at once (rejecting when the signal is aborted). */
function fakeSleep(): Sleep & { delays: number[] } {
  const delays: number[] = [];
  const sleep = async (ms: number, signal?: { aborted: boolean; reason?: unknown }) => {
    if (signal?.aborted) throw signal.reason;
    delays.push(ms);
  };
  return Object.assign(sleep, { delays });
}

/** A real sleep on setTimeout, for the idle time-out. */
const realSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });

function env(sleep: Sleep): DownloadEnv {
  return { fetch: (url, init) => fetch(url, { ...init, signal: init.signal as AbortSignal }), sleep, abortController: () => new AbortController() };
}

const server = new RangeFileServer();
let url = '';
beforeAll(async () => {
  url = await server.start();
});
afterAll(async () => {
  await server.stop();
});

const body = noise(300_000);
beforeEach(() => server.reset(body));

describe('download', () => {
  it('downloads a file with progress and walks the states idle -> requesting -> receiving -> verifying -> done', async () => {
    const progress: DownloadProgress[] = [];
    const states: DownloadState[] = [];
    const sleep = fakeSleep();
    const result = await download({
      url,
      store: segmentedPartStore(memorySegments()),
      env: env(sleep),
      onProgress: (p) => progress.push(p),
      onState: (s) => states.push(s),
    });
    expect(Buffer.from(result.value).equals(body)).toBe(true);
    expect(result).toMatchObject({ url, bytes: body.length, attempts: 1, resumed: false, sha256: null });
    expect(progress[0]).toMatchObject({ kind: 'response', bytes: 0, pct: 0, totalBytes: body.length, remainingBytes: body.length });
    expect(progress.at(-1)).toMatchObject({ kind: 'chunk', bytes: body.length, pct: 100, remainingBytes: 0 });
    for (let i = 1; i < progress.length; i++) expect(progress[i]!.bytes).toBeGreaterThanOrEqual(progress[i - 1]!.bytes);
    expect([...new Set(states.map((s) => s.status))]).toEqual(['requesting', 'receiving', 'verifying', 'done']);
    expect(states.at(-1)).toEqual({ status: 'done', bytes: body.length, attempts: 1, resumed: false });
    expect(sleep.delays).toEqual([]);
  });

  it('resumes with Range and If-Range after the connection drops mid-body', async () => {
    server.cut = { afterBytes: 100_000, times: 1 };
    const sleep = fakeSleep();
    const states: DownloadState[] = [];
    const result = await download({ url, store: segmentedPartStore(memorySegments(), 64 * 1024), env: env(sleep), onState: (s) => states.push(s) });
    expect(Buffer.from(result.value).equals(body)).toBe(true);
    expect(result).toMatchObject({ attempts: 2, resumed: true });
    expect(server.requests).toEqual([
      { range: undefined, ifRange: undefined },
      { range: 'bytes=100000-', ifRange: '"v1"' },
    ]);
    expect(sleep.delays).toEqual([500]);
    const waiting = states.find((s) => s.status === 'waiting');
    expect(waiting).toMatchObject({ attempt: 2, delayMs: 500, reason: expect.stringMatching(/^Connection to .* broke after 100000 bytes/) });
    expect(states.filter((s) => s.status === 'requesting')).toEqual([
      { status: 'requesting', attempt: 1, offset: 0 },
      { status: 'requesting', attempt: 2, offset: 100_000 },
    ]);
  });

  it('restarts from zero when the file changed (new ETag) between the attempts', async () => {
    const changed = noise(250_000, 99);
    server.cut = { afterBytes: 100_000, times: 1 };
    server.afterCut = () => server.replace(changed, '"v2"');
    const result = await download({ url, store: segmentedPartStore(memorySegments()), env: env(fakeSleep()) });
    expect(Buffer.from(result.value).equals(changed)).toBe(true);
    expect(result).toMatchObject({ attempts: 2, resumed: false, bytes: changed.length });
    // The resume was conditional on v1; the server answered 200 with v2.
    expect(server.requests[1]).toEqual({ range: 'bytes=100000-', ifRange: '"v1"' });
  });

  it('restarts when a server ignoring If-Range answers the resume with a piece of another version', async () => {
    const changed = noise(300_000, 5);
    server.honourIfRange = false;
    server.cut = { afterBytes: 100_000, times: 1 };
    server.afterCut = () => server.replace(changed, '"v2"');
    const states: DownloadState[] = [];
    const result = await download({ url, store: segmentedPartStore(memorySegments()), env: env(fakeSleep()), onState: (s) => states.push(s) });
    expect(Buffer.from(result.value).equals(changed)).toBe(true);
    expect(result).toMatchObject({ attempts: 3, resumed: false });
    expect(server.requests.map((r) => r.range)).toEqual([undefined, 'bytes=100000-', undefined]);
    expect(states.filter((s) => s.status === 'waiting').map((s) => (s as { reason: string }).reason)[1]).toBe(
      `${url} changed since the download began (ETag "v1" became "v2"); restarting`,
    );
  });

  it('checks the SHA-256 with a WebCrypto digest or an incremental hash', async () => {
    for (const sha256Hasher of [digestSha256(webcrypto.subtle), incrementalSha256(() => createHash('sha256'))]) {
      server.requests.length = 0;
      server.cut = { afterBytes: 70_000, times: 1 };
      const result = await download({ url, store: segmentedPartStore(memorySegments(), 32 * 1024), env: env(fakeSleep()), sha256: sha256Of(body).toUpperCase(), sha256Hasher });
      expect(result.sha256).toBe(sha256Of(body));
      expect(result).toMatchObject({ attempts: 2, resumed: true });
    }
  });

  it('fails on a SHA-256 mismatch, naming the file and both hashes, and discards the bytes', async () => {
    const segments = memorySegments();
    const wrong = sha256Of(Buffer.from('something else'));
    const states: DownloadState[] = [];
    const sleep = fakeSleep();
    const run = download({
      url,
      name: 'us.cwnav',
      store: segmentedPartStore(segments),
      env: env(sleep),
      sha256: wrong,
      sha256Hasher: digestSha256(webcrypto.subtle),
      onState: (s) => states.push(s),
    });
    await expect(run).rejects.toThrow(DownloadError);
    await expect(run).rejects.toMatchObject({
      message: `us.cwnav: SHA-256 mismatch: expected ${wrong}, got ${sha256Of(body)}`,
      kind: 'sha256',
      retryable: false,
      sha256: { file: 'us.cwnav', expected: wrong, actual: sha256Of(body) },
    });
    expect(segments.segments.size).toBe(0);
    expect(await segments.readMeta()).toBeNull();
    expect(states.at(-1)).toEqual({ status: 'failed', reason: `us.cwnav: SHA-256 mismatch: expected ${wrong}, got ${sha256Of(body)}` });
    expect(server.requests).toHaveLength(1);
    expect(sleep.delays).toEqual([]);
  });

  it('backs off 500, 1000, 2000 ms on the injected sleep, capped, and gives up after the allowed retries', async () => {
    server.failures = [503, 503, 503];
    const sleep = fakeSleep();
    const result = await download({ url, store: segmentedPartStore(memorySegments()), env: env(sleep) });
    expect(result.attempts).toBe(4);
    expect(sleep.delays).toEqual([500, 1000, 2000]);

    server.failures = [500, 502, 503, 504, 500, 500];
    const capped = fakeSleep();
    const run = download({ url, store: segmentedPartStore(memorySegments()), env: env(capped), retries: 4, retryDelayMs: 3000, maxRetryDelayMs: 10_000 });
    await expect(run).rejects.toThrow(`Download of ${url} failed after 5 attempts: HTTP 500 Internal Server Error from ${url}`);
    await expect(run).rejects.toMatchObject({ kind: 'gave-up', status: 500, retryable: false });
    expect(capped.delays).toEqual([3000, 6000, 10_000, 10_000]);
  });

  it('fails at once on a 404, without waiting', async () => {
    server.failures = [404];
    const sleep = fakeSleep();
    const run = download({ url, store: segmentedPartStore(memorySegments()), env: env(sleep) });
    await expect(run).rejects.toMatchObject({ name: 'DownloadError', status: 404, retryable: false, kind: 'http', message: `HTTP 404 Not Found from ${url}` });
    expect(server.requests).toHaveLength(1);
    expect(sleep.delays).toEqual([]);
  });

  it('keeps the part when aborted (a pause) and resumes it in a later call', async () => {
    const segments = memorySegments();
    const controller = new AbortController();
    const states: DownloadState[] = [];
    const run = download({
      url,
      store: segmentedPartStore(segments, 16 * 1024),
      env: env(fakeSleep()),
      signal: controller.signal,
      onProgress: (p) => {
        if (p.bytes >= 120_000) controller.abort();
      },
      onState: (s) => states.push(s),
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(states.at(-1)).toEqual({ status: 'aborted' });
    const held = (await segments.segmentSizes()).reduce((a, b) => a + b, 0);
    expect(held).toBeGreaterThanOrEqual(120_000);

    const result = await download({ url, store: segmentedPartStore(segments), env: env(fakeSleep()) });
    expect(Buffer.from(result.value).equals(body)).toBe(true);
    expect(result).toMatchObject({ attempts: 1, resumed: true });
    expect(server.requests.at(-1)).toEqual({ range: `bytes=${held}-`, ifRange: '"v1"' });
    expect(segments.segments.size).toBe(0);
  });

  it('resumes a gzip-coded answer with a Range on the file, If-Range with the ETag the index gave', async () => {
    server.gzipWhole = true;
    // The noise compresses to about 9 kB: cut the coded body after 4 kB.
    server.cut = { afterBytes: 4000, times: 1 };
    const progress: DownloadProgress[] = [];
    const result = await download({
      url,
      store: segmentedPartStore(memorySegments(), 8 * 1024),
      env: env(fakeSleep()),
      etag: '"v1"',
      totalBytes: body.length,
      onProgress: (p) => progress.push(p),
    });
    expect(Buffer.from(result.value).equals(body)).toBe(true);
    expect(result).toMatchObject({ attempts: 2, resumed: true });
    // The coded answer's tag ("v1-gz") names the coded copy; the resume asks with the file's own.
    expect(server.requests[1]?.ifRange).toBe('"v1"');
    expect(server.requests[1]?.range).toMatch(/^bytes=\d+-$/);
    expect(progress[0]).toMatchObject({ totalBytes: body.length });
  });

  it('drops an idle connection after idleTimeoutMs and resumes', async () => {
    const stallServer = createServer((request, response) => {
      const range = /^bytes=(\d+)-$/.exec(request.headers.range ?? '');
      if (range) {
        const start = Number(range[1]);
        response.writeHead(206, { 'content-length': String(body.length - start), 'content-range': `bytes ${start}-${body.length - 1}/${body.length}`, etag: '"s"' });
        response.end(body.subarray(start));
      } else {
        response.writeHead(200, { 'content-length': String(body.length), etag: '"s"' });
        response.write(body.subarray(0, 10_000));
      }
    });
    await new Promise<void>((resolve) => stallServer.listen(0, '127.0.0.1', resolve));
    try {
      const stallUrl = `http://127.0.0.1:${(stallServer.address() as AddressInfo).port}/`;
      const result = await download({ url: stallUrl, store: segmentedPartStore(memorySegments()), env: { ...env(realSleep) }, idleTimeoutMs: 200, retryDelayMs: 1 });
      expect(Buffer.from(result.value).equals(body)).toBe(true);
      expect(result).toMatchObject({ attempts: 2, resumed: true });
    } finally {
      stallServer.closeAllConnections();
      await new Promise<void>((resolve) => stallServer.close(() => resolve()));
    }
  });
});
