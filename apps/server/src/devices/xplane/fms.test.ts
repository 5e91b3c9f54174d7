import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFms, writeFms } from './fms.js';

/** The shared real `.fms` files (../shared/data beside the repository; TESTING.md: no silent skip when missing). */
const REAL_DIR = join(import.meta.dirname, '../../../../../../shared/data/xplane/flightplans/aerofly-missions');
if (!existsSync(REAL_DIR)) throw new Error(`The real X-Plane .fms files are expected in ${REAL_DIR} (../shared/data/xplane beside the repository)`);
const realFiles = readdirSync(REAL_DIR).filter((name) => name.endsWith('.fms'));

const ROUTE = [
  { id: 'KEYW', type: 'AIRPORT', altitude: 3, lat: 24.55611, lon: -81.759552 },
  { id: 'EYW', type: 'VOR', altitude: 2500, lat: 24.585878, lon: -81.800476 },
  { id: 'JOMIN', type: 'FIX', altitude: 2500, lat: 25.223953, lon: -80.348679 },
  { id: 'KHWO', type: 'AIRPORT', altitude: 5, lat: 26.001223, lon: -80.240723 },
] as const;

describe('X-Plane .fms flight plan (v1100)', () => {
  it('writes the header (I, 1100 Version, CYCLE, ADEP, ADES, NUMENR) and one line per waypoint', () => {
    const text = writeFms([...ROUTE]);
    expect(text.split('\n').slice(0, 8)).toEqual([
      'I', '1100 Version', 'CYCLE 2502', 'ADEP KEYW', 'ADES KHWO', 'NUMENR 4',
      '1 KEYW ADEP 3.000000 24.556110 -81.759552', '3 EYW DRCT 2500.000000 24.585878 -81.800476',
    ]);
    const plan = readFms(text);
    expect(plan.waypoints.map((w) => [w.type, w.id, w.via])).toEqual([[1, 'KEYW', 'ADEP'], [3, 'EYW', 'DRCT'], [11, 'JOMIN', 'DRCT'], [1, 'KHWO', 'ADES']]);
  });

  it('has the structure of the shared real .fms files', () => {
    expect(realFiles.sort()).toEqual(['EFMA-lnavmap.fms', 'EGCC-EDDF.fms', 'khwo-xplane12.fms']);
    for (const name of realFiles) {
      const real = readFms(readFileSync(join(REAL_DIR, name), 'utf8'));
      // Real files: version 1100 (airway legs name the airway in "via"; Clearway sends every leg DRCT), NUMENR = waypoint lines, first via ADEP and last ADES naming the header's airports.
      expect(real.version, name).toBe(1100);
      expect(real.numenr, name).toBe(real.waypoints.length);
      const ours = readFms(writeFms(real.waypoints.map((w) => ({ id: w.id, type: w.type === 1 ? 'AIRPORT' as const : w.type === 3 ? 'VOR' as const : w.type === 2 ? 'NDB' as const : w.type === 11 ? 'FIX' as const : 'LATLON' as const, altitude: w.altitude, lat: w.lat, lon: w.lon })), real.cycle));
      expect({ ...ours, waypoints: ours.waypoints.map((w) => ({ ...w, altitude: Math.round(w.altitude * 1e6) / 1e6 })) }, name).toEqual({
        ...real,
        waypoints: real.waypoints.map((w) => ({ ...w, via: w.via === 'ADEP' || w.via === 'ADES' ? w.via : 'DRCT', altitude: Math.round(w.altitude * 1e6) / 1e6 })),
      });
    }
  });

  it('refuses a plan of fewer than 2 waypoints and a malformed file, saying where', () => {
    expect(() => writeFms([ROUTE[0]])).toThrow('an .fms flight plan needs at least 2 waypoints (got 1)');
    expect(() => readFms('I\n1100 Version\nCYCLE 2502\n1 KEYW ADEP x 24 -81\n')).toThrow('.fms line 4: a waypoint line with bad numbers');
  });
});
