import { mkdir, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { download } from '@clearway/download';
import { filePartStore } from './filePartStore.js';
import { nodeDownloadEnv, nodeSha256 } from './nodeDownloadEnv.js';

export { DownloadError } from '@clearway/download';

/** Progress of one file download. */
export interface DownloadProgress {
  url: string;
  /** Final path of the file being downloaded. */
  file: string;
  /** Bytes on disk so far, counting what an earlier attempt left in the `.part` file. */
  bytes: number;
  /** Size of the whole file in bytes, or null while the server has not said. */
  totalBytes: number | null;
  /** bytes / totalBytes in percent (0 to 100), or null when the size is unknown. */
  pct: number | null;
  /** Bytes still to come, or null when the size is unknown. */
  remainingBytes: number | null;
}

export interface DownloadOptions {
  url: string;
  /** Final path. The body goes to `${dest}.part` and is renamed to `dest` only once complete. */
  dest: string;
  onProgress?: (progress: DownloadProgress) => void;
  /** Cancels the download; the `.part` file is kept so a later call resumes it. */
  signal?: AbortSignal;
  /** Further attempts after a failed one (network error, cut connection, 5xx, short body). Default 5. */
  retries?: number;
  /** Wait before the first retry in milliseconds, doubled for each further one up to 10 s. Default 500. */
  retryDelayMs?: number;
  /** An attempt that receives nothing for this long, in milliseconds, is dropped and retried. Default 30 000. */
  idleTimeoutMs?: number;
  /** Expected SHA-256 (hex) of the file; a mismatch deletes the `.part` file and fails naming both hashes. */
  sha256?: string;
}

export interface DownloadResult {
  url: string;
  file: string;
  /** Size of the file, bytes. */
  bytes: number;
  /** Attempts made (1 when the first one succeeded). */
  attempts: number;
  /** True when some of the file came from an earlier attempt's `.part` file via a Range request. */
  resumed: boolean;
}

const IDLE_TIMEOUT_MS = 30_000;

/**
 * Downloads `url` to `dest`, resumably, with @clearway/download's machine on the file adapter
 * (filePartStore): the body is written to `${dest}.part`; when a `.part` file of the same URL
 * exists, the request asks for the rest with `Range: bytes=N-` (and `If-Range` with the validator
 * seen before). A 206 answer is appended; a 200 answer (the server ignores ranges, or the file
 * changed) restarts from zero. The length is checked against Content-Length / Content-Range, and the
 * file is renamed to `dest` only when complete, so `dest` never holds a partial file. Failures that
 * may pass (network errors, a cut connection, an idle connection, 5xx, 408, 429, a short body) are
 * retried up to `retries` times with a growing delay; 404 and other 4xx fail at once.
 * @throws DownloadError when it gives up; the signal's reason when aborted (the `.part` file stays).
 */
export async function downloadFile(options: DownloadOptions): Promise<DownloadResult> {
  const { url, dest, onProgress } = options;
  await mkdir(dirname(dest), { recursive: true });
  const result = await download({
    url,
    name: dest,
    store: filePartStore(dest),
    env: nodeDownloadEnv,
    signal: options.signal,
    // The file's own bytes: a content-coded body could not be resumed by byte ranges.
    headers: { 'accept-encoding': 'identity' },
    retries: options.retries,
    retryDelayMs: options.retryDelayMs,
    idleTimeoutMs: options.idleTimeoutMs ?? IDLE_TIMEOUT_MS,
    sha256: options.sha256,
    sha256Hasher: nodeSha256,
    onProgress: onProgress && (({ bytes, totalBytes, pct, remainingBytes }) => onProgress({ url, file: dest, bytes, totalBytes, pct, remainingBytes })),
  });
  return { url, file: result.value, bytes: (await stat(result.value)).size, attempts: result.attempts, resumed: result.resumed };
}
