import { createHash } from 'node:crypto';
import { incrementalSha256, timerSleep, type DownloadEnv, type Sha256Hasher } from '@clearway/download';

/** Node's fetch (following redirects, as the FAA's servers send), timers and AbortController for @clearway/download. */
export const nodeDownloadEnv: DownloadEnv = {
  fetch: (url, init) => fetch(url, { headers: init.headers, signal: init.signal as AbortSignal, redirect: 'follow' }),
  sleep: timerSleep(globalThis),
  abortController: () => new AbortController(),
};

/** SHA-256 read from the file chunk by chunk (node:crypto), for files of any size. */
export const nodeSha256: Sha256Hasher = incrementalSha256(() => createHash('sha256'));
