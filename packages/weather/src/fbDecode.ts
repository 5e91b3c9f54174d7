import type { FbBulletin, FbDayTime, FbDecodeResult, FbIssue, FbLevelWind, FbStation } from './fbTypes.js';

/** Default for `TEMPS NEG ABV`, feet, when the bulletin does not say. */
const DEFAULT_TEMPS_NEGATIVE_ABOVE_FT = 24000;

interface Token {
  text: string;
  /** 0-based index of the first character. */
  start: number;
  /** 0-based index of the last character. */
  end: number;
}

function tokens(line: string): Token[] {
  const out: Token[] = [];
  for (const m of line.matchAll(/\S+/g)) {
    out.push({ text: m[0], start: m.index, end: m.index + m[0].length - 1 });
  }
  return out;
}

/** `DDHHMM` to a day and time; null when out of range. */
function dayTime(ddhhmm: string): FbDayTime | null {
  const day = Number(ddhhmm.slice(0, 2));
  const hour = Number(ddhhmm.slice(2, 4));
  const minute = Number(ddhhmm.slice(4, 6));
  if (day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  return { day, hour, minute };
}

function missingLevel(altitudeFt: number): FbLevelWind {
  return { altitudeFt, directionDeg: null, speedKt: null, temperatureC: null, light: false };
}

/**
 * Decodes one wind group for a level, e.g. `2714-05`, `751551`, `9900`, `7799`. Returns the level
 * or an error message. Rules (NWS FB code): DD direction in tens of degrees, SS knots; DD 51-86 means
 * direction DD-50 and speed SS+100 (so `7799` is 270° at 199 kt or more); `9900` is light and
 * variable; a signed TT is the temperature; an unsigned TT above the `TEMPS NEG ABV` level is
 * negative.
 */
function decodeGroup(text: string, altitudeFt: number, negativeAboveFt: number): FbLevelWind | string {
  const m = /^(\d{2})(\d{2})(?:([+-])(\d{2})|(\d{2}))?$/.exec(text);
  if (!m) return `malformed wind group '${text}'`;
  const dd = Number(m[1]);
  const ss = Number(m[2]);
  let temperatureC: number | null = null;
  if (m[3] !== undefined) {
    // `0 - n` rather than `-n`: `-00` is 0 °C, not -0.
    temperatureC = m[3] === '-' ? 0 - Number(m[4]) : Number(m[4]);
  } else if (m[5] !== undefined) {
    if (altitudeFt <= negativeAboveFt) return `unsigned temperature in '${text}' at ${altitudeFt} ft, at or below ${negativeAboveFt} ft`;
    temperatureC = 0 - Number(m[5]);
  }
  if (dd === 99) {
    if (ss !== 0) return `direction 99 with speed ${ss} in '${text}' (only 9900, light and variable, is defined)`;
    return { altitudeFt, directionDeg: null, speedKt: 0, temperatureC, light: true };
  }
  if (dd >= 1 && dd <= 36) return { altitudeFt, directionDeg: dd * 10, speedKt: ss, temperatureC, light: false };
  if (dd >= 51 && dd <= 86) return { altitudeFt, directionDeg: (dd - 50) * 10, speedKt: ss + 100, temperatureC, light: false };
  return `direction code ${m[1]} out of range in '${text}'`;
}

function emptyBulletin(): FbBulletin {
  return {
    product: '',
    office: '',
    issued: null,
    basedOn: null,
    validTime: null,
    forUse: null,
    tempsNegativeAboveFt: DEFAULT_TEMPS_NEGATIVE_ABOVE_FT,
    levels: [],
  };
}

/** Reads the header lines above the `FT` line into `bulletin`; returns false for an unknown line. */
function readHeaderLine(line: string, bulletin: FbBulletin): boolean {
  const trimmed = line.trim();
  // Transmission sequence number (`000`) and the AWIPS id (`FD1US1`) carry nothing we use.
  if (trimmed === '' || /^\d{3}$/.test(trimmed) || /^[A-Z0-9]{6}$/.test(trimmed)) return true;
  const wmo = /^(FB[A-Z]{2}\d{2})\s+([A-Z]{4})\s+(\d{6})\b/.exec(trimmed);
  if (wmo) {
    bulletin.product = wmo[1] ?? '';
    bulletin.office = wmo[2] ?? '';
    bulletin.issued = dayTime(wmo[3] ?? '');
    return true;
  }
  const based = /^DATA BASED ON (\d{6})Z/.exec(trimmed);
  if (based) {
    bulletin.basedOn = dayTime(based[1] ?? '');
    return true;
  }
  if (trimmed.startsWith('VALID')) {
    const valid = /^VALID (\d{6})Z/.exec(trimmed);
    if (valid) bulletin.validTime = dayTime(valid[1] ?? '');
    const forUse = /FOR USE (\d{2})(\d{2})-(\d{2})(\d{2})Z/.exec(trimmed);
    if (forUse) {
      bulletin.forUse = {
        start: { hour: Number(forUse[1]), minute: Number(forUse[2]) },
        end: { hour: Number(forUse[3]), minute: Number(forUse[4]) },
      };
    }
    const neg = /TEMPS NEG ABV (\d+)/.exec(trimmed);
    if (neg) bulletin.tempsNegativeAboveFt = Number(neg[1]);
    return valid !== null;
  }
  return false;
}

/**
 * Decodes an FB winds and temperatures aloft bulletin (FBUS31, FBAK31, FBHW31, FBOC31, ...).
 * Groups are matched to levels by column: each group starts in the column span that ends under the
 * last digit of its level in the `FT` line, so blank columns (levels below the station, or 3,000 ft with no temperature) decode as
 * missing. Never throws: problems are returned in `issues` with 1-based line and column, and a bad
 * group leaves its level missing.
 */
export function decodeFbBulletin(text: string): FbDecodeResult {
  const bulletin = emptyBulletin();
  const stations: FbStation[] = [];
  const issues: FbIssue[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  /**
   * Column span of each level, 0-based inclusive: from just after the previous label (one blank
   * apart) to the last digit of this level's label. Groups start at the span's first column, so a
   * 4-character wind-only group (no temperature within 2,500 ft of the station) is left-aligned.
   */
  let fields: { start: number; end: number }[] | null = null;
  const seen = new Set<string>();

  lines.forEach((line, index) => {
    const lineNo = index + 1;
    if (fields === null) {
      if (/^FT\s/.test(line)) {
        const labels = tokens(line).slice(1);
        fields = [];
        for (const t of labels) {
          if (!/^\d{3,5}$/.test(t.text)) {
            issues.push({ line: lineNo, column: t.start + 1, message: `level '${t.text}' is not a number of feet` });
            continue;
          }
          const ft = Number(t.text);
          const previous = bulletin.levels[bulletin.levels.length - 1];
          if (previous !== undefined && ft <= previous) {
            issues.push({ line: lineNo, column: t.start + 1, message: `level ${ft} ft is not above ${previous} ft` });
          }
          const before = fields[fields.length - 1];
          bulletin.levels.push(ft);
          fields.push({ start: before === undefined ? t.start : before.end + 2, end: t.end });
        }
      } else if (!readHeaderLine(line, bulletin)) {
        issues.push({ line: lineNo, message: `unrecognised header line '${line.trim()}'` });
      }
      return;
    }
    if (line.trim() === '') return;
    const spans: { start: number; end: number }[] = fields;
    const [idToken, ...groups] = tokens(line);
    if (idToken === undefined) return;
    if (idToken.start !== 0 || !/^[A-Z0-9]{3}$/.test(idToken.text)) {
      issues.push({ line: lineNo, column: idToken.start + 1, message: `expected a 3-character station id, found '${idToken.text}'` });
      return;
    }
    if (seen.has(idToken.text)) {
      issues.push({ line: lineNo, column: 1, message: `station ${idToken.text} appears more than once` });
    }
    seen.add(idToken.text);
    const levels = bulletin.levels.map(missingLevel);
    const filled = new Set<number>();
    for (const g of groups) {
      // One column of slack to the left: the blank that separates two fields.
      const best = spans.findIndex((f) => g.start >= f.start - 1 && g.start <= f.end);
      const altitudeFt = bulletin.levels[best];
      if (altitudeFt === undefined) {
        issues.push({ line: lineNo, column: g.start + 1, message: `group '${g.text}' lines up with no level of the FT line` });
        continue;
      }
      if (filled.has(best)) {
        issues.push({ line: lineNo, column: g.start + 1, message: `second group for ${altitudeFt} ft: '${g.text}'` });
        continue;
      }
      filled.add(best);
      const field = spans[best];
      if (field !== undefined && g.end > field.end) {
        // Still decoded: the start column is the better guess, but the layout is off.
        issues.push({ line: lineNo, column: g.start + 1, message: `group '${g.text}' runs past the ${altitudeFt} ft column` });
      }
      const decoded = decodeGroup(g.text, altitudeFt, bulletin.tempsNegativeAboveFt);
      if (typeof decoded === 'string') {
        issues.push({ line: lineNo, column: g.start + 1, message: decoded });
      } else {
        levels[best] = decoded;
      }
    }
    stations.push({ id: idToken.text, levels });
  });

  if (fields === null) issues.push({ line: lines.length, message: 'no FT line with the levels was found' });
  if (bulletin.validTime === null) issues.push({ line: 1, message: 'no VALID line was found' });
  return { bulletin, stations, issues };
}
