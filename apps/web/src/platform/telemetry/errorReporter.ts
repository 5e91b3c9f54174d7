import type { LogLevel } from './logger';

/** Where a report goes: the logger, after the error budget (index.ts). */
export type Report = (level: LogLevel, message: string, stack: string | null) => void;

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
}

const TEXT_MAX = 1024;

function textOf(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function stackOf(value: unknown): string | null {
  const stack = (value as ErrorLike | null)?.stack;
  return typeof stack === 'string' ? stack : null;
}

/** The parts of `window` the reporter listens to and wraps. */
export interface ReporterHost {
  addEventListener(type: string, listener: (event: never) => void): void;
  removeEventListener(type: string, listener: (event: never) => void): void;
  console: Pick<Console, 'error' | 'warn'>;
  Worker?: typeof Worker;
}

/**
 * Error reporting (spec part 1 §7 "An error-reporting service receives errors"): uncaught errors and
 * unhandled rejections (window events), worker errors (every Worker made after this, the routing,
 * ADS-B and download workers among them, reports its `error` events), and what the app writes with
 * console.error and console.warn, which covers React's render failures (React and the app's error
 * boundary write them there). An Error reported once by one path is not reported again by another.
 * Returns a function that undoes it all.
 */
export function installErrorReporting(host: ReporterHost, report: Report): () => void {
  const seen = new WeakSet<object>();
  const once = (error: unknown): boolean => {
    if (typeof error !== 'object' || error === null) return true;
    if (seen.has(error)) return false;
    seen.add(error);
    return true;
  };

  const onError = (event: ErrorEvent) => {
    if (!once(event.error)) return;
    const where = event.filename ? `at ${event.filename}:${event.lineno}:${event.colno}` : null;
    report('error', `Uncaught ${event.error === undefined || event.error === null ? event.message : textOf(event.error)}`, stackOf(event.error) ?? where);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (!once(event.reason)) return;
    report('error', `Unhandled rejection: ${textOf(event.reason)}`, stackOf(event.reason));
  };
  host.addEventListener('error', onError as (event: never) => void);
  host.addEventListener('unhandledrejection', onRejection as (event: never) => void);

  const { console } = host;
  const original = { error: console.error, warn: console.warn };
  const wrap = (level: 'error' | 'warn') =>
    function (this: unknown, ...args: unknown[]) {
      original[level].apply(console, args);
      const errors = args.filter((arg): arg is object => typeof arg === 'object' && arg !== null && stackOf(arg) !== null);
      if (errors.length > 0 && !errors.every((error) => once(error))) return;
      // React's "%o\n\n%s" style: the format string is dropped, the values kept.
      const parts = args.filter((arg, i) => !(i === 0 && typeof arg === 'string' && /%[osdifcO]/.test(arg)));
      report(level, parts.map(textOf).join(' ').slice(0, TEXT_MAX), errors.map(stackOf).join('\n') || null);
    };
  console.error = wrap('error');
  console.warn = wrap('warn');

  const OriginalWorker = host.Worker;
  if (OriginalWorker !== undefined) {
    host.Worker = class ReportingWorker extends OriginalWorker {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        this.addEventListener('error', (event: ErrorEvent) => {
          const where = event.filename ? `at ${event.filename}:${event.lineno}:${event.colno}` : null;
          report('error', `Worker error (${options?.name ?? String(url)}): ${event.message || 'no message'}`, where);
        });
      }
    };
  }

  return () => {
    host.removeEventListener('error', onError as (event: never) => void);
    host.removeEventListener('unhandledrejection', onRejection as (event: never) => void);
    console.error = original.error;
    console.warn = original.warn;
    if (OriginalWorker !== undefined) host.Worker = OriginalWorker;
  };
}
