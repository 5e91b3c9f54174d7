// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { memorySegments, type DownloadEnv, type SegmentBackend } from '@clearway/download';
import { PackDownloader } from './downloader';
import { PacksDb, PackStore, packPartId, segmentsBlob, type PackStorageBackend } from './packStore';
import type { DownloaderReply, PackChunk } from './protocol';
import { Sha256 } from './sha256';

function noise(length: number, seed: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    bytes[i] = x >>> 24;
  }
  return bytes;
}

function memoryStorage() {
  const held = new Map<string, ReturnType<typeof memorySegments>>();
  const get = (id: string) => {
    let backend = held.get(id);
    if (!backend) held.set(id, (backend = memorySegments()));
    return backend;
  };
  const storage: PackStorageBackend = {
    async segments(id) {
      return { backend: get(id) as SegmentBackend, storage: 'opfs' };
    },
    async blob(id) {
      return segmentsBlob(get(id));
    },
  };
  return { storage, held, heldBytes: () => [...held.values()].reduce((sum, b) => sum + [...b.segments.values()].reduce((s, seg) => s + seg.byteLength, 0), 0) };
}

interface Served {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
}

/**
 * A fetch over files in memory with strong ETags and `bytes=N-` ranges, whose body can hang after
 * `gateAt` bytes until released (so a pause lands mid-pack) or answer 500.
 */
function fakeServer(files: Record<string, Served>) {
  const ranges: (string | undefined)[] = [];
  let failAll = false;
  let failUrl: string | null = null;
  let gateAt: number | null = null;
  let release: (() => void) | null = null;
  const fetch: DownloadEnv['fetch'] = async (url, init) => {
    const file = files[url];
    ranges.push(init.headers.range);
    if (failAll || url === failUrl) return new Response('boom', { status: 500 }) as never;
    if (!file) return new Response('{"error":"no such pack"}', { status: 404 }) as never;
    const from = init.headers.range && init.headers['if-range'] === file.etag ? Number(/bytes=(\d+)-/.exec(init.headers.range)?.[1]) : 0;
    const rest = file.body.slice(from);
    const gate = gateAt;
    const signal = init.signal as AbortSignal;
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        const first = gate === null ? rest.length : Math.max(0, gate - from);
        controller.enqueue(rest.slice(0, first));
        if (first < rest.length) {
          await new Promise<void>((resolve) => {
            release = resolve;
            signal.addEventListener('abort', () => resolve());
          });
          if (signal.aborted) {
            controller.error(signal.reason);
            return;
          }
          controller.enqueue(rest.slice(first));
        }
        controller.close();
      },
    });
    const headers = { ETag: file.etag, 'Content-Length': String(rest.length), ...(from > 0 ? { 'Content-Range': `bytes ${from}-${file.body.length - 1}/${file.body.length}` } : {}) };
    return new Response(stream, { status: from > 0 ? 206 : 200, headers }) as never;
  };
  return {
    fetch,
    ranges,
    failAll: (value: boolean) => (failAll = value),
    failUrl: (value: string | null) => (failUrl = value),
    gate: (at: number | null) => (gateAt = at),
    release: () => release?.(),
  };
}

const env = (fetch: DownloadEnv['fetch']): DownloadEnv => ({ fetch, sleep: async () => undefined, abortController: () => new AbortController() });

function chunk(kind: PackChunk['kind'], body: Uint8Array, cycle = '2026-10-29'): PackChunk {
  return { kind, cycle, expires: '2026-12-24', url: `/packs/${cycle}/Seattle.${kind}.pmtiles`, bytes: body.length, sha256: new Sha256().update(body).hex(), etag: `"${kind}-${cycle}"` };
}

let dbCount = 0;
function setup(files: Record<string, Served>, options: { progressEveryMs?: number; now?: () => number } = {}) {
  const mem = memoryStorage();
  const store = new PackStore({ db: new PacksDb(`downloader-test-${dbCount++}`), storage: mem.storage, channel: null });
  const server = fakeServer(files);
  const replies: DownloaderReply[] = [];
  let onReply: (() => void) | null = null;
  // The progress timer, ticked by hand: its period is recorded and nothing runs by itself.
  const timer = { callbacks: new Set<() => void>(), periods: [] as number[], tick: () => timer.callbacks.forEach((callback) => callback()) };
  const downloader = new PackDownloader({
    every: (callback, ms) => {
      timer.callbacks.add(callback);
      timer.periods.push(ms);
      return () => timer.callbacks.delete(callback);
    },
    ...(options.now ? { now: options.now } : {}),
    store,
    env: env(server.fetch),
    post: (reply) => {
      replies.push(reply);
      onReply?.();
    },
    progressEveryMs: options.progressEveryMs ?? 0,
  });
  const until = (type: DownloaderReply['type']) =>
    new Promise<DownloaderReply>((resolve) => {
      const check = () => {
        const found = replies.find((reply) => reply.type === type);
        if (found) resolve(found);
      };
      onReply = check;
      check();
    });
  return { mem, store, server, replies, downloader, until, timer };
}

