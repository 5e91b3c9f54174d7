import { digestSha256, timerSleep, type DownloadEnv, type Sha256Hasher } from '@clearway/download';

/**
 * The browser's side of @clearway/download: `fetchFn` asked not to use the HTTP cache (the bytes
 * are kept in OPFS / IndexedDB instead) and with same-origin credentials, setTimeout, AbortController.
 */
export function browserDownloadEnv(fetchFn: typeof fetch): DownloadEnv {
  return {
    fetch: (url, init) => fetchFn(url, { headers: init.headers, signal: init.signal as AbortSignal, cache: 'no-store', credentials: 'same-origin' }),
    sleep: timerSleep(globalThis),
    abortController: () => new AbortController(),
  };
}

/** SHA-256 through WebCrypto. */
export function browserSha256(): Sha256Hasher {
  return digestSha256(crypto.subtle);
}
