import { describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE, type AircraftProfile } from '../model.js';
import { makeRoute, makeWaypoint } from '../testing/index.js';
import { buildFplMessage, canFile, EMPTY_FPL_FORM, fplFormFromRoute, icaoLatLon, levelForAltitude, minutesToHhmm, parseItem18, validateFpl, type FplField, type FplForm } from './index.js';

/*
 * The expected message texts below were written out by hand from the FAA's form instructions and
 * ICAO Doc 4444 Appendix 3 (one field a line, DCT between points no airway joins), not produced by
 * the builder and pasted back.
 */

const DEC_6_1530Z = Date.UTC(2026, 11, 6, 15, 30);
const DEC_7_0100Z = Date.UTC(2026, 11, 7, 1, 0);

function vfrRoute() {
  const route = makeRoute([makeWaypoint('KHWD', 37.659, -122.122), makeWaypoint('SUNOL', 37.6, -121.9), makeWaypoint('KLVK', 37.693, -121.82)]);
  return { ...route, total_min: 23.4 };
}

const vfrProfile: AircraftProfile = { ...DEFAULT_PROFILE, tail: 'n12345', airspeed: 110, altitude: 4500, starting_fuel: 50, gph: 10, flightRule: 'VFR' };

/** A complete, valid VFR form: the pre-filled one with what the pilot adds. */
function validForm(): FplForm {
  return {
    ...fplFormFromRoute(vfrRoute(), vfrProfile, { departureMs: DEC_6_1530Z, colour: 'WHITE BLUE' }),
    aircraftType: 'C172',
    equipment: 'SG',
    surveillance: 'C',
    personsOnBoard: '2',
    pilot: 'J SMITH',
  };
}

