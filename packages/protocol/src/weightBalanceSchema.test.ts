import { describe, expect, it } from 'vitest';
import { syncProfileRequestSchema } from './sync.js';
import { wbRecordProblems } from './weightBalanceSchema.js';

const record = () => ({
  version: 1,
  aircraft: {
    name: 'Cessna 152',
    source: 'FAA TCDS 3A19',
    emptyWeightLb: 1110,
    emptyMomentLbIn: 33855,
    fuelDensityLbPerGal: 6,
    maxTakeoffLb: 1670,
    stations: [
      { id: 'front', name: 'Pilot and passenger', kind: 'seat', armIn: 39 },
      { id: 'fuel', name: 'Fuel (usable)', kind: 'fuel', armIn: 42, max: 24.5 },
    ],
    envelopes: [{ category: 'utility', points: [{ armIn: 31, weightLb: 1000 }, { armIn: 31, weightLb: 1350 }, { armIn: 36.5, weightLb: 1670 }] }],
  },
  loading: { loads: { front: 340, fuel: 20 }, taxiFuelGal: 0.8 },
});
const request = (table: 'models' | 'profile', object: object) => ({ cust_id: 'c1', uuid: 'u1', since: 0, key: table, sync_objects: [object] });

describe('weight and balance on a synced aircraft profile', () => {
  it('a models row and the profile record with a W&B record pass unchanged; old ones without it still pass', () => {
    for (const table of ['models', 'profile'] as const) {
      const withWb = request(table, { tail: 'N152', ts: 5, deleted: 'F', airspeed: 95, wb: record() });
      expect(syncProfileRequestSchema.parse(withWb)).toEqual(withWb);
      const old = request(table, { tail: 'N152', ts: 5, deleted: 'F', airspeed: 95 });
      expect(syncProfileRequestSchema.parse(old)).toEqual(old);
    }
  });

  it('a wrong W&B record is refused at its path', () => {
    const bad = record();
    (bad.aircraft.stations[1] as { armIn: unknown }).armIn = 'forty-two';
    const result = syncProfileRequestSchema.safeParse(request('models', { tail: 'N152', ts: 5, wb: bad }));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['sync_objects', 0, 'wb', 'aircraft', 'stations', 1, 'armIn']);
  });

  it('wbRecordProblems says what and where: duplicate station ids, loads of unknown stations, a wrong version', () => {
    expect(wbRecordProblems(record())).toEqual([]);
    const dup = record();
    dup.aircraft.stations[1]!.id = 'front';
    // Renaming the fuel station also leaves the loading's fuel load without a station.
    expect(wbRecordProblems(dup)).toEqual(['At wb.aircraft.stations.1.id: station id "front" is used twice', 'At wb.loading.loads.fuel: no station "fuel" in Cessna 152']);
    const unknown = record();
    (unknown.loading.loads as Record<string, number>).cargo = 10;
    expect(wbRecordProblems(unknown)).toEqual(['At wb.loading.loads.cargo: no station "cargo" in Cessna 152']);
    expect(wbRecordProblems({ ...record(), version: 2 })[0]).toMatch(/^At wb\.version: /);
  });
});
