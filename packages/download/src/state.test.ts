import { describe, expect, it } from 'vitest';
import { SPEC_DOWNLOAD_STATE, specDownloadState, transition, type DownloadEvent, type DownloadState } from './state.js';

/** Runs events from idle; null as soon as one is refused. */
function run(events: DownloadEvent[]): DownloadState | null {
  let state: DownloadState | null = { status: 'idle' };
  for (const event of events) {
    if (state === null) return null;
    state = transition(state, event);
  }
  return state;
}

describe('the download state machine', () => {
  it('goes through a resumed download with one retry to done', () => {
    expect(
      run([
        { type: 'request', attempt: 1, offset: 0 },
        { type: 'response', bytes: 0, totalBytes: 10 },
        { type: 'chunk', bytes: 4 },
        { type: 'retry', attempt: 2, delayMs: 500, reason: 'cut' },
        { type: 'request', attempt: 2, offset: 4 },
        { type: 'response', bytes: 4, totalBytes: 10 },
        { type: 'chunk', bytes: 10 },
        { type: 'complete', bytes: 10 },
        { type: 'verified', attempts: 2, resumed: true },
      ]),
    ).toEqual({ status: 'done', bytes: 10, attempts: 2, resumed: true });
  });

  it('accepts complete straight after a request (a 416 saying the held part is whole)', () => {
    expect(run([{ type: 'request', attempt: 1, offset: 10 }, { type: 'complete', bytes: 10 }])).toEqual({ status: 'verifying', bytes: 10 });
  });

  it('refuses events a state does not expect', () => {
    expect(run([{ type: 'chunk', bytes: 1 }])).toBeNull();
    expect(run([{ type: 'request', attempt: 1, offset: 0 }, { type: 'verified', attempts: 1, resumed: false }])).toBeNull();
    expect(run([{ type: 'abort' }, { type: 'request', attempt: 1, offset: 0 }])).toBeNull();
    expect(run([{ type: 'fail', reason: 'x' }, { type: 'retry', attempt: 2, delayMs: 1, reason: 'x' }])).toBeNull();
  });

  it("maps to the spec's numeric states: queued, in progress, paused (aborted, part kept), downloaded, error", () => {
    expect(specDownloadState({ status: 'idle' })).toBe(0);
    expect(specDownloadState({ status: 'receiving', attempt: 1, bytes: 1, totalBytes: null })).toBe(SPEC_DOWNLOAD_STATE.IN_PROGRESS);
    expect(specDownloadState({ status: 'waiting', attempt: 2, delayMs: 500, reason: '' })).toBe(1);
    expect(specDownloadState({ status: 'aborted' })).toBe(3);
    expect(specDownloadState({ status: 'done', bytes: 1, attempts: 1, resumed: false })).toBe(10);
    expect(specDownloadState({ status: 'failed', reason: 'x' })).toBe(11);
  });
});
