import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readFms, writeFms } from './fms.js';
import type { FlightPlanFile } from './model.js';

const dir = new URL('../../../../shared/data/xplane/flightplans/aerofly-missions/', import.meta.url);
const shared = (name: string) => readFileSync(new URL(name, dir), 'utf8');

const plan: FlightPlanFile = {
  departure: 'EGCC',
  destination: 'EDDF',
  navCycle: '2106',
  procedures: { departureRunway: '23R', sid: 'DESI1R', star: 'ROMIN1A', approach: 'I25L' },
  points: [
    { ident: 'EGCC', kind: 'airport', lat: 53.3474, lon: -2.28348, altitudeFt: 0 },
    { ident: 'DOLAS', kind: 'fix', lat: 52.9786, lon: 1.00083, altitudeFt: 35000, airway: 'M16' },
    { ident: 'EHN', kind: 'ndb', lat: 51.4679, lon: 5.39486, altitudeFt: 31700, airway: 'P57' },
    { ident: 'WPT1', kind: 'user', lat: 51.1234567, lon: 6.0000001 },
    { ident: 'SPI', kind: 'vor', lat: -0.0000001, lon: 7.5 },
    { ident: 'EDDF', kind: 'airport', lat: 50.0326, lon: 8.54067, altitudeFt: 0 },
  ],
};

describe('writeFms', () => {
  it('writes the version 1100 layout: header, procedures, NUMENR and one line per point with its via', () => {
    const text = writeFms(plan);
    expect(text.split('\n')).toEqual([
      'I',
      '1100 Version',
      'CYCLE 2106',
      'ADEP EGCC',
      'DEPRWY RW23R',
      'SID DESI1R',
      'ADES EDDF',
      'STAR ROMIN1A',
      'APP I25L',
      'NUMENR 6',
      '1 EGCC ADEP 0.000000 53.347400 -2.283480',
      '11 DOLAS M16 35000.000000 52.978600 1.000830',
      '2 EHN P57 31700.000000 51.467900 5.394860',
      '28 WPT1 DRCT 0.000000 51.123457 6.000000',
      '3 SPI DRCT 0.000000 0.000000 7.500000',
      '1 EDDF ADES 0.000000 50.032600 8.540670',
      '',
    ]);
  });

  it('writes CRLF when asked, DEP/DES when the ends are not airports, and refuses a bad cycle', () => {
    const text = writeFms({ points: [plan.points[1]!, plan.points[3]!], procedures: {} }, { lineEnding: '\r\n', cycle: '2401' });
    expect(text).toBe('I\r\n1100 Version\r\nCYCLE 2401\r\nDEP DOLAS\r\nDES WPT1\r\nNUMENR 2\r\n11 DOLAS DEP 35000.000000 52.978600 1.000830\r\n28 WPT1 DES 0.000000 51.123457 6.000000\r\n');
    expect(() => writeFms(plan, { cycle: '21' })).not.toThrow(); // the plan's own cycle wins
    expect(() => writeFms({ ...plan, navCycle: undefined }, { cycle: '21' })).toThrow(/four digits/);
  });

  it('round-trips through readFms within 1e-5 degrees, keeping airways and procedures', () => {
    const back = readFms(writeFms(plan));
    expect(back.departure).toBe('EGCC');
    expect(back.destination).toBe('EDDF');
    expect(back.procedures).toEqual({ departureRunway: 'RW23R', sid: 'DESI1R', star: 'ROMIN1A', approach: 'I25L' });
    expect(back.points.map((p) => [p.ident, p.kind, p.airway])).toEqual(plan.points.map((p) => [p.ident, p.kind, p.airway]));
    back.points.forEach((p, i) => {
      expect(Math.abs(p.lat - plan.points[i]!.lat)).toBeLessThan(1e-5);
      expect(Math.abs(p.lon - plan.points[i]!.lon)).toBeLessThan(1e-5);
    });
  });
});

describe('readFms', () => {
  it('reads X-Plane 12 khwo-xplane12.fms (Little Navmap) with its types and altitudes', () => {
    const p = readFms(shared('khwo-xplane12.fms'));
    expect(p.navCycle).toBe('1802');
    expect([p.departure, p.destination]).toEqual(['KEYW', 'KHWO']);
    expect(p.points).toHaveLength(10);
    expect(p.points.map((w) => w.kind)).toEqual(['airport', 'user', 'user', 'vor', 'ndb', 'fix', 'vor', 'user', 'user', 'airport']);
    expect(p.points[3]).toEqual({ ident: 'EYW', kind: 'vor', lat: 24.585878, lon: -81.800476, altitudeFt: 1720.055908 });
  });

  it('reads EGCC-EDDF.fms (no final newline) with its airways', () => {
    const p = readFms(shared('EGCC-EDDF.fms'));
    expect(p.points).toHaveLength(17);
    expect(p.points.map((w) => w.airway ?? '-').join(' ')).toBe('- - M16 L603 L603 L603 L603 UL603 UL19 UL74 - P57 P57 - - Q760 -');
  });

  it('reads the old version 3', () => {
    const v3 = 'I\r\n3 version\r\n1\r\n2\r\n1 KSEA 433.000000 47.449000 -122.309306\r\n3 SEA 0.000000 47.435372 -122.309617\r\n1 KPDX 31.000000 45.588722 -122.597500\r\n0 ---- 0.000000 0.000000 0.000000\r\n';
    const p = readFms(v3);
    expect(p.points.map((w) => `${w.kind} ${w.ident}`)).toEqual(['airport KSEA', 'vor SEA', 'airport KPDX']);
    expect([p.departure, p.destination]).toEqual(['KSEA', 'KPDX']);
  });

  it('says what is wrong and where', () => {
    expect(() => readFms('<?xml version="1.0"?>')).toThrow(/X-Plane \.fms line 1: the first line must be "I" or "A"/);
    expect(() => readFms('I\n1050 Version\n')).toThrow(/line 2: unsupported version "1050 Version"/);
    expect(() => readFms('I\n1100 Version\nCYCLE 1802\nADEP KEYW\nNUMENR 2\n1 KEYW ADEP 0 24.5 -81.7\n')).toThrow(/NUMENR says 2 waypoints, the file has 1/);
    expect(() => readFms('I\n1100 Version\nNUMENR 1\n7 KEYW ADEP 0 24.5 -81.7\n')).toThrow(/line 4: unknown waypoint type 7/);
    expect(() => readFms('I\n1100 Version\nNUMENR 1\n1 KEYW ADEP 0 94.5 -81.7\n')).toThrow(/line 4: position 94.5 -81.7 is outside/);
    expect(() => readFms('I\n1100 Version\nNUMENR 1\n1 KEYW ADEP 0 abc -81.7\n')).toThrow(/line 4: latitude "abc" is not a number/);
  });
});
