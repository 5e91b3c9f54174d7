import { describe, expect, it } from 'vitest';
import { airwayKind } from './index.js';

describe('airwayKind', () => {
  it('reads V, J, T and Q routes: the letter, a number and at most one suffix letter', () => {
    expect(['V25', 'J80', 'T257', 'Q100', 'J10A', 'V1'].map(airwayKind)).toEqual(['V', 'J', 'T', 'Q', 'J', 'V']);
  });

  it('calls colored, Atlantic and other routes OTHER', () => {
    expect(['A16', 'B9', 'G13', 'R464', 'AR1', 'UL9', 'M725'].map(airwayKind)).toEqual(['OTHER', 'OTHER', 'OTHER', 'OTHER', 'OTHER', 'OTHER', 'OTHER']);
  });

  // The two rules the importers had: NASR's (letter + number) and CIFP/X-Plane's (first letter
  // only). They differ on designators that start with V, J, T or Q but are not one of those routes;
  // the first-letter rule drew TG1 and TR1 (UK and Belgian routes) as low RNAV T routes and VW101
  // as a victor airway. These, from X-Plane's 2013 world awy.dat, are OTHER.
  it('is OTHER where the first-letter rule said V, J, T or Q', () => {
    const differing = ['TG1', 'TR1', 'TA6', 'TRK13', 'T72BEL', 'VW101', 'VA570', 'TL2N', 'V', 'J'];
    expect(differing.map(airwayKind)).toEqual(differing.map(() => 'OTHER'));
  });
});
