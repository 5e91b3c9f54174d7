/** Field readers shared by the CSV importers: trimmed text, numbers and coordinates, with issues. */
import type { IssueCollector } from './diagnostics.js';

/** Trimmed text, or null when empty or the column is absent (`index` -1). */
export function textAt(fields: readonly string[], index: number): string | null {
  if (index < 0) return null;
  const s = fields[index];
  if (s === undefined) return null;
  const t = s.trim();
  return t.length > 0 ? t : null;
}

/**
 * Reads typed values from one table, reporting a malformed value as a warning at the row's line
 * (the value becomes null). Set `fields` and `line` for each row.
 */
export class FieldReader {
  fields: readonly string[] = [];
  line = 0;

  constructor(
    readonly file: string,
    readonly issues: IssueCollector,
  ) {}

  text(index: number): string | null {
    return textAt(this.fields, index);
  }

  /** A decimal number; `name` names the column in a warning. */
  number(index: number, name: string): number | null {
    const t = textAt(this.fields, index);
    if (t === null) return null;
    const v = Number(t);
    if (Number.isFinite(v)) return v;
    this.issues.warning(this.file, this.line, `${name} is not a number: "${t}"`);
    return null;
  }

  /** A number within [min, max]; out of range is reported and read as null. */
  numberIn(index: number, name: string, min: number, max: number): number | null {
    const v = this.number(index, name);
    if (v === null) return null;
    if (v < min || v > max) {
      this.issues.warning(this.file, this.line, `${name} out of range [${min}, ${max}]: ${v}`);
      return null;
    }
    return v;
  }

  /** Latitude, degrees north positive. */
  lat(index: number, name: string): number | null {
    return this.numberIn(index, name, -90, 90);
  }

  /** Longitude, degrees east positive. */
  lon(index: number, name: string): number | null {
    return this.numberIn(index, name, -180, 180);
  }

  /** `Y`/`N` (also `1`/`0`, `TRUE`/`FALSE`), else null. */
  flag(index: number): boolean | null {
    const t = textAt(this.fields, index);
    if (t === null) return null;
    const u = t.toUpperCase();
    if (u === 'Y' || u === '1' || u === 'TRUE' || u === 'YES') return true;
    if (u === 'N' || u === '0' || u === 'FALSE' || u === 'NO') return false;
    return null;
  }
}

/** Rounds to `digits` decimals (coordinates keep 1e-8 degree, about a millimetre). */
export function roundTo(v: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}
