import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { detectFormat, readPlan, writePlan } from './detect.js';
import { formatGfpPosition, gfpPosition, readGfp, writeGfp } from './gfp.js';
import type { FlightPlanFile } from './model.js';

/*
 * Golden .gfp cases: cases/gfp/<name>/input.gfp, read (expected.json, NaN positions as null) and
 * written again (expected.gfp), compared exactly. UPDATE_GOLDEN=1 rewrites them on purpose; a missing
 * expectation fails, and the flag is refused under CI.
 */
const casesDir = fileURLToPath(new URL('../cases/gfp', import.meta.url));
const update = process.env['UPDATE_GOLDEN'] === '1';
if (process.env['CI'] && process.env['UPDATE_GOLDEN']) throw new Error('UPDATE_GOLDEN is set under CI: goldens are rewritten on purpose on a developer machine, never by CI; unset it');
const cases = readdirSync(casesDir);

describe('Garmin .gfp golden cases', () => {
  it('has its cases', () => expect(cases.sort()).toEqual(['direct-and-airways', 'positions-only', 'procedures']));
  for (const name of cases) {
    it(name, () => {
      const input = readFileSync(join(casesDir, name, 'input.gfp'), 'utf8');
      expect(detectFormat(input)).toBe('garmin-gfp');
      const { plan } = readPlan(input);
      const json = `${JSON.stringify(plan, null, 2)}\n`;
      const written = writePlan('garmin-gfp', plan);
      const jsonPath = join(casesDir, name, 'expected.json');
      const gfpPath = join(casesDir, name, 'expected.gfp');
      if (update) {
        writeFileSync(jsonPath, json);
        writeFileSync(gfpPath, written);
      }
      if (!existsSync(jsonPath) || !existsSync(gfpPath)) throw new Error(`${name}: expected.json or expected.gfp is missing (UPDATE_GOLDEN=1 writes them on purpose)`);
      expect(json).toBe(readFileSync(jsonPath, 'utf8'));
      expect(written).toBe(readFileSync(gfpPath, 'utf8'));
    });
  }
});

describe('Garmin .gfp by hand', () => {
  it('positions: degrees, minutes and tenths (N37 12.3 W121 45.6), both ways', () => {
    const p = gfpPosition('N37123W121456')!;
    expect(p.lat).toBeCloseTo(37 + 12.3 / 60, 12);
    expect(p.lon).toBeCloseTo(-(121 + 45.6 / 60), 12);
    expect(formatGfpPosition(p.lat, p.lon)).toBe('N37123W121456');
    // 59.96' rounds up into the next degree.
    expect(formatGfpPosition(-(33 + 59.96 / 60), 151.2)).toBe('S34000E151120');
    expect(gfpPosition('N37623W121456')).toBeNull();
  });

  it('airways join a segment; the structure is one line, no line ending', () => {
    const plan: FlightPlanFile = {
      procedures: {},
      points: [
        { ident: 'KSQL', kind: 'airport', lat: 37.5119, lon: -122.2495 },
        { ident: 'SJC', kind: 'vor', lat: 37.3749, lon: -121.9447 },
        { ident: 'PXN', kind: 'vor', lat: 36.9253, lon: -121.3392, airway: 'V334' },
        { ident: 'RW27+3', kind: 'user', lat: 36.6, lon: -121.5 },
        { ident: 'KMRY', kind: 'airport', lat: 36.587, lon: -121.8429 },
      ],
    };
    expect(writeGfp(plan)).toBe('FPN/RI:F:KSQL:F:SJC.V334.PXN:F:N36360W121300:F:KMRY');
  });

  it('round trip: idents, kinds of airports, airways and procedures kept; user points within a tenth of a minute', () => {
    const input = readGfp(readFileSync(join(casesDir, 'procedures', 'input.gfp'), 'utf8'));
    const again = readGfp(writeGfp(input));
    expect(again.procedures).toEqual(input.procedures);
    expect(again.points.map((p) => [p.ident, p.kind, p.airway])).toEqual(input.points.map((p) => [p.ident, p.kind, p.airway]));
    const user: FlightPlanFile = { procedures: {}, points: [{ ident: 'A', kind: 'user', lat: 45.123456, lon: -122.654321 }, { ident: 'B', kind: 'user', lat: -12.5, lon: 130.25 }] };
    readGfp(writeGfp(user)).points.forEach((p, i) => {
      expect(Math.abs(p.lat - user.points[i]!.lat)).toBeLessThanOrEqual(1 / 1200 + 1e-12);
      expect(Math.abs(p.lon - user.points[i]!.lon)).toBeLessThanOrEqual(1 / 1200 + 1e-12);
    });
  });

  it('bad input: clear errors saying what and where', () => {
    expect(() => readGfp('FPL/RI:F:KSQL')).toThrow('Garmin .gfp line 1: line 1 must start with "FPN/RI:" (it starts "FPL/RI:F:KSQ")');
    expect(() => readGfp('FPN/RI:F:KSQL:X:ABC')).toThrow('Garmin .gfp line 1: line 1, field 2 (X): unknown tag "X" (known: F, DA, AA, D, R, A, AP)');
    expect(() => readGfp('FPN/RI:F:KSQL:F')).toThrow('has no value after it');
    expect(() => readGfp('FPN/RI:F:SJC.V334')).toThrow('line 1, field 1 (F): "SJC.V334" ends with an airway');
    expect(() => readGfp('FPN/RI:F:SJC,N99999W121456')).toThrow('"N99999W121456" is not a position like N45223W121419');
    expect(() => readGfp('FPN/RI:F:S-J')).toThrow('"S-J" is not a point ident or position');
    expect(() => writeGfp({ procedures: {}, points: [{ ident: 'A', kind: 'fix', lat: 1, lon: 2 }] })).toThrow('Garmin .gfp: a plan needs at least two points to write, it has 1');
  });
});
