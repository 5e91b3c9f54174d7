import { afterEach, describe, expect, it, vi } from 'vitest';
import { cessna152Template, DEFAULT_PROFILE, type WbRecord } from '@clearway/flightplan';
import { PrefsDb } from '../../db/prefs';
import { findModel, listModels, readCurrentProfile, storeProfile, toProfile } from './profileStore';

const NOW = Date.UTC(2026, 10, 21, 14, 2);
let db: PrefsDb;

afterEach(async () => {
  await db?.delete();
});

function open(): PrefsDb {
  db = new PrefsDb({ name: `profile-store-${Math.random()}` });
  return db;
}

describe('profile store', () => {
  it('keeps only profile fields of the right type, over the defaults, tail uppercase', () => {
    const profile = toProfile({ tail: 'n5123x', airspeed: '140', gph: 9.5, stray: 1, flightRule: 'SVFR' });
    expect(profile).toEqual({ ...DEFAULT_PROFILE, tail: 'N5123X', gph: 9.5 });
  });

  it('reads the defaults with the next 5-minute ETD when nothing is stored', async () => {
    const profile = await readCurrentProfile(open(), NOW);
    expect(profile.airspeed).toBe(140);
    expect(profile.etd_iso).toBe('2026-11-21T14:05:00.000Z');
  });

  it('stores the current profile and a models row, soft-delete aware', async () => {
    const prefs = open();
    await storeProfile(prefs, { ...DEFAULT_PROFILE, tail: ' n777ab ', airspeed: 120, etd_iso: '2026-11-20T00:00:00.000Z' }, NOW);
    expect((await prefs.getProperty('profile'))?.tail).toBe('N777AB');
    expect(await prefs.models.get('N777AB')).toMatchObject({ tail: 'N777AB', airspeed: 120, deleted: 'F', ts: NOW });
    expect((await listModels(prefs)).map((p) => p.tail)).toEqual(['N777AB']);
    const found = await findModel(prefs, 'n777ab', NOW);
    expect(found?.airspeed).toBe(120);
    expect(found?.etd_iso).toBe('2026-11-21T14:35:00.000Z');
    await prefs.models.update('N777AB', { deleted: 'T' });
    expect(await findModel(prefs, 'N777AB', NOW)).toBeNull();
    expect(await listModels(prefs)).toEqual([]);
  });

  describe('weight and balance with the profile (issue 24)', () => {
    const wb = (): WbRecord => ({ version: 1, aircraft: cessna152Template(1120, 34160), loading: { loads: { front: 340, fuel: 20 }, taxiFuelGal: 0.8 } });
    afterEach(() => vi.restoreAllMocks());

    it('keeps a W&B record that passes the sync schema; a profile saved before it loads without one', () => {
      expect(toProfile({ tail: 'n152', wb: wb() }).wb).toEqual(wb());
      const old = toProfile({ tail: 'n152', airspeed: 95 });
      expect(old.wb).toBeUndefined();
      expect(old.airspeed).toBe(95);
    });

    it('drops a wrong one and says where it is wrong', () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const bad = { ...wb(), loading: { loads: { cargo: 10 }, taxiFuelGal: 0 } };
      expect(toProfile({ tail: 'N152', wb: bad }).wb).toBeUndefined();
      expect(warn).toHaveBeenCalledWith('The weight and balance stored with N152 is dropped: At wb.loading.loads.cargo: no station "cargo" in Cessna 152');
    });

    it('stores it in the current profile and the models row (what sync sends) and reads it back by tail', async () => {
      const prefs = open();
      await storeProfile(prefs, { ...DEFAULT_PROFILE, tail: 'N152', wb: wb() }, NOW);
      expect((await prefs.getProperty('profile'))?.['wb']).toEqual(wb());
      expect((await prefs.models.get('N152'))?.['wb']).toEqual(wb());
      expect((await findModel(prefs, 'N152', NOW))?.wb).toEqual(wb());
      expect((await readCurrentProfile(prefs, NOW)).wb).toEqual(wb());
    });
  });
});
