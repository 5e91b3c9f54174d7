declare module 'vt-pbf' {
  /** Serializes geojson-vt tiles (layer name -> tile) to a Mapbox Vector Tile protobuf. */
  export function fromGeojsonVt(
    layers: Record<string, { features: unknown[] }>,
    options?: { version?: number; extent?: number },
  ): Uint8Array;
}
