import { DEFAULT_PROFILE, type AircraftProfile, type WbRecord } from '@clearway/flightplan';
import { wbRecordProblems, type WbRecordWire } from '@clearway/protocol';
import { nextRecordTs } from '@clearway/sync';
import type { ModelRow, PropertyStore, StoredAircraftProfile } from '../../db/prefs';
import { chosenModelEtd, resetPastEtd } from './etd';

/**
 * Where aircraft profiles live (spec part 2 §3, §4 "Saving"): the current one in the prefs property
 * `profile`, every saved one as a `models` row keyed by uppercase tail with the soft-delete flag.
 * The models table is optional so that stores without it (some tests) still read and write `profile`.
 */
interface ModelsTable {
  models: {
    put(row: ModelRow): Promise<unknown>;
    get(tail: string): Promise<ModelRow | undefined>;
    toArray(): Promise<ModelRow[]>;
  };
}

function modelsOf(prefs: PropertyStore | undefined): ModelsTable['models'] | null {
  return (prefs as Partial<ModelsTable> | undefined)?.models ?? null;
}

const PROFILE_KEYS = Object.keys(DEFAULT_PROFILE) as (keyof AircraftProfile)[];

/** The wire schema's shape and the engine's WbRecord must agree (a compile-time check). */
const wireIsRecord = (wire: WbRecordWire): WbRecord => wire;
void wireIsRecord;

/**
 * Only the profile's own fields, over the defaults (unknown or wrongly typed fields are dropped). The
 * weight and balance (`wb`, issue 24) is kept when it passes the sync schema; a wrong one is dropped
 * with a console warning saying where it is wrong, and profiles saved before it load without one.
 */
export function toProfile(stored: Partial<Record<string, unknown>> | undefined | null): AircraftProfile {
  const out: AircraftProfile = { ...DEFAULT_PROFILE };
  if (!stored) return out;
  for (const key of PROFILE_KEYS) {
    const value = stored[key];
    if (value !== undefined && typeof value === typeof DEFAULT_PROFILE[key]) (out as unknown as Record<string, unknown>)[key] = value;
  }
  if (out.flightRule !== 'VFR' && out.flightRule !== 'IFR') out.flightRule = DEFAULT_PROFILE.flightRule;
  out.tail = out.tail.toUpperCase();
  if (stored.wb !== undefined) {
    const problems = wbRecordProblems(stored.wb);
    if (problems.length === 0) out.wb = stored.wb as WbRecord;
    else console.warn(`The weight and balance stored with ${out.tail} is dropped: ${problems.join('; ')}`);
  }
  return out;
}

/** The current profile: the stored one over the defaults, a past departure time reset to the next 5 minutes. */
export async function readCurrentProfile(prefs: PropertyStore | undefined, now: number): Promise<AircraftProfile> {
  const stored = await prefs?.getProperty('profile').catch(() => undefined);
  return resetPastEtd(toProfile(stored), now);
}

/**
 * Saves a profile: the current `profile` property and a `models` row (deleted 'F', ts now) under its
 * uppercase tail. Sync of the models table comes with accounts.
 */
export async function storeProfile(prefs: PropertyStore | undefined, profile: AircraftProfile, now: number): Promise<AircraftProfile> {
  const saved: AircraftProfile = { ...profile, tail: profile.tail.trim().toUpperCase() };
  await prefs?.setProperty('profile', saved as unknown as StoredAircraftProfile);
  const models = modelsOf(prefs);
  const previous = await models?.get(saved.tail);
  await models?.put({ ...saved, deleted: 'F', ts: nextRecordTs(previous, now) });
  return saved;
}

/** Saved models that are not deleted, newest first. */
export async function listModels(prefs: PropertyStore | undefined): Promise<AircraftProfile[]> {
  const rows = (await modelsOf(prefs)?.toArray()) ?? [];
  return rows.filter((row) => row.deleted !== 'T').sort((a, b) => b.ts - a.ts).map((row) => toProfile(row));
}

/** The stored, non-deleted model for a tail (any case), its past ETD moved 30 minutes ahead; null when none. */
export async function findModel(prefs: PropertyStore | undefined, tail: string, now: number): Promise<AircraftProfile | null> {
  const row = await modelsOf(prefs)?.get(tail.trim().toUpperCase());
  if (!row || row.deleted === 'T') return null;
  return chosenModelEtd(toProfile(row), now);
}
