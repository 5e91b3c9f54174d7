// Embedded components of features/inflight: the map view draws ownship and traffic with this (it
// imports maplibre-gl, so it stays out of index.ts and in the map's chunk).
export { InflightMapLayer } from './InflightMapLayer';
