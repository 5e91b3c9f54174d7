import { describe, expect, it } from 'vitest';
import { ALL_AIRPORTS_MIN_ZOOM, airportFeatures, airportsShownAt } from './mapFeatures.js';
import type { Airport } from './model.js';

function airport(id: string, type: Airport['type'], publicUse: boolean, towered = false): Airport {
  return { id, name: id, type, publicUse, towered, latDeg: 37, lonDeg: -122, longestRunwaySurface: 'H' } as unknown as Airport;
}

const AIRPORTS = [
  airport('PUB', 'airport', true),
  airport('SEA', 'seaplane_base', true),
  airport('PVT', 'airport', false),
  airport('MIL', 'airport', false, true),
  airport('HEL', 'heliport', true),
  airport('ULT', 'ultralight', false),
  airport('CLO', 'closed', true),
];

describe('airportsShownAt', () => {
  it('shows public airports, seaplane bases and towered fields below the declutter zoom', () => {
    expect(airportsShownAt(AIRPORTS, ALL_AIRPORTS_MIN_ZOOM - 0.1).map((a) => a.id)).toEqual(['PUB', 'SEA', 'MIL']);
  });

  it('shows every open airport from the declutter zoom, never a closed one', () => {
    expect(airportsShownAt(AIRPORTS, ALL_AIRPORTS_MIN_ZOOM).map((a) => a.id)).toEqual(['PUB', 'SEA', 'PVT', 'MIL', 'HEL', 'ULT']);
  });

  it('keeps only the properties the style reads', () => {
    const [feature] = airportFeatures([airport('SEA', 'seaplane_base', true)]).features;
    expect(feature?.properties).toEqual({ id: 'SEA', name: 'SEA', type: 'seaplane_base', towered: false, surface: 'W' });
  });
});
