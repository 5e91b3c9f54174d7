import { openNavDb } from '@clearway/navdb';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sharedDataPath } from '../common/sharedData.js';
import { buildNavData, type BuiltArtifact } from './build.js';
import { writeFilesAtomic } from './writeArtifact.js';

const work = mkdtempSync(join(tmpdir(), 'navbuild-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('US and world builds from the shared publisher files (corpus)', () => {
  let built: BuiltArtifact[] = [];

  it('builds both regions with pinned counts and problems', async () => {
    built = await buildNavData({ from: [sharedDataPath('navdata')], outDir: join(work, 'out'), now: new Date('2026-11-21T12:00:00Z') });
    const us = built.find((b) => b.region === 'us');
    const world = built.find((b) => b.region === 'world');
    if (!us || !world) throw new Error('both regions expected');

    // Floors of the issue; the exact figures are pinned below so they can only be improved on purpose.
    expect(us.report.counts.airports).toBeGreaterThanOrEqual(19_900);
    expect(us.report.counts.runways).toBeGreaterThanOrEqual(24_000);
    expect(us.report.counts.navaids).toBeGreaterThanOrEqual(1_780);
    expect(us.report.counts.fixes).toBeGreaterThanOrEqual(67_000);
    // Every airway of the FAA sources (NASR excerpts; the KHWD CIFP excerpt has none).
    const faaAirwayIds = us.report.sources.filter((s) => s.id === 'faa-nasr' || s.id === 'faa-cifp').reduce((n, s) => n + s.airways, 0);
    expect(faaAirwayIds).toBeGreaterThan(0);
    expect(us.report.counts.airways).toBe(faaAirwayIds);
    expect(us.report.cycle).toBe('2509');

    expect({
      us: us.report.counts,
      world: world.report.counts,
      conflicts: us.report.conflicts.length,
      dangling: us.report.dangling.length,
      issues: us.report.issues.length,
      errors: us.report.issues.filter((i) => i.severity === 'error').length,
      placedRunways: us.report.placedRunways,
    }).toMatchInlineSnapshot(`
      {
        "conflicts": 2262,
        "dangling": 0,
        "errors": 3,
        "issues": 1707,
        "placedRunways": 559,
        "us": {
          "airports": 20508,
          "airways": 3,
          "fixes": 67276,
          "navaids": 1781,
          "procedures": 5,
          "runways": 24021,
        },
        "world": {
          "airports": 97293,
          "airways": 9799,
          "fixes": 139829,
          "navaids": 12087,
          "procedures": 5,
          "runways": 63772,
        },
      }
    `);
  }, 180_000);

  it('writes artifacts the reader opens and queries', () => {
    const us = built.find((b) => b.region === 'us');
    if (!us) throw new Error('build first');
    const db = openNavDb(readFileSync(us.path));
    expect(db.header).toMatchObject({ region: 'us', cycle: '2509', effective: '2025-09-04', expires: '2025-10-02' });
    expect(db.airportSummary('KHWD')).toMatchObject({ code: 'HWD', icao: 'KHWD', municipality: 'HAYWARD' });
    expect(db.procedures('KHWD').length).toBeGreaterThan(0);
    expect(us.gzipBytes).toBeLessThanOrEqual(8 * 1024 * 1024);
  });
});

describe('bad input', () => {
  it('reports a truncated table and garbage lines with file and line, and still builds', async () => {
    const dir = join(work, 'bad');
    mkdirSync(dir, { recursive: true });
    const national = sharedDataPath('navdata/faa-nasr/national');
    const lines = readFileSync(join(national, 'APT_BASE.csv'), 'utf8').split('\n').slice(0, 40);
    lines.push('garbage,"unterminated', lines[5]?.slice(0, 60) ?? '');
    writeFileSync(join(dir, 'APT_BASE.csv'), lines.join('\n'));
    copyFileSync(join(national, 'NAV_BASE.csv'), join(dir, 'NAV_BASE.csv'));
    const [artifact] = await buildNavData({ from: [dir], outDir: join(work, 'bad-out'), regions: ['us'], now: new Date('2026-11-21T12:00:00Z') });
    expect(artifact?.report.counts.airports).toBeGreaterThan(30);
    const errors = artifact?.report.issues.filter((i) => i.file === 'APT_BASE.csv' && i.severity === 'error') ?? [];
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((i) => i.line > 39)).toBe(true);
  });

  it('fails clearly when no source is found, and leaves a good artifact alone', async () => {
    const out = join(work, 'keep');
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'us.cwnav'), 'good');
    const empty = join(work, 'empty');
    mkdirSync(empty, { recursive: true });
    writeFileSync(join(empty, 'README.txt'), 'nothing here');
    await expect(buildNavData({ from: [empty], outDir: out, now: new Date() })).rejects.toThrow(/No nav data sources found under .*empty/);
    expect(readFileSync(join(out, 'us.cwnav'), 'utf8')).toBe('good');
  });

  it('writes all files or none: a failure before the renames keeps the old artifact', async () => {
    const out = join(work, 'atomic');
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'us.cwnav'), 'good');
    writeFileSync(join(out, 'blocker'), 'a file where a folder should be');
    await expect(
      writeFilesAtomic([
        { path: join(out, 'us.cwnav'), bytes: new TextEncoder().encode('new') },
        { path: join(out, 'blocker', 'us.cwnav.gz'), bytes: new Uint8Array(3) },
      ]),
    ).rejects.toThrow();
    expect(readFileSync(join(out, 'us.cwnav'), 'utf8')).toBe('good');
  });
});
