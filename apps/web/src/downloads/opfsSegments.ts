import type { PartMeta, SegmentBackend } from '@clearway/download';

/** The OPFS folder that holds downloads in progress, one sub-folder per download. */
const DOWNLOADS_FOLDER = 'downloads';
const META_FILE = 'meta.json';

function segmentFile(index: number): string {
  return `${String(index).padStart(6, '0')}.seg`;
}

/** A download id as one folder name (ids hold slashes: 'navdata/dev/us'). */
function folderName(id: string): string {
  return encodeURIComponent(id);
}

async function fileOrNull(dir: FileSystemDirectoryHandle, name: string): Promise<File | null> {
  try {
    return await (await dir.getFileHandle(name)).getFile();
  } catch {
    return null;
  }
}

async function writeFile(dir: FileSystemDirectoryHandle, name: string, data: BufferSource | string): Promise<void> {
  const writable = await (await dir.getFileHandle(name, { create: true })).createWritable();
  await writable.write(data);
  // OPFS commits a writable only on close.
  await writable.close();
}

/**
 * Segments of download `id` as files in the origin private file system (storage made for large
 * files, ARCHITECTURE.md "Web app"): `downloads/{id}/000000.seg ...` and `meta.json`. Null when this
 * browser has no OPFS or no writable files in it (then the IndexedDB segments are used).
 */
export async function opfsSegments(id: string, storage: StorageManager | undefined = globalThis.navigator?.storage): Promise<SegmentBackend | null> {
  if (typeof storage?.getDirectory !== 'function') return null;
  let root: FileSystemDirectoryHandle;
  try {
    root = await (await storage.getDirectory()).getDirectoryHandle(DOWNLOADS_FOLDER, { create: true });
  } catch {
    return null;
  }
  if (typeof FileSystemFileHandle === 'undefined' || typeof FileSystemFileHandle.prototype.createWritable !== 'function') return null;
  const name = folderName(id);
  const folder = () => root.getDirectoryHandle(name, { create: true });
  return {
    async readMeta() {
      const file = await fileOrNull(await folder(), META_FILE);
      if (file === null) return null;
      try {
        return JSON.parse(await file.text()) as PartMeta;
      } catch {
        return null;
      }
    },
    async writeMeta(meta) {
      await writeFile(await folder(), META_FILE, JSON.stringify(meta));
    },
    async segmentSizes() {
      const dir = await folder();
      const sizes: number[] = [];
      for (let index = 0; ; index++) {
        const file = await fileOrNull(dir, segmentFile(index));
        if (file === null) return sizes;
        sizes.push(file.size);
      }
    },
    async writeSegment(index, bytes) {
      await writeFile(await folder(), segmentFile(index), bytes.slice().buffer);
    },
    async readSegment(index) {
      const file = await fileOrNull(await folder(), segmentFile(index));
      if (file === null) throw new Error(`Segment ${index} of download ${id} is missing from the browser's file storage`);
      return new Uint8Array(await file.arrayBuffer());
    },
    async clear() {
      await root.removeEntry(name, { recursive: true }).catch(() => undefined);
    },
  };
}

/**
 * The segment files of download `id` in order, as disk-backed `File`s (no byte is read): a finished
 * download kept as segments (region packs) is opened as `new Blob(files)`. Null without OPFS or
 * when the download has no folder.
 */
export async function opfsSegmentFiles(id: string, storage: StorageManager | undefined = globalThis.navigator?.storage): Promise<File[] | null> {
  if (typeof storage?.getDirectory !== 'function') return null;
  let dir: FileSystemDirectoryHandle;
  try {
    dir = await (await (await storage.getDirectory()).getDirectoryHandle(DOWNLOADS_FOLDER)).getDirectoryHandle(folderName(id));
  } catch {
    return null;
  }
  const files: File[] = [];
  for (let index = 0; ; index++) {
    const file = await fileOrNull(dir, segmentFile(index));
    if (file === null) return files;
    files.push(file);
  }
}