const VFR = noise(300_000, 3);
const TERRAIN = noise(120_000, 5);

function files(...chunks: [PackChunk, Uint8Array<ArrayBuffer>][]) {
  return Object.fromEntries(chunks.map(([c, body]) => [c.url, { body, etag: c.etag }]));
}

describe('PackDownloader', () => {
  it('downloads every pack of a region, verifies and records them, with progress up to 100 and done', async () => {
    const vfr = chunk('vfr', VFR);
    const terrain = chunk('terrain', TERRAIN);
    const t = setup(files([vfr, VFR], [terrain, TERRAIN]));
    await t.downloader.handle({ type: 'download', chart: 'Seattle', root: '', directory: '2026-10-29', database: 'packs', chunks: [vfr, terrain] });
    await t.until('done');
    const stored = await t.store.list();
    expect(stored.map((p) => [p.kind, p.bytes]).sort()).toEqual([['terrain', TERRAIN.length], ['vfr', VFR.length]]);
    expect(new Uint8Array(await ((await t.store.open('Seattle', 'vfr')) as Blob).arrayBuffer())).toEqual(VFR);
    const progress = t.replies.filter((r) => r.type === 'progress');
    expect(progress.at(-1)).toMatchObject({ pct: 100, bytes: VFR.length + TERRAIN.length });
    expect(progress.map((p) => p.pct)).toEqual([...progress.map((p) => p.pct)].sort((a, b) => a - b));
  });

  it('pause is confirmed once the download stopped; resume goes on from the held bytes with a Range request', async () => {
    const vfr = chunk('vfr', VFR);
    const t = setup(files([vfr, VFR]));
    // A segment is written whole (4 MiB) or on close: a pause closes the writer, so what arrived is kept.
    t.server.gate(100_000);
    await t.downloader.handle({ type: 'download', chart: 'Seattle', root: '', directory: '2026-10-29', database: 'packs', chunks: [vfr] });
    // Paused once the first 100 000 bytes have arrived (the body then waits at the gate).
    for (let i = 0; i < 500 && !t.replies.some((r) => r.type === 'progress' && r.bytes === 100_000); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    await t.downloader.handle({ type: 'pause', chart: 'Seattle' });
    expect(t.replies.at(-1)).toEqual({ type: 'pause_confirmed', chart: 'Seattle' });
    expect(t.mem.heldBytes()).toBe(100_000);
    t.server.gate(null);
    await t.downloader.handle({ type: 'resume', chart: 'Seattle' });
    expect(t.replies.some((r) => r.type === 'resume_confirmed')).toBe(true);
    await t.until('done');
    expect(t.server.ranges).toEqual([undefined, 'bytes=100000-']);
    expect(new Uint8Array(await ((await t.store.open('Seattle', 'vfr')) as Blob).arrayBuffer())).toEqual(VFR);
  });

  it('a server failing every attempt fails the region with the message and leaves no partial data', async () => {
    const vfr = chunk('vfr', VFR);
    const t = setup(files([vfr, VFR]));
    t.server.failAll(true);
    await t.downloader.handle({ type: 'download', chart: 'Seattle', root: '', directory: '2026-10-29', database: 'packs', chunks: [vfr] });
    const failed = await t.until('failed');
    expect(failed).toMatchObject({ chart: 'Seattle' });
    expect((failed as { error: string }).error).toMatch(/500/);
    expect(t.mem.heldBytes()).toBe(0);
    expect(await t.store.list()).toEqual([]);
  });

  it('a region whose second pack fails keeps none of its packs (no half-downloaded region)', async () => {
    const vfr = chunk('vfr', VFR);
    const terrain = chunk('terrain', TERRAIN);
    const t = setup(files([vfr, VFR], [terrain, TERRAIN]));
    t.server.failUrl(terrain.url);
    await t.downloader.handle({ type: 'download', chart: 'Seattle', root: '', directory: '2026-10-29', database: 'packs', chunks: [vfr, terrain] });
    expect(await t.until('failed')).toMatchObject({ chart: 'Seattle' });
    expect(t.replies.some((r) => r.type === 'progress' && r.bytes === VFR.length)).toBe(true);
    expect(await t.store.list()).toEqual([]);
    expect(t.mem.heldBytes()).toBe(0);
  });

  it('a wrong SHA-256 fails with both hashes named and keeps nothing', async () => {
    const vfr = { ...chunk('vfr', VFR), sha256: 'f'.repeat(64) };
    const t = setup(files([vfr, VFR]));
    await t.downloader.handle({ type: 'download', chart: 'Seattle', root: '', directory: '2026-10-29', database: 'packs', chunks: [vfr] });
    const failed = (await t.until('failed')) as { error: string };
    expect(failed.error).toContain('f'.repeat(64));
    expect(t.mem.heldBytes()).toBe(0);
  });

  it("an update to the next cycle replaces the old pack after verifying; delete removes everything and is confirmed", async () => {
    const old = chunk('vfr', TERRAIN, '2026-10-29');
    const next = chunk('vfr', VFR, '2026-12-24');
    const t = setup(files([old, TERRAIN], [next, VFR]));
    await t.downloader.handle({ type: 'download', chart: 'Seattle', root: '', directory: old.cycle, database: 'packs', chunks: [old] });
    await t.until('done');
    t.replies.length = 0;
    await t.downloader.handle({ type: 'download', chart: 'Seattle', root: '', directory: next.cycle, database: 'packs', chunks: [next] });
    await t.until('done');
    expect((await t.store.list()).map((p) => p.cycle)).toEqual(['2026-12-24']);
    expect(t.mem.held.get(packPartId('2026-10-29', 'Seattle', 'vfr'))?.segments.size).toBe(0);
    expect(t.mem.heldBytes()).toBe(VFR.length);
    await t.downloader.handle({ type: 'cancel', chart: 'Seattle', action: 'delete' });
    expect(t.replies.at(-1)).toEqual({ type: 'delete_confirmed', chart: 'Seattle' });
    expect(await t.store.list()).toEqual([]);
    expect(t.mem.heldBytes()).toBe(0);
  });

  it('an update whose new cycle lacks a kind the old one had keeps nothing of the old cycle: no record, no bytes', async () => {
    const oldVfr = chunk('vfr', TERRAIN, '2026-10-29');
    const oldTerrain = chunk('terrain', noise(50_000, 9), '2026-10-29');
    const next = chunk('vfr', VFR, '2026-12-24');
    const t = setup(files([oldVfr, TERRAIN], [oldTerrain, noise(50_000, 9)], [next, VFR]));
    await t.downloader.handle({ type: 'download', chart: 'Seattle', root: '', directory: oldVfr.cycle, database: 'packs', chunks: [oldVfr, oldTerrain] });
    await t.until('done');
    expect((await t.store.list()).map((p) => `${p.kind}@${p.cycle}`).sort()).toEqual(['terrain@2026-10-29', 'vfr@2026-10-29']);
    t.replies.length = 0;
    await t.downloader.handle({ type: 'download', chart: 'Seattle', root: '', directory: next.cycle, database: 'packs', chunks: [next] });
    await t.until('done');
    expect((await t.store.list()).map((p) => `${p.kind}@${p.cycle}`)).toEqual(['vfr@2026-12-24']);
    // Every byte held is the new pack's; the old cycle's segment stores are empty.
    expect(t.mem.heldBytes()).toBe(VFR.length);
    expect(t.mem.held.get(packPartId('2026-10-29', 'Seattle', 'vfr'))?.segments.size).toBe(0);
    expect(t.mem.held.get(packPartId('2026-10-29', 'Seattle', 'terrain'))?.segments.size).toBe(0);
    expect(new Uint8Array(await ((await t.store.open('Seattle', 'vfr')) as Blob).arrayBuffer())).toEqual(VFR);
    expect(await t.store.open('Seattle', 'terrain')).toBeNull();
  });

  it('posts progress on its timer while no bytes arrive, with the time left growing as the rate falls', async () => {
    const vfr = chunk('vfr', VFR);
    let clock = 0;
    const t = setup(files([vfr, VFR]), { progressEveryMs: 250, now: () => clock });
    t.server.gate(100_000);
    await t.downloader.handle({ type: 'download', chart: 'Seattle', root: '', directory: vfr.cycle, database: 'packs', chunks: [vfr] });
    for (let i = 0; i < 500 && t.mem.heldBytes() < 100_000 && !t.replies.some((r) => r.type === 'progress' && r.bytes > 0); i++) {
      clock += 10;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // The body now waits at the gate: no chunk arrives, only the timer can post.
    expect(t.timer.periods).toEqual([250]);
    const before = t.replies.filter((r) => r.type === 'progress').length;
    const posted: { bytes: number; rem: number | null }[] = [];
    for (let tick = 0; tick < 4; tick++) {
      clock += 250;
      t.timer.tick();
      const last = t.replies.at(-1);
      if (last?.type === 'progress') posted.push({ bytes: last.bytes, rem: last.rem });
    }
    expect(t.replies.filter((r) => r.type === 'progress').length - before).toBe(4);
    expect(posted).toHaveLength(4);
    expect(new Set(posted.map((p) => p.bytes)).size).toBe(1);
    expect(posted[0]!.bytes).toBe(100_000);
    const rems = posted.map((p) => p.rem ?? NaN);
    for (let i = 1; i < rems.length; i++) expect(rems[i]!).toBeGreaterThan(rems[i - 1]!);
    // A tick sooner than half a period after the last message posts nothing.
    clock += 100;
    t.timer.tick();
    expect(t.replies.filter((r) => r.type === 'progress').length - before).toBe(4);
    t.server.gate(null);
    t.server.release();
    await t.until('done');
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The timer is stopped with the download.
    expect(t.timer.callbacks.size).toBe(0);
  });
});
