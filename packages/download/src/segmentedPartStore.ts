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
 *
 * The backend is read once (the first `load`) and then mirrored in memory; a new record and a
 * truncation are written with the next segment or on close. So between the first `load` and the
 * end of the body a download touches the backend only once per segment: a slow storage (IndexedDB)
 * never holds up reading the body.
 */
export function segmentedPartStore(backend: SegmentBackend, segmentBytes = DEFAULT_SEGMENT_BYTES): PartStore<ArrayBuffer> {
  let view: { meta: PartMeta | null; sizes: number[] } | null = null;
  let pendingMeta: PartMeta | null = null;
  let pendingClear = false;
  const current = async () => {
    if (view === null) {
      const [meta, sizes] = await Promise.all([backend.readMeta(), backend.segmentSizes()]);
      view ??= { meta, sizes };
    }
    return view;
  };
  const applyPending = async () => {
    if (pendingClear) {
      pendingClear = false;
      await backend.clear();
    }
    if (pendingMeta !== null) {
      const meta = pendingMeta;
      pendingMeta = null;
      await backend.writeMeta(meta);
    }
  };
  const total = (sizes: number[]) => sizes.reduce((sum, size) => sum + size, 0);
  return {
    async load() {
      const { meta, sizes } = await current();
      const bytes = total(sizes);
      return meta === null && bytes === 0 ? null : { meta, bytes };
    },
    async saveMeta(meta) {
      (await current()).meta = meta;
      pendingMeta = meta;
    },
    async open(mode) {
      const state = await current();
      if (mode === 'truncate') {
        state.sizes = [];
        pendingClear = true;
        // The record saved for this attempt is written again after the clear.
        if (state.meta !== null) pendingMeta = state.meta;
      }
      return segmentWriter(state.sizes, segmentBytes, async (index, segment) => {
        await applyPending();
        await backend.writeSegment(index, segment);
      }, applyPending);
    },
    async *read() {
      const { sizes } = await current();
      for (let index = 0; index < sizes.length; index++) yield await backend.readSegment(index);
    },
    async discard() {
      view = { meta: null, sizes: [] };
      pendingMeta = null;
      pendingClear = false;
      await backend.clear();
    },
    async finish() {
      const { sizes } = await current();
      const whole = new Uint8Array(total(sizes));
      let at = 0;
      for (let index = 0; index < sizes.length; index++) {
        const segment = await backend.readSegment(index);
        whole.set(segment, at);
        at += segment.byteLength;
      }
      await this.discard();
      return whole.buffer;
    },
  };
}

/** Gathers chunks and hands them to `store` as segments numbered after `sizes` (which it extends). */
function segmentWriter(
  sizes: number[],
  segmentBytes: number,
  store: (index: number, segment: Uint8Array) => Promise<void>,
  onClose: () => Promise<void>,
): PartWriter {
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
    await store(sizes.length, segment);
    sizes.push(segment.byteLength);
  };
  return {
    async write(chunk) {
      // Copied: a stream may reuse its buffer.
      pending.push(chunk.slice());
      pendingBytes += chunk.byteLength;
      if (pendingBytes >= segmentBytes) await flush();
    },
    async close() {
      await flush();
      await onClose();
    },
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
