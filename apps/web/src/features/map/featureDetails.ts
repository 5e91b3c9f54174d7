/** What a tap on the map found: an airport, navaid, fix or weather symbol, with where it was tapped (container pixels). */
export interface FeatureDetails {
  kind: 'airport' | 'navaid' | 'fix' | 'weather';
  id: string;
  name: string;
  type: string;
  /** Decoded lines of a weather symbol (layers/weatherDetails.ts). */
  lines?: string[];
  /** Its raw report. */
  raw?: string;
  x: number;
  y: number;
}

const AIRPORT_TYPES: Record<string, string> = {
  airport: 'Airport',
  heliport: 'Heliport',
  seaplane_base: 'Seaplane base',
  balloonport: 'Balloonport',
  gliderport: 'Gliderport',
  ultralight: 'Ultralight',
};

/** The details of the first clickable feature, or null. */
export function featureDetails(feature: { layer: { id: string }; properties: unknown }, x: number, y: number): FeatureDetails | null {
  const p = feature.properties as Record<string, unknown>;
  const id = typeof p['id'] === 'string' ? p['id'] : null;
  if (!id) return null;
  const text = (value: unknown, fallback: string) => (typeof value === 'string' && value.length > 0 ? value : fallback);
  switch (feature.layer.id) {
    case 'airports':
    case 'runways': {
      const type = AIRPORT_TYPES[text(p['type'], 'airport')] ?? 'Airport';
      const towered = p['towered'] === true ? 'towered' : 'non-towered';
      return { kind: 'airport', id, name: text(p['name'], id), type: feature.layer.id === 'runways' ? `Airport, ${towered}` : `${type}, ${towered}`, x, y };
    }
    case 'navaids':
      return { kind: 'navaid', id, name: text(p['name'], id), type: text(p['type'], 'Navaid'), x, y };
    case 'fixes':
      return { kind: 'fix', id, name: id, type: 'Fix', x, y };
    default:
      return null;
  }
}
