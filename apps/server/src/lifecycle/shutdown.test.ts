import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { installShutdown } from './shutdown.js';

/** A logger that keeps messages so tests can read what the operator would see. */
function recordingLogger() {
  const lines: string[] = [];
  const record = (level: string) => (_object: object, message: string) => {
    lines.push(`${level}: ${message}`);
  };
  return { lines, info: record('info'), warn: record('warn'), error: record('error') };
}

/** Resolves with the first exit code. */
function exitRecorder() {
  const codes: number[] = [];
  let resolve: (code: number) => void = () => undefined;
  const first = new Promise<number>((done) => {
    resolve = done;
  });
  return {
    codes,
    first,
    exit: (code: number) => {
      codes.push(code);
      resolve(code);
    },
  };
}

describe('installShutdown', () => {
  it.each(['SIGTERM', 'SIGINT'])('closes and exits 0 on %s', async (signal) => {
    const signals = new EventEmitter();
    const logger = recordingLogger();
    const exit = exitRecorder();
    let closed = 0;
    installShutdown({ signals, logger, exit: exit.exit, close: async () => void closed++ });
    signals.emit(signal, signal);
    expect(await exit.first).toBe(0);
    expect(closed).toBe(1);
    expect(logger.lines).toEqual(['info: shutting down', 'info: stopped cleanly']);
  });

  it('exits 1 at once on a second signal', async () => {
    const signals = new EventEmitter();
    const exit = exitRecorder();
    let release: () => void = () => undefined;
    installShutdown({ signals, logger: recordingLogger(), exit: exit.exit, close: () => new Promise<void>((done) => { release = done; }) });
    signals.emit('SIGTERM', 'SIGTERM');
    signals.emit('SIGINT', 'SIGINT');
    expect(await exit.first).toBe(1);
    // The close that finishes later must not exit a second time.
    release();
    await new Promise((done) => setTimeout(done, 10));
    expect(exit.codes).toEqual([1]);
  });

  it('exits 1 when close takes longer than the grace period', async () => {
    const signals = new EventEmitter();
    const logger = recordingLogger();
    const exit = exitRecorder();
    installShutdown({ signals, logger, exit: exit.exit, timeoutMs: 20, close: () => new Promise<void>(() => undefined) });
    signals.emit('SIGTERM', 'SIGTERM');
    expect(await exit.first).toBe(1);
    expect(logger.lines).toContain('error: shutdown timed out: forcing exit');
  });

  it('exits 1 when close fails', async () => {
    const signals = new EventEmitter();
    const exit = exitRecorder();
    installShutdown({ signals, logger: recordingLogger(), exit: exit.exit, close: async () => { throw new Error('pool stuck'); } });
    signals.emit('SIGTERM', 'SIGTERM');
    expect(await exit.first).toBe(1);
  });

  it('removes its handlers when uninstalled', () => {
    const signals = new EventEmitter();
    const uninstall = installShutdown({ signals, logger: recordingLogger(), exit: () => undefined, close: async () => undefined });
    expect(signals.listenerCount('SIGTERM')).toBe(1);
    uninstall();
    expect(signals.listenerCount('SIGTERM')).toBe(0);
    expect(signals.listenerCount('SIGINT')).toBe(0);
  });
});
