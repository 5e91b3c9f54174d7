/**
 * Land and water both come from the basemap tiles (issue 27 point 9): the style's background is a
 * neutral "no data" colour, and water is drawn from a `coverage` layer that every basemap tile that
 * reached the device carries: one square over the whole tile. A tile that could not be fetched
 * (offline, never cached) then shows as no data instead of as sea.
 *
 * The server's tiles have no such layer, so the map's tile protocol (tileProtocol.ts) appends it: a
 * vector tile is a protobuf message whose layers are a repeated field, and protobuf concatenation
 * merges repeated fields, so `original bytes + COVERAGE_TILE` is a valid tile with one more layer.
 * Pure: bytes in, bytes out.
 */

/**
 * The style's background where no basemap tile is on the device: a neutral grey, neither sea blue
 * nor land (day), and a dark grey at night (no bright surface).
 */
export const NO_DATA_COLOURS = { day: '#c6c6c6', night: '#333333' } as const;

/** Name of the appended layer (the style's `water` layer reads it). */
export const COVERAGE_LAYER = 'coverage';
/** Vector tile extent, the Mapbox Vector Tile default. */
const EXTENT = 4096;
/** How far the square reaches past the tile's edges, tile units: no seam between tiles. */
const BUFFER = 128;

function varint(value: number, out: number[]): void {
  let v = value >>> 0;
  while (v > 0x7f) {
    out.push((v & 0x7f) | 0x80);
    v >>>= 7;
  }
  out.push(v);
}

/** Protobuf field key: field number and wire type (0 varint, 2 length-delimited). */
function key(field: number, wireType: 0 | 2, out: number[]): void {
  varint((field << 3) | wireType, out);
}

function bytesField(field: number, bytes: readonly number[], out: number[]): void {
  key(field, 2, out);
  varint(bytes.length, out);
  out.push(...bytes);
}

const zigzag = (n: number): number => (n << 1) ^ (n >> 31);

/** MVT geometry commands for one square ring from (-BUFFER, -BUFFER), clockwise in tile space (an outer ring). */
function squareGeometry(): number[] {
  const side = EXTENT + 2 * BUFFER;
  const moveTo = (1 & 0x7) | (1 << 3);
  const lineTo3 = (2 & 0x7) | (3 << 3);
  const closePath = (7 & 0x7) | (1 << 3);
  return [moveTo, zigzag(-BUFFER), zigzag(-BUFFER), lineTo3, zigzag(side), zigzag(0), zigzag(0), zigzag(side), zigzag(-side), zigzag(0), closePath];
}

function encodeCoverageTile(): Uint8Array {
  const geometry: number[] = [];
  for (const value of squareGeometry()) varint(value, geometry);
  const feature: number[] = [];
  // type = POLYGON (3), then the packed geometry.
  key(3, 0, feature);
  varint(3, feature);
  bytesField(4, geometry, feature);
  const layer: number[] = [];
  key(15, 0, layer);
  varint(2, layer);
  bytesField(1, [...new TextEncoder().encode(COVERAGE_LAYER)], layer);
  bytesField(2, feature, layer);
  key(5, 0, layer);
  varint(EXTENT, layer);
  const tile: number[] = [];
  bytesField(3, layer, tile);
  return Uint8Array.from(tile);
}

/** A vector tile holding only the coverage layer. */
export const COVERAGE_TILE: Uint8Array = encodeCoverageTile();

/** The tile's bytes with the coverage layer appended (a new buffer; the input is not changed). */
export function withCoverage(tile: ArrayBuffer): ArrayBuffer {
  const out = new Uint8Array(tile.byteLength + COVERAGE_TILE.byteLength);
  out.set(new Uint8Array(tile), 0);
  out.set(COVERAGE_TILE, tile.byteLength);
  return out.buffer;
}
