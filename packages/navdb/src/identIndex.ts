import type { Tables } from './tables.js';

/**
 * Binary searches over the encode-time sorted indexes (see indexBuild.ts). Keys are compared in
 * place against the decoded string table, so a lookup allocates nothing.
 */

/** Ident index entry kind (see semantics.ts KIND_*). */
export function entryKind(entry: number): number {
  return entry >>> 28;
}

/** Ident index entry record index. */
export function entryIndex(entry: number): number {
  return entry & 0x0fffffff;
}

/** Half-open range of index positions. */
export type Range = [number, number];

export class IdentIndex {
  private readonly text: string;
  private readonly offsets: Uint32Array;
  private readonly keys: Int32Array;
  private readonly groups: Uint32Array;
  readonly entries: Uint32Array;
  /** Longest key length in the index. */
  readonly maxLength: number;

  constructor(t: Tables) {
    this.text = t.strings.text;
    this.offsets = t.strings.offsets;
    this.keys = t.ident.keys;
    this.entries = t.ident.entries;
    this.groups = t.ident.groups;
    this.maxLength = Math.max(0, this.groups.length - 2);
  }

  /** Entries whose key equals `key` (already normalised), in kind then record order. */
  exact(key: string): Range {
    return this.prefixIn(key, key.length);
  }

  /** Entries of key length `length` whose key starts with `prefix`, in key, kind, record order. */
  prefixIn(prefix: string, length: number): Range {
    if (length > this.maxLength || length < prefix.length) return [0, 0];
    const lo = this.groups[length]!;
    const hi = this.groups[length + 1]!;
    const start = this.bound(prefix, lo, hi, false);
    return [start, this.bound(prefix, start, hi, true)];
  }

  // First position in [lo, hi) whose key prefix is >= prefix (or > prefix when `after`).
  private bound(prefix: string, lo: number, hi: number, after: boolean): number {
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const c = this.comparePrefix(mid, prefix);
      if (c < 0 || (after && c === 0)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  // Sign of (first prefix.length units of the key at `position`) - prefix. Keys here are never shorter.
  private comparePrefix(position: number, prefix: string): number {
    const at = this.offsets[this.keys[position]!]!;
    for (let i = 0; i < prefix.length; i++) {
      const d = this.text.charCodeAt(at + i) - prefix.charCodeAt(i);
      if (d !== 0) return d;
    }
    return 0;
  }
}

/** The airport word index: suffixes of names and cities from each word start. */
export class WordIndex {
  private readonly text: string;
  private readonly offsets: Uint32Array;
  private readonly texts: Int32Array;
  private readonly at: Uint32Array;
  readonly airports: Uint32Array;

  constructor(t: Tables) {
    this.text = t.strings.text;
    this.offsets = t.strings.offsets;
    this.texts = t.word.text;
    this.at = t.word.at;
    this.airports = t.word.airport;
  }

  /** Positions whose suffix starts with `prefix`, in (suffix, importance, airport) order. */
  prefix(prefix: string): Range {
    const n = this.airports.length;
    const start = this.bound(prefix, 0, n, false);
    return [start, this.bound(prefix, start, n, true)];
  }

  private bound(prefix: string, lo: number, hi: number, after: boolean): number {
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const c = this.comparePrefix(mid, prefix);
      if (c < 0 || (after && c === 0)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  // Like IdentIndex.comparePrefix, but a suffix may be shorter than the prefix (then it sorts first).
  private comparePrefix(position: number, prefix: string): number {
    const id = this.texts[position]!;
    const start = this.offsets[id]! + this.at[position]!;
    const end = this.offsets[id + 1]!;
    const n = Math.min(prefix.length, end - start);
    for (let i = 0; i < n; i++) {
      const d = this.text.charCodeAt(start + i) - prefix.charCodeAt(i);
      if (d !== 0) return d;
    }
    return n < prefix.length ? -1 : 0;
  }
}
