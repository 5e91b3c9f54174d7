import { download, DownloadError, memorySegments, segmentedPartStore, type PartStore } from '@clearway/download';
import { browserDownloadEnv } from '../../downloads';

export interface DownloadProgress {
  receivedBytes: number;
  /** Expected size, bytes; null when neither the index nor the response says. */
  totalBytes: number | null;
}

export interface DownloadOptions {
  signal?: AbortSignal;
  /** The artifact's size from the index (bytes after content decoding). */
  expectedBytes?: number | null;
  /** The artifact's ETag from the index: the If-Range validator of a resume after a gzip-coded answer. */
  etag?: string | null;
  /** Where the bytes are held until complete (OPFS or IndexedDB: a later start resumes); default memory. */
  store?: PartStore<ArrayBuffer>;
  /** Called after each chunk. */
  onProgress?: (progress: DownloadProgress) => void;
}

/** Attempts after a failed one (a cut connection, 5xx), 0.5 s then 1 s later. */
const RETRIES = 2;
const RETRY_DELAY_MS = 500;

/** The loader's texts for a download that failed for good. */
function failureText(error: DownloadError): string {
  const last = error.kind === 'gave-up' && error.cause instanceof DownloadError ? error.cause : error;
  if (last.kind === 'http' && last.status !== null) return `The nav database download failed: the server answered ${last.status}`;
  if (last.kind === 'short' && last.bytes !== null && last.expectedBytes !== null) {
    return `The nav database download was cut short: ${last.bytes} of ${last.expectedBytes} bytes arrived`;
  }
  return error.message;
}

/**
 * GET an artifact with @clearway/download's resumable machine, reading its body chunk by chunk (so
 * progress can be shown and a stalled transfer noticed) into `store`, then one ArrayBuffer. Not
 * cached by the browser: the bytes are kept in IndexedDB instead. A cut connection or a 5xx is
 * retried twice, resuming with a Range request; a failure for good clears the held bytes (spec part
 * 2 §4). Rejects on a non-2xx answer, on a body shorter than announced, and with the signal's reason on abort.
 */
export async function downloadArtifact(fetchFn: typeof fetch, url: string, options: DownloadOptions = {}): Promise<ArrayBuffer> {
  const { onProgress } = options;
  try {
    const result = await download({
      url,
      name: url.slice(url.lastIndexOf('/') + 1),
      store: options.store ?? segmentedPartStore(memorySegments()),
      env: browserDownloadEnv(fetchFn),
      signal: options.signal,
      etag: options.etag ?? null,
      totalBytes: options.expectedBytes ?? null,
      retries: RETRIES,
      retryDelayMs: RETRY_DELAY_MS,
      // No idle time-out here: the loader aborts a download that makes no progress for 60 s.
      idleTimeoutMs: null,
      discardOnFailure: true,
      onProgress: onProgress && ((progress) => {
        if (progress.kind === 'chunk') onProgress({ receivedBytes: progress.bytes, totalBytes: progress.totalBytes });
      }),
    });
    return result.value;
  } catch (error) {
    if (error instanceof DownloadError) throw new Error(failureText(error), { cause: error });
    throw error;
  }
}
