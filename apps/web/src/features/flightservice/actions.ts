import { fplFormFromRoute, type AircraftProfile, type FplForm, type Route } from '@clearway/flightplan';
import type { FlightPlanAction } from '@clearway/protocol';
import { flightPlanAction } from './api';
import { newFlightId, savePlan, withFiled, type FlightPlanRecord, type FlightPlanTables } from './plans';

/** What the actions need: the prefs tables, the server's fetch and the clock. */
export interface FlightPlanDeps {
  db: FlightPlanTables;
  fetchFn?: typeof fetch;
  now: () => number;
}

/**
 * A new draft plan pre-filled from the current route and profile (`colour`: the profile's colours in
 * words), with the aircraft's type and equipment from its last plan in `plans`; saved on the device.
 */
export async function newPlanFromRoute(deps: FlightPlanDeps, route: Route | null, profile: AircraftProfile, departureMs: number, colour: string, plans: readonly FlightPlanRecord[]): Promise<FlightPlanRecord> {
  const tail = profile.tail.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const previous = plans.find((p) => p.form.aircraftId === tail)?.form ?? null;
  const form = fplFormFromRoute(route, profile, { departureMs, colour, previous });
  return savePlan(deps.db, { flight_id: newFlightId(deps.now()), form, state: 'draft', provider: null, test_mode: false, reference: null, filed_message: null, version: 0, refusal: null }, deps.now());
}

/** Saves the form of a plan as typed (a draft's edits, or a filed plan's edits before Amend). */
export function saveForm(deps: FlightPlanDeps, plan: FlightPlanRecord, form: FplForm): Promise<FlightPlanRecord> {
  return savePlan(deps.db, { ...plan, form }, deps.now());
}

/**
 * Files, amends, cancels, activates or closes a plan through the server's provider and saves what it
 * answered: the new state, or the provider's refusal with the plan otherwise as it was. Errors of the
 * form or of the server are thrown (api.ts) and nothing is saved.
 */
export async function runPlanAction(deps: FlightPlanDeps, plan: FlightPlanRecord, action: FlightPlanAction, form: FplForm): Promise<FlightPlanRecord> {
  const sendsForm = action === 'file' || action === 'amend';
  const reply = await flightPlanAction(plan.flight_id, action, sendsForm ? form : null, deps.fetchFn);
  const base = sendsForm ? { ...plan, form } : plan;
  if (reply.result === 'refused') return savePlan(deps.db, { ...base, refusal: reply.reason }, deps.now());
  return savePlan(deps.db, withFiled(base, reply.plan), deps.now());
}
