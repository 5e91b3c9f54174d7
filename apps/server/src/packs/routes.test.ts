import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, incrementalSha256, memorySegments, segmentedPartStore, type DownloadEnv } from '@clearway/download';
import { checkReply, chartCycleById, findChartRegion, packIndexSchema, type PackIndex } from '@clearway/protocol';
import { makeTempDir, removeTempDir, startTestApp, type TestApp } from '../testing/testApp.js';
import { buildPacks } from './build.js';
import { PACK_CONTENT_TYPE } from './store.js';

const SHARED = join(import.meta.dirname, '..', '..', '..', '..', '..', 'shared', 'data');
const CHARTS_DIR = join(SHARED, 'charts', 'vfr-raster-tiles');
const TERRAIN_DIR = join(SHARED, 'terrain');
const CYCLE = '2026-07-09';

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * A TCP relay on 127.0.0.1 in front of the server that cuts the first connection after `cutAfter`
 * bytes of the answer (a connection lost mid-download) and relays later ones whole.
 */
class CuttingRelay {
  connections = 0;
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();

  constructor(private readonly target: number, private readonly cutAfter: number) {
    this.server = createServer((client) => {
      const index = this.connections++;
      const upstream = connect(this.target, '127.0.0.1');
      this.sockets.add(client).add(upstream);
      let relayed = 0;
      client.pipe(upstream);
      upstream.on('data', (chunk: Buffer) => {
        if (index === 0) {
          const room = this.cutAfter - relayed;
          relayed += chunk.length;
          if (room <= chunk.length) {
            client.write(chunk.subarray(0, Math.max(0, room)), () => {
              client.destroy();
              upstream.destroy();
            });
            return;
          }
        }
        client.write(chunk);
      });
      upstream.on('end', () => client.end());
      const close = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('error', close);
      upstream.on('error', close);
    });
  }

