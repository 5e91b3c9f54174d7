import type { PackKind } from '@clearway/protocol';

/** What the downloader stores: a chart region pack of a kind, or a region's approach plates (platesPacks.ts). */
export type DownloadKind = PackKind | 'plates';

/**
 * The background downloader's messages (spec part 2 §7): out `download` (chart, root, directory,
 * database, chunks), `download_buffer` (adds cycle, tileList, ext, strategy, detail), `cancel`,
 * `pause`, `resume`; in `ready`, `progress` (chart, pct, rem), `done`, `cancel_confirmed`,
 * `pause_confirmed`, `resume_confirmed`, `stop_confirmed`, `delete_confirmed`, `failed` (error, chart).
 * Here `chart` is the chart region code, `root` the server origin ('' = same origin), `directory`
 * the chart cycle, `database` 'packs', and `chunks` the region's packs from /packs/index.json.
 */
export interface PackChunk {
  kind: DownloadKind;
  cycle: string;
  expires: string;
  /** Path on `root` (the index's `url`). */
  url: string;
  bytes: number;
  sha256: string;
  etag: string;
}

export interface DownloadRequest {
  type: 'download';
  chart: string;
  root: string;
  directory: string;
  database: 'packs';
  chunks: PackChunk[];
}

/** A download of a buffer of tiles (a route corridor); carried out as a pack download of `chunks`. */
export interface DownloadBufferRequest extends Omit<DownloadRequest, 'type'> {
  type: 'download_buffer';
  cycle: string;
  tileList: string[];
  ext: string;
  strategy: string;
  detail: number;
}

/** `cancel` with the page's intent: 'stop' keeps nothing of what is under way; 'delete' also removes the stored packs; 'cancel' drops a queued request. */
export interface CancelRequest {
  type: 'cancel';
  chart: string;
  action: 'cancel' | 'stop' | 'delete';
}

export type DownloaderRequest = DownloadRequest | DownloadBufferRequest | CancelRequest | { type: 'pause'; chart: string } | { type: 'resume'; chart: string };

export type DownloaderReply =
  | { type: 'ready' }
  /** pct 0-100 of the region's bytes; rem: seconds remaining at the current rate, null while unknown. */
  | { type: 'progress'; chart: string; pct: number; rem: number | null; bytes: number; totalBytes: number }
  | { type: 'done'; chart: string }
  | { type: 'cancel_confirmed'; chart: string }
  | { type: 'pause_confirmed'; chart: string }
  | { type: 'resume_confirmed'; chart: string }
  | { type: 'stop_confirmed'; chart: string }
  | { type: 'delete_confirmed'; chart: string }
  | { type: 'failed'; chart: string; error: string };
