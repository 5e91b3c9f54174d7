/**
 * ICAO flight plan field 15 as filed: speed/level groups (`N0450F350`, `K0800S1130`, `M082F390`),
 * changes at a point (`LAKES/N0450F370`), and the words that carry no point (`DCT`, `IFR`, `VFR`,
 * `SID`, `STAR`). Speeds: N knots, K km/h, M Mach (hundredths); levels: F flight level
 * (hundreds of feet), A altitude (hundreds of feet), S standard metric level (tens of metres),
 * M altitude (tens of metres), VFR (no level).
 */

export interface SpeedLevel {
  /** The group as filed, e.g. `M082F390`. */
  group: string;
  /** Cruise altitude, feet; null for a VFR level. */
  altitudeFt: number | null;
  /** True airspeed, knots (Mach converted with the standard atmosphere at the level). */
  tasKt: number;
}

/** Words of field 15 that name no point. */
const WORDS = new Set(['DCT', 'IFR', 'VFR', 'SID', 'STAR']);
const GROUP = /^(N\d{4}|K\d{4}|M\d{3})(F\d{3}|A\d{3}|S\d{4}|M\d{4}|VFR)$/;
const SPEED_ONLY = /^(?:[NK]\d{4}|M\d{3})$/;
const LEVEL_ONLY = /^(?:[FA]\d{3}|S\d{4})$/;
/** Something that looks like a speed/level group but has the wrong number of digits. */
const GROUP_LIKE = /^[NKM]\d{2,5}(?:[FASM]\d{2,5}|VFR)$/;

const FT_PER_M = 1 / 0.3048;
const KT_PER_KMH = 1 / 1.852;
/** Speed of sound at sea level in the standard atmosphere, knots (661.4786 kt at 288.15 K). */
const SOUND_SEA_LEVEL_KT = 661.4786;

/** ISA temperature at a pressure altitude, kelvin: 288.15 K falling 1.98 K per 1,000 ft to 216.65 K at 36,089 ft. */
export function isaTemperatureK(altitudeFt: number): number {
  return Math.max(216.65, 288.15 - 0.0019812 * altitudeFt);
}

/** True airspeed of a Mach number at a level, knots, in the standard atmosphere. */
export function machToTasKt(mach: number, altitudeFt: number): number {
  return mach * SOUND_SEA_LEVEL_KT * Math.sqrt(isaTemperatureK(altitudeFt) / 288.15);
}

function levelFt(level: string): number | null {
  const n = Number(level.slice(1));
  switch (level[0]) {
    case 'F':
    case 'A':
      return n * 100;
    case 'S':
    case 'M':
      return n * 10 * FT_PER_M;
    default:
      return null;
  }
}

/** The speed/level group of a token, or null when it is not one. */
export function parseSpeedLevel(token: string): SpeedLevel | null {
  const m = GROUP.exec(token);
  if (!m) return null;
  const speed = m[1]!;
  const level = m[2]!;
  const altitudeFt = level === 'VFR' ? null : levelFt(level);
  const n = Number(speed.slice(1));
  // A Mach number with a VFR level has no altitude to convert at: sea level is assumed.
  const tasKt = speed[0] === 'N' ? n : speed[0] === 'K' ? n * KT_PER_KMH : machToTasKt(n / 100, altitudeFt ?? 0);
  return { group: token, altitudeFt, tasKt };
}

/** True for a field 15 word that names no point (`DCT`, `IFR`, `VFR`, `SID`, `STAR`). */
export function isField15Word(token: string): boolean {
  return WORDS.has(token);
}

/** Why a token shaped like a speed or level is not a speed/level group, or null when it is not shaped like one. */
export function malformedSpeedLevel(token: string): string | null {
  if (SPEED_ONLY.test(token)) return `${token}: a speed needs a level after it (e.g. ${token}F350)`;
  if (LEVEL_ONLY.test(token)) return `${token}: a level needs a speed before it (e.g. N0450${token})`;
  if (GROUP_LIKE.test(token)) {
    return `${token}: a speed/level group is a speed (N or K and 4 digits, or M and 3) then a level (F or A and 3 digits, S or M and 4, or VFR), e.g. N0450F350`;
  }
  return null;
}

/**
 * Splits a change at a point (`LAKES/N0450F370`) into the point and the group; null when the token
 * does not end with `/` and a speed/level group.
 */
export function splitPointChange(token: string): { point: string; change: SpeedLevel } | null {
  const slash = token.lastIndexOf('/');
  if (slash <= 0) return null;
  const change = parseSpeedLevel(token.slice(slash + 1));
  return change ? { point: token.slice(0, slash), change } : null;
}
