import { describe, expect, it } from 'vitest';
import type { Airport } from '@clearway/navdb';
import { mergeEnRoute, routePoints } from './enRoute';

describe('en route airports', () => {
  it('reads waypoint positions from a flight-plan route or plain degrees; nothing for no route', () => {
    expect(routePoints(null)).toEqual([]);
    expect(routePoints({ waypoints: 'x' })).toEqual([]);
    expect(routePoints({ waypoints: [{ location: { lat: 1, lon: 2 } }, { latDeg: 3, lonDeg: 4 }, { code: 'BAD' }] })).toEqual([
      { latDeg: 1, lonDeg: 2 },
      { latDeg: 3, lonDeg: 4 },
    ]);
  });

  it('merges per-waypoint nearest lists in route order, each airport once', () => {
    const a = (id: string, icaoId: string | null, name: string) => ({ airport: { id, icaoId, name } as Airport });
    expect(mergeEnRoute([[a('HWD', 'KHWD', 'HAYWARD'), a('OAK', 'KOAK', 'OAKLAND')], [a('OAK', 'KOAK', 'OAKLAND'), a('C83', null, 'BYRON')]])).toEqual([
      { code: 'KHWD', name: 'HAYWARD' },
      { code: 'KOAK', name: 'OAKLAND' },
      { code: 'C83', name: 'BYRON' },
    ]);
  });
});
