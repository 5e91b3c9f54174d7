import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';

/**
 * Copies the first entry of the zip at `zipPath` whose name `matches` to `dest` (through
 * `${dest}.part`, renamed when complete). Returns the entry's name, or null when no entry matches.
 * Used to take the NASR CSV zip (`CSV_Data/04_Sep_2025_CSV.zip`) out of the full subscription.
 */
export async function extractZipEntry(zipPath: string, matches: (entryName: string) => boolean, dest: string): Promise<string | null> {
  const zip = await yauzl.openPromise(zipPath, { lazyEntries: true, autoClose: false });
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/') || !matches(entry.fileName)) continue;
      const part = `${dest}.part`;
      try {
        await pipeline(await zip.openReadStreamPromise(entry), createWriteStream(part));
        await rename(part, dest);
      } catch (error) {
        await rm(part, { force: true });
        throw error;
      }
      return entry.fileName;
    }
    return null;
  } finally {
    zip.close();
  }
}
