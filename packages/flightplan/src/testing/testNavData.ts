import { encodeNavDb, openNavDb, type Fix, type Navaid, type NavDataSet, type NavDb } from '@clearway/navdb';
import { sampleNavDataSet } from '@clearway/navdb/testing';

/*
 * A small hand-made nav database for the parser and edit tests: navdb's sample set (Bay Area
 * airports, SFO/OAK VORTACs, V25 with a gap and a point without position, HWD3 SID) plus a line of
 * points along 37N with airways V901 (AAA BBB CCC DDD), V902 (AAA BBB | gap | CCC) and J901
 * (DDD EEE), and DUP, an ident shared by an NDB near AAA and a VOR in Kansas.
 */

const ref = { source: 'faa-nasr' as const, file: 'TEST', line: 1 };

function navaid(id: string, type: Navaid['type'], latDeg: number, lonDeg: number): Navaid {
  return { id, name: `${id} ${type}`, type, latDeg, lonDeg, elevationFt: 100, frequencyKhz: 110000, channel: null, slavedVarDeg: 15, region: 'K2', state: 'CA', country: 'US', source: ref };
}

function fix(id: string, latDeg: number, lonDeg: number): Fix {
  return { id, latDeg, lonDeg, region: 'K2', state: 'CA', country: 'US', use: 'WP', airportId: null, source: ref };
}

const pt = (ident: string, kind: 'fix' | 'navaid', latDeg: number, lonDeg: number, gapAfter = false) => ({ ident, kind, latDeg, lonDeg, meaFt: 5000, gapAfter });

export function testNavDataSet(): NavDataSet {
  const d = sampleNavDataSet();
  d.navaids.push(navaid('AAA', 'VOR', 37, -122), navaid('DDD', 'VORTAC', 37, -120), navaid('DUP', 'NDB', 37.1, -121.9), navaid('DUP', 'VOR', 38.5, -98));
  d.fixes.push(fix('BBB', 37, -121.5), fix('CCC', 37, -121), fix('EEE', 37, -119.5));
  d.airways.push(
    { id: 'V901', kind: 'V', points: [pt('AAA', 'navaid', 37, -122), pt('BBB', 'fix', 37, -121.5), pt('CCC', 'fix', 37, -121), pt('DDD', 'navaid', 37, -120)], source: ref },
    { id: 'V902', kind: 'V', points: [pt('AAA', 'navaid', 37, -122), pt('BBB', 'fix', 37, -121.5, true), pt('CCC', 'fix', 37, -121)], source: ref },
    { id: 'J901', kind: 'J', points: [pt('DDD', 'navaid', 37, -120), pt('EEE', 'fix', 37, -119.5)], source: ref },
  );
  return d;
}

export function testNavDb(): NavDb {
  return openNavDb(encodeNavDb(testNavDataSet()));
}
