import { Dexie } from 'dexie';
import type { SegmentBackend } from '@clearway/download';
import type { DownloadsDb } from '../db/downloads';

/** Segments of download `id` in the 'downloads' IndexedDB database: the fallback where OPFS is missing. */
export function indexedDbSegments(db: DownloadsDb, id: string): SegmentBackend {
  return {
    async readMeta() {
      return (await db.parts.get(id))?.meta ?? null;
    },
    async writeMeta(meta) {
      await db.transaction('rw', db.parts, async () => {
        const row = await db.parts.get(id);
        await db.parts.put({ id, meta, sizes: row?.sizes ?? [] });
      });
    },
    async segmentSizes() {
      return (await db.parts.get(id))?.sizes ?? [];
    },
    async writeSegment(index, bytes) {
      await db.transaction('rw', db.parts, db.segments, async () => {
        const row = await db.parts.get(id);
        const sizes = (row?.sizes ?? []).slice(0, index);
        sizes[index] = bytes.byteLength;
        await db.segments.put({ id, index, bytes: bytes.slice().buffer });
        await db.parts.put({ id, meta: row?.meta ?? null, sizes });
      });
    },
    async readSegment(index) {
      const row = await db.segments.get([id, index]);
      if (row === undefined) throw new Error(`Segment ${index} of download ${id} is missing from IndexedDB`);
      return new Uint8Array(row.bytes);
    },
    async clear() {
      await db.transaction('rw', db.parts, db.segments, async () => {
        await db.segments.where('[id+index]').between([id, Dexie.minKey], [id, Dexie.maxKey]).delete();
        await db.parts.delete(id);
      });
    },
  };
}
