import { NavDbFormatError } from './errors.js';
import { GRID_CELLS } from './grid.js';
import type { Tables } from './tables.js';

/**
 * Cheap consistency checks of an open artifact (lengths of parallel columns, child offsets, grid
 * sizes), so a damaged or mismatched file fails at open with a clear error rather than returning
 * wrong records later. O(number of columns), not O(records).
 */
export function validateTables(t: Tables): void {
  const nStrings = t.strings.offsets.length - 1;
  same('apt', t.airportCount, t.apt);
  same('nav', t.nav.id.length, t.nav);
  same('fix', t.fix.id.length, t.fix);
  same('awy', t.awy.id.length, t.awy);
  same('rwy', t.rwy.id.length, t.rwy);
  same('rwyEnd', t.rwyEnd.id.length, t.rwyEnd);
  same('freq', t.freq.type.length, t.freq);
  same('awyPt', t.awyPt.ident.length, t.awyPt);
  same('proc', t.proc.json.length, t.proc);
  children('apt.rwyStart', t.apt.rwyStart, t.airportCount, t.rwy.id.length);
  children('apt.freqStart', t.apt.freqStart, t.airportCount, t.freq.type.length);
  children('rwy.endStart', t.rwy.endStart, t.rwy.id.length, t.rwyEnd.id.length);
  children('awy.pointStart', t.awy.pointStart, t.awy.id.length, t.awyPt.ident.length);
  children('procIdx.start', t.procIdx.start, t.procIdx.keys.length, t.procIdx.items.length);
  for (const [name, grid, n] of [
    ['apt', t.grid.airport, t.airportCount],
    ['nav', t.grid.navaid, t.nav.id.length],
    ['fix', t.grid.fix, t.fix.id.length],
  ] as const) {
    if (grid.cells.length !== GRID_CELLS + 1 || grid.items.length !== n || grid.cells[GRID_CELLS] !== n) {
      corrupt(`grid.${name} does not cover its ${n} records`);
    }
  }
  if (t.ident.keys.length !== t.ident.entries.length || t.ident.groups[t.ident.groups.length - 1] !== t.ident.keys.length) {
    corrupt('ident index sizes disagree');
  }
  if (t.word.text.length !== t.word.at.length || t.word.text.length !== t.word.airport.length) {
    corrupt('word index sizes disagree');
  }
  if (t.strings.offsets[nStrings] !== t.strings.text.length) corrupt('string table length disagrees with its offsets');
}

function corrupt(what: string): never {
  throw new NavDbFormatError(`Nav database is corrupt: ${what}`);
}

function same(prefix: string, n: number, columns: Record<string, { length: number }>): void {
  for (const [name, column] of Object.entries(columns)) {
    // Offset columns hold one more entry than there are records.
    const expected = name.endsWith('Start') ? n + 1 : n;
    if (column.length !== expected) corrupt(`${prefix}.${name} has ${column.length} entries for ${n} records`);
  }
}

function children(name: string, starts: Uint32Array, parents: number, total: number): void {
  if (starts.length !== parents + 1 || starts[parents] !== total) corrupt(`${name} does not match its child table`);
}
