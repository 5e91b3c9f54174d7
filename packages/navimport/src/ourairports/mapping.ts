/** How OurAirports values map to the nav data model. */
import type { AirportType, NavaidType, SurfaceClass } from '@clearway/navdb';

/** Countries and territories whose airports carry FAA location ids (OurAirports `local_code`). */
const FAA_COUNTRIES = new Set(['US', 'PR', 'GU', 'VI', 'AS', 'MP', 'UM']);

export interface AirportIdents {
  id: string;
  faaId: string | null;
  icaoId: string | null;
}

/**
 * Idents of an OurAirports airport. For the US and its territories the primary id is the FAA
 * location id (`local_code`: SFO for KSFO), as NASR has it; elsewhere the ICAO code, else the GPS
 * code, else OurAirports' own ident. `icaoId` is `icao_code`, or a four-letter `gps_code`.
 */
export function airportIdents(row: {
  ident: string;
  country: string;
  icao: string | null;
  gps: string | null;
  local: string | null;
}): AirportIdents {
  const faa = FAA_COUNTRIES.has(row.country);
  const faaId = faa ? row.local : null;
  const icaoId = row.icao ?? (row.gps !== null && /^[A-Z]{4}$/.test(row.gps) ? row.gps : null);
  const id = faa ? (faaId ?? row.ident) : (icaoId ?? row.gps ?? row.ident);
  return { id, faaId, icaoId };
}

const AIRPORT_TYPES: Record<string, AirportType> = {
  large_airport: 'airport',
  medium_airport: 'airport',
  small_airport: 'airport',
  heliport: 'heliport',
  seaplane_base: 'seaplane_base',
  balloonport: 'balloonport',
  closed: 'closed',
};

export function airportType(type: string | null): AirportType {
  return type !== null ? (AIRPORT_TYPES[type] ?? 'other') : 'other';
}

/** State or province from `iso_region`: `US-CA` -> `CA`; the unknown region `XX-U-A` -> null. */
export function regionCode(isoRegion: string | null): string | null {
  if (isoRegion === null) return null;
  const dash = isoRegion.indexOf('-');
  const code = dash >= 0 ? isoRegion.slice(dash + 1) : isoRegion;
  return code.length === 0 || code === 'U-A' ? null : code;
}

/** Surface words and abbreviations that mean a hard (paved or built) surface. */
const HARD_PREFIXES = [
  'ASP', 'CON', 'PEM', 'BIT', 'BRI', 'TAR', 'PAV', 'MAC', 'SEAL', 'CEM', 'MET', 'STEEL', 'ALUM',
  'WOOD', 'DECK', 'ROOF', 'MAT', 'PSP', 'HARD', 'TRTD', 'TREATED',
];

/**
 * Surface class of a free-text OurAirports surface (`ASP`, `Asphalt`, `CONC-G`, `Grass`, `WATER`):
 * by its first word, in upper case. Single letters and unknown codes count as soft.
 */
export function surfaceClass(surface: string | null): SurfaceClass {
  if (surface === null) return 'S';
  const first = surface.trim().toUpperCase().split(/[-/ ,;]+/)[0] ?? '';
  if (first.startsWith('WAT')) return 'W';
  if (first.length < 2) return 'S';
  return HARD_PREFIXES.some((p) => first.startsWith(p)) ? 'H' : 'S';
}

const NAVAID_TYPES: Record<string, NavaidType> = {
  VOR: 'VOR',
  VORTAC: 'VORTAC',
  'VOR-DME': 'VOR-DME',
  TACAN: 'TACAN',
  NDB: 'NDB',
  'NDB-DME': 'NDB-DME',
  DME: 'DME',
};

export function navaidType(type: string | null): NavaidType {
  return type !== null ? (NAVAID_TYPES[type] ?? 'OTHER') : 'OTHER';
}

const FREQUENCY_TYPES: Record<string, string> = {
  UNIC: 'UNICOM',
  TOWER: 'TWR',
  GROUND: 'GND',
  APPROACH: 'APP',
  DEPARTURE: 'DEP',
  CLNC: 'CLD',
  'CLNC DEL': 'CLD',
  DEL: 'CLD',
  RADIO: 'RDO',
};

/** Upper case, with OurAirports' spellings of the common uses made the model's (`UNIC` -> `UNICOM`). */
export function frequencyType(type: string | null): string {
  if (type === null) return 'OTHER';
  const u = type.trim().toUpperCase();
  return FREQUENCY_TYPES[u] ?? u;
}
