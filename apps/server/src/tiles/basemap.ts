import { createRequire } from 'node:module';
import type { Feature, FeatureCollection, Geometry, Point, Position } from 'geojson';
import GeoJSONVT from 'geojson-vt';
import { feature, mesh } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import { fromGeojsonVt } from 'vt-pbf';

/**
 * Every tile also carries `coverage`: one square over the whole tile (past its edges by
 * COVERAGE_BUFFER, so tiles meet without a seam). The app draws water from it over a neutral "no
 * data" background, so a tile that never reached the device (offline, never cached) shows as no data
 * instead of as sea (issue 27 point 9). Land is drawn over it from `land`.
 */
export const COVERAGE_LAYER = 'coverage';
/** Vector tile extent, the Mapbox Vector Tile default. */
export const TILE_EXTENT = 4096;
const COVERAGE_BUFFER = 128;
/** The coverage square as a geojson-vt tile feature (type 3 polygon, tile units, clockwise in tile space: an outer ring). */
const COVERAGE_FEATURE = {
  type: 3,
  geometry: [[[-COVERAGE_BUFFER, -COVERAGE_BUFFER], [TILE_EXTENT + COVERAGE_BUFFER, -COVERAGE_BUFFER], [TILE_EXTENT + COVERAGE_BUFFER, TILE_EXTENT + COVERAGE_BUFFER], [-COVERAGE_BUFFER, TILE_EXTENT + COVERAGE_BUFFER], [-COVERAGE_BUFFER, -COVERAGE_BUFFER]]],
  tags: {},
};

/** The vector layers of a basemap tile (besides `coverage`). */
export const BASEMAP_LAYERS = ['land', 'countries', 'states', 'places'] as const;
export type BasemapLayer = (typeof BASEMAP_LAYERS)[number];

/** Highest zoom tiles are cut at; deeper requests are over-zoomed by the client (source maxzoom). */
export const BASEMAP_MAX_ZOOM = 10;

const require = createRequire(import.meta.url);

function loadTopology(path: string): Topology {
  return require(path) as Topology;
}

/** Planar area and centroid of a ring of lon/lat positions (shoelace); area is signed. */
function ringCentroid(ring: readonly Position[]): { area: number; x: number; y: number } {
  let area = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x0 = 0, y0 = 0] = ring[j] ?? [];
    const [x1 = 0, y1 = 0] = ring[i] ?? [];
    const cross = x0 * y1 - x1 * y0;
    area += cross;
    cx += (x0 + x1) * cross;
    cy += (y0 + y1) * cross;
  }
  area /= 2;
  return area === 0 ? { area: 0, x: ring[0]?.[0] ?? 0, y: ring[0]?.[1] ?? 0 } : { area, x: cx / (6 * area), y: cy / (6 * area) };
}

/**
 * Where a country or state name goes: the centroid of its largest polygon's outer ring (so France's
 * name sits in Europe, not between its overseas parts). Null for a geometry without polygons.
 */
export function labelPoint(geometry: Geometry | null): Position | null {
  if (!geometry) return null;
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.type === 'MultiPolygon' ? geometry.coordinates : [];
  let best: { area: number; x: number; y: number } | null = null;
  for (const polygon of polygons) {
    const outer = polygon[0];
    if (!outer) continue;
    const centroid = ringCentroid(outer);
    if (!best || Math.abs(centroid.area) > Math.abs(best.area)) best = centroid;
  }
  return best ? [best.x, best.y] : null;
}

/** Name points for the map's country and state labels. */
function namePoints(collection: FeatureCollection<Geometry>, kind: 'country' | 'state'): Feature<Point>[] {
  return collection.features.flatMap((item) => {
    const name = (item.properties as { name?: unknown } | null)?.name;
    const at = labelPoint(item.geometry);
    return typeof name === 'string' && name && at ? [{ type: 'Feature', properties: { name, kind }, geometry: { type: 'Point', coordinates: at } }] : [];
  });
}

/** Natural Earth land and country borders (world-atlas 50m), US state borders (us-atlas 10m) and their name points, as GeoJSON. */
export function basemapGeoJson(): Record<BasemapLayer, FeatureCollection<Geometry>> {
  const land = loadTopology('world-atlas/land-50m.json');
  const countries = loadTopology('world-atlas/countries-50m.json');
  const states = loadTopology('us-atlas/states-10m.json');
  const asCollection = (value: unknown): FeatureCollection<Geometry> => {
    const object = value as FeatureCollection<Geometry> | FeatureCollection<Geometry>['features'][number];
    return object.type === 'FeatureCollection' ? object : { type: 'FeatureCollection', features: [object] };
  };
  const countryObject = countries.objects['countries'];
  const stateObject = states.objects['states'];
  const landObject = land.objects['land'];
  if (!countryObject || !stateObject || !landObject) throw new Error('world-atlas / us-atlas topology objects missing');
  // Borders as shared-arc meshes: each border drawn once, no coastlines doubled over the land edge.
  const countryBorders = mesh(countries, countryObject as never, (a, b) => a !== b);
  const stateBorders = mesh(states, stateObject as never, (a, b) => a !== b);
  const places: FeatureCollection<Geometry> = {
    type: 'FeatureCollection',
    features: [...namePoints(asCollection(feature(countries, countryObject)), 'country'), ...namePoints(asCollection(feature(states, stateObject)), 'state')],
  };
  return {
    land: asCollection(feature(land, landObject)),
    countries: { type: 'FeatureCollection', features: [{ type: 'Feature', properties: { kind: 'border' }, geometry: countryBorders }] },
    states: { type: 'FeatureCollection', features: [{ type: 'Feature', properties: { kind: 'border' }, geometry: stateBorders }] },
    places,
  };
}

/** Cuts and encodes basemap tiles; the geojson-vt indexes are built once, on first use. */
export class BasemapTiles {
  #indexes: Record<BasemapLayer, GeoJSONVT> | null = null;

  #build(): Record<BasemapLayer, GeoJSONVT> {
    if (this.#indexes) return this.#indexes;
    const data = basemapGeoJson();
    const options = { maxZoom: BASEMAP_MAX_ZOOM, indexMaxZoom: 4, tolerance: 3, buffer: 64 };
    this.#indexes = {
      land: new GeoJSONVT(data.land, options),
      countries: new GeoJSONVT(data.countries, options),
      states: new GeoJSONVT(data.states, options),
      places: new GeoJSONVT(data.places, options),
    };
    return this.#indexes;
  }

  /** Builds the indexes now (idempotent), so the first map does not wait for them. */
  warm(): void {
    this.#build();
  }

  /** The tile as a Mapbox Vector Tile (protobuf), or null outside the world / zoom range. */
  tile(z: number, x: number, y: number): Uint8Array | null {
    if (z < 0 || z > BASEMAP_MAX_ZOOM || x < 0 || y < 0 || x >= 2 ** z || y >= 2 ** z) return null;
    const indexes = this.#build();
    const layers: Record<string, { features: unknown[] }> = {};
    for (const name of BASEMAP_LAYERS) {
      layers[name] = indexes[name].getTile(z, x, y) ?? { features: [] };
    }
    layers[COVERAGE_LAYER] = { features: [COVERAGE_FEATURE] };
    return fromGeojsonVt(layers, { version: 2, extent: TILE_EXTENT });
  }
}
