import { digestSha256, type DownloadEnv, type Sha256Hasher, type SignalLike } from '@clearway/download';

function abortReason(signal: SignalLike): unknown {
  return signal.reason ?? new DOMException('The download was aborted', 'AbortError');
}

/** setTimeout as the download's sleep, stopped (rejecting with the reason) when the signal aborts. */
function sleep(ms: number, signal?: SignalLike): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal as SignalLike));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The browser's side of @clearway/download: `fetchFn` asked not to use the HTTP cache (the bytes
 * are kept in OPFS / IndexedDB instead) and with same-origin credentials, setTimeout, AbortController.
 */
export function browserDownloadEnv(fetchFn: typeof fetch): DownloadEnv {
  return {
    fetch: (url, init) => fetchFn(url, { headers: init.headers, signal: init.signal as AbortSignal, cache: 'no-store', credentials: 'same-origin' }),
    sleep,
    abortController: () => new AbortController(),
  };
}

/** SHA-256 through WebCrypto. */
export function browserSha256(): Sha256Hasher {
  return digestSha256(crypto.subtle);
}
