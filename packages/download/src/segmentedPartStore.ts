import type { PartMeta, PartStore, PartWriter } from './partStore.js';

/**
 * Storage that holds a part as numbered segments plus its record: OPFS files or IndexedDB rows in
 * the browser, a Map in tests. Segments are only ever added or removed whole, so no storage has to
 * append to a file (OPFS commits a writable only on close, and rewriting a large file per chunk
 * would copy it each time).
 */
export interface SegmentBackend {
  readMeta(): Promise<PartMeta | null>;
  writeMeta(meta: PartMeta): Promise<void>;
  /** Byte length of each held segment, index 0 first. */
  segmentSizes(): Promise<number[]>;
  writeSegment(index: number, bytes: Uint8Array): Promise<void>;
  readSegment(index: number): Promise<Uint8Array>;
  /** Removes the segments and the record. */
  clear(): Promise<void>;
}

/** Bytes gathered in memory before a segment is written: what a killed page may lose. 4 MiB. */
export const DEFAULT_SEGMENT_BYTES = 4 * 1024 * 1024;

/**
 * A PartStore over segments whose finished value is the whole file as one ArrayBuffer (what the
 * nav database loader hands to the routing worker). Chunks are gathered up to `segmentBytes` and
 * written as one segment; closing the writer (after every attempt, also a failed or aborted one)
 * writes the rest, so what arrived survives into the next attempt or the next start.
 */
export function segmentedPartStore(backend: SegmentBackend, segmentBytes = DEFAULT_SEGMENT_BYTES): PartStore<ArrayBuffer> {
  return {
    async load() {
      const [meta, sizes] = await Promise.all([backend.readMeta(), backend.segmentSizes()]);
      const bytes = sizes.reduce((sum, size) => sum + size, 0);
      return meta === null && bytes === 0 ? null : { meta, bytes };
    },
    saveMeta: (meta) => backend.writeMeta(meta),
    async open(mode) {
      let next: number;
      if (mode === 'truncate') {
        const meta = await backend.readMeta();
        await backend.clear();
        if (meta !== null) await backend.writeMeta(meta);
        next = 0;
      } else {
        next = (await backend.segmentSizes()).length;
      }
      return segmentWriter(backend, next, segmentBytes);
    },
    async *read() {
      const sizes = await backend.segmentSizes();
      for (let index = 0; index < sizes.length; index++) yield await backend.readSegment(index);
    },
    discard: () => backend.clear(),
    async finish() {
      const sizes = await backend.segmentSizes();
      const whole = new Uint8Array(sizes.reduce((sum, size) => sum + size, 0));
      let at = 0;
      for (let index = 0; index < sizes.length; index++) {
        const segment = await backend.readSegment(index);
        whole.set(segment, at);
        at += segment.byteLength;
      }
      await backend.clear();
      return whole.buffer;
    },
  };
}

function segmentWriter(backend: SegmentBackend, firstIndex: number, segmentBytes: number): PartWriter {
  let index = firstIndex;
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (pendingBytes === 0) return;
    const segment = new Uint8Array(pendingBytes);
    let at = 0;
    for (const chunk of pending) {
      segment.set(chunk, at);
      at += chunk.byteLength;
    }
    pending = [];
    pendingBytes = 0;
    await backend.writeSegment(index, segment);
    index += 1;
  };
  return {
    async write(chunk) {
      // Copied: a stream may reuse its buffer.
      pending.push(chunk.slice());
      pendingBytes += chunk.byteLength;
      if (pendingBytes >= segmentBytes) await flush();
    },
    close: flush,
  };
}

/** Segments in a Map: a test double of OPFS and IndexedDB, and a store for small downloads that need not survive a restart. */
export function memorySegments(): SegmentBackend & { readonly segments: Map<number, Uint8Array> } {
  const segments = new Map<number, Uint8Array>();
  let meta: PartMeta | null = null;
  return {
    segments,
    async readMeta() {
      return meta;
    },
    async writeMeta(value) {
      meta = { ...value };
    },
    async segmentSizes() {
      const sizes: number[] = [];
      for (let index = 0; segments.has(index); index++) sizes.push((segments.get(index) as Uint8Array).byteLength);
      return sizes;
    },
    async writeSegment(index, bytes) {
      segments.set(index, bytes.slice());
    },
    async readSegment(index) {
      const segment = segments.get(index);
      if (segment === undefined) throw new Error(`segment ${index} is not held`);
      return segment;
    },
    async clear() {
      segments.clear();
      meta = null;
    },
  };
}
