/**
 * SHA-256 of the downloaded bytes, through whatever the host has: an incremental hasher (Node's
 * createHash) or a WebCrypto-compatible `digest` (crypto.subtle in the browser and in Node 20).
 */

/** Hashes a sequence of chunks; resolves with lower-case hex. */
export interface Sha256Hasher {
  hash(chunks: AsyncIterable<Uint8Array>): Promise<string>;
}

/** The part of SubtleCrypto used: `digest('SHA-256', bytes)`. */
export interface DigestLike {
  digest(algorithm: 'SHA-256', data: Uint8Array<ArrayBuffer>): Promise<ArrayBuffer>;
}

/** An incremental hash (`createHash('sha256')` has this shape). */
export interface IncrementalHash {
  update(chunk: Uint8Array): unknown;
  digest(encoding: 'hex'): string;
}

/** Lower-case hex of a digest. */
export function toHex(digest: ArrayBuffer | Uint8Array): string {
  const bytes = digest instanceof Uint8Array ? digest : new Uint8Array(digest);
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/**
 * A hasher on WebCrypto's one-shot digest: the chunks are gathered into one buffer first (WebCrypto
 * has no incremental API), so use it for files that fit in memory (nav data artifacts, snapshots).
 */
export function digestSha256(subtle: DigestLike): Sha256Hasher {
  return {
    async hash(chunks) {
      const parts: Uint8Array[] = [];
      let length = 0;
      for await (const chunk of chunks) {
        parts.push(chunk);
        length += chunk.byteLength;
      }
      const whole = new Uint8Array(length);
      let at = 0;
      for (const part of parts) {
        whole.set(part, at);
        at += part.byteLength;
      }
      return toHex(await subtle.digest('SHA-256', whole));
    },
  };
}

/** A hasher on an incremental hash, reading the file chunk by chunk (any size). */
export function incrementalSha256(create: () => IncrementalHash): Sha256Hasher {
  return {
    async hash(chunks) {
      const hash = create();
      for await (const chunk of chunks) hash.update(chunk);
      return hash.digest('hex');
    },
  };
}

/** Normalises an expected hash for comparison: hex in lower case, an optional `sha256:` prefix dropped. */
export function normaliseSha256(value: string): string {
  return value.trim().replace(/^sha-?256:/i, '').toLowerCase();
}
