import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { requireCycle } from '../cycles/airac.js';
import { downloadCommand } from './downloadCommand.js';
import { DownloadError, downloadFile, type DownloadProgress } from './downloadFile.js';
import { cifpFileName, nasrCsvFileName, nasrSubscriptionFileName, type FaaSources } from './faaSources.js';
import { updateNavdata, type NavdataDownloadProgress } from './updateNavdata.js';

// ../shared/data beside the repository (packages/navimport/src/download -> four folders up).
const SHARED_DATA = fileURLToPath(new URL('../../../../../shared/data/', import.meta.url));
const NASR_EXCERPTS = join(SHARED_DATA, 'navdata/faa-nasr/excerpts-2025');
const CIFP_KHWD = join(SHARED_DATA, 'navdata/faa-cifp/FAACIFP18-KHWD-cycle2003');
if (!existsSync(NASR_EXCERPTS) || !existsSync(CIFP_KHWD)) {
  throw new Error(`The shared test data is expected at ${SHARED_DATA} (../shared/data beside the repository)`);
}

/** A zip of the given entries, built with yazl. */
function zipOf(entries: Record<string, Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(entries)) zip.addBuffer(data, name, { mtime: new Date(Date.UTC(2025, 8, 4)) });
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** Every entry of a zip: name -> bytes. */
async function unzip(bytes: Buffer): Promise<Record<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true });
  const out: Record<string, Buffer> = {};
  for await (const entry of zip.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    out[entry.fileName] = Buffer.concat(chunks);
  }
  return out;
}

/** The file holds exactly `expected` (compared as buffers: a deep equal of 300 kB is slow). */
async function expectFileBytes(path: string, expected: Buffer): Promise<void> {
  const actual = await readFile(path);
  expect(actual.length).toBe(expected.length);
  expect(actual.equals(expected)).toBe(true);
}

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

interface SeenRequest {
  path: string;
  range: string | undefined;
  ifRange: string | undefined;
  acceptEncoding: string | undefined;
}

/**
 * A loopback stand-in for the FAA servers: serves files by path with Content-Length, a strong ETag
 * and single `bytes=N-` / `bytes=N-M` ranges, and can misbehave on purpose, once per path.
 */
class FaaServer {
  readonly files = new Map<string, Buffer>();
  readonly requests: SeenRequest[] = [];
  /** Path -> bytes to send before cutting the connection (applies to that many next requests). */
  readonly cuts = new Map<string, { afterBytes: number; times: number }>();
  /** Path -> bytes to send before going silent (the connection stays open). */
  readonly stalls = new Map<string, number>();
  /** Path -> statuses to answer before serving normally. */
  readonly failures = new Map<string, number[]>();
  ignoreRanges = false;
  private readonly server: Server;
  private readonly hanging = new Set<ServerResponse>();

