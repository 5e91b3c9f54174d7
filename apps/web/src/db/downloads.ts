import { Dexie, type Table } from 'dexie';
import type { PartMeta } from '@clearway/download';

/**
 * Local database 'downloads': downloads in progress where the browser has no OPFS (the
 * @clearway/download segments of src/downloads/indexedDbSegments.ts). Rows are removed when a
 * download finishes or is discarded.
 * - 1: `parts` (one per download: its record and the byte length of each held segment) and
 *   `segments` (the bytes, keyed by download id and segment index).
 */
export interface DownloadPartRow {
  id: string;
  meta: PartMeta | null;
  /** Byte length of segment 0, 1, ...: listing them needs no segment read. */
  sizes: number[];
}

export interface DownloadSegmentRow {
  id: string;
  index: number;
  bytes: ArrayBuffer;
}

export const DOWNLOADS_SCHEMA_V1 = { parts: 'id', segments: '[id+index]' } as const;

export class DownloadsDb extends Dexie {
  parts!: Table<DownloadPartRow, string>;
  segments!: Table<DownloadSegmentRow, [string, number]>;

  constructor(name = 'downloads') {
    super(name);
    this.version(1).stores(DOWNLOADS_SCHEMA_V1);
  }
}
