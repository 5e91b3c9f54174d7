import type { FiledPlan, FlightPlanState } from '@clearway/protocol';
import type { Database } from '../db/index.js';

/** A stored plan and the form it was filed with. */
export interface StoredPlan extends FiledPlan {
  form: Record<string, string>;
}

/** The customer's plans in `flight_service_plans` (migration 0012_flight_service). */
export class FlightPlanStore {
  constructor(private readonly db: Database, private readonly testProviders: ReadonlySet<string>) {}

  private toPlan(row: { flight_id: string; state: string; provider: string; reference: string; message: string; form: string; version: number; updated_at: number | string }): StoredPlan {
    return {
      flight_id: row.flight_id,
      state: row.state as FlightPlanState,
      provider: row.provider,
      test_mode: this.testProviders.has(row.provider),
      reference: row.reference,
      message: row.message,
      version: Number(row.version),
      updated_at: Number(row.updated_at),
      form: JSON.parse(row.form) as Record<string, string>,
    };
  }

  async get(custId: string, flightId: string): Promise<StoredPlan | null> {
    const row = await this.db.kysely.selectFrom('flight_service_plans').selectAll().where('cust_id', '=', custId).where('flight_id', '=', flightId).executeTakeFirst();
    return row ? this.toPlan(row) : null;
  }

  /** The customer's plans, last changed first (at most `limit`). */
  async list(custId: string, limit: number): Promise<StoredPlan[]> {
    const rows = await this.db.kysely.selectFrom('flight_service_plans').selectAll().where('cust_id', '=', custId).orderBy('updated_at', 'desc').limit(limit).execute();
    return rows.map((row) => this.toPlan(row));
  }

  async insert(custId: string, plan: StoredPlan): Promise<void> {
    await this.db.kysely
      .insertInto('flight_service_plans')
      .values({ cust_id: custId, flight_id: plan.flight_id, state: plan.state, provider: plan.provider, reference: plan.reference, message: plan.message, form: JSON.stringify(plan.form), version: plan.version, created_at: plan.updated_at, updated_at: plan.updated_at })
      .execute();
  }

  /**
   * Moves a plan on from `from` (the state it was read in), so that two devices acting at once
   * cannot both do it: false when the plan was no longer in that state.
   */
  async update(custId: string, from: FlightPlanState, plan: StoredPlan): Promise<boolean> {
    const result = await this.db.kysely
      .updateTable('flight_service_plans')
      .set({ state: plan.state, reference: plan.reference, message: plan.message, form: JSON.stringify(plan.form), version: plan.version, updated_at: plan.updated_at })
      .where('cust_id', '=', custId)
      .where('flight_id', '=', plan.flight_id)
      .where('state', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
