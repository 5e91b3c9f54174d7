import { describe, expect, it } from 'vitest';
import { encodeNavDb, openNavDb } from '@clearway/navdb';
import { sampleNavDataSet } from '@clearway/navdb/testing';
import { DEFAULT_PROFILE, parseRoute } from '@clearway/flightplan';
import { navDbLookup, readPlan, resolvePlan } from '@clearway/planfiles';
import { simFmsFolderRequestSchema } from '@clearway/protocol';
import kbli from '../../../../../../../shared/data/xplane/flightplans/aerofly-missions/KBLI.fpl?raw';
import { exportRoute, importPlanFile, xplaneFolderName, type ResolvePlanFile } from './planFileActions';

const db = openNavDb(encodeNavDb(sampleNavDataSet()));
const resolve: ResolvePlanFile = (plan) => Promise.resolve(resolvePlan(plan, navDbLookup(db)));

describe('importPlanFile', () => {
  it('a real Garmin file whose points the database lacks: kept as lat/lon points, each one reported', async () => {
    const result = await importPlanFile(kbli, 'KBLI.fpl', resolve);
    expect(result.summary).toBe('KBLI.fpl (Garmin .fpl): 0 from the nav database, 1 user point, 4 not found, kept as lat/lon.');
    expect(result.code).toBe('48.120194/-123.499694 48.26409/-123.082993 48.244694/-122.724417 48.468597/-122.418414 48.792694/-122.537528');
    expect(result.messages).toHaveLength(4);
    expect(result.messages[0]).toBe('Point 1 (KCLM): not in the nav database; kept as a lat/lon point.');
  });

  it('a plan the database knows: a route string of its idents; a name shared by an airport and a VOR is flagged', async () => {
    const result = await importPlanFile('KSFO SFO V25 ARCHI KOAK', 'route.txt', resolve);
    expect(result).toEqual({
      code: 'KSFO SFO V25 ARCHI KOAK',
      summary: 'route.txt (ICAO route): 4 from the nav database.',
      messages: ['Point 2 (SFO): 2 nav database points have that name and the file gives no position; the one nearest the previous point was taken.'],
    });
  });

  it('a file that is no plan: the reason', async () => {
    await expect(importPlanFile('hello', 'notes.txt', resolve)).rejects.toThrow(/not a flight plan format Clearway reads/);
  });
});

describe('exportRoute', () => {
  it('names the file after the ends and writes the format, the nav data cycle in X-Plane files', () => {
    const route = parseRoute('KSFO SFO V25 ARCHI KOAK', DEFAULT_PROFILE, db, { now: 0 });
    const fms = exportRoute(route, 'xplane-fms', '2511');
    expect(fms.name).toBe('KSFO-KOAK.fms');
    expect(fms.text.split('\n').slice(0, 6)).toEqual(['I', '1100 Version', 'CYCLE 2511', 'ADEP KSFO', 'ADES KOAK', 'NUMENR 4']);
    const pln = exportRoute(route, 'msfs2024-pln', '2511');
    expect(pln.name).toBe('KSFO-KOAK.pln');
    expect(readPlan(pln.text).format).toBe('msfs2024-pln');
  });
});

describe('xplaneFolderName (the file name sent to /sim/fms-folder)', () => {
  it('drops .fms and keeps only the server-accepted characters, 64 at most', () => {
    expect(xplaneFolderName('KSQL-KOAK.fms')).toBe('KSQL-KOAK');
    expect(xplaneFolderName('37.6_-122.3-KOAK.FMS')).toBe('37_6_-122_3-KOAK');
    expect(xplaneFolderName(`${'A'.repeat(80)}.fms`)).toBe('A'.repeat(64));
    expect(xplaneFolderName('.fms')).toBe('Clearway');
    // What the server's schema accepts (packages/protocol simFmsFolderRequestSchema).
    for (const name of ['KSQL-KOAK', '37_6_-122_3-KOAK', 'Clearway']) expect(simFmsFolderRequestSchema.safeParse({ name, fms: 'x' }).success).toBe(true);
  });
});