  async start(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const nodeEnv: DownloadEnv = {
  fetch: (url, init) => fetch(url, init as RequestInit) as never,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  abortController: () => new AbortController(),
};

describe('pack routes (real packs on a loopback server)', () => {
  let dir: string;
  let running: TestApp;
  let index: PackIndex;
  let vfrPath: string;
  let terrainPath: string;

  beforeAll(async () => {
    dir = await makeTempDir('clearway-pack-routes-');
    const report = await buildPacks({
      packsDir: join(dir, 'packs'),
      cycle: chartCycleById(CYCLE)!,
      regions: [findChartRegion('New_York')!],
      sources: { chartsDir: CHARTS_DIR, terrainDir: TERRAIN_DIR },
    });
    expect(report.problems).toEqual([]);
    vfrPath = report.built.find((pack) => pack.kind === 'vfr')!.path;
    terrainPath = report.built.find((pack) => pack.kind === 'terrain')!.path;
    running = await startTestApp({ env: { PACKS_DIR: join(dir, 'packs') } });
    const reply = await running.app.inject({ url: '/packs/index.json' });
    expect(reply.statusCode).toBe(200);
    index = checkReply('/packs/index.json', packIndexSchema, reply.json());
  }, 120_000);
  afterAll(async () => {
    await running.close();
    await removeTempDir(dir);
  });

  it('lists every region, those without data with no packs, and each pack with its size, cycle and SHA-256', async () => {
    expect(index.version).toBe(1);
    expect(index.cycles).toEqual([CYCLE]);
    expect(index.regions).toHaveLength(52);
    expect(index.regions.find((region) => region.code === 'Anchorage')).toMatchObject({ name: 'Anchorage', alaska: true, packs: [] });
    const newYork = index.regions.find((region) => region.code === 'New_York')!;
    expect(newYork.packs.map((pack) => pack.kind)).toEqual(['vfr', 'basemap', 'terrain']);
    for (const pack of newYork.packs) {
      const path = join(dir, 'packs', CYCLE, `New_York.${pack.kind}.pmtiles`);
      const bytes = await readFile(path);
      expect(pack).toMatchObject({ cycle: CYCLE, effective: CYCLE, expires: '2026-09-03', bytes: (await stat(path)).size, sha256: sha256(bytes), url: `/packs/${CYCLE}/New_York.${pack.kind}.pmtiles` });
      // The tile count and zooms come from the archive's header (bytes 72..80, 100, 101).
      expect([pack.tiles, pack.minZoom, pack.maxZoom]).toEqual([Number(bytes.readBigUInt64LE(72)), bytes[100], bytes[101]]);
    }
    const again = await running.app.inject({ url: '/packs/index.json', headers: { 'if-none-match': (await running.app.inject({ url: '/packs/index.json' })).headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });

  it('serves a pack whole, a byte range of it, honours If-Range and answers 304 to its ETag', async () => {
    const file = await readFile(vfrPath);
    const pack = index.regions.find((region) => region.code === 'New_York')!.packs.find((entry) => entry.kind === 'vfr')!;
    const whole = await running.app.inject({ url: pack.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe(PACK_CONTENT_TYPE);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers.etag).toBe(pack.etag);
    expect(whole.rawPayload.equals(file)).toBe(true);

    const range = await running.app.inject({ url: pack.url, headers: { range: 'bytes=1000-1999', 'if-range': pack.etag } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 1000-1999/${file.length}`);
    expect(range.rawPayload.equals(file.subarray(1000, 2000))).toBe(true);

    // A resume from another version of the file (stale If-Range) gets the whole current file.
    const stale = await running.app.inject({ url: pack.url, headers: { range: 'bytes=1000-', 'if-range': '"0123456789abcdef0123456789abcdef"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(file)).toBe(true);

    const notModified = await running.app.inject({ url: pack.url, headers: { 'if-none-match': pack.etag } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);

    const past = await running.app.inject({ url: pack.url, headers: { range: `bytes=${file.length}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${file.length}`);

    const head = await running.app.inject({ method: 'HEAD', url: pack.url });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(file.length);
  });

  it('resumes a download cut mid-stream with packages/download, ending with the right SHA-256', async () => {
    const pack = index.regions.find((region) => region.code === 'New_York')!.packs.find((entry) => entry.kind === 'terrain')!;
    const file = await readFile(terrainPath);
    expect(file.length).toBeGreaterThan(200_000);
    const address = await running.app.listen({ port: 0, host: '127.0.0.1' });
    const relay = new CuttingRelay(Number(new URL(address).port), 150_000);
    const port = await relay.start();
    try {
      const segments = memorySegments();
      const progress: number[] = [];
      const result = await download({
        url: `http://127.0.0.1:${port}${pack.url}`,
        store: segmentedPartStore(segments, 64 * 1024),
        env: nodeEnv,
        etag: pack.etag,
        totalBytes: pack.bytes,
        sha256: pack.sha256,
        sha256Hasher: incrementalSha256(() => createHash('sha256')),
        retryDelayMs: 10,
        onProgress: (p) => progress.push(p.bytes),
      });
      expect(relay.connections).toBe(2);
      expect(result.attempts).toBe(2);
      expect(result.resumed).toBe(true);
      expect(result.sha256).toBe(sha256(file));
      expect(Buffer.from(result.value).equals(file)).toBe(true);
      // The second attempt started where the cut left it, not at zero.
      const resumedAt = progress.find((bytes, i) => i > 0 && bytes < (progress[i - 1] ?? 0));
      expect(resumedAt).toBeUndefined();
    } finally {
      await relay.stop();
    }
  });

  it('says which part of a pack address is unknown', async () => {
    const unknownRegion = await running.app.inject({ url: `/packs/${CYCLE}/Atlantis.vfr.pmtiles` });
    expect(unknownRegion.statusCode).toBe(404);
    expect(unknownRegion.json()).toEqual({ error: 'Unknown chart region "Atlantis": the regions are listed at /packs/index.json', region: 'Atlantis' });

    const noData = await running.app.inject({ url: `/packs/${CYCLE}/Anchorage.vfr.pmtiles` });
    expect(noData.statusCode).toBe(404);
    expect(noData.json()).toMatchObject({ error: `No vfr pack of Anchorage (Anchorage) for chart cycle ${CYCLE}` });

    const kind = await running.app.inject({ url: `/packs/${CYCLE}/New_York.ifr.pmtiles` });
    expect(kind.json()).toMatchObject({ error: 'Unknown pack kind "ifr": packs are vfr, ifr-low, ifr-high, basemap, terrain' });

    const cycle = await running.app.inject({ url: '/packs/2026-07-10/New_York.vfr.pmtiles' });
    expect(cycle.statusCode).toBe(404);
    expect(cycle.json()).toMatchObject({ error: "Unknown chart cycle: 2026-07-10 is not a chart cycle's effective date (charts change every 56 days: 2026-07-09 and 2026-09-03 are)" });

    const name = await running.app.inject({ url: `/packs/${CYCLE}/New_York.zip` });
    expect(name.json()).toMatchObject({ error: '"New_York.zip" is not a pack name: packs are named {region}.{kind}.pmtiles, e.g. New_York.vfr.pmtiles' });

    // The code in another letter case names the same pack.
    const lower = await running.app.inject({ url: `/packs/${CYCLE}/new_york.vfr.pmtiles` });
    expect(lower.statusCode).toBe(200);
  });
});
