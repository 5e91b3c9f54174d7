import type { SectionInput } from './container.js';
import { GRID_CELLS, gridCell } from './grid.js';
import type { NavDataSet } from './model.js';
import {
  airportImportance,
  airportKeys,
  KIND_AIRPORT,
  KIND_AIRWAY,
  KIND_FIX,
  navaidKind,
} from './semantics.js';
import type { StringTableBuilder } from './strings.js';
import { compareKeys, normalizeKey, wordStarts } from './text.js';

/**
 * Encode-time index builders. Their sort orders are what the reader's binary searches assume:
 * change one only together with the reader and a new format version.
 */

/** Ident index entries pack kind order and record index: kind * 2^28 + index. */
export const ENTRY_KIND_FACTOR = 2 ** 28;

interface IdentEntry {
  key: string;
  kind: number;
  index: number;
}

/**
 * The ident index: every airport key (id, FAA id, ICAO id), navaid, fix and airway ident, sorted by
 * (key length, key, kind order, record index). Grouping by length lets "shorter idents first" prefix
 * search walk the groups in order; `ident.groups[L]` is the first entry whose key has length >= L.
 */
export function identIndexSections(data: NavDataSet, strings: StringTableBuilder): SectionInput[] {
  const entries: IdentEntry[] = [];
  data.airports.forEach((a, index) => {
    for (const key of airportKeys(a)) entries.push({ key, kind: KIND_AIRPORT, index });
  });
  data.navaids.forEach((n, index) => entries.push({ key: normalizeKey(n.id), kind: navaidKind(n.type), index }));
  data.fixes.forEach((f, index) => entries.push({ key: normalizeKey(f.id), kind: KIND_FIX, index }));
  data.airways.forEach((w, index) => entries.push({ key: normalizeKey(w.id), kind: KIND_AIRWAY, index }));
  const kept = entries.filter((e) => e.key !== '');
  for (const e of kept) {
    if (e.index >= ENTRY_KIND_FACTOR) throw new RangeError(`Too many records for the ident index: ${e.index}`);
  }
  kept.sort(
    (a, b) => a.key.length - b.key.length || compareKeys(a.key, b.key) || a.kind - b.kind || a.index - b.index,
  );
  const maxLength = kept.reduce((m, e) => Math.max(m, e.key.length), 0);
  const groups = new Uint32Array(maxLength + 2);
  let at = 0;
  for (let length = 0; length <= maxLength + 1; length++) {
    while (at < kept.length && kept[at]!.key.length < length) at++;
    groups[length] = at;
  }
  return [
    { name: 'ident.keys', data: Int32Array.from(kept, (e) => strings.ref(e.key)) },
    { name: 'ident.entries', data: Uint32Array.from(kept, (e) => e.kind * ENTRY_KIND_FACTOR + e.index) },
    { name: 'ident.groups', data: groups },
  ];
}

interface WordEntry {
  text: string;
  at: number;
  suffix: string;
  importance: number;
  airport: number;
}

/**
 * The airport word index: for every word start in an airport's normalised name and city, the
 * suffix from that word on. Sorted by (suffix, importance descending, airport index), so a prefix
 * range read in order yields each airport first at its best match.
 */
export function wordIndexSections(data: NavDataSet, strings: StringTableBuilder): SectionInput[] {
  const entries: WordEntry[] = [];
  data.airports.forEach((a, airport) => {
    const importance = airportImportance(a.type, a.towered, a.longestRunwayFt);
    const texts = new Set([a.name, a.city].filter((t): t is string => t !== null).map(normalizeKey));
    for (const text of texts) {
      for (const at of wordStarts(text)) entries.push({ text, at, suffix: text.slice(at), importance, airport });
    }
  });
  entries.sort(
    (a, b) => compareKeys(a.suffix, b.suffix) || b.importance - a.importance || a.airport - b.airport,
  );
  return [
    { name: 'word.text', data: Int32Array.from(entries, (e) => strings.ref(e.text)) },
    { name: 'word.at', data: Uint32Array.from(entries, (e) => e.at) },
    { name: 'word.airport', data: Uint32Array.from(entries, (e) => e.airport) },
  ];
}

/** Records of one kind sorted by grid cell (then index), with the start of each cell. */
export function gridSections(prefix: string, items: readonly { latDeg: number; lonDeg: number }[]): SectionInput[] {
  const cellOf = Uint32Array.from(items, (x) => gridCell(x.latDeg, x.lonDeg));
  const order = Uint32Array.from(items, (_, i) => i).sort((a, b) => cellOf[a]! - cellOf[b]! || a - b);
  const n = GRID_CELLS;
  const cells = new Uint32Array(n + 1);
  // Imported constants are module-namespace reads in some runtimes: keep them out of the loops.
  for (let i = 0; i < cellOf.length; i++) cells[cellOf[i]! + 1] = cells[cellOf[i]! + 1]! + 1;
  for (let c = 0; c < n; c++) cells[c + 1] = cells[c + 1]! + cells[c]!;
  return [
    { name: `grid.${prefix}.cells`, data: cells },
    { name: `grid.${prefix}.items`, data: order },
  ];
}

/** Procedures grouped by normalised airport id: sorted keys, start per key, procedure indices. */
export function procedureIndexSections(data: NavDataSet, strings: StringTableBuilder): SectionInput[] {
  const byKey = new Map<string, number[]>();
  data.procedures.forEach((p, i) => {
    const key = normalizeKey(p.airportId);
    const list = byKey.get(key);
    if (list) list.push(i);
    else byKey.set(key, [i]);
  });
  const keys = [...byKey.keys()].sort(compareKeys);
  const start = new Uint32Array(keys.length + 1);
  const items: number[] = [];
  keys.forEach((key, k) => {
    items.push(...(byKey.get(key) ?? []));
    start[k + 1] = items.length;
  });
  return [
    { name: 'procIdx.keys', data: Int32Array.from(keys, (k) => strings.ref(k)) },
    { name: 'procIdx.start', data: start },
    { name: 'procIdx.items', data: Uint32Array.from(items) },
  ];
}
