/**
 * Which map and chart tiles could not be fetched (offline and not on the device), so the map can say
 * "not downloaded" while such a tile is in view (issue 27 point 9). Fed from the map's tile events:
 * a tile error other than 404 adds the tile, the same tile loading later removes it. Pure.
 */

export interface TileAddress {
  z: number;
  x: number;
  y: number;
}

/** West, south, east, north in degrees. */
export type LonLatBox = readonly [number, number, number, number];

/** The sources whose missing tiles the note names, and the zoom range each is cut to. */
export const GAP_SOURCES = {
  basemap: { minzoom: 0, maxzoom: 10, tileSize: 512 },
  vfr: { minzoom: 5, maxzoom: 11, tileSize: 256 },
} as const;
export type GapSource = keyof typeof GAP_SOURCES;

export function isGapSource(id: unknown): id is GapSource {
  return typeof id === 'string' && Object.hasOwn(GAP_SOURCES, id);
}

/** A tile's box on the map (web mercator XYZ). */
export function tileBox({ z, x, y }: TileAddress): LonLatBox {
  const n = 2 ** z;
  const lon = (col: number) => (col / n) * 360 - 180;
  const lat = (row: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * row) / n))) * 180) / Math.PI;
  return [lon(x), lat(y + 1), lon(x + 1), lat(y)];
}

/**
 * The tile zoom a source draws at the map's zoom (MapLibre: a 512 px tile at the map's zoom, a
 * 256 px tile one level deeper), clamped to the source's range (deeper is over-zoomed).
 */
export function sourceTileZoom(source: GapSource, mapZoom: number): number {
  const { minzoom, maxzoom, tileSize } = GAP_SOURCES[source];
  return Math.min(maxzoom, Math.max(minzoom, Math.floor(mapZoom + Math.log2(512 / tileSize))));
}

const keyOf = ({ z, x, y }: TileAddress) => `${z}/${x}/${y}`;

function overlaps(a: LonLatBox, b: LonLatBox): boolean {
  return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
}

export class TileGaps {
  private readonly missing = new Map<GapSource, Map<string, TileAddress>>();

  /** A tile of `source` could not be fetched. Returns whether anything changed. */
  failed(source: GapSource, tile: TileAddress): boolean {
    let tiles = this.missing.get(source);
    if (!tiles) this.missing.set(source, (tiles = new Map()));
    const key = keyOf(tile);
    if (tiles.has(key)) return false;
    tiles.set(key, { z: tile.z, x: tile.x, y: tile.y });
    return true;
  }

  /** A tile of `source` arrived, or is known not to be missing any more. Returns whether anything changed. */
  loaded(source: GapSource, tile: TileAddress): boolean {
    return this.missing.get(source)?.delete(keyOf(tile)) ?? false;
  }

  /** The missing tiles of a source (to ask for them again once back online). */
  missingTiles(source: GapSource): TileAddress[] {
    return [...(this.missing.get(source)?.values() ?? [])];
  }

  /** Forget every missing tile (a new style reloads them all). */
  clear(): void {
    this.missing.clear();
  }

  /**
   * Whether a missing tile of `source` is in `view` at the map's zoom: only tiles within one level of
   * the zoom the source draws at count (a missing deep tile behind a coarser one on screen does not).
   */
  missingInView(source: GapSource, view: LonLatBox, mapZoom: number): boolean {
    const tiles = this.missing.get(source);
    if (!tiles || tiles.size === 0) return false;
    const drawn = sourceTileZoom(source, mapZoom);
    for (const tile of tiles.values()) {
      if (Math.abs(tile.z - drawn) <= 1 && overlaps(tileBox(tile), view)) return true;
    }
    return false;
  }
}

/** The note's text for what is missing in view, or null when nothing is (issue 27 point 9; the spec has none). */
export function tileGapText(basemap: boolean, chart: boolean): string | null {
  if (basemap && chart) return 'Map and chart not downloaded for this area';
  if (basemap) return 'Map not downloaded for this area';
  if (chart) return 'Chart not downloaded for this area';
  return null;
}
