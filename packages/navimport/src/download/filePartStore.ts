import { createReadStream } from 'node:fs';
import { open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import type { PartMeta, PartStore } from '@clearway/download';

async function fileSize(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}

async function readMeta(path: string): Promise<PartMeta | null> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as PartMeta;
  } catch {
    return null;
  }
}

/**
 * The Node file adapter of @clearway/download: the body goes to `${dest}.part`, its record (URL,
 * ETag, Last-Modified, size) to `${dest}.part.json`, and the finished file is renamed to `dest`, so
 * `dest` never holds a partial file and an interrupted run resumes from the `.part` file.
 */
export function filePartStore(dest: string): PartStore<string> {
  const part = `${dest}.part`;
  const metaPath = `${dest}.part.json`;
  return {
    async load() {
      const [meta, bytes] = await Promise.all([readMeta(metaPath), fileSize(part)]);
      return meta === null && bytes === 0 ? null : { meta, bytes };
    },
    saveMeta: (meta) => writeFile(metaPath, JSON.stringify(meta)),
    async open(mode) {
      const handle = await open(part, mode === 'append' ? 'a' : 'w');
      return {
        async write(chunk) {
          await handle.write(chunk);
        },
        close: () => handle.close(),
      };
    },
    read: () => createReadStream(part),
    async discard() {
      await rm(part, { force: true });
      await rm(metaPath, { force: true });
    },
    async finish() {
      await rename(part, dest);
      await rm(metaPath, { force: true });
      return dest;
    },
  };
}
