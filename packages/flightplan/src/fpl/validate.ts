import { FPL_FIELDS, normalizeFplForm, type FplField, type FplForm, type FplIssue } from './form.js';
import { item18Value, parseItem18 } from './item18.js';

/*
 * Box-by-box checks of the FAA's ICAO flight plan form, in the words of the FAA's form instructions
 * (FAA Form 7233-4 / AIM 5-1-9, after ICAO Doc 4444 Appendix 2). Every message names the item, the
 * box and the value that was refused.
 */

/** Item 10a codes (ICAO 2012): one letter, or a letter and the digit the code has. */
const EQUIPMENT_CODES = new Set([
  'N', 'S', 'A', 'B', 'C', 'D', 'E1', 'E2', 'E3', 'F', 'G', 'H', 'I', 'J1', 'J2', 'J3', 'J4', 'J5', 'J6', 'J7',
  'K', 'L', 'M1', 'M2', 'M3', 'O', 'P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8', 'P9', 'R', 'T', 'U', 'V', 'W', 'X', 'Y', 'Z',
]);
/** Item 10b SSR codes: at most one of them. */
const SSR_CODES = new Set(['A', 'C', 'E', 'H', 'I', 'L', 'P', 'S', 'X']);
/** Item 10b ADS-B and ADS-C codes. */
const ADS_CODES = new Set(['B1', 'B2', 'U1', 'U2', 'V1', 'V2', 'D1', 'G1']);
/** PBN/ codes of item 18. */
const PBN_CODES = new Set([
  'A1', 'B1', 'B2', 'B3', 'B4', 'B5', 'B6', 'C1', 'C2', 'C3', 'C4', 'D1', 'D2', 'D3', 'D4', 'L1', 'O1', 'O2', 'O3', 'O4', 'S1', 'S2', 'T1', 'T2',
]);
/** The RVSM levels, hundreds of feet: W (RVSM approved) is needed to fly them. */
const RVSM_MIN_FL = 290;
const RVSM_MAX_FL = 410;

const LOCATION = /^[A-Z]{4}$/;
const HHMM = /^(\d{2})(\d{2})$/;
const FREE_TEXT = /^[A-Z0-9 ]*$/;

function where(field: FplField): string {
  const f = FPL_FIELDS.find((x) => x.field === field)!;
  return `Item ${f.item}, ${f.label}`;
}

/** Splits an equipment string into codes (`SDE2E3FGR` -> S D E2 E3 F G R); null when it has other characters. */
export function equipmentCodes(text: string): string[] | null {
  if (!/^[A-Z0-9]*$/.test(text)) return null;
  return text.match(/[A-Z]\d?|\d/g) ?? [];
}

/** Minutes of an HHMM group with minutes 00..59 (hours up to `maxHours`), or null. */
export function hhmmMinutes(text: string, maxHours = 99): number | null {
  const m = HHMM.exec(text);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  return h <= maxHours && min <= 59 ? h * 60 + min : null;
}

/** The level in hundreds of feet of an F or A level group, else null. */
function levelHundredsFt(level: string): number | null {
  return /^[FA]\d{3}$/.test(level) ? Number(level.slice(1)) : null;
}

