import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { platesConfigOf } from '../config/index.js';
import { makeTempDir, removeTempDir } from '../testing/testApp.js';
import { OLD_CYCLE_PACKS_KEPT_MS, PACK_IN_USE_MS, prunePlatesPacks } from './packPrune.js';

const NOW = Date.UTC(2026, 11, 6, 12, 0);
const MIN = 60_000;
const HOUR = 60 * MIN;

let packs: string;
beforeEach(async () => {
  packs = join(await makeTempDir('clearway-pack-prune-'), '_packs');
});
afterEach(async () => {
  await removeTempDir(join(packs, '..'));
});

/** Writes `bytes` bytes at `{packs}/{cycle}/{name}`, last written `ageMs` before NOW. */
async function file(cycle: string, name: string, bytes: number, ageMs: number): Promise<void> {
  await mkdir(join(packs, cycle), { recursive: true });
  const path = join(packs, cycle, name);
  await writeFile(path, Buffer.alloc(bytes, 7));
  const when = new Date(NOW - ageMs);
  await utimes(path, when, when);
}

async function age(cycle: string, ageMs: number): Promise<void> {
  const when = new Date(NOW - ageMs);
  await utimes(join(packs, cycle), when, when);
}

const names = async (cycle: string) => (await readdir(join(packs, cycle)).catch(() => null))?.sort() ?? null;

describe('plate packs folder upkeep', () => {
  it('keeps the served cycle\'s newest packs up to the limit and removes the older ones past it', async () => {
    await file('2612', 'San_Francisco.sel-aaaaaaaaaaaa.cwplates', 100, 3 * HOUR);
    await file('2612', 'San_Francisco.sel-bbbbbbbbbbbb.cwplates', 100, 2 * HOUR);
    await file('2612', 'San_Francisco.all-cccccccccccc.cwplates', 100, 90 * MIN);
    await file('2612', 'Los_Angeles.sel-dddddddddddd.cwplates', 100, 10 * MIN);
    const report = await prunePlatesPacks({ packsDir: packs, servedCycle: '2612', maxBytes: 250, now: NOW });
    expect(report).toEqual({
      removed: ['2612/San_Francisco.sel-aaaaaaaaaaaa.cwplates', '2612/San_Francisco.sel-bbbbbbbbbbbb.cwplates'],
      freedBytes: 200,
      keptBytes: 200,
    });
    expect(await names('2612')).toEqual(['Los_Angeles.sel-dddddddddddd.cwplates', 'San_Francisco.all-cccccccccccc.cwplates']);
  });

  it('never removes a pack written within the last hour, even past the limit (a pilot may be downloading it)', async () => {
    await file('2612', 'San_Francisco.all-aaaaaaaaaaaa.cwplates', 300, PACK_IN_USE_MS - 5 * MIN);
    await file('2612', 'Los_Angeles.all-bbbbbbbbbbbb.cwplates', 300, 5 * MIN);
    const report = await prunePlatesPacks({ packsDir: packs, servedCycle: '2612', maxBytes: 100, now: NOW });
    expect(report).toEqual({ removed: [], freedBytes: 0, keptBytes: 600 });
  });

  it('removes the scratch file of a build that never finished after an hour, and leaves other names alone', async () => {
    await file('2612', '.San_Francisco.all-aaaaaaaaaaaa.cwplates.1b2c.part', 50, 2 * HOUR);
    await file('2612', '.Los_Angeles.all-bbbbbbbbbbbb.cwplates.3d4e.part', 50, 5 * MIN);
    await file('2612', 'NOTES.txt', 5, 30 * 24 * HOUR);
    const report = await prunePlatesPacks({ packsDir: packs, servedCycle: '2612', maxBytes: 1, now: NOW });
    expect(report.removed).toEqual(['2612/.San_Francisco.all-aaaaaaaaaaaa.cwplates.1b2c.part']);
    expect(await names('2612')).toEqual(['.Los_Angeles.all-bbbbbbbbbbbb.cwplates.3d4e.part', 'NOTES.txt']);
  });

  it('removes another cycle\'s folder a day after its last pack was written, not before', async () => {
    await file('2610', 'San_Francisco.all-aaaaaaaaaaaa.cwplates', 100, OLD_CYCLE_PACKS_KEPT_MS + HOUR);
    await age('2610', OLD_CYCLE_PACKS_KEPT_MS + HOUR);
    await file('2611', 'San_Francisco.all-bbbbbbbbbbbb.cwplates', 100, 40 * HOUR);
    await file('2611', 'Los_Angeles.sel-cccccccccccc.cwplates', 100, 2 * HOUR);
    await age('2611', 40 * HOUR);
    await file('2612', 'San_Francisco.all-dddddddddddd.cwplates', 100, 5 * MIN);
    const report = await prunePlatesPacks({ packsDir: packs, servedCycle: '2612', maxBytes: 1_000, now: NOW });
    expect(report).toEqual({ removed: ['2610/'], freedBytes: 100, keptBytes: 100 });
    expect(await names('2610')).toBeNull();
    expect(await names('2611')).toHaveLength(2);
  });

  it('treats every cycle as old when none is served, and does nothing without a packs folder', async () => {
    expect(await prunePlatesPacks({ packsDir: packs, servedCycle: null, maxBytes: 1, now: NOW })).toEqual({ removed: [], freedBytes: 0, keptBytes: 0 });
    await file('2612', 'San_Francisco.all-aaaaaaaaaaaa.cwplates', 100, 2 * OLD_CYCLE_PACKS_KEPT_MS);
    await age('2612', 2 * OLD_CYCLE_PACKS_KEPT_MS);
    expect((await prunePlatesPacks({ packsDir: packs, servedCycle: null, maxBytes: 1, now: NOW })).removed).toEqual(['2612/']);
  });

  it('reads PLATES_PACKS_MAX_MB (MiB, 20480 by default) and refuses what is not a whole number from 1', () => {
    expect(platesConfigOf({}, '/repo').packsMaxBytes).toBe(20_480 * 1_048_576);
    expect(platesConfigOf({ PLATES_PACKS_MAX_MB: '512' }, '/repo').packsMaxBytes).toBe(512 * 1_048_576);
    for (const bad of ['0', '-5', '1.5', 'lots']) {
      expect(() => platesConfigOf({ PLATES_PACKS_MAX_MB: bad }, '/repo')).toThrow(`PLATES_PACKS_MAX_MB must be a whole number of MiB from 1 (got "${bad}")`);
    }
  });
});
