/** The response headers a resumable download reads (RFC 9110 §14): Content-Range, Content-Length, validators. */

export interface ContentRange {
  /** First byte sent, or null for the `bytes * /N` form of a 416 answer. */
  start: number | null;
  /** Last byte sent (inclusive), or null for the `*` form. */
  end: number | null;
  /** Size of the whole representation, or null when the server wrote `*`. */
  total: number | null;
}

/** Reads `bytes 100-199/1000` to {start: 100, end: 199, total: 1000} and `bytes * /1000` to {total: 1000}; null when malformed. */
export function parseContentRange(value: string | null): ContentRange | null {
  const match = /^bytes\s+(?:(\d+)-(\d+)|\*)\/(\d+|\*)$/i.exec(value?.trim() ?? '');
  if (!match) return null;
  return {
    start: match[1] === undefined ? null : Number(match[1]),
    end: match[2] === undefined ? null : Number(match[2]),
    total: match[3] === '*' || match[3] === undefined ? null : Number(match[3]),
  };
}

/** A Content-Length value in bytes, or null when absent or not a plain number. */
export function parseLength(value: string | null): number | null {
  return value !== null && /^\d+$/.test(value.trim()) ? Number(value.trim()) : null;
}

/** True for a strong entity tag (`"abc"`); a weak one (`W/"abc"`) may not be used with If-Range. */
export function isStrongEtag(etag: string | null | undefined): etag is string {
  return typeof etag === 'string' && etag.startsWith('"');
}

/** The If-Range value for a resume: the strong ETag, else the Last-Modified date, else null (no If-Range). */
export function ifRangeValidator(meta: { etag: string | null; lastModified: string | null }): string | null {
  if (isStrongEtag(meta.etag)) return meta.etag;
  return meta.lastModified ?? null;
}

/** Whether the body is content-coded (gzip, br): its bytes and Content-Length then are not the file's. */
export function isContentCoded(contentEncoding: string | null): boolean {
  const coding = (contentEncoding ?? 'identity').trim().toLowerCase();
  return coding !== '' && coding !== 'identity';
}
