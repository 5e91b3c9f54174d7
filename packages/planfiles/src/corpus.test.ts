/**
 * Every real plan in ../shared/data/xplane/flightplans (files written by Little Navmap, SimBrief,
 * Garmin and X-Plane), read by content: the format recognised, the points, airways and procedures
 * pinned; and each re-written in its own format and read back to the same plan.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectFormat, readPlan, writePlan } from './detect.js';
import { hasPosition } from './model.js';

const dir = new URL('../../../../shared/data/xplane/flightplans/aerofly-missions/', import.meta.url);
const files = readdirSync(dir)
  .filter((f) => !f.startsWith('LICENSE'))
  .sort();

/** file → [format, points, departure, destination, points with an airway, procedures as text, kinds a/v/n/f/u]. */
const pinned: Record<string, [string, number, string | undefined, string | undefined, number, string, string]> = {
  'EFMA-lnavmap.fms': ['xplane-fms', 11, 'EFMA', 'EFMA', 0, '', 'auufvnuuuua'],
  'EFMA-lnavmap.pln': ['msfs2020-pln', 11, 'EFMA', 'EFMA', 0, '', 'auufvnuuuua'],
  'EGCC-EDDF.fms': ['xplane-fms', 17, 'EGCC', 'EDDF', 11, '', 'affffffffffnffffa'],
  'KBLI.fpl': ['garmin-fpl', 5, 'KCLM', 'KBLI', 0, '', 'auvna'],
  'KLAS.fpl': ['garmin-fpl', 6, 'KLAS', 'KLAS', 0, '', 'avfaua'],
  'khwo-flight-gear.fgfp': ['fgfp', 10, 'KEYW', 'KHWO', 0, '', 'auuffffuua'],
  'khwo-fsx.pln': ['fsx-pln', 10, 'KEYW', 'KHWO', 0, '', 'auuvnfvuua'],
  'khwo-msfs2020.pln': ['msfs2020-pln', 10, 'KEYW', 'KHWO', 0, '', 'auuvnfvuua'],
  'khwo-msfs2024.pln': ['msfs2024-pln', 8, 'KEYW', 'KHWO', 0, '', 'uuvnfvuu'],
  'khwo-xplane12.fms': ['xplane-fms', 10, 'KEYW', 'KHWO', 0, '', 'auuvnfvuua'],
  'simbrief-mfs.pln': ['msfs2020-pln', 11, 'KEYW', 'KMIA', 0, 'departureRunway=27 star=SNDBR3 arrivalRunway=26L', 'afffffffffa'],
  'simbrief-mfs2024.pln': ['msfs2024-pln', 7, 'EKRK', 'EGLC', 3, 'departureRunway=11 arrivalRunway=09 star=SUMU1C approach=ILS 09', 'fffffff'],
};

describe('the shared real plans', () => {
  it('are the twelve files the pins cover', () => {
    expect(files).toEqual(Object.keys(pinned).sort());
  });

  for (const file of files) {
    it(`${file}: format, points, airways and procedures`, () => {
      const content = readFileSync(new URL(file, dir), 'utf8');
      const { format, plan } = readPlan(content);
      const [fmt, count, dep, des, airways, procs, kinds] = pinned[file]!;
      expect(format).toBe(fmt);
      expect(plan.points).toHaveLength(count);
      expect([plan.departure, plan.destination]).toEqual([dep, des]);
      expect(plan.points.filter((p) => p.airway).length).toBe(airways);
      expect(Object.entries(plan.procedures).map(([k, v]) => `${k}=${v}`).join(' ')).toBe(procs);
      expect(plan.points.map((p) => (p.kind === 'ndb' ? 'n' : p.kind[0])).join('')).toBe(kinds);
    });
  }

  for (const file of files.filter((f) => f !== 'simbrief-mfs2024.pln' && f !== 'khwo-msfs2024.pln')) {
    it(`${file}: written again in its own format reads back to the same plan`, () => {
      const { format, plan } = readPlan(readFileSync(new URL(file, dir), 'utf8'));
      const text = writePlan(format, plan, { created: '2026-01-01T00:00:00Z' });
      expect(detectFormat(text)).toBe(format);
      const back = readPlan(text).plan;
      expect(back.points).toHaveLength(plan.points.length);
      back.points.forEach((p, i) => {
        const q = plan.points[i]!;
        expect(p.kind).toBe(q.kind);
        if (q.kind !== 'user') expect(p.ident).toBe(q.ident);
        expect(p.airway).toBe(q.airway);
        expect(Math.abs(p.lat - q.lat)).toBeLessThan(1e-5);
        expect(Math.abs(p.lon - q.lon)).toBeLessThan(1e-5);
      });
      expect(back.procedures).toEqual(plan.procedures);
    });
  }

  it('MSFS 2024 plans from SimBrief name points without positions; the airports only in the header', () => {
    const { plan } = readPlan(readFileSync(new URL('simbrief-mfs2024.pln', dir), 'utf8'));
    expect(plan.points.every((p) => !hasPosition(p))).toBe(true);
    expect(plan.points.map((p) => `${p.ident}${p.airway ? `/${p.airway}` : ''}`).join(' ')).toBe('TOBIS LANGO ALASA GALSO AMRIV/Q63 MOMIC/Q63 SUMUM/Q63');
    expect(plan.points[0]!.region).toBe('EK');
    expect(() => writePlan('xplane-fms', plan)).toThrow(/point 1 \(TOBIS\) has no position: resolve the plan against the nav database first/);
  });
});
