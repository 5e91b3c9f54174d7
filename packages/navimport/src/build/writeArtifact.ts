import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import { gzip as gzipCallback, constants as zlibConstants } from 'node:zlib';

const gzip = promisify(gzipCallback);

/** Writes bytes to a new temporary file beside `path`, flushed to disk; returns its path. */
async function writeTemporary(path: string, bytes: Uint8Array): Promise<string> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  const handle = await open(temporary, 'w');
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  return temporary;
}

/**
 * Writes files atomically: every temporary file is complete on disk before any is renamed over its
 * target, so a build that fails half-way never replaces a good artifact.
 */
export async function writeFilesAtomic(files: readonly { path: string; bytes: Uint8Array }[]): Promise<void> {
  const written: { temporary: string; path: string }[] = [];
  try {
    for (const file of files) written.push({ temporary: await writeTemporary(file.path, file.bytes), path: file.path });
  } catch (error) {
    await Promise.all(written.map((w) => rm(w.temporary, { force: true })));
    throw error;
  }
  for (const w of written) await rename(w.temporary, w.path);
}

/** Writes the artifact and its gzip variant (served with Content-Encoding: gzip); returns both sizes in bytes. */
export async function writeArtifact(path: string, bytes: Uint8Array): Promise<{ bytes: number; gzipBytes: number }> {
  const compressed = await gzip(bytes, { level: zlibConstants.Z_BEST_COMPRESSION });
  await writeFilesAtomic([
    { path: `${path}.gz`, bytes: compressed },
    { path, bytes },
  ]);
  return { bytes: bytes.length, gzipBytes: compressed.length };
}
