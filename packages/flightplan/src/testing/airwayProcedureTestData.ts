import { encodeNavDb, openNavDb, type Airway, type NavDataSet, type NavDb, type Procedure } from '@clearway/navdb';
import { testNavDataSet } from './testNavData.js';

/*
 * The parser test set plus what airway membership and procedures without dots need:
 * - V950: AAA BBB in one record, BBB CCC DDD in another (an airway given in pieces), the second
 *   piece's points 0.2-0.3 nm from the database's (another source's positions);
 * - KQQQ, an airport whose FAA id QQQ is also the VOR 1.4 nm away on J950 (QQQ FFF);
 * - JJJ, a fix 2 nm from the point J951 lists under that ident (not the same place);
 * - at KOAK the SID OAKS2 (enroute transitions BBB and CCC); at KHWD the STARs CCCAR1 (transition
 *   CCC), DDDER4 / DDDER5 (two revisions, transition DDD) and FFF1 (named after the fix FFF).
 */

const ref = { source: 'faa-nasr' as const, file: 'TEST', line: 1 };

/** Nautical miles per degree of latitude (1 nm = 1 minute of arc, to the precision these offsets need). */
const NM_PER_DEG_LAT = 60;

const pt = (ident: string, kind: 'fix' | 'navaid', latDeg: number, lonDeg: number) => ({ ident, kind, latDeg, lonDeg, meaFt: 5000, gapAfter: false });

/** The second V950 piece's offsets north of the database points, nm. */
export const V950_OFFSETS_NM = { BBB: 0.25, CCC: 0.3, DDD: 0.2 };
export const QQQ_VOR = { latDeg: 36.52, lonDeg: -121.0 };
export const KQQQ_ARP = { latDeg: 36.5, lonDeg: -121.015 };
export const JJJ_FIX = { latDeg: 36.9, lonDeg: -121.0 };
export const JJJ_ON_J951 = { latDeg: 36.9 + 2 / NM_PER_DEG_LAT, lonDeg: -121.0 };

function leg(fixId: string, latDeg: number, lonDeg: number, pathTerminator = 'TF'): Procedure['transitions'][number]['legs'][number] {
  return {
    fixId, fixKind: 'fix', latDeg, lonDeg, pathTerminator, turnDirection: null, altitudeDescription: null, altitude1Ft: null, altitude2Ft: null,
    speedLimitKt: null, speedDescription: null, courseDeg: null, distanceNm: null, recommendedNavaid: null, descriptionCode: 'E   ',
  };
}

const AAA = (t = 'TF') => leg('AAA', 37, -122, t);
const BBB = (t = 'TF') => leg('BBB', 37, -121.5, t);
const CCC = (t = 'TF') => leg('CCC', 37, -121, t);
const DDD = (t = 'TF') => leg('DDD', 37, -120, t);

function star(id: string, transition: string, legs: Procedure['transitions'][number]['legs'], common: Procedure['transitions'][number]['legs']): Procedure {
  return { airportId: 'KHWD', kind: 'STAR', id, transitions: [{ id: transition, routeType: '1', legs }, { id: 'ALL', routeType: '2', legs: common }], source: ref };
}

export function airwayProcedureDataSet(): NavDataSet {
  const d = testNavDataSet();
  const north = (ident: keyof typeof V950_OFFSETS_NM, latDeg: number, lonDeg: number, kind: 'fix' | 'navaid') => pt(ident, kind, latDeg + V950_OFFSETS_NM[ident] / NM_PER_DEG_LAT, lonDeg);
  const airways: Airway[] = [
    { id: 'V950', kind: 'V', points: [pt('AAA', 'navaid', 37, -122), pt('BBB', 'fix', 37, -121.5)], source: ref },
    { id: 'V950', kind: 'V', points: [north('BBB', 37, -121.5, 'fix'), north('CCC', 37, -121, 'fix'), north('DDD', 37, -120, 'navaid')], source: ref },
    { id: 'J950', kind: 'J', points: [pt('QQQ', 'navaid', QQQ_VOR.latDeg, QQQ_VOR.lonDeg), pt('FFF', 'fix', 36, -120.5)], source: ref },
    { id: 'J951', kind: 'J', points: [pt('JJJ', 'fix', JJJ_ON_J951.latDeg, JJJ_ON_J951.lonDeg), pt('FFF', 'fix', 36, -120.5)], source: ref },
  ];
  d.airways.push(...airways);
  const khwd = d.airports.find((a) => a.icaoId === 'KHWD')!;
  d.airports.push({ ...khwd, id: 'QQQ', faaId: 'QQQ', icaoId: 'KQQQ', name: 'QUEUE MUNI', latDeg: KQQQ_ARP.latDeg, lonDeg: KQQQ_ARP.lonDeg, runways: [], frequencies: [] });
  const vor = d.navaids.find((n) => n.id === 'AAA')!;
  d.navaids.push({ ...vor, id: 'QQQ', name: 'QUEUE', latDeg: QQQ_VOR.latDeg, lonDeg: QQQ_VOR.lonDeg });
  const bbb = d.fixes.find((f) => f.id === 'BBB')!;
  d.fixes.push({ ...bbb, id: 'FFF', latDeg: 36, lonDeg: -120.5 }, { ...bbb, id: 'JJJ', ...JJJ_FIX });
  d.procedures.push(
    {
      airportId: 'KOAK', kind: 'SID', id: 'OAKS2',
      transitions: [
        { id: 'ALL', routeType: '2', legs: [AAA('IF')] },
        { id: 'BBB', routeType: '3', legs: [AAA('IF'), BBB()] },
        { id: 'CCC', routeType: '3', legs: [AAA('IF'), BBB(), CCC()] },
      ],
      source: ref,
    },
    star('CCCAR1', 'CCC', [CCC('IF'), BBB()], [BBB('IF'), AAA()]),
    star('DDDER4', 'DDD', [DDD('IF'), CCC()], [CCC('IF'), AAA()]),
    star('DDDER5', 'DDD', [DDD('IF'), CCC()], [CCC('IF'), BBB()]),
    star('FFF1', 'FFF', [leg('FFF', 36, -120.5, 'IF'), CCC()], [CCC('IF'), AAA()]),
  );
  return d;
}

export function airwayProcedureNavDb(): NavDb {
  return openNavDb(encodeNavDb(airwayProcedureDataSet()));
}
