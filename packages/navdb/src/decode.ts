import { readContainer } from './container.js';
import { airportAt, airwayAt, fixAt, navaidAt } from './materialize.js';
import type { NavDataSet, Procedure } from './model.js';
import { Tables } from './tables.js';
import { validateTables } from './validate.js';

/**
 * Every record of an artifact, in the order it was encoded: the inverse of `encodeNavDb` (with
 * coordinates rounded to 1e-7 degree). For tools, tests and the naive oracle; the app queries
 * through `openNavDb`, which builds records only on demand. Throws NavDbFormatError like `openNavDb`.
 */
export function decodeNavDb(bytes: Uint8Array | ArrayBuffer): NavDataSet {
  const t = new Tables(readContainer(bytes));
  validateTables(t);
  const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);
  return {
    header: t.header,
    airports: range(t.airportCount).map((i) => airportAt(t, i)),
    navaids: range(t.nav.id.length).map((i) => navaidAt(t, i)),
    fixes: range(t.fix.id.length).map((i) => fixAt(t, i)),
    airways: range(t.awy.id.length).map((i) => airwayAt(t, i)),
    procedures: range(t.proc.json.length).map((i) => JSON.parse(t.strings.req(t.proc.json[i]!)) as Procedure),
  };
}
