export interface DownloadProgress {
  receivedBytes: number;
  /** Expected size, bytes; null when neither the index nor the response says. */
  totalBytes: number | null;
}

export interface DownloadOptions {
  signal?: AbortSignal;
  /** The artifact's size from the index (bytes after content decoding). */
  expectedBytes?: number | null;
  /** Called after each chunk. */
  onProgress?: (progress: DownloadProgress) => void;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The download was aborted', 'AbortError');
}

/**
 * GET an artifact and read its body chunk by chunk (so progress can be shown and a stalled transfer
 * noticed), into one ArrayBuffer. Not cached by the browser: the bytes are kept in IndexedDB instead.
 * Rejects on a non-2xx answer, on a body shorter than announced, and with the signal's reason on abort.
 */
export async function downloadArtifact(fetchFn: typeof fetch, url: string, options: DownloadOptions = {}): Promise<ArrayBuffer> {
  const { signal, onProgress } = options;
  const response = await fetchFn(url, { signal, cache: 'no-store', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`The nav database download failed: the server answered ${response.status}`);
  // Content-Length is the encoded size when the body is gzip-encoded; the index's size is the decoded one.
  const encoded = (response.headers.get('content-encoding') ?? 'identity') !== 'identity';
  const lengthHeader = Number(response.headers.get('content-length'));
  const total = options.expectedBytes ?? (!encoded && Number.isFinite(lengthHeader) && lengthHeader > 0 ? lengthHeader : null);

  if (!response.body) {
    const whole = await response.arrayBuffer();
    onProgress?.({ receivedBytes: whole.byteLength, totalBytes: total });
    return whole;
  }

  const reader = response.body.getReader();
  const onAbort = () => void reader.cancel(signal ? abortReason(signal) : undefined).catch(() => undefined);
  signal?.addEventListener('abort', onAbort, { once: true });
  let buffer = new Uint8Array(total ?? 1 << 20);
  let received = 0;
  try {
    for (;;) {
      if (signal?.aborted) throw abortReason(signal);
      const { done, value } = await reader.read();
      if (signal?.aborted) throw abortReason(signal);
      if (done) break;
      if (received + value.byteLength > buffer.byteLength) {
        // Larger than announced (or no size given): grow by doubling.
        const grown = new Uint8Array(Math.max(buffer.byteLength * 2, received + value.byteLength));
        grown.set(buffer.subarray(0, received));
        buffer = grown;
      }
      buffer.set(value, received);
      received += value.byteLength;
      onProgress?.({ receivedBytes: received, totalBytes: total });
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  if (total !== null && received < total) {
    throw new Error(`The nav database download was cut short: ${received} of ${total} bytes arrived`);
  }
  return received === buffer.byteLength ? buffer.buffer : buffer.buffer.slice(0, received);
}
