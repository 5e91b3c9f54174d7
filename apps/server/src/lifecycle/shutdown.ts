import type { EventEmitter } from 'node:events';

/** The signals that ask the server to stop: SIGTERM from orchestrators, SIGINT from Ctrl-C. */
export const SHUTDOWN_SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/** Longest graceful shutdown before the process is forced out, milliseconds. */
export const SHUTDOWN_TIMEOUT_MS = 10_000;

/** The few logger methods shutdown uses (pino and Fastify's logger fit). */
interface ShutdownLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** What installShutdown needs; the process is passed in so tests can drive it without real signals. */
export interface ShutdownOptions {
  /** Emits the signal names; normally `process`. */
  signals: EventEmitter;
  /** Stops accepting connections, finishes in-flight requests and releases resources. */
  close: () => Promise<void>;
  logger: ShutdownLogger;
  /** Ends the process; normally `process.exit`. */
  exit: (code: number) => void;
  /** Grace period, milliseconds. */
  timeoutMs?: number;
}

/**
 * Graceful shutdown: the first SIGTERM or SIGINT runs close() and exits 0 (1 if close fails). A second
 * signal, or close() taking longer than the grace period, exits 1 at once so a stuck connection cannot
 * keep a deploy waiting.
 * @returns a function that removes the signal handlers.
 */
export function installShutdown(options: ShutdownOptions): () => void {
  const { signals, close, logger, exit, timeoutMs = SHUTDOWN_TIMEOUT_MS } = options;
  let stopping = false;
  let exited = false;
  const finish = (code: number) => {
    if (exited) return;
    exited = true;
    exit(code);
  };

  const onSignal = (signal: string) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal during shutdown: forcing exit');
      finish(1);
      return;
    }
    stopping = true;
    logger.info({ signal, timeoutMs }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error({ timeoutMs }, 'shutdown timed out: forcing exit');
      finish(1);
    }, timeoutMs);
    close().then(
      () => {
        clearTimeout(timer);
        logger.info({}, 'stopped cleanly');
        finish(0);
      },
      (error: unknown) => {
        clearTimeout(timer);
        logger.error({ err: error }, 'shutdown failed');
        finish(1);
      },
    );
  };

  for (const signal of SHUTDOWN_SIGNALS) signals.on(signal, onSignal);
  return () => {
    for (const signal of SHUTDOWN_SIGNALS) signals.off(signal, onSignal);
  };
}
