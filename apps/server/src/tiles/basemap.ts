import { createRequire } from 'node:module';
import type { FeatureCollection, Geometry } from 'geojson';
import GeoJSONVT from 'geojson-vt';
import { feature, mesh } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import { fromGeojsonVt } from 'vt-pbf';

/** The vector layers of a basemap tile. */
export const BASEMAP_LAYERS = ['land', 'countries', 'states'] as const;
export type BasemapLayer = (typeof BASEMAP_LAYERS)[number];

/** Highest zoom tiles are cut at; deeper requests are over-zoomed by the client (source maxzoom). */
export const BASEMAP_MAX_ZOOM = 10;

const require = createRequire(import.meta.url);

function loadTopology(path: string): Topology {
  return require(path) as Topology;
}

/** Natural Earth land and country borders (world-atlas 50m) and US state borders (us-atlas 10m) as GeoJSON. */
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
  return {
    land: asCollection(feature(land, landObject)),
    countries: { type: 'FeatureCollection', features: [{ type: 'Feature', properties: { kind: 'border' }, geometry: countryBorders }] },
    states: { type: 'FeatureCollection', features: [{ type: 'Feature', properties: { kind: 'border' }, geometry: stateBorders }] },
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
    return fromGeojsonVt(layers, { version: 2, extent: 4096 });
  }
}