describe('ICAO FPL message', () => {
  it('pre-fills a VFR flight from the route and profile and builds the message checked by hand', () => {
    const prefilled = fplFormFromRoute(vfrRoute(), vfrProfile, { departureMs: DEC_6_1530Z, colour: 'WHITE BLUE' });
    expect(prefilled).toMatchObject({
      aircraftId: 'N12345', flightRules: 'V', flightType: 'G', wake: 'L', departure: 'KHWD', departureTime: '1530',
      speed: 'N0110', level: 'A045', route: 'DCT SUNOL', destination: 'KLVK', eet: '0024', otherInfo: 'DOF/261206', endurance: '0500',
    });
    const form = validForm();
    expect(validateFpl(form)).toEqual([]);
    expect(buildFplMessage(form)).toEqual({
      message: ['(FPL-N12345-VG', '-C172/L-SG/C', '-KHWD1530', '-N0110A045 DCT SUNOL', '-KLVK0024', '-DOF/261206)'].join('\n'),
      supplementary: '-E/0500 P/2 A/WHITE BLUE C/J SMITH',
    });
  });

  it('writes an IFR route with an airway, a lat/lon point, an aerodrome without an ICAO indicator and the last plan of the aircraft', () => {
    const route = {
      ...makeRoute([
        makeWaypoint('O88', 38.193, -121.704, { type: 'AIRPORT', name: 'Rio Vista Muni' }),
        makeWaypoint('SAC', 38.444, -121.552, { type: 'NAVAID' }),
        makeWaypoint('V23', 0, 0, { type: 'AIRWAY' }),
        makeWaypoint('RBL', 40.099, -122.236, { type: 'NAVAID' }),
        makeWaypoint('4030N12215W', 40.5, -122.25, { type: 'LATLONG' }),
        makeWaypoint('KMFR', 42.374, -122.873),
      ]),
      total_min: 125.2,
    };
    const profile: AircraftProfile = { ...DEFAULT_PROFILE, tail: 'N4321X', airspeed: 150, altitude: 19000, starting_fuel: 60, gph: 12, flightRule: 'IFR' };
    const previous: FplForm = { ...EMPTY_FPL_FORM, aircraftId: 'N4321X', aircraftType: 'PA46', wake: 'L', equipment: 'SDFGRY', surveillance: 'LB1', otherInfo: 'PBN/C2D2 RMK/OLD', pilot: 'A PILOT', emergencyRadio: 'E' };
    const form = { ...fplFormFromRoute(route, profile, { departureMs: DEC_7_0100Z, colour: 'RED', previous }), alternate1: 'KLMT', personsOnBoard: 'TBN' };
    expect(validateFpl(form)).toEqual([]);
    expect(buildFplMessage(form)).toEqual({
      message: [
        '(FPL-N4321X-IG',
        '-PA46/L-SDFGRY/LB1',
        '-ZZZZ0100',
        '-N0150F190 DCT SAC V23 RBL DCT 4030N12215W',
        '-KMFR0206 KLMT',
        '-PBN/C2D2 DEP/O88 RIO VISTA MUNI DOF/261207)',
      ].join('\n'),
      supplementary: '-E/0500 P/TBN R/E A/RED C/A PILOT',
    });
  });

  it('writes a formation, a direct flight, item 18 in the prescribed order and every item 19 box', () => {
    const form: FplForm = {
      ...validForm(),
      aircraftCount: '2',
      aircraftType: 'ZZZZ',
      route: 'dct',
      alternate1: 'KOAK',
      alternate2: 'ZZZZ',
      otherInfo: 'rmk/formation  training DOF/261206 ALTN/O88 RIO VISTA TYP/C172 PA28',
      emergencyRadio: 'UVE',
      survivalEquipment: 'PDMJ',
      jackets: 'LFUV',
      remarks: 'TWO SHIPS',
    };
    expect(validateFpl(form)).toEqual([]);
    expect(buildFplMessage(form)).toEqual({
      message: ['(FPL-N12345-VG', '-2ZZZZ/L-SG/C', '-KHWD1530', '-N0110A045 DCT', '-KLVK0024 KOAK ZZZZ', '-DOF/261206 TYP/C172 PA28 ALTN/O88 RIO VISTA RMK/FORMATION TRAINING)'].join('\n'),
      supplementary: '-E/0500 P/2 R/UVE S/PDMJ J/LFUV A/WHITE BLUE N/TWO SHIPS C/J SMITH',
    });
  });

  it('writes a SID and STAR and a change of speed and level at a point', () => {
    const route = makeRoute([
      makeWaypoint('KSFO', 37.619, -122.375),
      makeWaypoint('SSTIK5.SSTIK', 37.2, -122.0, { type: 'DP' }),
      makeWaypoint('PYE', 38.08, -122.87, { type: 'NAVAID', speed_level: 'N0450F350' }),
      makeWaypoint('KLAX', 33.94, -118.4),
    ]);
    const form = fplFormFromRoute(route, { ...DEFAULT_PROFILE, flightRule: 'IFR' }, { departureMs: DEC_6_1530Z });
    expect(form.route).toBe('SSTIK5 SSTIK PYE/N0450F350');
  });

  it('leaves the route and EET empty without a route, for the pilot to fill', () => {
    const form = fplFormFromRoute(null, vfrProfile, { departureMs: DEC_6_1530Z });
    expect([form.route, form.eet, form.departure, form.destination]).toEqual(['', '', '', '']);
    expect(validateFpl(form).map((i) => i.field)).toEqual(expect.arrayContaining(['departure', 'route', 'destination', 'eet']));
  });

  it('converts units as the form writes them', () => {
    expect(levelForAltitude(4500)).toBe('A045');
    expect(levelForAltitude(17999)).toBe('A180');
    expect(levelForAltitude(18000)).toBe('F180');
    expect(levelForAltitude(500)).toBe('A005');
    expect(minutesToHhmm(59.01)).toBe('0100');
    expect(minutesToHhmm(60)).toBe('0100');
    expect(minutesToHhmm(125.2)).toBe('0206');
    expect(icaoLatLon(37.5, -122)).toBe('3730N12200W');
    expect(icaoLatLon(-33.9999, 151.2)).toBe('3400S15112E');
  });
});

/** The issues of one box after changing it on an otherwise valid form. */
function issuesFor(change: Partial<FplForm>, field: FplField) {
  return validateFpl({ ...validForm(), ...change }).filter((i) => i.field === field);
}

type Edge = [FplField, string, 'ok' | 'error' | 'warning', string?];