/** True for a real calendar date written YYMMDD (20YY). */
function isDate(yymmdd: string): boolean {
  if (!/^\d{6}$/.test(yymmdd)) return false;
  const y = 2000 + Number(yymmdd.slice(0, 2));
  const m = Number(yymmdd.slice(2, 4));
  const d = Number(yymmdd.slice(4, 6));
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Why a route element word is not one, or null when it is a valid item 15 element. */
export function routeWordProblem(word: string): string | null {
  if (['DCT', 'VFR', 'IFR'].includes(word)) return null;
  if (/[-()]/.test(word)) return `${word}: hyphens and parentheses are not allowed in the route`;
  const slash = word.indexOf('/');
  if (slash >= 0) {
    const point = word.slice(0, slash);
    const change = word.slice(slash + 1);
    if (routeWordProblem(point) !== null || ['DCT', 'VFR', 'IFR'].includes(point)) return `${word}: a change of speed or level is a significant point, an oblique stroke, then speed and level (e.g. SUNOL/N0110A085)`;
    if (!/^(?:N\d{4}|K\d{4}|M\d{3})(?:F\d{3}|A\d{3}|S\d{4}|M\d{4}|VFR)$/.test(change)) return `${word}: after the oblique stroke INSERT the cruising speed then the level (e.g. N0110A085)`;
    return null;
  }
  // Latitude and longitude: 2 or 4 figures N/S then 3 or 5 figures E/W, both in the same precision.
  if (/^\d{2}[NS]\d{3}[EW]$/.test(word) || /^\d{4}[NS]\d{5}[EW]$/.test(word)) return null;
  if (/^\d/.test(word) && /[NS]/.test(word)) return `${word}: INSERT latitude and longitude as 2 figures N/S and 3 figures E/W (46N078W) or 4 and 5 figures (4620N07805W)`;
  // Bearing and distance from a significant point: the point, 3 figures of degrees magnetic, 3 of nautical miles.
  if (/^[A-Z]{2,5}\d{6}$/.test(word)) return null;
  if (/^[A-Z0-9]{2,7}$/.test(word) && /[A-Z]/.test(word)) return null;
  return `${word}: a significant point or ATS route is 2 to 7 letters and figures (coded designator), latitude/longitude, or a point with bearing and distance (SFO180040)`;
}

/** Every problem of the form, box by box in the order of the form (empty when it can be filed). */
export function validateFpl(input: FplForm): FplIssue[] {
  const form = normalizeFplForm(input);
  const issues: FplIssue[] = [];
  const error = (field: FplField, message: string) => issues.push({ field, severity: 'error', message: `${where(field)}: ${message}` });
  const warning = (field: FplField, message: string) => issues.push({ field, severity: 'warning', message: `${where(field)}: ${message}` });
  const item18 = parseItem18(form.otherInfo);
  const has18 = (indicator: Parameters<typeof item18Value>[1]) => item18Value(item18.entries, indicator) !== null;

  // Item 7
  if (form.aircraftId === '') error('aircraftId', 'INSERT the aircraft identification (registration or call sign)');
  else if (!/^[A-Z0-9]{1,7}$/.test(form.aircraftId)) error('aircraftId', `"${form.aircraftId}" is not valid: not more than 7 alphanumeric characters, without hyphens or symbols`);

  // Item 8
  if (!/^[IVYZ]$/.test(form.flightRules)) error('flightRules', `${form.flightRules === '' ? 'nothing given' : `"${form.flightRules}"`}: INSERT I (IFR), V (VFR), Y (IFR first) or Z (VFR first)`);
  if (!/^[SNGMX]$/.test(form.flightType)) error('flightType', `${form.flightType === '' ? 'nothing given' : `"${form.flightType}"`}: INSERT S (scheduled), N (non-scheduled), G (general aviation), M (military) or X (other)`);

  // Item 9
  if (form.aircraftCount !== '') {
    const n = /^\d{1,2}$/.test(form.aircraftCount) ? Number(form.aircraftCount) : NaN;
    if (!(n >= 2 && n <= 99)) error('aircraftCount', `"${form.aircraftCount}": INSERT the number of aircraft only if more than one (maximum 99); leave it empty for one`);
  }
  if (form.aircraftType === '') error('aircraftType', 'INSERT the aircraft type designator (ICAO Doc 8643), or ZZZZ and TYP/ in item 18');
  else if (!/^[A-Z][A-Z0-9]{1,3}$/.test(form.aircraftType)) error('aircraftType', `"${form.aircraftType}" is not a type designator: 2 to 4 characters starting with a letter (e.g. C172, PA28), or ZZZZ`);
  else if (form.aircraftType === 'ZZZZ' && !has18('TYP')) error('aircraftType', 'ZZZZ: SPECIFY the type of aircraft in item 18 after TYP/');
  if (!/^[JHML]$/.test(form.wake)) error('wake', `${form.wake === '' ? 'nothing given' : `"${form.wake}"`}: INSERT J (super), H (heavy, 300,000 lb or more), M (medium) or L (light, 15,500 lb or less)`);

  // Item 10a
  const equipment = equipmentCodes(form.equipment);
  if (form.equipment === '') error('equipment', 'INSERT N (no equipment) or S and/or the letters of the equipment carried and serviceable');
  else if (equipment === null || equipment.some((c) => !EQUIPMENT_CODES.has(c))) {
    const bad = equipment?.filter((c) => !EQUIPMENT_CODES.has(c)) ?? [form.equipment];
    error('equipment', `${bad.join(', ')} ${bad.length === 1 ? 'is not an equipment code' : 'are not equipment codes'} (N, S, A, B, C, D, E1-E3, F, G, H, I, J1-J7, K, L, M1-M3, O, P1-P9, R, T, U, V, W, X, Y, Z)`);
  } else if (equipment.includes('N') && equipment.length > 1) error('equipment', 'N (no equipment) cannot be combined with other codes');
  else if (new Set(equipment).size !== equipment.length) error('equipment', `"${form.equipment}": give each code once`);
  else {
    if (equipment.includes('R') && !has18('PBN')) error('equipment', 'R (PBN approved): SPECIFY the PBN levels in item 18 after PBN/');
    if (equipment.includes('Z') && !has18('COM') && !has18('NAV') && !has18('DAT')) error('equipment', 'Z (other equipment): SPECIFY it in item 18 after COM/, NAV/ or DAT/');
    const fl = form.level.startsWith('F') ? levelHundredsFt(form.level) : null;
    if (fl !== null && fl >= RVSM_MIN_FL && fl <= RVSM_MAX_FL && !equipment.includes('W')) error('equipment', `W (RVSM approved) is required to file ${form.level} (FL290 to FL410)`);
  }

  // Item 10b
  const surveillance = equipmentCodes(form.surveillance);
  if (form.surveillance === '') error('surveillance', 'INSERT N (no surveillance equipment) or the codes of the surveillance equipment carried');
  else if (surveillance === null || surveillance.some((c) => c !== 'N' && !SSR_CODES.has(c) && !ADS_CODES.has(c))) {
    error('surveillance', `"${form.surveillance}" is not valid: N, or one of A C E H I L P S X and any of B1 B2 U1 U2 V1 V2 D1 G1`);
  } else if (surveillance.includes('N') && surveillance.length > 1) error('surveillance', 'N (no surveillance equipment) cannot be combined with other codes');
  else if (surveillance.filter((c) => SSR_CODES.has(c)).length > 1) error('surveillance', `"${form.surveillance}": INSERT only one of A C E H I L P S X (SSR)`);
  else if (new Set(surveillance).size !== surveillance.length) error('surveillance', `"${form.surveillance}": give each code once`);

  // Item 13
  checkAerodrome('departure', form.departure, 'DEP', true);
  if (hhmmMinutes(form.departureTime, 23) === null) error('departureTime', `${form.departureTime === '' ? 'nothing given' : `"${form.departureTime}"`}: INSERT the estimated off-block time in UTC, 4 figures (HHMM, 0000 to 2359)`);

  // Item 15
  if (!/^(?:N\d{4}|K\d{4}|M\d{3})$/.test(form.speed)) error('speed', `${form.speed === '' ? 'nothing given' : `"${form.speed}"`}: INSERT N and 4 figures (knots, e.g. N0120), K and 4 figures (km/h) or M and 3 figures (Mach)`);
  else if (Number(form.speed.slice(1)) === 0) error('speed', `${form.speed}: the true airspeed cannot be zero`);
  if (!/^(?:F\d{3}|A\d{3}|S\d{4}|M\d{4}|VFR)$/.test(form.level)) error('level', `${form.level === '' ? 'nothing given' : `"${form.level}"`}: INSERT F and 3 figures (flight level, F085), A and 3 figures (altitude in hundreds of feet, A045), S or M and 4 figures, or VFR`);
  else if (form.level !== 'VFR' && Number(form.level.slice(1)) === 0) error('level', `${form.level}: the level cannot be zero`);
  else if (form.level === 'VFR' && (form.flightRules === 'I' || form.flightRules === 'Y')) error('level', 'VFR is a level only for a VFR flight (rules V) or a flight that starts VFR (Z)');
  const route = form.route.trim();
  if (route === '') error('route', 'INSERT the route; DCT for a direct flight');
  else for (const word of route.split(/\s+/)) {
    const problem = routeWordProblem(word);
    if (problem) error('route', problem);
  }

  // Item 16
  checkAerodrome('destination', form.destination, 'DEST', false);
  const eet = hhmmMinutes(form.eet);
  if (eet === null) error('eet', `${form.eet === '' ? 'nothing given' : `"${form.eet}"`}: INSERT the total estimated elapsed time, 4 figures (HHMM)`);
  else if (eet === 0) error('eet', '0000: the total estimated elapsed time cannot be zero');
  if (form.alternate2 !== '' && form.alternate1 === '') error('alternate2', 'INSERT the first alternate before a second one');
  for (const field of ['alternate1', 'alternate2'] as const) {
    const value = form[field];
    if (value === '') continue;
    if (!LOCATION.test(value) || value === 'AFIL') error(field, `"${value}": INSERT the ICAO four-letter location indicator, or ZZZZ and ALTN/ in item 18`);
    else if (value === 'ZZZZ' && !has18('ALTN')) error(field, 'ZZZZ: SPECIFY the name and location of the alternate in item 18 after ALTN/');
  }

  // Item 18
  for (const problem of item18.problems) error('otherInfo', problem);
  const dof = item18Value(item18.entries, 'DOF');
  if (dof !== null && dof !== '' && !isDate(dof)) error('otherInfo', `DOF/${dof}: INSERT the date of flight as 6 figures YYMMDD`);
  const pbn = item18Value(item18.entries, 'PBN');
  if (pbn !== null && pbn !== '') {
    const codes = /^(?:[A-Z]\d)+$/.test(pbn) ? pbn.match(/[A-Z]\d/g)! : null;
    if (codes === null || codes.some((c) => !PBN_CODES.has(c))) error('otherInfo', `PBN/${pbn}: not PBN codes (A1, B1-B6, C1-C4, D1-D4, L1, O1-O4, S1, S2, T1, T2, written together)`);
    else if (codes.length > 8) error('otherInfo', `PBN/${pbn}: not more than 8 entries (16 characters)`);
    if (equipment && !equipment.includes('R')) warning('otherInfo', 'PBN/ is given but item 10a has no R (PBN approved)');
  }
  const reg = item18Value(item18.entries, 'REG');
  if (reg !== null && reg !== '' && !/^[A-Z0-9]{1,7}$/.test(reg)) error('otherInfo', `REG/${reg}: the registration is letters and figures without hyphens`);

  // Item 19
  const endurance = hhmmMinutes(form.endurance);
  if (endurance === null) error('endurance', `${form.endurance === '' ? 'nothing given' : `"${form.endurance}"`}: INSERT a 4-figure group giving the fuel endurance in hours and minutes (HHMM)`);
  else if (endurance === 0) error('endurance', '0000: the fuel endurance cannot be zero');
  else if (eet !== null && endurance < eet) warning('endurance', `${form.endurance} is less than the total EET ${form.eet}`);
  if (!(/^\d{1,3}$/.test(form.personsOnBoard) && Number(form.personsOnBoard) > 0) && form.personsOnBoard !== 'TBN') {
    error('personsOnBoard', `${form.personsOnBoard === '' ? 'nothing given' : `"${form.personsOnBoard}"`}: INSERT the total number of persons (passengers and crew) on board, 1 to 999, or TBN (to be notified)`);
  }
  letters('emergencyRadio', form.emergencyRadio, 'UVE', 'U (UHF 243.0 MHz), V (VHF 121.5 MHz), E (ELT)');
  letters('survivalEquipment', form.survivalEquipment, 'PDMJ', 'P (polar), D (desert), M (maritime), J (jungle)');
  letters('jackets', form.jackets, 'LFUV', 'L (light), F (fluorescein), U (UHF), V (VHF)');
  if (form.colour.trim() === '') error('colour', 'INSERT the colour of the aircraft and significant markings');
  else if (!FREE_TEXT.test(form.colour)) error('colour', `"${form.colour}": letters, figures and spaces only`);
  if (!FREE_TEXT.test(form.remarks)) error('remarks', `"${form.remarks}": letters, figures and spaces only`);
  if (form.pilot.trim() === '') error('pilot', 'INSERT the name of the pilot in command');
  else if (!FREE_TEXT.test(form.pilot)) error('pilot', `"${form.pilot}": letters, figures and spaces only`);

  return issues;

  function checkAerodrome(field: 'departure' | 'destination', value: string, indicator: 'DEP' | 'DEST', afil: boolean) {
    if (value === 'AFIL') {
      if (!afil) error(field, 'AFIL is only for the departure of a flight plan filed in the air: INSERT the ICAO four-letter location indicator, or ZZZZ and DEST/ in item 18');
      return;
    }
    if (!LOCATION.test(value)) {
      error(field, `${value === '' ? 'nothing given' : `"${value}"`}: INSERT the ICAO four-letter location indicator, or ZZZZ and ${indicator}/ in item 18${afil ? ', or AFIL for a flight plan filed in the air' : ''}`);
    } else if (value === 'ZZZZ' && !has18(indicator)) {
      error(field, `ZZZZ: SPECIFY the name and location of the aerodrome in item 18 after ${indicator}/`);
    }
  }

  function letters(field: FplField, value: string, allowed: string, meaning: string) {
    if (value === '') return;
    const bad = [...value].filter((c) => !allowed.includes(c));
    if (bad.length > 0) error(field, `"${value}": INSERT any of ${meaning}`);
    else if (new Set(value).size !== value.length) error(field, `"${value}": give each letter once`);
  }
}

/** True when the form has no error (warnings allowed). */
export function canFile(issues: readonly FplIssue[]): boolean {
  return !issues.some((i) => i.severity === 'error');
}
