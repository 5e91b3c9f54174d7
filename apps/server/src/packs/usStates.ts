import { createRequire } from 'node:module';
import type { Geometry, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import type { LonLatBoundsDeg, UsStateArea } from '@clearway/protocol';

const require = createRequire(import.meta.url);

/** USPS codes by FIPS code (the `id` of us-atlas's states): the 50 states and DC. */
const USPS_BY_FIPS: Readonly<Record<string, string>> = {
  '01': 'AL', '02': 'AK', '04': 'AZ', '05': 'AR', '06': 'CA', '08': 'CO', '09': 'CT', '10': 'DE', '11': 'DC', '12': 'FL',
  '13': 'GA', '15': 'HI', '16': 'ID', '17': 'IL', '18': 'IN', '19': 'IA', '20': 'KS', '21': 'KY', '22': 'LA', '23': 'ME',
  '24': 'MD', '25': 'MA', '26': 'MI', '27': 'MN', '28': 'MS', '29': 'MO', '30': 'MT', '31': 'NE', '32': 'NV', '33': 'NH',
  '34': 'NJ', '35': 'NM', '36': 'NY', '37': 'NC', '38': 'ND', '39': 'OH', '40': 'OK', '41': 'OR', '42': 'PA', '44': 'RI',
  '45': 'SC', '46': 'SD', '47': 'TN', '48': 'TX', '49': 'UT', '50': 'VT', '51': 'VA', '53': 'WA', '54': 'WV', '55': 'WI',
  '56': 'WY',
};

function positions(geometry: Geometry): Position[] {
  switch (geometry.type) {
    case 'Polygon':
      return geometry.coordinates.flat();
    case 'MultiPolygon':
      return geometry.coordinates.flat(2);
    default:
      return [];
  }
}

/**
 * The box of a state's outline, degrees. Alaska's Aleutians cross the antimeridian: its box is
 * taken west of it (from -180), since the chart regions and tile maths use boxes with west <= east.
 */
export function boundsOf(geometry: Geometry): LonLatBoundsDeg {
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lon = 0, lat = 0] of positions(geometry)) {
    // East of 0° in a US state means past the antimeridian (the Aleutians): clamp to -180.
    const x = lon > 0 ? -180 : lon;
    west = Math.min(west, x);
    east = Math.max(east, x);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return [round(west), round(south), round(east), round(north)];
}

let states: UsStateArea[] | null = null;

/** The 50 states and DC with their boxes, from us-atlas (US Census cartographic boundaries), by name. */
export function usStates(): UsStateArea[] {
  if (states) return states;
  const topology = require('us-atlas/states-10m.json') as Topology;
  const object = topology.objects['states'];
  if (!object) throw new Error('us-atlas/states-10m.json has no states object');
  const collection = feature(topology, object as never) as unknown as { features: { id?: string | number; properties: { name?: string } | null; geometry: Geometry }[] };
  states = collection.features
    .map((item) => ({ code: USPS_BY_FIPS[String(item.id).padStart(2, '0')], name: item.properties?.name ?? '', bounds: boundsOf(item.geometry) }))
    .filter((state): state is UsStateArea => state.code !== undefined && state.name !== '')
    .sort((a, b) => a.name.localeCompare(b.name));
  return states;
}

/** A state by USPS code, any letter case. */
export function findUsState(code: string): UsStateArea | undefined {
  return usStates().find((state) => state.code === code.toUpperCase());
}
