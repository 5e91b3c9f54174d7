/**
 * The HTTP header rules the dataset downloads need (RFC 9110 §13-14): byte ranges, content-coding
 * negotiation and entity-tag comparison. Pure functions of header values; each reads its header
 * in one pass (no pattern that backtracks on what a client sends, issue 26 point 13).
 */

/** What a Range header asks of a representation of `size` bytes. */
export type RangeRequest =
  /** No Range header, or one to ignore (another unit, several ranges, bad syntax): send the whole file. */
  | { kind: 'whole' }
  /** A range none of whose bytes exist: 416. */
  | { kind: 'unsatisfiable' }
  /** Bytes start..end, inclusive. */
  | { kind: 'range'; start: number; end: number };

/** The two positions of a `bytes=first-last` header as digit strings; either may be empty, not both. */
export interface ByteRangeSpec {
  first: string;
  last: string;
}

/** The characters JavaScript's `\s` matches (WhiteSpace and LineTerminator), which the earlier pattern skipped. */
function isSpace(code: number): boolean {
  return (code >= 0x09 && code <= 0x0d) || code === 0x20 || code === 0xa0 || code === 0x1680
    || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f
    || code === 0x205f || code === 0x3000 || code === 0xfeff;
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

const UNIT = 'bytes';

/**
 * Reads `bytes=first-last` (unit in any case, white space around every part) with one look at each
 * character: the language the former `/^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i` accepted, without
 * its backtracking (that pattern took 0.6 s on `bytes=` followed by 16,000 spaces and an `x`).
 * Null for anything else: another unit, several ranges, stray characters, or neither position.
 */
export function scanByteRange(header: string): ByteRangeSpec | null {
  const length = header.length;
  let at = 0;
  const skipSpaces = () => {
    while (at < length && isSpace(header.charCodeAt(at))) at++;
  };
  const digits = () => {
    const start = at;
    while (at < length && isDigit(header.charCodeAt(at))) at++;
    return header.slice(start, at);
  };
  skipSpaces();
  for (let k = 0; k < UNIT.length; k++, at++) {
    // ASCII case folding: only `B` and `b` give 0x62 once bit 0x20 is set, and so on for each letter.
    if (at >= length || (header.charCodeAt(at) | 0x20) !== UNIT.charCodeAt(k)) return null;
  }
  skipSpaces();
  if (header.charCodeAt(at) !== 0x3d /* = */) return null;
  at++;
  skipSpaces();
  const first = digits();
  skipSpaces();
  if (header.charCodeAt(at) !== 0x2d /* - */) return null;
  at++;
  skipSpaces();
  const last = digits();
  skipSpaces();
  if (at !== length || (first === '' && last === '')) return null;
  return { first, last };
}

/**
 * Reads a Range header against a file of `size` bytes. One range is served (`bytes=0-99`,
 * `bytes=100-`, `bytes=-500`); several ranges are answered with the whole file, which the RFC
 * allows and which is all a resuming download needs; so is a header that does not parse, or a
 * range whose end is before its start (RFC 9110 §14.2: a server may ignore Range).
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (header === undefined) return { kind: 'whole' };
  const spec = scanByteRange(header);
  if (spec === null) return { kind: 'whole' };
  const { first, last } = spec;
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

/** The file name suffix of each precompressed copy: `us.cwnav.gz`, `us.cwnav.br`. */
export const ENCODING_SUFFIX: Readonly<Record<PrecompressedEncoding, string>> = { gzip: '.gz', br: '.br' };
const ETAG_SUFFIX: Readonly<Record<PrecompressedEncoding, string>> = { gzip: '-gz', br: '-br' };

/** The strong ETag of an encoded copy: the plain one with `-gz` or `-br` inside the quotes. */
export function encodedEtag(etag: string, encoding: PrecompressedEncoding): string {
  return etag.endsWith('"') ? `${etag.slice(0, -1)}${ETAG_SUFFIX[encoding]}"` : etag;
}

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
  const strip = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);
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

/** A request header as one string (repeated list headers joined with commas, as RFC 9110 allows). */
export function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}
