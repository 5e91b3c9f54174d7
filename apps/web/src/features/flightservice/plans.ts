import { EMPTY_FPL_FORM, type FplForm } from '@clearway/flightplan';
import { FLIGHT_PLAN_STATES, type FiledPlan, type FlightPlanState } from '@clearway/protocol';
import { nextRecordTs } from '@clearway/sync';
import type { EpochMs, FlightPlanRow, PrefsDb } from '../../db/prefs';

/**
 * Flight plans in the prefs database (spec part 1 §3 `flight_plans`: flight_id, ts, deleted), synced
 * with the other tables: the form as typed, the state the provider last answered (draft until filed),
 * its reference and message, and the provider's last refusal. Rows are only soft-deleted.
 */
export interface FlightPlanRecord {
  flight_id: string;
  ts: EpochMs;
  deleted: 'F' | 'T';
  gid?: string;
  form: FplForm;
  state: FlightPlanState;
  provider: string | null;
  test_mode: boolean;
  reference: string | null;
  /** The ICAO FPL message as filed (null while a draft). */
  filed_message: string | null;
  version: number;
  /** The provider's reason the last time it refused this plan (null when it did not). */
  refusal: string | null;
}

export type FlightPlanTables = Pick<PrefsDb, 'flight_plans' | 'transaction'>;

/** A stored row as a plan: unknown or missing fields (another version's row) fall back to a draft's. */
export function toPlanRecord(row: FlightPlanRow): FlightPlanRecord {
  const form = { ...EMPTY_FPL_FORM };
  const stored = (row.form ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(form) as (keyof FplForm)[]) if (typeof stored[key] === 'string') form[key] = stored[key];
  const state = FLIGHT_PLAN_STATES.includes(row.state as FlightPlanState) ? (row.state as FlightPlanState) : 'draft';
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    flight_id: row.flight_id,
    ts: row.ts,
    deleted: row.deleted,
    ...(row.gid === undefined ? {} : { gid: row.gid }),
    form,
    state,
    provider: text(row.provider),
    test_mode: row.test_mode === true,
    reference: text(row.reference),
    filed_message: text(row.filed_message),
    version: typeof row.version === 'number' ? row.version : 0,
    refusal: text(row.refusal),
  };
}

/** Live plans, last changed first. */
export async function listPlans(db: FlightPlanTables): Promise<FlightPlanRecord[]> {
  const rows = await db.flight_plans.toArray();
  return rows.filter((row) => row.deleted === 'F').sort((a, b) => b.ts - a.ts).map(toPlanRecord);
}

/** A new device-made flight id (letters and digits, unique enough across a customer's devices). */
export function newFlightId(now: EpochMs, random: () => number = Math.random): string {
  return `fp-${now.toString(36)}-${Math.floor(random() * 36 ** 6).toString(36).padStart(6, '0')}`;
}

/** Saves a plan with a new ts (a sync's gid is kept); the running sync sends it to the other devices. */
export async function savePlan(db: FlightPlanTables, plan: Omit<FlightPlanRecord, 'ts' | 'deleted' | 'gid'>, now: EpochMs = Date.now()): Promise<FlightPlanRecord> {
  return db.transaction('rw', db.flight_plans, async () => {
    const previous = await db.flight_plans.get(plan.flight_id);
    const row: FlightPlanRecord = { ...plan, ts: nextRecordTs(previous, now), deleted: 'F', ...(previous?.gid === undefined ? {} : { gid: previous.gid }) };
    await db.flight_plans.put(row as unknown as FlightPlanRow);
    return row;
  });
}

/** The plan after the provider's answer: its state, reference and message; the refusal cleared. */
export function withFiled(plan: FlightPlanRecord, filed: FiledPlan): FlightPlanRecord {
  return { ...plan, state: filed.state, provider: filed.provider, test_mode: filed.test_mode, reference: filed.reference, filed_message: filed.message, version: filed.version, refusal: null };
}

/** Removes a plan from the list (soft delete, synced). */
export async function removePlan(db: FlightPlanTables, flightId: string, now: EpochMs = Date.now()): Promise<void> {
  await db.transaction('rw', db.flight_plans, async () => {
    const row = await db.flight_plans.get(flightId);
    if (row) await db.flight_plans.put({ ...row, deleted: 'T', ts: nextRecordTs(row, now) });
  });
}
