import { open, type FileHandle } from 'node:fs/promises';

/**
 * Byte ranges of a file, in the shape of the `pmtiles` library's `Source` (getKey, getBytes), so
 * its reader can open an archive on disk: the tests and the bench read packs back through it.
 */
export class FileRangeSource {
  #handle: Promise<FileHandle> | null = null;

  constructor(readonly path: string) {}

  getKey(): string {
    return this.path;
  }

  async getBytes(offset: number, length: number): Promise<{ data: ArrayBuffer }> {
    this.#handle ??= open(this.path, 'r');
    const handle = await this.#handle;
    const buffer = new ArrayBuffer(length);
    const { bytesRead } = await handle.read(new Uint8Array(buffer), 0, length, offset);
    return { data: bytesRead === length ? buffer : buffer.slice(0, bytesRead) };
  }

  async close(): Promise<void> {
    const handle = this.#handle;
    this.#handle = null;
    if (handle) await (await handle).close();
  }
}
