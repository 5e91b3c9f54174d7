/** Why an attempt or a download failed; adapters map kinds to their own texts. */
export type DownloadFailureKind =
  /** The server could not be reached (no HTTP answer). */
  | 'network'
  /** An HTTP status other than 200/206 (and other than a 416 the held part explains). */
  | 'http'
  /** The connection broke or went idle mid-body. */
  | 'broken'
  /** The body ended before the announced length or the known size. */
  | 'short'
  /** A resume was answered with another range or another version of the file: restarted from zero. */
  | 'restart'
  /** The finished bytes do not have the expected SHA-256. */
  | 'sha256'
  /** Every allowed attempt failed; `cause` is the last attempt's error. */
  | 'gave-up';

export interface DownloadErrorDetails {
  cause?: unknown;
  kind?: DownloadFailureKind;
  /** Bytes held when it failed. */
  bytes?: number | null;
  /** Bytes that were expected (announced length or known size), when known. */
  expectedBytes?: number | null;
  /** For 'sha256': the file checked and both hashes (lower-case hex). */
  sha256?: { file: string; expected: string; actual: string };
}

/** A download that failed, naming the URL and, when there was one, the HTTP status. */
export class DownloadError extends Error {
  override readonly name = 'DownloadError';
  readonly kind: DownloadFailureKind;
  readonly bytes: number | null;
  readonly expectedBytes: number | null;
  readonly sha256: { file: string; expected: string; actual: string } | null;

  constructor(
    message: string,
    readonly url: string,
    /** HTTP status of the last answer, or null for a network failure. */
    readonly status: number | null,
    /** Whether another attempt could succeed (network errors, 5xx); false for 404 and other 4xx. */
    readonly retryable: boolean,
    details: DownloadErrorDetails = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = details.kind ?? (status === null ? 'network' : 'http');
    this.bytes = details.bytes ?? null;
    this.expectedBytes = details.expectedBytes ?? null;
    this.sha256 = details.sha256 ?? null;
  }
}

/** Text of a SHA-256 mismatch: names the file and both hashes. */
export function sha256MismatchMessage(file: string, expected: string, actual: string): string {
  return `${file}: SHA-256 mismatch: expected ${expected}, got ${actual}`;
}