  constructor() {
    this.server = createServer((request, response) => this.handle(request, response));
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  reset(): void {
    this.files.clear();
    this.requests.length = 0;
    this.cuts.clear();
    this.stalls.clear();
    this.failures.clear();
    this.ignoreRanges = false;
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    this.requests.push({
      path,
      range: request.headers.range,
      ifRange: request.headers['if-range'] as string | undefined,
      acceptEncoding: request.headers['accept-encoding'],
    });
    const failing = this.failures.get(path);
    if (failing && failing.length > 0) {
      response.writeHead(failing.shift() as number).end('try later');
      return;
    }
    const body = this.files.get(path);
    if (body === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    const etag = `"${body.length}-${body[0] ?? 0}"`;
    let start = 0;
    let end = body.length - 1;
    let status = 200;
    const range = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
    const ifRange = request.headers['if-range'];
    if (range && !this.ignoreRanges && (ifRange === undefined || ifRange === etag)) {
      start = Number(range[1]);
      end = range[2] ? Math.min(Number(range[2]), body.length - 1) : body.length - 1;
      if (start >= body.length) {
        response.writeHead(416, { 'content-range': `bytes */${body.length}` }).end();
        return;
      }
      status = 206;
    }
    const headers: Record<string, string> = {
      'content-type': 'application/zip',
      'content-length': String(end - start + 1),
      'accept-ranges': 'bytes',
      etag,
    };
    if (status === 206) headers['content-range'] = `bytes ${start}-${end}/${body.length}`;
    response.writeHead(status, headers);
    const slice = body.subarray(start, end + 1);

    const cut = this.cuts.get(path);
    if (cut && cut.times > 0) {
      cut.times--;
      // Send part of the body, then close the connection short of its Content-Length as a flaky
      // network would.
      response.write(slice.subarray(0, cut.afterBytes), () => setTimeout(() => response.socket?.destroy(), 20));
      return;
    }
    const stall = this.stalls.get(path);
    if (stall !== undefined) {
      this.stalls.delete(path);
      this.hanging.add(response);
      response.write(slice.subarray(0, stall));
      return;
    }
    response.end(slice);
  }
}

const server = new FaaServer();
let origin = '';
let dir = '';

beforeAll(async () => {
  origin = await server.start();
});
afterAll(async () => {
  await server.stop();
});
beforeEach(async () => {
  server.reset();
  dir = await mkdtemp(join(tmpdir(), 'clearway-download-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('downloadFile', () => {
  const body = noise(300_000);

  it('downloads a file, reports progress and leaves no .part behind', async () => {
    server.files.set('/f.zip', body);
    const events: DownloadProgress[] = [];
    const dest = join(dir, 'f.zip');
    const result = await downloadFile({ url: `${origin}/f.zip`, dest, onProgress: (p) => events.push(p) });
    await expectFileBytes(dest, body);
    expect(result).toEqual({ url: `${origin}/f.zip`, file: dest, bytes: body.length, attempts: 1, resumed: false });
    expect(await readdir(dir)).toEqual(['f.zip']);
    expect(server.requests[0]?.acceptEncoding).toBe('identity');
    // Progress only grows and ends at the whole file.
    for (let i = 1; i < events.length; i++) expect(events[i]!.bytes).toBeGreaterThanOrEqual(events[i - 1]!.bytes);
    expect(events.at(-1)).toMatchObject({ bytes: body.length, totalBytes: body.length, pct: 100, remainingBytes: 0 });
    expect(events[0]).toMatchObject({ bytes: 0, pct: 0, remainingBytes: body.length });
  });

  it('resumes with a Range request after the connection is cut mid-body', async () => {
    server.files.set('/f.zip', body);
    server.cuts.set('/f.zip', { afterBytes: 100_000, times: 1 });
    const dest = join(dir, 'f.zip');
    const result = await downloadFile({ url: `${origin}/f.zip`, dest, retryDelayMs: 1 });
    await expectFileBytes(dest, body);
    expect(result).toMatchObject({ attempts: 2, resumed: true, bytes: body.length });
    // The resume starts where the saved bytes end: at most the 100,000 sent before the cut. How many
    // of them the client was handed before the connection failed depends on how the last chunks
    // arrived (a loaded CI machine got 65,336), so the exact offset is not fixed.
    expect(server.requests[0]?.range).toBeUndefined();
    const resumedAt = Number(/^bytes=(\d+)-$/.exec(server.requests[1]?.range ?? '')?.[1]);
    expect(resumedAt).toBeGreaterThan(0);
    expect(resumedAt).toBeLessThanOrEqual(100_000);
    expect(server.requests).toHaveLength(2);
    // The resume is conditional on the version seen first.
    expect(server.requests[1]?.ifRange).toBe(`"${body.length}-${body[0]}"`);
    expect(await readdir(dir)).toEqual(['f.zip']);
  });

  it('starts again from zero when the server answers a resume with 200', async () => {
    server.files.set('/f.zip', body);
    server.cuts.set('/f.zip', { afterBytes: 50_000, times: 1 });
    server.ignoreRanges = true;
    const result = await downloadFile({ url: `${origin}/f.zip`, dest: join(dir, 'f.zip'), retryDelayMs: 1 });
    await expectFileBytes(join(dir, 'f.zip'), body);
    expect(result).toMatchObject({ attempts: 2, resumed: false });
    expect(server.requests[1]?.range).toBe('bytes=50000-');
  });

  it('resumes a .part file left by an earlier, aborted run', async () => {
    server.files.set('/f.zip', body);
    server.stalls.set('/f.zip', 120_000);
    const dest = join(dir, 'f.zip');
    const controller = new AbortController();
    const run = downloadFile({
      url: `${origin}/f.zip`,
      dest,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.bytes >= 120_000) controller.abort();
      },
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(existsSync(dest)).toBe(false);
    expect((await readFile(`${dest}.part`)).length).toBe(120_000);

    const result = await downloadFile({ url: `${origin}/f.zip`, dest });
    expect(result).toMatchObject({ attempts: 1, resumed: true });
    await expectFileBytes(dest, body);
    expect(server.requests.at(-1)?.range).toBe('bytes=120000-');
  });

  it('drops an idle connection and resumes', async () => {
    server.files.set('/f.zip', body);
    server.stalls.set('/f.zip', 10_000);
    const result = await downloadFile({ url: `${origin}/f.zip`, dest: join(dir, 'f.zip'), idleTimeoutMs: 200, retryDelayMs: 1 });
    expect(result).toMatchObject({ attempts: 2, resumed: true });
    await expectFileBytes(join(dir, 'f.zip'), body);
  });

  it('retries a 503 and gives up on a 404 at once', async () => {
    server.files.set('/f.zip', body);
    server.failures.set('/f.zip', [503]);
    expect(await downloadFile({ url: `${origin}/f.zip`, dest: join(dir, 'f.zip'), retryDelayMs: 1 })).toMatchObject({ attempts: 2 });

    const missing = downloadFile({ url: `${origin}/gone.zip`, dest: join(dir, 'gone.zip'), retryDelayMs: 1 });
    await expect(missing).rejects.toThrow(DownloadError);
    await expect(missing).rejects.toMatchObject({ status: 404, url: `${origin}/gone.zip`, retryable: false });
    expect(server.requests.filter((r) => r.path === '/gone.zip')).toHaveLength(1);
  });

  it('stops after the allowed number of retries', async () => {
    server.files.set('/f.zip', body);
    server.cuts.set('/f.zip', { afterBytes: 1000, times: 100 });
    const run = downloadFile({ url: `${origin}/f.zip`, dest: join(dir, 'f.zip'), retries: 2, retryDelayMs: 1 });
    await expect(run).rejects.toThrow(new RegExp(`^Download of ${origin}/f.zip failed after 3 attempts: Connection to .* broke after 3000 bytes`));
    expect(server.requests).toHaveLength(3);
  });

  it('completes a .part file that already holds the whole body (416 on resume)', async () => {
    server.files.set('/f.zip', body);
    const dest = join(dir, 'f.zip');
    await writeFile(`${dest}.part`, body);
    await writeFile(`${dest}.part.json`, JSON.stringify({ url: `${origin}/f.zip`, etag: null, lastModified: null, totalBytes: body.length }));
    expect(await downloadFile({ url: `${origin}/f.zip`, dest })).toMatchObject({ resumed: true, bytes: body.length });
    await expectFileBytes(dest, body);
  });

  it('ignores a .part file that came from another URL', async () => {
    server.files.set('/f.zip', body);
    const dest = join(dir, 'f.zip');
    await writeFile(`${dest}.part`, noise(5000, 99));
    await writeFile(`${dest}.part.json`, JSON.stringify({ url: `${origin}/other.zip`, etag: null, lastModified: null, totalBytes: null }));
    expect(await downloadFile({ url: `${origin}/f.zip`, dest })).toMatchObject({ resumed: false });
    await expectFileBytes(dest, body);
    expect(server.requests[0]?.range).toBeUndefined();
  });
});

/** The FAA's files for cycle 2509, built from the shared excerpts in the FAA's layout. */
async function publishCycle2509(): Promise<{ csvZip: Buffer; cifpZip: Buffer; subscription: Buffer }> {
  const cycle = requireCycle('2509');
  const csv: Record<string, Buffer> = {};
  for (const name of ['APT_BASE.csv', 'APT_RWY.csv', 'NAV_BASE.csv', 'FIX_BASE.csv']) csv[name] = await readFile(join(NASR_EXCERPTS, name));
  const csvZip = await zipOf(csv);
  // A CIFP zip holds FAACIFP18; the shared one is the KHWD excerpt of cycle 2003, good for bytes.
  const cifpZip = await zipOf({ FAACIFP18: await readFile(CIFP_KHWD) });
  const subscription = await zipOf({
    'README.txt': Buffer.from('AIS subscriber files effective date September 4, 2025.\n'),
    'APT.txt': Buffer.from('APT legacy text\n'),
    [`CSV_Data/${nasrCsvFileName(cycle)}`]: csvZip,
  });
  server.files.set(`/nasr/extra/${nasrCsvFileName(cycle)}`, csvZip);
  server.files.set(`/nasr/${nasrSubscriptionFileName(cycle)}`, subscription);
  server.files.set(`/cifp/${cifpFileName(cycle)}`, cifpZip);
  return { csvZip, cifpZip, subscription };
}

describe('updateNavdata', () => {
  const now = new Date('2025-09-20T15:00:00Z');
  const sources = (): FaaSources => ({ nasrBaseUrl: `${origin}/nasr`, cifpBaseUrl: `${origin}/cifp/` });

  it('downloads the current cycle NASR CSV zip and CIFP zip under the FAA names', async () => {
    const published = await publishCycle2509();
    const events: NavdataDownloadProgress[] = [];
    const result = await updateNavdata({ channel: 'current', now, destDir: dir, sources: sources(), onProgress: (p) => events.push(p) });
    expect(result.cycle.id).toBe('2509');
    expect(result.channel).toBe('current');
    expect(result.nasrCsvZip).toBe(join(dir, '2509', '04_Sep_2025_CSV.zip'));
    expect(result.cifpZip).toBe(join(dir, '2509', 'CIFP_250904.zip'));
    await expectFileBytes(result.nasrCsvZip, published.csvZip);
    await expectFileBytes(result.cifpZip, published.cifpZip);
    expect(server.requests.map((r) => r.path)).toEqual(['/nasr/extra/04_Sep_2025_CSV.zip', '/cifp/CIFP_250904.zip']);
    expect(new Set(events.map((e) => `${e.product} ${e.cycle}`))).toEqual(new Set(['nasr 2509', 'cifp 2509']));
    // What arrived is usable: the CIFP zip holds the real FAACIFP18.
    const cifp = await unzip(await readFile(result.cifpZip));
    expect(cifp.FAACIFP18?.toString('latin1')).toContain('EFFECTIVE 27 FEB 2020');
  });

  it('resumes an interrupted NASR download and ends with the source bytes', async () => {
    const published = await publishCycle2509();
    server.cuts.set('/nasr/extra/04_Sep_2025_CSV.zip', { afterBytes: 4000, times: 1 });
    const result = await updateNavdata({ now, destDir: dir, sources: sources(), retryDelayMs: 1 });
    expect(result.files.find((f) => f.product === 'nasr')).toMatchObject({ resumed: true, skipped: false });
    await expectFileBytes(result.nasrCsvZip, published.csvZip);
    expect(server.requests.filter((r) => r.path.startsWith('/nasr')).map((r) => r.range)).toEqual([undefined, 'bytes=4000-']);
  });

  it('takes the CSV zip out of the full subscription when asked for it', async () => {
    const published = await publishCycle2509();
    const result = await updateNavdata({ cycle: '2509', now, destDir: dir, sources: sources(), nasrPackage: 'subscription' });
    expect(result.channel).toBeNull();
    await expectFileBytes(join(dir, '2509', '28DaySubscription_Effective_2025-09-04.zip'), published.subscription);
    await expectFileBytes(result.nasrCsvZip, published.csvZip);
    const csv = await unzip(await readFile(result.nasrCsvZip));
    expect(Object.keys(csv).sort()).toEqual(['APT_BASE.csv', 'APT_RWY.csv', 'FIX_BASE.csv', 'NAV_BASE.csv']);
  });

  it('keeps files already downloaded, unless forced', async () => {
    await publishCycle2509();
    await updateNavdata({ now, destDir: dir, sources: sources() });
    server.requests.length = 0;
    const again = await updateNavdata({ now, destDir: dir, sources: sources() });
    expect(again.files.map((f) => f.skipped)).toEqual([true, true]);
    expect(server.requests).toHaveLength(0);
    await updateNavdata({ now, destDir: dir, sources: sources(), force: true });
    expect(server.requests).toHaveLength(2);
  });

  it('names the cycle and the URL when the FAA has not published the next cycle', async () => {
    await publishCycle2509();
    const run = updateNavdata({ channel: 'next', now, destDir: dir, sources: sources(), retryDelayMs: 1 });
    await expect(run).rejects.toThrow(DownloadError);
    await expect(run).rejects.toThrow(
      `FAA NASR CSV zip for AIRAC cycle 2510 (effective 2025-10-02) is not published at ${origin}/nasr/extra/02_Oct_2025_CSV.zip (HTTP 404)`,
    );
  });

  it('rejects a cycle id that does not exist', async () => {
    await expect(updateNavdata({ cycle: '2514', now, destDir: dir, sources: sources() })).rejects.toThrow(
      'AIRAC cycle "2514" does not exist: 2025 has 13 cycles (2501 to 2513)',
    );
  });
});

describe('downloadCommand', () => {
  function io(env: Record<string, string>) {
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    let out = '';
    let err = '';
    stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    return {
      io: { stdout, stderr, env, now: () => new Date('2025-09-20T15:00:00Z'), cwd: dir },
      out: () => out,
      err: () => err,
    };
  }

  it('downloads with FAA_NASR_BASE_URL / FAA_CIFP_BASE_URL and prints progress lines without a terminal', async () => {
    await publishCycle2509();
    const run = io({ FAA_NASR_BASE_URL: `${origin}/nasr`, FAA_CIFP_BASE_URL: `${origin}/cifp` });
    expect(await downloadCommand(['--channel', 'current', '--dest', 'faa'], run.io)).toBe(0);
    expect(run.out()).toContain('AIRAC cycle 2509, effective 2025-09-04 to 2025-10-02');
    expect(run.out()).toContain(join(dir, 'faa', '2509', 'CIFP_250904.zip'));
    expect(run.err()).toMatch(/^NASR 2509 0% .*\n/);
    expect(run.err()).toMatch(/CIFP 2509 100% /);
    expect(existsSync(join(dir, 'faa', '2509', '04_Sep_2025_CSV.zip'))).toBe(true);
  });

  it('exits 1 with the reason when the cycle is missing, 2 on bad arguments', async () => {
    const run = io({ FAA_NASR_BASE_URL: `${origin}/nasr`, FAA_CIFP_BASE_URL: `${origin}/cifp` });
    expect(await downloadCommand(['--cycle', '2510', '--retries', '0'], run.io)).toBe(1);
    expect(run.err()).toContain('AIRAC cycle 2510 (effective 2025-10-02) is not published');

    const bad = io({});
    expect(await downloadCommand(['--channel', 'stable'], bad.io)).toBe(2);
    expect(bad.err()).toContain('--channel must be current, next or dev (got "stable")');
    expect(await downloadCommand(['--bogus'], bad.io)).toBe(2);
  });

  it('draws bars on a terminal', async () => {
    await publishCycle2509();
    const run = io({ FAA_NASR_BASE_URL: `${origin}/nasr`, FAA_CIFP_BASE_URL: `${origin}/cifp` });
    Object.assign(run.io.stderr, { isTTY: true, columns: 100 });
    expect(await downloadCommand([], run.io)).toBe(0);
    expect(run.err()).toContain('NASR 2509');
    expect(run.err()).toContain('100%');
  });
});
