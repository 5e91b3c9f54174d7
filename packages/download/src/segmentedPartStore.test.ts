import { describe, expect, it } from 'vitest';
import { memorySegments, segmentedPartStore } from './segmentedPartStore.js';

const meta = { url: 'http://x/f', etag: '"a"', lastModified: null, totalBytes: 10 };

describe('segmentedPartStore', () => {
  it('gathers chunks into segments, keeps them across writers and finishes into one buffer', async () => {
    const backend = memorySegments();
    const store = segmentedPartStore(backend, 4);
    expect(await store.load()).toBeNull();
    await store.saveMeta(meta);
    const first = await store.open('truncate');
    await first.write(Uint8Array.of(0, 1, 2));
    await first.write(Uint8Array.of(3, 4));
    await first.write(Uint8Array.of(5));
    await first.close();
    expect(await backend.segmentSizes()).toEqual([5, 1]);
    expect(await store.load()).toEqual({ meta, bytes: 6 });

    // The next run: a new store on the same backend appends after what is held.
    const next = segmentedPartStore(backend, 4);
    expect(await next.load()).toEqual({ meta, bytes: 6 });
    const again = await next.open('append');
    await again.write(Uint8Array.of(6, 7, 8, 9));
    await again.close();
    const read: number[] = [];
    for await (const chunk of next.read()) read.push(...chunk);
    expect(read).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect([...new Uint8Array(await next.finish())]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await next.load()).toBeNull();
    expect(await segmentedPartStore(backend).load()).toBeNull();
  });

  it('truncate drops the held segments but keeps the record just saved', async () => {
    const backend = memorySegments();
    const store = segmentedPartStore(backend, 2);
    const writer = await store.open('truncate');
    await writer.write(Uint8Array.of(1, 2, 3));
    await writer.close();
    await store.saveMeta(meta);
    await (await store.open('truncate')).close();
    expect(await store.load()).toEqual({ meta, bytes: 0 });
    expect(await segmentedPartStore(backend).load()).toEqual({ meta, bytes: 0 });
  });

  it('writes nothing to the backend until a segment is full or the writer closes', async () => {
    const backend = memorySegments();
    const store = segmentedPartStore(backend, 8);
    await store.load();
    await store.saveMeta(meta);
    const writer = await store.open('truncate');
    await writer.write(Uint8Array.of(1, 2, 3));
    expect(await backend.readMeta()).toBeNull();
    expect(backend.segments.size).toBe(0);
    await writer.close();
    expect(await backend.readMeta()).toEqual(meta);
    expect(await backend.segmentSizes()).toEqual([3]);
  });
});
