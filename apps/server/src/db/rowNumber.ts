/**
 * A number read from a row: bigint columns come back as strings from PostgreSQL (pg keeps 64-bit
 * values exact) and as numbers from SQLite; counts and affected-row counts may be bigints. Every
 * value the server stores this way (ms since the epoch, counts) is far below 2^53, so Number is exact.
 */
export function rowNumber(value: number | string | bigint): number {
  return typeof value === 'number' ? value : Number(value);
}

/** rowNumber for a nullable column: null stays null. */
export function rowNumberOrNull(value: number | string | bigint | null): number | null {
  return value === null ? null : rowNumber(value);
}
