import { parseItem18, item18Value, type FplForm } from '@clearway/flightplan';

/** A plan as handed to a provider: who files it, the form and its ICAO FPL message. */
export interface ProviderPlan {
  custId: string;
  flightId: string;
  form: FplForm;
  /** The ICAO FPL message (fields 3 to 18). */
  message: string;
  /** Item 19, supplementary information. */
  supplementary: string;
}

/** A provider's answer: done (with its reference for the plan) or refused with its reason, in its words. */
export type ProviderOutcome = { ok: true; reference: string } | { ok: false; reason: string };

/**
 * A flight-service provider (the commercial flight-service API when credentials are configured, the
 * built-in test provider otherwise). Each call is one message to flight service; the routes keep the
 * plan's state and call only what the state allows. A provider refuses by returning `ok: false`
 * with its reason; it throws only when it cannot be reached.
 */
export interface FlightServiceProvider {
  /** Short name stored with each plan (`test`). */
  readonly api: string;
  /** True when nothing reaches flight service (the page labels it). */
  readonly testMode: boolean;
  /** What the page shows as the provider's name. */
  readonly label: string;
  file(plan: ProviderPlan): Promise<ProviderOutcome>;
  amend(plan: ProviderPlan, reference: string): Promise<ProviderOutcome>;
  cancel(reference: string): Promise<ProviderOutcome>;
  activate(reference: string): Promise<ProviderOutcome>;
  close(reference: string): Promise<ProviderOutcome>;
}

/** The remark that makes the test provider refuse a plan (as test card numbers make a payment fail). */
export const TEST_REFUSE_REMARK = 'TEST REFUSE';

/**
 * The built-in test provider: no flight service is called. It accepts every valid plan, except one
 * whose item 18 RMK/ contains `TEST REFUSE`, which it refuses with a reason as flight service would;
 * references are `TEST-` and a running number.
 */
export class TestFlightServiceProvider implements FlightServiceProvider {
  readonly api = 'test';
  readonly testMode = true;
  readonly label = 'Test provider: plans are not sent to flight service';
  private next = 1;

  private refusal(plan: ProviderPlan): string | null {
    const remark = item18Value(parseItem18(plan.form.otherInfo).entries, 'RMK') ?? '';
    return remark.includes(TEST_REFUSE_REMARK) ? `Test provider refused the plan of ${plan.form.aircraftId}: RMK/ asks for a refusal (${TEST_REFUSE_REMARK})` : null;
  }

  async file(plan: ProviderPlan): Promise<ProviderOutcome> {
    const reason = this.refusal(plan);
    return reason === null ? { ok: true, reference: `TEST-${plan.custId.slice(0, 6)}-${this.next++}` } : { ok: false, reason };
  }

  async amend(plan: ProviderPlan, reference: string): Promise<ProviderOutcome> {
    const reason = this.refusal(plan);
    return reason === null ? { ok: true, reference } : { ok: false, reason };
  }

  async cancel(reference: string): Promise<ProviderOutcome> {
    return { ok: true, reference };
  }

  async activate(reference: string): Promise<ProviderOutcome> {
    return { ok: true, reference };
  }

  async close(reference: string): Promise<ProviderOutcome> {
    return { ok: true, reference };
  }
}
