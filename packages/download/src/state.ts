/**
 * The state machine of one download, as a pure transition function. The driver (download.ts) sends
 * an event at each step and reports every state; a screen or a slice can show them as they are.
 *
 *   idle -> requesting -> receiving -> verifying -> done
 *                \            |            \
 *                 +--> waiting (back-off) <-+--- (a retryable failure) --> requesting ...
 *   any running state -> failed (not retryable, or no attempts left) | aborted (the caller's signal;
 *   the held part is kept, so a later call resumes: the spec's pause)
 */

export type DownloadStatus = 'idle' | 'requesting' | 'receiving' | 'waiting' | 'verifying' | 'done' | 'failed' | 'aborted';

export type DownloadState =
  | { status: 'idle' }
  /** Attempt `attempt` (1-based) asks for the file from byte `offset` (> 0: a Range request). */
  | { status: 'requesting'; attempt: number; offset: number }
  /** Body arriving: `bytes` held in all, of `totalBytes` (null while unknown). */
  | { status: 'receiving'; attempt: number; bytes: number; totalBytes: number | null }
  /** Back-off: attempt `attempt` starts after `delayMs`; `reason` is why the previous one failed. */
  | { status: 'waiting'; attempt: number; delayMs: number; reason: string }
  /** All bytes held; checking size and SHA-256. */
  | { status: 'verifying'; bytes: number }
  | { status: 'done'; bytes: number; attempts: number; resumed: boolean }
  | { status: 'failed'; reason: string }
  | { status: 'aborted' };

export type DownloadEvent =
  | { type: 'request'; attempt: number; offset: number }
  | { type: 'response'; bytes: number; totalBytes: number | null }
  | { type: 'chunk'; bytes: number }
  | { type: 'retry'; attempt: number; delayMs: number; reason: string }
  | { type: 'complete'; bytes: number }
  | { type: 'verified'; attempts: number; resumed: boolean }
  | { type: 'fail'; reason: string }
  | { type: 'abort' };

/** Which events each state accepts; anything else is a bug in the driver. */
const ACCEPTS: Readonly<Record<DownloadStatus, readonly DownloadEvent['type'][]>> = {
  idle: ['request', 'fail', 'abort'],
  requesting: ['response', 'complete', 'retry', 'fail', 'abort'],
  receiving: ['chunk', 'complete', 'retry', 'fail', 'abort'],
  waiting: ['request', 'fail', 'abort'],
  verifying: ['verified', 'fail', 'abort'],
  done: [],
  failed: [],
  aborted: [],
};

/** Terminal states: nothing follows them. */
export function isFinal(state: DownloadState): boolean {
  return state.status === 'done' || state.status === 'failed' || state.status === 'aborted';
}

/**
 * The state after `event`, or null when `state` does not accept it (say a chunk after done).
 * A 'complete' while requesting is a resume whose 416 answer says the held part is already whole.
 */
export function transition(state: DownloadState, event: DownloadEvent): DownloadState | null {
  if (!ACCEPTS[state.status].includes(event.type)) return null;
  switch (event.type) {
    case 'request':
      return { status: 'requesting', attempt: event.attempt, offset: event.offset };
    case 'response':
      return { status: 'receiving', attempt: attemptOf(state), bytes: event.bytes, totalBytes: event.totalBytes };
    case 'chunk':
      return state.status === 'receiving' ? { ...state, bytes: event.bytes } : null;
    case 'retry':
      return { status: 'waiting', attempt: event.attempt, delayMs: event.delayMs, reason: event.reason };
    case 'complete':
      return { status: 'verifying', bytes: event.bytes };
    case 'verified':
      return state.status === 'verifying' ? { status: 'done', bytes: state.bytes, attempts: event.attempts, resumed: event.resumed } : null;
    case 'fail':
      return { status: 'failed', reason: event.reason };
    case 'abort':
      return { status: 'aborted' };
  }
}

function attemptOf(state: DownloadState): number {
  return 'attempt' in state ? state.attempt : 1;
}

/** The spec's numeric download states (spec part 2 §3 "Downloads"; §4: a failure sets error and clears partial data), for the downloads screen and the service worker. */
export const SPEC_DOWNLOAD_STATE = {
  QUEUED: 0,
  IN_PROGRESS: 1,
  PAUSED: 3,
  DOWNLOADED: 10,
  ERROR: 11,
} as const;

/** A download state as the spec's numeric state: an aborted download keeps its part, so it is paused. */
export function specDownloadState(state: DownloadState): (typeof SPEC_DOWNLOAD_STATE)[keyof typeof SPEC_DOWNLOAD_STATE] {
  switch (state.status) {
    case 'idle':
      return SPEC_DOWNLOAD_STATE.QUEUED;
    case 'done':
      return SPEC_DOWNLOAD_STATE.DOWNLOADED;
    case 'failed':
      return SPEC_DOWNLOAD_STATE.ERROR;
    case 'aborted':
      return SPEC_DOWNLOAD_STATE.PAUSED;
    default:
      return SPEC_DOWNLOAD_STATE.IN_PROGRESS;
  }
}
