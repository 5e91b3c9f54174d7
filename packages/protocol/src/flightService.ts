import { z } from 'zod';

/**
 * Flight-service filing (issue 22; spec part 1 §2 Flight Plans, §7 flight-service REST root): the
 * wire types between the flight plan page and the server's provider. The form itself is the FAA's
 * ICAO form of @clearway/flightplan (`FplForm`), sent as its boxes of text; the server validates it
 * with the same rules the page shows.
 */

/** Where the flight-service calls live on the server's origin (endpoints' flightServiceRoot). */
export const FLIGHT_SERVICE_PATH = '/fs';

/**
 * A plan's state: `draft` saved on the device only; `filed` accepted by the provider (amendable,
 * cancellable); `active` departed (activated), to be closed; `closed` and `cancelled` are final.
 */
export const FLIGHT_PLAN_STATES = ['draft', 'filed', 'active', 'closed', 'cancelled'] as const;
export type FlightPlanState = (typeof FLIGHT_PLAN_STATES)[number];

/** What can be done to a plan, and the states it may be done from. */
export const FLIGHT_PLAN_ACTIONS = {
  file: ['draft'],
  amend: ['filed'],
  cancel: ['filed'],
  activate: ['filed'],
  close: ['active'],
} as const satisfies Record<string, readonly FlightPlanState[]>;
export type FlightPlanAction = keyof typeof FLIGHT_PLAN_ACTIONS;

/** True when `action` may be done to a plan in `state`. */
export function canDoFlightPlanAction(action: FlightPlanAction, state: FlightPlanState): boolean {
  return (FLIGHT_PLAN_ACTIONS[action] as readonly FlightPlanState[]).includes(state);
}

/** `POST {fs}/plans/{flight_id}/{action}`. */
export function flightPlanActionPath(flightId: string, action: FlightPlanAction): string {
  return `${FLIGHT_SERVICE_PATH}/plans/${encodeURIComponent(flightId)}/${action}`;
}

/** A flight id: the device makes it (letters, digits, `-` and `_`). */
export const flightIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'a flight id is 1 to 64 letters, digits, - or _');

/** The form's boxes as text (each at most 400 characters; item 15's route and item 18 are the long ones). */
export const fplFormSchema = z.record(z.string().regex(/^[A-Za-z0-9]{1,32}$/), z.string().max(400));

/** Body of file and amend: the whole form. */
export const flightPlanFormBodySchema = z.object({ form: fplFormSchema });

/** A plan as the provider holds it. */
export const filedPlanSchema = z.object({
  flight_id: z.string(),
  state: z.enum(FLIGHT_PLAN_STATES),
  /** The provider's name (`test` for the built-in test provider). */
  provider: z.string(),
  /** True for the built-in test provider: nothing reaches flight service. */
  test_mode: z.boolean(),
  /** The provider's reference for the plan. */
  reference: z.string(),
  /** The ICAO FPL message as filed (last amendment). */
  message: z.string(),
  /** 1 when filed, one more per amendment. */
  version: z.number().int(),
  /** Last change, ms since the epoch. */
  updated_at: z.number(),
});
export type FiledPlan = z.infer<typeof filedPlanSchema>;

/** Reply of every action: the plan, or why the provider refused (the plan is kept as it was). */
export const flightPlanReplySchema = z.union([
  z.object({ result: z.literal('ok'), plan: filedPlanSchema }),
  z.object({ result: z.literal('refused'), reason: z.string(), plan: filedPlanSchema.nullable() }),
]);
export type FlightPlanReply = z.infer<typeof flightPlanReplySchema>;

/** `GET {fs}/provider`: who files the plans. */
export const flightServiceProviderSchema = z.object({ provider: z.string(), test_mode: z.boolean(), label: z.string() });
export type FlightServiceProviderInfo = z.infer<typeof flightServiceProviderSchema>;

/** `GET {fs}/plans`: the customer's plans, newest first. */
export const filedPlanListSchema = z.object({ plans: z.array(filedPlanSchema) });
