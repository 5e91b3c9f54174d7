import { describe, expect, it } from 'vitest';
import { WxDb } from '../../db/wx';
import { deviceFrames, fetchImageryIndex, keptPaths, loadFrameImage, parseFramePath, wxImageryDb, type ImageryClientDeps } from './imageryCache';
import { emptyIndex, frameOf, withView } from './testIndex';

const ROOT = 'http://127.0.0.1:8080/wx';
const T = Date.UTC(2026, 10, 25, 12);

/** A server that answers from a table of paths, counting requests and keeping their headers. */
function fakeServer(bodies: Map<string, { status?: number; body: BodyInit | null; etag?: string }>) {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({ url, headers });
    const entry = bodies.get(url.slice(ROOT.length));
    if (entry === undefined) return new Response('not found', { status: 404 });
    if (entry.etag !== undefined && headers['if-none-match'] === entry.etag) return new Response(null, { status: 304 });
    return new Response(entry.body, { status: entry.status ?? 200, headers: entry.etag === undefined ? {} : { etag: entry.etag } });
  }) as typeof fetch;
  return { fetch: fetchFn, calls };
}

function freshDb() {
  return wxImageryDb(new WxDb(`wx-imagery-test-${Math.random().toString(36).slice(2)}`));
}

describe('imagery on the device', () => {
  it('stores the server index with its ETag, asks again with If-None-Match, and refuses an index of the wrong shape naming it', async () => {
    const index = withView(emptyIndex(), 'tops', 'conus', { configured: true, status: 'ok', frames: [frameOf('tops', 'conus', T, 'aaaa')] });
    const bodies = new Map<string, { status?: number; body: BodyInit | null; etag?: string }>([['/img/index.json', { body: JSON.stringify(index), etag: '"ix-1"' }]]);
    const server = fakeServer(bodies);
    const db = freshDb();
    const deps: ImageryClientDeps = { fetch: server.fetch, db, root: ROOT, now: () => T + 5 };
    const first = await fetchImageryIndex(deps, null);
    expect(first).toEqual({ status: 'new', stored: { index, etag: '"ix-1"', storedAt: T + 5 } });
    expect(await db.getIndex()).toEqual({ index, etag: '"ix-1"', storedAt: T + 5 });
    expect(await fetchImageryIndex(deps, await db.getIndex())).toEqual({ status: 'not-modified' });
    expect(server.calls[1]!.headers['if-none-match']).toBe('"ix-1"');
    bodies.set('/img/index.json', { body: JSON.stringify({ products: [{ id: 'tops' }] }) });
    await expect(fetchImageryIndex(deps, null)).rejects.toThrow(/^\/img\/index\.json is not an imagery index \(products\.0\.title/);
    bodies.set('/img/index.json', { status: 503, body: 'down' });
    await expect(fetchImageryIndex(deps, null)).rejects.toThrow('/img/index.json answered HTTP 503');
  });

  it('keeps an image once fetched and gives it from the device afterwards, without the server', async () => {
    const frame = frameOf('surface', 'analysis', T, 'bbbb');
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    const server = fakeServer(new Map([[frame.path, { body: png }]]));
    const db = freshDb();
    const deps: ImageryClientDeps = { fetch: server.fetch, db, root: ROOT, now: () => T };
    const fromServer = await loadFrameImage(deps, frame);
    expect(fromServer.from).toBe('server');
    expect(fromServer.blob.type).toBe('image/png');
    const offline: ImageryClientDeps = { ...deps, fetch: (async () => { throw new TypeError('Failed to fetch'); }) as typeof fetch };
    const fromDevice = await loadFrameImage(offline, frame);
    expect(fromDevice.from).toBe('device');
    expect(new Uint8Array(await fromDevice.blob.arrayBuffer())).toEqual(png);
    await expect(loadFrameImage(offline, frameOf('surface', 'analysis', T + 1, 'cccc'))).rejects.toThrow('Failed to fetch');
  });

  it('keeps the listed frames and, per view, its newest stored ones up to the frame count; a view shows both, oldest first', async () => {
    const loopFrames = [1, 2, 3, 4].map((n) => frameOf('radar-regional', 'ne', T + n * 60_000, `f${n}`));
    const stale = frameOf('tops', 'conus', T - 3_600_000, '0dd1');
    const stored = [...loopFrames.map((f) => f.path), stale.path, frameOf('tops', 'conus', T, 'beef1').path, '/img/unknown/view/1-000000000000.png'];
    // The server has moved on: its loop lists two newer frames the device never fetched.
    const newer = [5, 6].map((n) => frameOf('radar-regional', 'ne', T + n * 60_000, `f${n}`));
    const index = withView(emptyIndex(), 'radar-regional', 'ne', { configured: true, status: 'ok', frames: newer });
    const keep = keptPaths(index, stored);
    // Listed frames, the 12 newest stored of the loop (all 4 here), the newest 1 of the still tops; not the older tops nor an unknown view.
    expect([...keep].sort()).toEqual([...newer.map((f) => f.path), ...loopFrames.map((f) => f.path), frameOf('tops', 'conus', T, 'beef1').path].sort());
    const radar = index.products.find((p) => p.id === 'radar-regional')!;
    const shown = deviceFrames({ ...radar, maxFrames: 5 }, radar.views.find((v) => v.id === 'ne')!, stored);
    expect(shown.map((f) => f.issuedAt)).toEqual([2, 3, 4, 5, 6].map((n) => T + n * 60_000));
    expect(parseFramePath(loopFrames[0]!.path)).toEqual({ product: 'radar-regional', view: 'ne', id: loopFrames[0]!.id, issuedAt: T + 60_000, ext: 'png' });

    // The database prunes to that set.
    const db = freshDb();
    for (const path of stored) await db.putImage(path, new ArrayBuffer(2), T);
    expect(await db.prune(keep)).toBe(2);
    expect((await db.storedPaths()).sort()).toEqual([...loopFrames.map((f) => f.path), frameOf('tops', 'conus', T, 'beef1').path].sort());
  });
});
