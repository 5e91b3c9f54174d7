// @vitest-environment node
// Node: no OPFS here, so the IndexedDB fallback (fake-indexeddb, from the test setup) is what runs.
import { describe, expect, it, vi } from 'vitest';
import { DownloadsDb } from '../db/downloads';
import { downloadArtifact } from '../features/navdata/download';
import { openBrowserPartStore } from './browserPartStore';
import { opfsSegments } from './opfsSegments';

/** Pseudo-random bytes, so a misplaced piece cannot go unnoticed. */
function noise(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let x = 11;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    bytes[i] = x >>> 24;
  }
  return bytes;
}

/** Index of the first byte that differs, or -1. */
function firstDifference(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) return i;
  return -1;
}

const URL_ = 'http://127.0.0.1:8080/downloads/dev/navdata/us.cwnav';
const ETAG = '"2511-a"';

/** A body in pieces of `piece` bytes. */
function body(bytes: Uint8Array, piece: number): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.slice(at, at + piece));
      at += piece;
    },
  });
}

/** The server's artifact route: the whole file gzip-tagged as the server sends it, or a 206 for `bytes=N-` with If-Range equal to the ETag. */
function artifactServer(file: Uint8Array) {
  return vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const range = /^bytes=(\d+)-$/.exec(headers.get('range') ?? '');
    if (range && headers.get('if-range') === ETAG) {
      const start = Number(range[1]);
      return new Response(body(file.slice(start), 4096), {
        status: 206,
        headers: { 'content-range': `bytes ${start}-${file.length - 1}/${file.length}`, 'content-length': String(file.length - start), etag: ETAG },
      });
    }
    // The whole file as a coded copy would arrive: decoded by fetch, its ETag the copy's.
    return new Response(body(file, 4096), { headers: { 'content-encoding': 'gzip', etag: '"2511-a-gz"' } });
  });
}

describe('the browser download storage', () => {
  it('has no OPFS where navigator.storage.getDirectory is missing', async () => {
    expect(await opfsSegments('navdata/dev/us', undefined)).toBeNull();
    expect(await opfsSegments('navdata/dev/us', {} as StorageManager)).toBeNull();
  });

  it('keeps an aborted nav database download in IndexedDB and resumes it with a Range request on the next start', async () => {
    const db = new DownloadsDb(`downloads-${Math.random()}`);
    const file = noise(5 * 1024 * 1024 + 1234);
    const fetchFn = artifactServer(file);
    const controller = new AbortController();
    const first = downloadArtifact(fetchFn, URL_, {
      signal: controller.signal,
      etag: ETAG,
      expectedBytes: file.length,
      store: await openBrowserPartStore('navdata/dev/us', { db }),
      onProgress: ({ receivedBytes }) => {
        if (receivedBytes >= 4.5 * 1024 * 1024) controller.abort(new Error('page closed'));
      },
    });
    await expect(first).rejects.toThrow('page closed');
    const part = await db.parts.get('navdata/dev/us');
    const held = (part?.sizes ?? []).reduce((a, b) => a + b, 0);
    // A 4 MiB segment was written on the way, the rest when the writer closed.
    expect(part?.sizes[0]).toBe(4 * 1024 * 1024);
    expect(held).toBeGreaterThanOrEqual(4.5 * 1024 * 1024);
    expect(part?.meta).toEqual({ url: URL_, etag: ETAG, lastModified: null, totalBytes: file.length });

    const progress: number[] = [];
    const bytes = await downloadArtifact(fetchFn, URL_, {
      etag: ETAG,
      expectedBytes: file.length,
      store: await openBrowserPartStore('navdata/dev/us', { db }),
      onProgress: ({ receivedBytes }) => progress.push(receivedBytes),
    });
    // Compared as buffers: a deep equal of 5 MB takes minutes.
    expect(bytes.byteLength).toBe(file.length);
    expect(firstDifference(new Uint8Array(bytes), file)).toBe(-1);
    const second = new Headers(fetchFn.mock.calls[1]?.[1]?.headers);
    expect(second.get('range')).toBe(`bytes=${held}-`);
    expect(second.get('if-range')).toBe(ETAG);
    expect(fetchFn.mock.calls[1]?.[1]).toMatchObject({ cache: 'no-store', credentials: 'same-origin' });
    expect(progress[0]).toBeGreaterThan(held);
    // Finished: nothing left behind.
    expect(await db.parts.count()).toBe(0);
    expect(await db.segments.count()).toBe(0);
  });

  it('clears the held bytes when the download fails for good (spec: a failure clears partial data)', async () => {
    const db = new DownloadsDb(`downloads-${Math.random()}`);
    const file = noise(100_000);
    let calls = 0;
    const fetchFn = vi.fn(async () => {
      calls += 1;
      if (calls === 1) {
        // Half the file, then the connection breaks.
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(file.slice(0, 50_000));
            controller.error(new TypeError('network error'));
          },
        });
        return new Response(stream, { headers: { 'content-length': String(file.length), etag: ETAG } });
      }
      return new Response('gone', { status: 404 });
    });
    const run = downloadArtifact(fetchFn, URL_, { etag: ETAG, expectedBytes: file.length, store: await openBrowserPartStore('navdata/dev/us', { db }) });
    await expect(run).rejects.toThrow('The nav database download failed: the server answered 404');
    expect(calls).toBe(2);
    expect(await db.parts.count()).toBe(0);
    expect(await db.segments.count()).toBe(0);
  });
});
