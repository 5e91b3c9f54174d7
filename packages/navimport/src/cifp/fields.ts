/**
 * Field readers for ARINC 424 fixed-width records. Columns are numbered 1..132 as the
 * specification numbers them, inclusive at both ends. A field that is present but unreadable is
 * reported as a warning at the record's line and read as null; blank fields are null silently.
 */
import type { IssueCollector } from '../common/diagnostics.js';

/** Where a record came from, for issues about its fields. */
export interface RecordContext {
  file: string;
  line: number;
  issues: IssueCollector;
}

/** Columns `from`..`to` of a record (1-based, inclusive), untrimmed. */
export function col(record: string, from: number, to: number): string {
  return record.slice(from - 1, to);
}

/** Columns `from`..`to` trimmed, or null when blank. */
export function text(record: string, from: number, to: number): string | null {
  const value = col(record, from, to).trim();
  return value === '' ? null : value;
}

function unreadable(ctx: RecordContext, what: string, raw: string): null {
  ctx.issues.warning(ctx.file, ctx.line, `${what}: cannot read '${raw}' (columns ignored)`);
  return null;
}

const LATITUDE = /^([NS])(\d{2})(\d{2})(\d{2})(\d{2})$/;
const LONGITUDE = /^([EW])(\d{3})(\d{2})(\d{2})(\d{2})$/;

function dms(deg: string, min: string, sec: string, hundredths: string): number | null {
  const m = Number(min);
  const s = Number(sec) + Number(hundredths) / 100;
  if (m >= 60 || s >= 60) return null;
  return Number(deg) + m / 60 + s / 3600;
}

/** Latitude `N37393214` (N/S, degrees, minutes, seconds, hundredths) in degrees, north positive. */
export function latitudeDeg(ctx: RecordContext, record: string, from: number, what = 'latitude'): number | null {
  const raw = col(record, from, from + 8);
  if (raw.trim() === '') return null;
  const m = LATITUDE.exec(raw);
  const value = m ? dms(m[2] as string, m[3] as string, m[4] as string, m[5] as string) : null;
  if (value === null || value > 90) return unreadable(ctx, what, raw);
  return m?.[1] === 'S' ? -value : value;
}

/** Longitude `W122071825` (E/W, degrees, minutes, seconds, hundredths) in degrees, east positive. */
export function longitudeDeg(ctx: RecordContext, record: string, from: number, what = 'longitude'): number | null {
  const raw = col(record, from, from + 9);
  if (raw.trim() === '') return null;
  const m = LONGITUDE.exec(raw);
  const value = m ? dms(m[2] as string, m[3] as string, m[4] as string, m[5] as string) : null;
  if (value === null || value > 180) return unreadable(ctx, what, raw);
  return m?.[1] === 'W' ? -value : value;
}

/**
 * Magnetic variation or station declination `E0150` / `W0124` in degrees, east positive. `T` (a
 * true-referenced facility) reads as its value, normally 0. Five columns from `from`.
 */
export function variationDeg(ctx: RecordContext, record: string, from: number, what = 'magnetic variation'): number | null {
  const raw = col(record, from, from + 4);
  if (raw.trim() === '') return null;
  const m = /^([EWT])(\d{4})$/.exec(raw);
  if (!m) return unreadable(ctx, what, raw);
  const value = Number(m[2]) / 10;
  return m[1] === 'W' ? -value : value;
}

/** An unsigned integer field scaled by `divisor` (10 for tenths), or null when blank. */
export function numberField(
  ctx: RecordContext,
  record: string,
  from: number,
  to: number,
  what: string,
  divisor = 1,
): number | null {
  const raw = col(record, from, to);
  const trimmed = raw.trim();
  if (trimmed === '') return null;
  if (!/^[+-]?\d+$/.test(trimmed)) return unreadable(ctx, what, raw);
  return Number(trimmed) / divisor;
}

/**
 * An altitude field (5 columns): `03700` feet, `FL200` a flight level (20000 ft), `-0100` below
 * sea level. `UNKNN`/`NESTB` (unknown, not established) read as null without an issue.
 */
export function altitudeFt(ctx: RecordContext, record: string, from: number, what = 'altitude'): number | null {
  const raw = col(record, from, from + 4);
  const trimmed = raw.trim();
  if (trimmed === '' || trimmed === 'UNKNN' || trimmed === 'NESTB') return null;
  const fl = /^FL(\d{3})$/.exec(trimmed);
  if (fl) return Number(fl[1]) * 100;
  if (/^-?\d+$/.test(trimmed)) return Number(trimmed);
  return unreadable(ctx, what, raw);
}

/** A course `2879` (tenths of a degree, magnetic) or `123T` (whole degrees, true). */
export function courseField(
  ctx: RecordContext,
  record: string,
  from: number,
  what = 'course',
): { deg: number; isTrue: boolean } | null {
  const raw = col(record, from, from + 3);
  if (raw.trim() === '') return null;
  if (/^\d{4}$/.test(raw)) return { deg: Number(raw) / 10, isTrue: false };
  const t = /^(\d{3})T$/.exec(raw);
  if (t) return { deg: Number(t[1]), isTrue: true };
  return unreadable(ctx, what, raw);
}
