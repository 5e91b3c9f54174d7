/**
 * The HTTP header rules the nav data routes need (RFC 9110 §13-14): byte ranges, content-coding
 * negotiation and entity-tag comparison. Pure functions of header values.
 */

/** What a Range header asks of a representation of `size` bytes. */
export type RangeRequest =
  /** No Range header, or one to ignore (another unit, several ranges, bad syntax): send the whole file. */
  | { kind: 'whole' }
  /** A range none of whose bytes exist: 416. */
  | { kind: 'unsatisfiable' }
  /** Bytes start..end, inclusive. */
  | { kind: 'range'; start: number; end: number };

/**
 * Reads a Range header against a file of `size` bytes. One range is served (`bytes=0-99`,
 * `bytes=100-`, `bytes=-500`); several ranges are answered with the whole file, which the RFC
 * allows and which is all a resuming download needs.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (header === undefined) return { kind: 'whole' };
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '') {
    // Suffix range: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'range', start, end };
}

/** Content codings we can have precompressed copies in, best first. */
export type PrecompressedEncoding = 'br' | 'gzip';

/** `gzip;q=0.8, br` -> Map {gzip: 0.8, br: 1}. Codings are lower-cased; bad q values count as 0. */
export function parseAcceptEncoding(header: string | undefined): Map<string, number> {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (name === '') continue;
    let q = 1;
    for (const param of params) {
      const qMatch = /^q\s*=\s*([0-9.]+)$/i.exec(param);
      if (qMatch) q = Number.isFinite(Number(qMatch[1])) ? Math.min(1, Number(qMatch[1])) : 0;
    }
    accepted.set(name.toLowerCase(), q);
  }
  return accepted;
}

/**
 * The coding to send, among the precompressed copies `available`: the one the client weights
 * highest (`*` stands for codings it does not name), brotli before gzip on a tie; `identity` when
 * it accepts none of them or sent no Accept-Encoding.
 */
export function chooseEncoding(header: string | undefined, available: readonly PrecompressedEncoding[]): PrecompressedEncoding | 'identity' {
  const accepted = parseAcceptEncoding(header);
  let best: PrecompressedEncoding | 'identity' = 'identity';
  let bestQ = 0;
  for (const encoding of (['br', 'gzip'] as const).filter((e) => available.includes(e))) {
    const q = accepted.get(encoding) ?? (encoding === 'gzip' ? accepted.get('x-gzip') : undefined) ?? accepted.get('*') ?? 0;
    if (q > bestQ) {
      best = encoding;
      bestQ = q;
    }
  }
  return best;
}

/** The entity tags listed in an If-None-Match or If-Match header, with `W/` prefixes kept. */
function entityTags(header: string): string[] {
  return header.match(/(?:W\/)?"[^"]*"/g) ?? [];
}

/**
 * If-None-Match: true when the header is `*` or lists one of `etags`, compared weakly (a `W/`
 * prefix is ignored), as RFC 9110 §13.1.2 requires.
 */
export function noneMatchHits(header: string | undefined, etags: readonly string[]): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const strip = (tag: string) => tag.replace(/^W\//, '');
  const wanted = new Set(etags.map(strip));
  return entityTags(header).some((tag) => wanted.has(strip(tag)));
}

/**
 * If-Range: true when a Range may be honoured, that is when the header is absent, names `etag`
 * exactly (strong comparison; a weak tag never matches) or equals the Last-Modified date.
 */
export function ifRangeAllows(header: string | undefined, etag: string, lastModified: string): boolean {
  if (header === undefined) return true;
  const value = header.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === etag;
  return value === lastModified;
}
