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

    const again = await segmentedPartStore(backend, 4).open('append');
    await again.write(Uint8Array.of(6, 7, 8, 9));
    await again.close();
    const read: number[] = [];
    for await (const chunk of store.read()) read.push(...chunk);
    expect(read).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect([...new Uint8Array(await store.finish())]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await store.load()).toBeNull();
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
  });
});
