import { describe, expect, it } from 'vitest';
import { encodeNavDb, openNavDb } from '@clearway/navdb';
import { sampleNavDataSet } from '@clearway/navdb/testing';
import { navDbLookup, planToRouteString, resolvePlan, type NavCandidate, type PlanNavLookup } from './resolve.js';
import { readPlan } from './detect.js';
import type { FlightPlanFile } from './model.js';

const db = openNavDb(encodeNavDb(sampleNavDataSet()));
const lookup = navDbLookup(db);

function fake(list: NavCandidate[]): PlanNavLookup {
  return { candidates: (ident) => list.filter((c) => c.ident === ident) };
}

describe('resolvePlan over the sample nav database', () => {
  it('maps by ident and position, keeps user points, keeps unknown ones as lat/lon points and says so', () => {
    const plan: FlightPlanFile = {
      procedures: {},
      points: [
        { ident: 'KHWD', kind: 'airport', lat: 37.659, lon: -122.122 },
        { ident: 'OSI', kind: 'vor', lat: 37.3925, lon: -122.2813 },
        { ident: 'ALPHA', kind: 'fix', lat: 37.51, lon: -122.49, airway: 'V25' },
        { ident: 'MYPT', kind: 'user', lat: 37.6, lon: -122.3 },
        { ident: 'NOPE', kind: 'fix', lat: 37.7, lon: -122.4 },
        { ident: 'SFOXY', kind: 'fix', lat: 38.7, lon: -122.6 },
        { ident: 'KOAK', kind: 'airport', lat: 37.72, lon: -122.22 },
      ],
    };
    const report = resolvePlan(plan, lookup);
    expect(report.points.map((p) => p.status)).toEqual(['mapped', 'mapped', 'mapped', 'user', 'unknown', 'unknown', 'mapped']);
    // ALPHA exists twice (CA and ND): the one near the file's position is taken, its region with it.
    expect(report.plan.points[2]).toMatchObject({ ident: 'ALPHA', kind: 'fix', lat: 37.5, lon: -122.5, region: 'K2', airway: 'V25' });
    expect(report.plan.points[1]).toMatchObject({ ident: 'OSI', kind: 'vor', lat: 37.392522, lon: -122.281314 });
    expect(report.plan.points[4]).toMatchObject({ ident: 'NOPE', kind: 'user', lat: 37.7, lon: -122.4 });
    expect(report.messages).toEqual([
      'Point 5 (NOPE): not in the nav database; kept as a lat/lon point.',
      'Point 6 (SFOXY): the nav database\'s SFOXY is 60.0 nm from the file\'s position (more than 3 nm); kept as a lat/lon point.',
    ]);
    expect(planToRouteString(report.plan)).toBe('KHWD OSI V25 ALPHA 37.6/-122.3 37.7/-122.4 38.7/-122.6 KOAK');
  });

  it('points named without a position: the candidate nearest the previous point; missing airports added from the header; unknown names dropped', () => {
    const { plan } = readPlan('KHWD DCT ALPHA DCT HW DCT NOWHERE KOAK');
    const report = resolvePlan(plan, lookup);
    expect(report.plan.points.map((p) => `${p.kind}:${p.ident}`)).toEqual(['airport:KHWD', 'fix:ALPHA', 'ndb:HW', 'airport:KOAK']);
    expect(report.plan.points[1]!.lat).toBe(37.5);
    expect(report.points.map((p) => p.status)).toEqual(['mapped', 'ambiguous', 'mapped', 'dropped', 'mapped']);
    expect(report.messages).toEqual([
      'Point 2 (ALPHA): 2 nav database points have that name and the file gives no position; the one nearest the previous point was taken.',
      'Point 4 (NOWHERE): not in the nav database and the file gives no position; left out.',
    ]);
  });

  it('an MSFS 2024 plan that names its airports only in the header gets them as points', () => {
    const plan: FlightPlanFile = { departure: 'KSFO', destination: 'KOAK', procedures: {}, points: [{ ident: 'OSI', kind: 'vor', lat: NaN, lon: NaN }] };
    expect(resolvePlan(plan, lookup).plan.points.map((p) => p.ident)).toEqual(['KSFO', 'OSI', 'KOAK']);
  });
});

describe('resolvePlan rules', () => {
  it('two candidates within the tolerance: the nearest, flagged ambiguous', () => {
    const report = resolvePlan(
      { procedures: {}, points: [{ ident: 'DUP', kind: 'fix', lat: 10, lon: 10 }] },
      fake([
        { ident: 'DUP', kind: 'fix', lat: 10.02, lon: 10 },
        { ident: 'DUP', kind: 'fix', lat: 10.01, lon: 10 },
      ]),
    );
    expect(report.points[0]!.status).toBe('ambiguous');
    expect(report.plan.points[0]!.lat).toBe(10.01);
    expect(report.points[0]!.offsetNm).toBeCloseTo(0.6, 1);
  });

  it('a VOR in the file does not map to a fix of the same name; a guessed kind maps to any', () => {
    const list: NavCandidate[] = [{ ident: 'ABC', kind: 'fix', lat: 1, lon: 1 }];
    expect(resolvePlan({ procedures: {}, points: [{ ident: 'ABC', kind: 'vor', lat: 1, lon: 1 }] }, fake(list)).points[0]!.status).toBe('unknown');
    expect(resolvePlan({ procedures: {}, points: [{ ident: 'ABC', kind: 'fix', kindGuessed: true, lat: 1, lon: 1 }] }, fake(list)).points[0]!.status).toBe('mapped');
  });

  it('the tolerance is an option', () => {
    const list: NavCandidate[] = [{ ident: 'ABC', kind: 'fix', lat: 1.1, lon: 1 }];
    const plan: FlightPlanFile = { procedures: {}, points: [{ ident: 'ABC', kind: 'fix', lat: 1, lon: 1 }] };
    expect(resolvePlan(plan, fake(list)).points[0]!.status).toBe('unknown');
    expect(resolvePlan(plan, fake(list), { toleranceNm: 7 }).points[0]!.status).toBe('mapped');
  });
});
