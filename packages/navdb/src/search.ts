import type { SearchHit } from './api.js';
import { airportHit, airwayHit, fixHit, navaidHit } from './hits.js';
import { entryIndex, entryKind, type IdentIndex, type WordIndex } from './identIndex.js';
import { fixAt, navaidAt, summaryAt } from './materialize.js';
import { DEFAULT_SEARCH_LIMIT, KIND_AIRPORT, KIND_AIRWAY, KIND_FIX } from './semantics.js';
import type { Tables } from './tables.js';
import { normalizeKey } from './text.js';

/**
 * The indexed search. Order of results (the naive oracle in naive.ts states the same order by
 * brute force):
 *   1. exact ident matches, by kind (airport, VOR, NDB, other navaid, fix, airway) then record order;
 *   2. ident prefix matches, shorter idents first, then by ident, kind and record order;
 *   3. airports whose name or city has a word starting with the query, best matching suffix first,
 *      then the more prominent airport (towered, longer runway), then record order.
 * An airport appears once, at its best place. Reads only as many index entries as it returns, plus
 * one binary search per ident length.
 */
export class Searcher {
  // Airports already emitted by the current query: seen[i] === generation.
  private seen: Uint32Array | null = null;
  private generation = 0;

  constructor(
    private readonly t: Tables,
    private readonly idents: IdentIndex,
    private readonly words: WordIndex,
  ) {}

  search(query: string, options?: { limit?: number }): SearchHit[] {
    const q = normalizeKey(query);
    const limit = Math.floor(options?.limit ?? DEFAULT_SEARCH_LIMIT);
    const hits: SearchHit[] = [];
    if (q === '' || !(limit > 0)) return hits;
    const seen = this.nextGeneration();
    const generation = this.generation;

    const emitEntry = (entry: number): void => {
      const kind = entryKind(entry);
      const index = entryIndex(entry);
      if (kind === KIND_AIRPORT) {
        if (seen[index] === generation) return;
        seen[index] = generation;
        hits.push(airportHit(summaryAt(this.t, index)));
      } else if (kind === KIND_FIX) {
        hits.push(fixHit(fixAt(this.t, index)));
      } else if (kind === KIND_AIRWAY) {
        hits.push(airwayHit(this.t.strings.req(this.t.awy.id[index]!)));
      } else {
        hits.push(navaidHit(navaidAt(this.t, index)));
      }
    };

    // Tiers 1 and 2: the exact group is the one of the query's own length.
    for (let length = q.length; length <= this.idents.maxLength && hits.length < limit; length++) {
      const [from, to] = this.idents.prefixIn(q, length);
      for (let k = from; k < to && hits.length < limit; k++) emitEntry(this.idents.entries[k]!);
    }

    // Tier 3: name and city words.
    const [from, to] = this.words.prefix(q);
    for (let k = from; k < to && hits.length < limit; k++) {
      const index = this.words.airports[k]!;
      if (seen[index] === generation) continue;
      seen[index] = generation;
      hits.push(airportHit(summaryAt(this.t, index)));
    }
    return hits;
  }

  private nextGeneration(): Uint32Array {
    if (this.seen === null || this.generation === 0xffffffff) {
      this.seen = new Uint32Array(this.t.airportCount);
      this.generation = 0;
    }
    this.generation++;
    return this.seen;
  }
}
