import type { RangeResponse, Source } from 'pmtiles';

/**
 * A pmtiles Source over a Blob: a pack stored on the device (an OPFS file, or a Blob assembled from
 * IndexedDB segments). Each read slices the Blob, so only the bytes asked for are read, never the
 * whole pack. The key names the pack and its cycle, so a replaced pack is never answered from the
 * directory cache of the one before.
 */
export class BlobSource implements Source {
  constructor(
    private readonly blob: Blob,
    private readonly key: string,
  ) {}

  getKey(): string {
    return this.key;
  }

  async getBytes(offset: number, length: number, signal?: AbortSignal): Promise<RangeResponse> {
    if (signal?.aborted) throw new DOMException('The tile read was aborted', 'AbortError');
    const end = Math.min(offset + length, this.blob.size);
    if (offset < 0 || offset > this.blob.size) throw new Error(`Pack ${this.key}: a read at byte ${offset} is outside its ${this.blob.size} bytes`);
    return { data: await this.blob.slice(offset, end).arrayBuffer() };
  }
}
