import type { SectionInput } from './container.js';
import type {
  AirportType,
  AirwayKind,
  NavaidType,
  PointKind,
  ProcedureKind,
  SourceId,
  SurfaceClass,
} from './model.js';

/**
 * Column codecs shared by the encoder and the reader: how numbers, coordinates, tri-state booleans
 * and enumerations are stored. Stored codes are part of the format: append to the code tables,
 * never reorder them, or bump NAVDB_FORMAT_VERSION.
 */

/** Stored integer meaning null in Int32 columns. */
export const NULL_INT = -2147483648;

/** Coordinates are degrees times 1e7 in Int32 (about 1 cm; round trip within 5e-8 degree). */
export const COORD_SCALE = 1e7;

const INT_SCALES = [1, 10, 100, 1000];

/**
 * A column of nullable numbers. Stored as Int32 with the smallest decimal scale (1, 10, 100, 1000)
 * that gives every value back exactly, else as Float64 with NaN for null. NaN in the input is null.
 */
export function numberSection(name: string, values: readonly (number | null)[]): SectionInput {
  for (const scale of INT_SCALES) {
    const ints = new Int32Array(values.length);
    let exact = true;
    for (let i = 0; i < values.length && exact; i++) {
      const v = values[i] ?? null;
      if (v === null || Number.isNaN(v)) {
        ints[i] = NULL_INT;
        continue;
      }
      const stored = Math.round(v * scale);
      exact = stored / scale === v && stored > NULL_INT && stored <= 2147483647;
      ints[i] = stored;
    }
    if (exact) return { name, data: ints, scale };
  }
  return { name, data: Float64Array.from(values, (v) => (v === null ? Number.NaN : v)) };
}

/** A coordinate column (degrees, nullable). Throws on values no coordinate can have: a programming error upstream. */
export function coordSection(name: string, values: readonly (number | null)[]): SectionInput {
  const ints = new Int32Array(values.length);
  values.forEach((v, i) => {
    if (v === null || Number.isNaN(v)) {
      ints[i] = NULL_INT;
      return;
    }
    if (!(Math.abs(v) <= 360)) throw new RangeError(`${name}[${i}]: ${v} is not a coordinate in degrees`);
    ints[i] = Math.round(v * COORD_SCALE);
  });
  return { name, data: ints };
}

/** Reads a column written by `numberSection`. */
export class NumberColumn {
  constructor(
    private readonly ints: Int32Array | null,
    private readonly floats: Float64Array | null,
    private readonly scale: number,
  ) {}

  get length(): number {
    return this.ints?.length ?? this.floats?.length ?? 0;
  }

  get(i: number): number | null {
    if (this.ints !== null) {
      const v = this.ints[i]!;
      return v === NULL_INT ? null : this.scale === 1 ? v : v / this.scale;
    }
    const f = this.floats![i]!;
    return Number.isNaN(f) ? null : f;
  }
}

/** A nullable coordinate from a column written by `coordSection`. */
export function coordAt(column: Int32Array, i: number): number | null {
  const v = column[i]!;
  return v === NULL_INT ? null : v / COORD_SCALE;
}

/** Tri-state booleans: 0 null, 1 false, 2 true. */
export function encodeTri(value: boolean | null): number {
  return value === null ? 0 : value ? 2 : 1;
}

export function decodeTri(code: number): boolean | null {
  return code === 0 ? null : code === 2;
}

// Code tables. Index = stored code; nullable enums keep code 0 for null.
export const SOURCE_CODES: readonly SourceId[] = ['faa-nasr', 'faa-cifp', 'xplane', 'ourairports'];
export const AIRPORT_TYPE_CODES: readonly AirportType[] = [
  'airport', 'heliport', 'seaplane_base', 'gliderport', 'ultralight', 'balloonport', 'closed', 'other',
];
export const NAVAID_TYPE_CODES: readonly NavaidType[] = ['VOR', 'VORTAC', 'VOR-DME', 'TACAN', 'NDB', 'NDB-DME', 'DME', 'OTHER'];
export const SURFACE_CODES: readonly (SurfaceClass | null)[] = [null, 'H', 'S', 'W'];
export const AIRWAY_KIND_CODES: readonly AirwayKind[] = ['V', 'J', 'T', 'Q', 'OTHER'];
export const POINT_KIND_CODES: readonly PointKind[] = ['fix', 'navaid', 'airport', 'unknown'];
export const PROCEDURE_KIND_CODES: readonly ProcedureKind[] = ['SID', 'STAR', 'APPROACH'];

/** The stored code of an enum value; throws for a value outside the table (a programming error). */
export function codeOf<T>(table: readonly T[], value: T, what: string): number {
  const code = table.indexOf(value);
  if (code < 0) throw new RangeError(`Unknown ${what}: ${String(value)}`);
  return code;
}

/** The enum value of a stored code. */
export function valueOf<T>(table: readonly T[], code: number): T {
  return table[code] as T;
}