describe('field validation at every edge', () => {
  const edges: Edge[] = [
    ['aircraftId', '', 'error', 'Item 7, Aircraft identification: INSERT the aircraft identification'],
    ['aircraftId', 'N123456', 'ok'],
    ['aircraftId', 'N1234567', 'error', 'not more than 7 alphanumeric characters, without hyphens or symbols'],
    ['aircraftId', 'N123-4', 'error', '"N123-4" is not valid'],
    ['flightRules', 'I', 'ok'], ['flightRules', 'Y', 'ok'], ['flightRules', 'Z', 'ok'],
    ['flightRules', 'X', 'error', 'Item 8, Flight rules: "X": INSERT I (IFR), V (VFR), Y (IFR first) or Z (VFR first)'],
    ['flightType', 'X', 'ok'], ['flightType', 'Q', 'error', 'Item 8, Type of flight'],
    ['aircraftCount', '1', 'error', 'only if more than one (maximum 99)'],
    ['aircraftCount', '2', 'ok'], ['aircraftCount', '99', 'ok'], ['aircraftCount', '100', 'error'],
    ['aircraftType', 'C1', 'ok'], ['aircraftType', 'C', 'error', 'not a type designator'], ['aircraftType', 'C172X', 'error'], ['aircraftType', '1C72', 'error'],
    ['aircraftType', 'ZZZZ', 'error', 'SPECIFY the type of aircraft in item 18 after TYP/'],
    ['wake', 'J', 'ok'], ['wake', 'H', 'ok'], ['wake', 'M', 'ok'], ['wake', 'S', 'error', 'L (light, 15,500 lb or less)'],
    ['equipment', 'N', 'ok'], ['equipment', 'S', 'ok'], ['equipment', 'SDE1E2E3FGHIJ1J7KLM1M3OP1P9TUVWXY', 'ok'],
    ['equipment', '', 'error', 'INSERT N (no equipment)'],
    ['equipment', 'NS', 'error', 'N (no equipment) cannot be combined'],
    ['equipment', 'SE', 'error', 'E is not an equipment code'],
    ['equipment', 'SJ8Q', 'error', 'J8, Q are not equipment codes'],
    ['equipment', 'SGG', 'error', 'give each code once'],
    ['equipment', 'SGR', 'error', 'SPECIFY the PBN levels in item 18 after PBN/'],
    ['equipment', 'SGZ', 'error', 'after COM/, NAV/ or DAT/'],
    ['surveillance', 'N', 'ok'], ['surveillance', 'LB1', 'ok'], ['surveillance', 'EB2U1V2D1G1', 'ok'],
    ['surveillance', 'CS', 'error', 'only one of A C E H I L P S X'],
    ['surveillance', 'NC', 'error', 'cannot be combined'], ['surveillance', 'B3', 'error', 'is not valid'],
    ['departure', 'KHW', 'error', 'Item 13, Departure aerodrome: "KHW": INSERT the ICAO four-letter location indicator'],
    ['departure', 'AFIL', 'ok'], ['departure', 'ZZZZ', 'error', 'after DEP/'],
    ['departureTime', '0000', 'ok'], ['departureTime', '2359', 'ok'], ['departureTime', '2400', 'error', '0000 to 2359'], ['departureTime', '1260', 'error'], ['departureTime', '930', 'error'],
    ['speed', 'M082', 'ok'], ['speed', 'K0220', 'ok'], ['speed', 'N110', 'error', 'N and 4 figures'], ['speed', 'N0000', 'error', 'cannot be zero'],
    ['level', 'F085', 'ok'], ['level', 'S1130', 'ok'], ['level', 'M0610', 'ok'], ['level', 'VFR', 'ok'],
    ['level', 'A45', 'error', 'A and 3 figures'], ['level', 'A000', 'error', 'cannot be zero'],
    ['route', 'DCT', 'ok'], ['route', 'SFO180040 DCT 46N078W DCT 4620N07805W', 'ok'], ['route', 'SUNOL/N0110A085 V334', 'ok'],
    ['route', '', 'error', 'DCT for a direct flight'],
    ['route', 'SUNOL-V334', 'error', 'hyphens and parentheses are not allowed'],
    ['route', '3730N12200', 'error', 'latitude and longitude'],
    ['route', '4620N078W', 'error', 'latitude and longitude'],
    ['route', 'SUNOL/N110', 'error', 'after the oblique stroke'],
    ['route', 'ABCDEFGH', 'error', 'significant point or ATS route'],
    ['destination', 'AFIL', 'error', 'AFIL is only for the departure'], ['destination', 'KLV', 'error', 'INSERT the ICAO four-letter location indicator, or ZZZZ and DEST/ in item 18'],
    ['destination', 'ZZZZ', 'error', 'after DEST/'],
    ['eet', '0001', 'ok'], ['eet', '9959', 'ok', undefined], ['eet', '0000', 'error', 'cannot be zero'], ['eet', '0060', 'error', 'HHMM'],
    ['alternate1', 'KOAK', 'ok'], ['alternate1', 'OAK', 'error', 'four-letter'], ['alternate1', 'AFIL', 'error', 'four-letter'], ['alternate1', 'ZZZZ', 'error', 'after ALTN/'],
    ['alternate2', 'KOAK', 'error', 'first alternate before a second'],
    ['otherInfo', '0', 'ok'], ['otherInfo', '', 'ok'],
    ['otherInfo', 'XYZ/1', 'error', 'XYZ/ is not an item 18 indicator'],
    ['otherInfo', 'DOF/261331', 'error', 'YYMMDD'], ['otherInfo', 'DOF/260229', 'error', 'YYMMDD'], ['otherInfo', 'DOF/280229', 'ok'],
    ['otherInfo', 'PBN/A1B1C1D1L1O1S1T1', 'warning', 'item 10a has no R'],
    ['otherInfo', 'PBN/A1B1C1D1L1O1S1T1T2', 'error', 'not more than 8 entries'],
    ['otherInfo', 'PBN/Z9', 'error', 'not PBN codes'],
    ['otherInfo', 'RMK/A RMK/B', 'error', 'RMK/ is given more than once'],
    ['otherInfo', 'HELLO RMK/A', 'error', '"HELLO" is not preceded by an indicator'],
    ['otherInfo', 'RMK/A-B', 'error', 'do not use hyphens'],
    ['otherInfo', 'RMK/', 'error', 'RMK/ has no information after it'],
    ['otherInfo', 'REG/N12-3', 'error'],
    ['endurance', '0001', 'warning'], ['endurance', '0024', 'ok'], ['endurance', '0023', 'warning', 'less than the total EET 0024'],
    ['endurance', '0000', 'error', 'cannot be zero'], ['endurance', '0160', 'error', '4-figure group giving the fuel endurance'],
    ['personsOnBoard', '1', 'ok'], ['personsOnBoard', '999', 'ok'], ['personsOnBoard', 'TBN', 'ok'],
    ['personsOnBoard', '0', 'error', 'on board, 1 to 999, or TBN'], ['personsOnBoard', '1000', 'error'], ['personsOnBoard', '', 'error', 'nothing given'],
    ['emergencyRadio', 'UVE', 'ok'], ['emergencyRadio', 'UX', 'error', 'U (UHF 243.0 MHz)'], ['emergencyRadio', 'UU', 'error', 'each letter once'],
    ['survivalEquipment', 'PDMJ', 'ok'], ['survivalEquipment', 'Q', 'error'],
    ['jackets', 'LFUV', 'ok'], ['jackets', 'J', 'error'],
    ['colour', '', 'error', 'INSERT the colour of the aircraft'], ['colour', 'WHITE/BLUE', 'error', 'letters, figures and spaces only'],
    ['remarks', 'ANY TEXT 1', 'ok'], ['remarks', 'A-B', 'error'],
    ['pilot', '', 'error', 'INSERT the name of the pilot in command'], ['pilot', 'SMITH (CFI)', 'error'],
  ];

  it.each(edges)('%s = %j is %s', (field, value, outcome, fragment) => {
    const issues = issuesFor({ [field]: value }, field);
    if (outcome === 'ok') expect(issues).toEqual([]);
    else {
      expect(issues.map((i) => i.severity)).toContain(outcome);
      if (outcome === 'warning') expect(issues.filter((i) => i.severity === 'error')).toEqual([]);
      if (fragment) expect(issues.map((i) => i.message).join('\n')).toContain(fragment);
    }
  });

  it('needs W (RVSM approved) from FL290 to FL410 only', () => {
    expect(issuesFor({ level: 'F280' }, 'equipment')).toEqual([]);
    expect(issuesFor({ level: 'F290' }, 'equipment')[0]?.message).toContain('W (RVSM approved) is required to file F290');
    expect(issuesFor({ level: 'F410' }, 'equipment')).toHaveLength(1);
    expect(issuesFor({ level: 'F410', equipment: 'SGW' }, 'equipment')).toEqual([]);
    expect(issuesFor({ level: 'F420' }, 'equipment')).toEqual([]);
  });

  it('refuses VFR as the level of a flight that starts IFR', () => {
    expect(issuesFor({ flightRules: 'I', level: 'VFR' }, 'level')[0]?.message).toContain('VFR is a level only for');
    expect(issuesFor({ flightRules: 'Y', level: 'VFR' }, 'level')).toHaveLength(1);
    expect(issuesFor({ flightRules: 'Z', level: 'VFR' }, 'level')).toEqual([]);
  });

  it('accepts R with PBN/ and Z with NAV/, and reads item 18 case-insensitively', () => {
    expect(issuesFor({ equipment: 'SGRZ', otherInfo: 'pbn/d2 nav/sbas dof/261206' }, 'equipment')).toEqual([]);
    expect(parseItem18('pbn/d2 rmk/two words').entries).toEqual([{ indicator: 'PBN', value: 'D2' }, { indicator: 'RMK', value: 'TWO WORDS' }]);
  });

  it('files only a form without errors; warnings do not stop it', () => {
    expect(canFile(validateFpl(validForm()))).toBe(true);
    expect(canFile(validateFpl({ ...validForm(), endurance: '0010' }))).toBe(true);
    expect(canFile(validateFpl({ ...validForm(), aircraftId: '' }))).toBe(false);
  });

  it('reports every wrong box of a blank form, each once, in the order of the form', () => {
    const fields = validateFpl(EMPTY_FPL_FORM).map((i) => i.field);
    expect(fields).toEqual(['aircraftId', 'flightRules', 'flightType', 'aircraftType', 'wake', 'equipment', 'surveillance', 'departure', 'departureTime', 'speed', 'level', 'route', 'destination', 'eet', 'endurance', 'personsOnBoard', 'colour', 'pilot']);
  });
});
