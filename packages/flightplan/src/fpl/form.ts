/**
 * The FAA's ICAO flight plan form (FAA Form 7233-4) as Clearway keeps it: every box as the text the
 * pilot typed, upper case. The form is validated box by box (`validateFpl`) and turned into the ICAO
 * FPL message (`buildFplMessage`); item 19 (supplementary information) is kept by flight service and
 * is not part of the ATS message, so it is built as a line of its own.
 */
export interface FplForm {
  /** Item 7: aircraft identification (registration or call sign), at most 7 letters and digits. */
  aircraftId: string;
  /** Item 8: flight rules I, V, Y or Z. */
  flightRules: string;
  /** Item 8: type of flight S, N, G, M or X. */
  flightType: string;
  /** Item 9: number of aircraft, empty for one, 2..99 for a formation. */
  aircraftCount: string;
  /** Item 9: ICAO Doc 8643 type designator (2 to 4 characters) or ZZZZ. */
  aircraftType: string;
  /** Item 9: wake turbulence category J, H, M or L. */
  wake: string;
  /** Item 10a: radio communication, navigation and approach aid equipment (`SDFGRY`, `N`). */
  equipment: string;
  /** Item 10b: surveillance equipment (`C`, `LB1`, `N`). */
  surveillance: string;
  /** Item 13: departure aerodrome, ICAO four-letter indicator, ZZZZ or AFIL. */
  departure: string;
  /** Item 13: estimated off-block time, HHMM UTC. */
  departureTime: string;
  /** Item 15: cruising speed (`N0120`, `K0220`, `M082`). */
  speed: string;
  /** Item 15: cruising level (`A065`, `F350`, `S1130`, `M0610`, `VFR`). */
  level: string;
  /** Item 15: the route, without the departure and destination aerodromes. */
  route: string;
  /** Item 16: destination aerodrome, ICAO four-letter indicator or ZZZZ. */
  destination: string;
  /** Item 16: total estimated elapsed time, HHMM. */
  eet: string;
  /** Item 16: first and second destination alternates (empty when none). */
  alternate1: string;
  alternate2: string;
  /** Item 18: other information as indicators (`PBN/D2 DOF/261206 RMK/...`) or `0`. */
  otherInfo: string;
  /** Item 19 E/: fuel endurance, HHMM. */
  endurance: string;
  /** Item 19 P/: persons on board (1..999) or TBN. */
  personsOnBoard: string;
  /** Item 19 R/: emergency radio carried, any of U V E (empty when none). */
  emergencyRadio: string;
  /** Item 19 S/: survival equipment carried, any of P D M J (empty when none). */
  survivalEquipment: string;
  /** Item 19 J/: life jackets, any of L F U V (empty when none). */
  jackets: string;
  /** Item 19 A/: aircraft colour and markings. */
  colour: string;
  /** Item 19 N/: remarks (empty when none). */
  remarks: string;
  /** Item 19 C/: pilot in command. */
  pilot: string;
}

export type FplField = keyof FplForm;

/** A form with every box empty. */
export const EMPTY_FPL_FORM: Readonly<FplForm> = {
  aircraftId: '',
  flightRules: '',
  flightType: '',
  aircraftCount: '',
  aircraftType: '',
  wake: '',
  equipment: '',
  surveillance: '',
  departure: '',
  departureTime: '',
  speed: '',
  level: '',
  route: '',
  destination: '',
  eet: '',
  alternate1: '',
  alternate2: '',
  otherInfo: '',
  endurance: '',
  personsOnBoard: '',
  emergencyRadio: '',
  survivalEquipment: '',
  jackets: '',
  colour: '',
  remarks: '',
  pilot: '',
};

/** The form's boxes in the order of the FAA form, with the item each belongs to. */
export const FPL_FIELDS: readonly { field: FplField; item: string; label: string }[] = [
  { field: 'aircraftId', item: '7', label: 'Aircraft identification' },
  { field: 'flightRules', item: '8', label: 'Flight rules' },
  { field: 'flightType', item: '8', label: 'Type of flight' },
  { field: 'aircraftCount', item: '9', label: 'Number of aircraft' },
  { field: 'aircraftType', item: '9', label: 'Type of aircraft' },
  { field: 'wake', item: '9', label: 'Wake turbulence category' },
  { field: 'equipment', item: '10a', label: 'Equipment' },
  { field: 'surveillance', item: '10b', label: 'Surveillance equipment' },
  { field: 'departure', item: '13', label: 'Departure aerodrome' },
  { field: 'departureTime', item: '13', label: 'Time (UTC)' },
  { field: 'speed', item: '15', label: 'Cruising speed' },
  { field: 'level', item: '15', label: 'Level' },
  { field: 'route', item: '15', label: 'Route' },
  { field: 'destination', item: '16', label: 'Destination aerodrome' },
  { field: 'eet', item: '16', label: 'Total EET' },
  { field: 'alternate1', item: '16', label: 'Alternate aerodrome' },
  { field: 'alternate2', item: '16', label: '2nd alternate aerodrome' },
  { field: 'otherInfo', item: '18', label: 'Other information' },
  { field: 'endurance', item: '19', label: 'Endurance' },
  { field: 'personsOnBoard', item: '19', label: 'Persons on board' },
  { field: 'emergencyRadio', item: '19', label: 'Emergency radio' },
  { field: 'survivalEquipment', item: '19', label: 'Survival equipment' },
  { field: 'jackets', item: '19', label: 'Jackets' },
  { field: 'colour', item: '19', label: 'Aircraft colour and markings' },
  { field: 'remarks', item: '19', label: 'Remarks' },
  { field: 'pilot', item: '19', label: 'Pilot in command' },
];

/** Item 18 indicators in the order ICAO Doc 4444 and the FAA's form instructions list them. */
export const ITEM18_INDICATORS = [
  'STS', 'PBN', 'NAV', 'COM', 'DAT', 'SUR', 'DEP', 'DEST', 'DOF', 'REG', 'EET', 'SEL', 'TYP', 'CODE',
  'DLE', 'OPR', 'ORGN', 'PER', 'ALTN', 'RALT', 'TALT', 'RIF', 'RMK',
] as const;
export type Item18Indicator = (typeof ITEM18_INDICATORS)[number];

/** One problem with one box of the form, in the FAA's words and naming the value. */
export interface FplIssue {
  field: FplField;
  severity: 'error' | 'warning';
  message: string;
}

/** The form as it is checked and sent: every box trimmed, upper case, inner runs of spaces made one. */
export function normalizeFplForm(form: FplForm): FplForm {
  const out = { ...EMPTY_FPL_FORM };
  for (const key of Object.keys(out) as FplField[]) out[key] = String(form[key] ?? '').trim().replace(/\s+/g, ' ').toUpperCase();
  return out;
}
