/** Display names of procedures: `SHARR1` -> `SHARR ONE`, `L28L` -> `LOC RWY 28L`, `VDM-A` -> `VOR/DME-A`. */
import type { Procedure } from '@clearway/navdb';

const NUMBER_WORDS = ['ZERO', 'ONE', 'TWO', 'THREE', 'FOUR', 'FIVE', 'SIX', 'SEVEN', 'EIGHT', 'NINE'];

/** Approach types by the first letter of the ARINC 424 approach id (5.10 route type). */
const APPROACH_TYPES: Record<string, string> = {
  B: 'LOC/BC', D: 'VOR/DME', F: 'FMS', G: 'IGS', H: 'RNAV (RNP)', I: 'ILS', J: 'GLS', L: 'LOC', N: 'NDB',
  P: 'GPS', Q: 'NDB/DME', R: 'RNAV (GPS)', S: 'VOR', T: 'TACAN', U: 'SDF', V: 'VOR', X: 'LDA',
};

function approachName(id: string): string {
  // Straight-in: type letter, runway, optional multiple-approach letter ('R28L', 'R28LY', 'R28L-Y').
  const straight = /^([A-Z])(\d{2}[LRC]?)-?([A-Z])?$/.exec(id);
  if (straight) {
    const type = APPROACH_TYPES[straight[1] as string];
    if (type) return `${type}${straight[3] ? ` ${straight[3]}` : ''} RWY ${straight[2]}`;
  }
  // Circling: type letter, optional 'DM' (with DME), then the circling letter ('VDM-A', 'N-B').
  const circling = /^([A-Z])(DM)?-([A-Z])$/.exec(id);
  if (circling) {
    const type = APPROACH_TYPES[circling[1] as string];
    if (type) return `${type}${circling[2] && !type.endsWith('/DME') ? '/DME' : ''}-${circling[3]}`;
  }
  return id;
}

/** The name a picker shows for a procedure; the id when it cannot be read. */
export function procedureName(p: Pick<Procedure, 'id' | 'kind'>): string {
  if (p.kind === 'APPROACH') return approachName(p.id);
  const m = /^([A-Z]+)(\d)$/.exec(p.id);
  return m ? `${m[1]} ${NUMBER_WORDS[Number(m[2])]}` : p.id;
}
