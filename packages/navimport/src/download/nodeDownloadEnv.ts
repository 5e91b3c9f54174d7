import { createHash } from 'node:crypto';
import { incrementalSha256, type DownloadEnv, type Sha256Hasher, type SignalLike } from '@clearway/download';

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

/** Node's fetch (following redirects, as the FAA's servers send), timers and AbortController for @clearway/download. */
export const nodeDownloadEnv: DownloadEnv = {
  fetch: (url, init) => fetch(url, { headers: init.headers, signal: init.signal as AbortSignal, redirect: 'follow' }),
  sleep,
  abortController: () => new AbortController(),
};

/** SHA-256 read from the file chunk by chunk (node:crypto), for files of any size. */
export const nodeSha256: Sha256Hasher = incrementalSha256(() => createHash('sha256'));
