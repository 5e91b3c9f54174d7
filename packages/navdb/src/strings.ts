import type { SectionInput } from './container.js';
import { utf8Decode, utf8Encode } from './text.js';

/** String reference meaning "no value" (`null` in the model). */
export const NULL_STRING = -1;

/**
 * Collects the distinct strings of an artifact. The table is stored as one UTF-8 blob plus the
 * UTF-16 offset of each string in the decoded text, so a reader decodes the blob once and slices.
 */
export class StringTableBuilder {
  private readonly ids = new Map<string, number>();
  private readonly values: string[] = [];

  /** The id of a string, adding it when new; `NULL_STRING` for null. */
  ref(value: string | null): number {
    if (value === null) return NULL_STRING;
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.ids.set(value, id);
    }
    return id;
  }

  /** The text of an id already handed out. */
  text(id: number): string {
    return this.values[id] ?? '';
  }

  sections(): SectionInput[] {
    const offsets = new Uint32Array(this.values.length + 1);
    let at = 0;
    this.values.forEach((value, i) => {
      offsets[i] = at;
      at += value.length;
    });
    offsets[this.values.length] = at;
    return [
      { name: 'strings.utf8', data: utf8Encode(this.values.join('')) },
      { name: 'strings.offsets', data: offsets },
    ];
  }
}

/** The decoded string table of an open artifact. */
export class StringTable {
  /** Every string of the artifact, concatenated. Indexes compare against it in place. */
  readonly text: string;

  constructor(
    utf8: Uint8Array,
    /** UTF-16 start of string i at [i], end at [i + 1]. */
    readonly offsets: Uint32Array,
  ) {
    this.text = utf8Decode(utf8);
  }

  /** The string with id `id`, or null for `NULL_STRING`. */
  get(id: number): string | null {
    if (id < 0) return null;
    return this.text.slice(this.offsets[id], this.offsets[id + 1]);
  }

  /** Like `get` for columns that are never null. */
  req(id: number): string {
    return this.get(id) ?? '';
  }

  start(id: number): number {
    return this.offsets[id] ?? 0;
  }

  end(id: number): number {
    return this.offsets[id + 1] ?? 0;
  }
}
